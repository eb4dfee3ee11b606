"""check's process pool gives what one fresh process gives: the workers start from a parent that has already
checked a sample page (so they inherit its modules and parser instances, see cli._prepare_workers) and each
directory's settings are looked up once; neither may change a byte of the output or the exit code. Compared, on
generated trees of .md and .mdx pages under several configurations: the pool as it is, the pool as it was (no
sample page, settings looked up per file), and `--jobs 1` in a fresh interpreter."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli import cli_process, cli_run, write

from house_tables import cli

from strategies import documents

CONFIGURATIONS = {
    "levels/.house-tables.toml": 'level = "error"\n[levels]\nHT001 = "info"\n',
    "as-mdx/pyproject.toml": '[tool.house-tables]\ndialect = "mdx"\n',
    "docs-site/mkdocs.yml": "site_name: s\nmarkdown_extensions:\n  - tables\n  - admonition\n  - pymdownx.superfences\n"
    "  - attr_list\n",
}
DIRECTORIES = ("plain", "plain/deeper", "levels", "as-mdx", "docs-site/docs", "docs-site/docs/guide")  # where pages go
PAGES = st.lists(st.tuples(st.sampled_from(DIRECTORIES), st.sampled_from([".md", ".mdx"]), documents()),
                 min_size=cli.PARALLEL_THRESHOLD + 1, max_size=cli.PARALLEL_THRESHOLD + 12)


def _tree(root: Path, pages: list[tuple[str, str, str]]) -> None:
    for name, text in CONFIGURATIONS.items():
        write(root / name, text)
    for index, (directory, suffix, text) in enumerate(pages):
        write(root / directory / f"page-{index:03}{suffix}", text)


def _pool_as_it_was(monkeypatch) -> None:
    """No sample page before the fork; each file's settings looked up anew."""
    monkeypatch.setattr(cli, "_prepare_workers", lambda tasks: None)
    monkeypatch.setattr(cli.Resolver, "full_settings_for", lambda self, path: self.configurations.settings_for(path))


@settings(max_examples=20, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])
@given(pages=PAGES, output=st.sampled_from(["text", "json"]))
def test_the_pool_reports_what_one_fresh_process_reports(pages, output, capsys, monkeypatch, pool_sizes):
    root = Path(tempfile.mkdtemp(prefix="house-tables-pool-"))
    try:
        _tree(root, pages)
        monkeypatch.chdir(root)
        monkeypatch.setattr(cli, "available_cpus", lambda: 2)  # a pool even on a machine of one CPU
        argv = ("check", "--no-cache", "--format", output, ".")
        sizes_before = len(pool_sizes)
        now = cli_run(capsys, *argv)
        with monkeypatch.context() as patched:
            _pool_as_it_was(patched)
            before = cli_run(capsys, *argv)
        assert len(pool_sizes) == sizes_before + 2  # both ran in a pool
        fresh = cli_process(*argv, "--jobs", "1", cwd=root)
        assert now == before
        assert (now[0], now[1]) == (fresh.returncode, fresh.stdout)
    finally:
        shutil.rmtree(root, ignore_errors=True)


BOOM = """from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor


class Boom(Preprocessor):
    def run(self, lines):
        raise RuntimeError("boom")


class BoomExtension(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(Boom(md), "boom", 100)


def makeExtension(**kwargs):
    return BoomExtension(**kwargs)
"""


def test_a_stack_the_sample_page_fails_with_is_reported_for_every_page(capsys, monkeypatch, tmp_path):
    """A site's extension that raises on every page: the sample page fails quietly before the fork, and every page
    still reports it, as without a pool."""
    write(tmp_path / "boom_extension_for_pool_test.py", BOOM)
    write(tmp_path / "mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - boom_extension_for_pool_test\n")
    for index in range(cli.PARALLEL_THRESHOLD + 2):
        write(tmp_path / "docs" / f"p{index:02}.md", "| a | b |\n|---|---|\n| 1 | 2 |\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # as `python -m` has the current directory
    monkeypatch.setattr(cli, "available_cpus", lambda: 2)
    pooled = cli_run(capsys, "check", "--no-cache", ".")
    serial = cli_run(capsys, "check", "--no-cache", "--jobs", "1", ".")
    assert pooled == serial
    assert pooled[0] == 2
    assert pooled[2].count("internal error (RuntimeError: boom)") == cli.PARALLEL_THRESHOLD + 2
