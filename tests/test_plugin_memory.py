"""The plugin keeps no page alive after a build (MkDocs itself keeps none), and its check of deleted pages at
on_post_build, which now remembers the pages' src_uris instead of the pages, reports and forgets exactly as the
check over the pages did."""

from __future__ import annotations

import gc
import logging
from types import SimpleNamespace
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.structure.pages import Page

from house_tables import plugin as plugin_module
from house_tables.plugin import HouseTablesPlugin

from sites import build_site, write_site

TABLE = "| a | b |\n|---|---|\n| 1 | 2 |\n"


def test_a_build_keeps_no_page_alive(tmp_path):
    """After a build with the plugin no Page of the site is reachable: neither through the config (the deleted-page
    check's list) nor through the last page's Markdown instance (MkDocs' link processor holds every file)."""
    pages = {"index.md": "# Home\n\n" + TABLE, "other.md": "# Other\n\ntext\n", "more.md": "# More\n\n" + TABLE}
    build = build_site(write_site(tmp_path, pages), tmp_path / "site")
    assert any("HT001" in line for line in build.log)  # the plugin ran
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, Page) and str(tmp_path) in (o.file.abs_src_path or "")]
    assert alive == []


class _Log:
    """Stands for the plugin's logger: keeps (level, message)."""

    def __init__(self):
        self.lines: list[tuple[int, str]] = []

    def log(self, level: int, message: str) -> None:
        self.lines.append((level, message))


def _old_on_nav(config, files) -> None:
    """on_nav as it was at 2a689c1: the pages themselves."""
    config._house_tables_pages = [file.page for file in files.documentation_pages() if file.page]


def _old_on_post_build(plugin: HouseTablesPlugin, config, log: _Log) -> None:
    """on_post_build as it was at 2a689c1."""
    existing = {page.file.src_uri for page in getattr(config, "_house_tables_pages", [])} or None
    for src, found in list(plugin.findings.items()):
        if src in plugin.rendered:
            continue
        if existing is not None and src not in existing:
            del plugin.findings[src]
            continue
        for level, message in found:
            log.log(min(level, logging.INFO) if plugin.downgrade else level, message)


def _files(pages: dict[str, bool]):
    """A stand-in for MkDocs' Files: documentation_pages() gives a file per src_uri, with a page when True."""
    files = []
    for src, has_page in pages.items():
        file = SimpleNamespace(src_uri=src, page=None)
        if has_page:
            file.page = SimpleNamespace(file=file)
        files.append(file)
    return SimpleNamespace(documentation_pages=lambda: list(files))


NAMES = st.sampled_from([f"p{i}.md" for i in range(6)])


@settings(max_examples=400, deadline=None, database=None)
@given(findings=st.dictionaries(NAMES, st.lists(st.tuples(st.sampled_from([logging.INFO, logging.WARNING,
                                                                           logging.ERROR]), st.text(max_size=5)),
                                                max_size=3)),
       rendered=st.sets(NAMES), pages=st.dictionaries(NAMES, st.booleans()), nav=st.booleans(),
       downgrade=st.booleans())
def test_post_build_reports_and_forgets_as_before(findings, rendered, pages, nav, downgrade):
    """400 cases: findings kept from earlier builds, pages rendered this build, this build's files (with or
    without a page), on_nav run or not, serve --strict or not: the same lines logged, the same findings kept."""
    runs = []
    for new in (True, False):
        plugin = HouseTablesPlugin()
        plugin.findings = {src: list(found) for src, found in findings.items()}
        plugin.rendered, plugin.downgrade = set(rendered), downgrade
        config, log = SimpleNamespace(), _Log()
        if new:
            if nav:
                plugin.on_nav(None, config=config, files=_files(pages))
            with mock.patch.object(plugin_module, "log", log):
                plugin.on_post_build(config=config)
        else:
            if nav:
                _old_on_nav(config, _files(pages))
            _old_on_post_build(plugin, config, log)
        runs.append((log.lines, plugin.findings))
    assert runs[0] == runs[1]
