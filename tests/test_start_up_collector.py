"""The console script keeps the cycle collector off through a command's start-up only: every file is processed with
it on, serially or in a pool's workers, and the main process collects again while the workers run."""

from __future__ import annotations

import gc
import io

import pytest

from house_tables import cli, collector
from house_tables.report import Progress


def _tasks(tmp_path, count: int) -> list:
    args = cli.parser().parse_args(["check", "--no-cache", str(tmp_path)])
    settings = cli.Configurations().settings_in(tmp_path)
    tasks = []
    for index in range(count):
        page = tmp_path / f"p{index}.md"
        page.write_text("| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
        tasks.append(cli._task(args, page, settings, False, False, keyed=False))
    return tasks


MANY = cli.PARALLEL_THRESHOLD + 5


@pytest.mark.parametrize(("files", "jobs"), [(3, None), (MANY, 1), (MANY, 2)])
def test_files_are_processed_with_the_cycle_collector_on(tmp_path, monkeypatch, files, jobs):
    processed = cli.process

    def process(task):  # says, in its result, whether the collector was on where the file was processed
        result = processed(task)
        result.summary = f"collector on: {gc.isenabled()}"
        return result

    monkeypatch.setattr(cli, "process", process)
    tasks = _tasks(tmp_path, files)
    was = gc.isenabled()
    collector.pause_start_up()
    try:
        assert not gc.isenabled()
        results = list(cli.process_all(tasks, Progress(len(tasks), io.StringIO()), jobs))
        assert gc.isenabled()  # on in this process again, once the files are processed (here or in workers)
    finally:
        collector.resume_after_start_up()
        gc.enable() if was else gc.disable()
    assert [result.path for result in results] == [task.path for task in tasks]
    assert {result.summary for result in results} == {"collector on: True"}
