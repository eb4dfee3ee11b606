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
    failure = "error in the site's own code at boom_extension_for_pool_test.py:7 (RuntimeError: boom)"
    assert pooled[2].count(failure) == cli.PARALLEL_THRESHOLD + 2


# Trees for the resolved paths discovery hands on (Settings.selects reads them instead of resolving each file again):
# symbolic links to pages and to directories, inside and outside an mkdocs.yml's docs_dir, a docs_dir that is itself
# a link, links that go nowhere or in a loop, pages MkDocs leaves out (exclude_docs, `.*`, templates/).
LINKED_SITE = ("site_name: s\ndocs_dir: docs\nexclude_docs: |\n  drafts/\n  *.skip.md\nplugins:\n  - house-tables:\n"
               "      exclude: ['**/no-*.md']\n")
LINK_PAGES = ("docs/a.md", "docs/drafts/b.md", "docs/c.skip.md", "docs/.hidden.md", "docs/templates/t.md",
              "docs/guide/no-d.md", "docs/guide/e.md", "outside/f.md", "outside/deep/g.md", "real-docs/h.md")
LINKS = (  # (link, target relative to the link's directory)
    ("docs/to-f.md", "../outside/f.md"), ("docs/linked-dir", "../outside"), ("outside/to-a.md", "../docs/a.md"),
    ("outside/to-guide", "../docs/guide"), ("docs/dangling.md", "nowhere.md"), ("docs/loop.md", "loop.md"),
    ("docs/real", "../real-docs"), ("site-link", "."), ("docs/x.skip.md", "../outside/f.md"),
    ("outside/to-skipped.md", "../docs/c.skip.md"), ("outside/to-draft.md", "../docs/drafts/b.md"),
)


GIVEN_PATHS = (".", "docs", "outside", "site-link", "docs/linked-dir", "docs/a.md", "docs/x.skip.md")
DOCS_DIRS = ("docs", "docs/real", "site-link/docs")


def _resolved_paths_select_as_resolving_does(pages, links, given_paths, docs_dir, monkeypatch) -> int:
    """Each discovered file's resolved path is Path.resolve's, and Settings.selects (with the site's docs_dir,
    exclude_docs and plugin globs) decides every file the same with it as by resolving the file itself; returns
    how many files the resolved path changed nothing for although resolving is needed (a link)."""
    from house_tables.files import Selection, discover
    from house_tables.settings import Configurations

    root = Path(tempfile.mkdtemp(prefix="house-tables-resolved-")).resolve()
    linked = 0
    try:
        write(root / "mkdocs.yml", LINKED_SITE.replace("docs_dir: docs", f"docs_dir: {docs_dir}"))
        for page in pages:
            write(root / page, "| a |\n|---|\n")
        for link, target in sorted(links):
            (root / link).parent.mkdir(parents=True, exist_ok=True)
            (root / link).symlink_to(target)
        monkeypatch.chdir(root)
        for given in given_paths:
            found = discover([given], Selection())
            configurations = Configurations()
            assert len(found.resolved) == len(found.files)
            for path, real in zip(found.files, found.resolved):
                assert real == str(Path(path).resolve())
                own = configurations.settings_for(path)
                assert own.selects(path, real) == own.selects(path)
                linked += real != str(Path(path).absolute())
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return linked


def test_discovered_resolved_paths_select_as_resolving_does_with_every_link(monkeypatch):
    """Every page and link at once, from every given path, with each docs_dir."""
    linked = sum(_resolved_paths_select_as_resolving_does(LINK_PAGES, LINKS, GIVEN_PATHS, docs_dir, monkeypatch)
                 for docs_dir in DOCS_DIRS)
    assert linked > 20


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pages=st.sets(st.sampled_from(LINK_PAGES), min_size=1), links=st.sets(st.sampled_from(LINKS)),
       docs_dir=st.sampled_from(DOCS_DIRS))
def test_discovered_resolved_paths_select_as_resolving_does(pages, links, docs_dir, monkeypatch):
    """The same with some of the pages and links (links that go nowhere, directories that are not there)."""
    _resolved_paths_select_as_resolving_does(pages, links, GIVEN_PATHS, docs_dir, monkeypatch)


PATH_PARTS = st.sampled_from(["docs", "docs2", "do", "a", "b.md", ".", "..", "", "d s", "DOCS"])


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(PATH_PARTS, max_size=5), st.lists(PATH_PARTS, max_size=4), st.sampled_from(["/", "//", "", "/a/"]))
def test_a_resolved_path_is_under_a_directory_as_relative_to_says(file_parts, directory_parts, lead):
    """settings._under on a resolved path (normalised, as realpath gives it) compares strings where both paths are
    plain absolute ones, else Path.relative_to: the same answer for any directory, normalised or not."""
    import os

    from house_tables.settings import _under

    real = os.path.normpath("/" + "/".join(file_parts))
    directory = Path(lead + "/".join(directory_parts)) if lead else Path("/".join(directory_parts) or ".")
    try:
        Path(real).relative_to(directory)
        expected = True
    except ValueError:
        expected = False
    assert _under(Path("unused"), directory, real) == expected
