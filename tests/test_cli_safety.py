"""The command line's reliability and safety (issue 17): no write the user did not ask for, one line (never a
traceback) for bad input, nothing from the configuration becomes active markup."""

from __future__ import annotations

import os

import pytest
from test_cli import TABLE, cli, cli_run, write


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A scratch directory that is also the current directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------ no write the user did not ask for


def test_an_empty_path_is_a_usage_error_and_nothing_is_written(here, capsys):
    """`house-tables fix "$DOCS"` with DOCS unset must not walk the current directory."""
    readme = write(here / "README.md", TABLE)
    code, out, err = cli_run(capsys, "fix", "")
    assert code == 2 and out == ""
    assert err == "house-tables: an empty PATH argument (an unset variable?); pass . for the current directory\n"
    assert readme.read_text(encoding="utf-8") == TABLE
    code, _, _ = cli_run(capsys, "fix", "docs", "")
    assert code == 2 and readme.read_text(encoding="utf-8") == TABLE


def test_the_pool_is_no_larger_than_the_files_and_the_cpus(here, capsys, monkeypatch):
    """--jobs 200 on 40 files starts at most min(40, CPUs) processes."""
    for index in range(40):
        write(here / "docs" / f"p{index:02}.md", TABLE)
    sizes = []

    class Pool(cli.ProcessPoolExecutor):
        """Records the pool's size."""

        def __init__(self, *args, **kwargs):
            """Record, then make the real pool."""
            sizes.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(cli, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(cli, "PARALLEL_THRESHOLD", 4)
    assert cli_run(capsys, "check", "--jobs", "200", "docs")[0] == 1
    monkeypatch.setattr(cli, "available_cpus", lambda: 64)
    assert cli_run(capsys, "check", "--jobs", "200", "docs")[0] == 1
    assert sizes == [min(40, len(os.sched_getaffinity(0))), 40]
