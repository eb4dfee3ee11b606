"""Differential: the build-time extension's fast paths give exactly what its table pass gave before them.

The reference (tests/reference_plugin.py) is that pass as it was: every page located (every row split from the
page's lines), settled, styled and reported; cells' text by `itertext`; findings placed through a map of every
line; every block tested for a house JSX table. The same documents and the same sites are rendered with the
extension as it is and with the reference swapped in: the HTML must be byte-identical and the findings the same,
in the same order. Locating itself is compared too: the lazy tables (body rows counted from Python-Markdown's own
split) equal the eager ones, cell by cell. `make fuzz` raises the number of examples.
"""

import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import markdown
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_plugin import ReferenceTableProcessor, ReferenceTreeprocessor

from house_tables import extension
from house_tables.diagnostics import shown_file
from house_tables.extension import HouseTablesExtension, PageContext
from house_tables.parsing.locate import LineLocator
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS, _is_stashed, _row_extents

from sites import build_site, write_site
from strategies import HOUSE_TABLE_EXAMPLE, documents, site_page, snippet_files

EXAMPLES = max(300, int(os.environ.get("HOUSE_TABLES_FUZZ", "300")) // 4)
SITE_EXAMPLES = max(25, int(os.environ.get("HOUSE_TABLES_FUZZ", "25")) // 50)
SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large]
CONFIGS = {**MKDOCS_EXTENSION_CONFIGS, "pymdownx.highlight": {"use_pygments": False}}
BENCH = Path(__file__).resolve().parents[1] / "bench"
FRONT_MATTER = ["---\ntitle: T\ntags: [a, b]\n---\n\n", "Title: T\nAuthor: A\n\n", "", ""]
# A hand-written house table that drifts from the house style (the build normalises it and reports HT011-HT013).
DRIFTING = HOUSE_TABLE_EXAMPLE.replace('"9px"', '"3px"')


def _same_row(lazy, eager) -> None:
    """Two rows are the same row: span, cell count and (made now) cells."""
    assert lazy.span == eager.span
    assert lazy.count == eager.count
    assert tuple(lazy.cells) == tuple(eager.cells)


def checking_locate(source, record, *, lazy=False):
    """locate as the extension calls it (lazy), checked against eager locating of the same record."""
    found = _locate(source, record, lazy=lazy)
    eager = _locate(source, record, lazy=False)
    assert found[1] == eager[1]
    assert [index for index, _ in found[0]] == [index for index, _ in eager[0]]
    for (_, table), (_, other) in zip(found[0], eager[0]):
        assert (table.span, table.align, table.indent, table.empty_row) == \
            (other.span, other.align, other.indent, other.empty_row)
        _same_row(table.header, other.header)  # lazy rows (header and delimiter too) against eager ones
        _same_row(table.delimiter, other.delimiter)
        assert len(table.body) == len(other.body)
        for row, same in zip(table.body, other.body):
            _same_row(row, same)
    _extents_of_matched_rows(source, record)
    checked.append(len(found[0]))
    return found


def _extents_of_matched_rows(source, record) -> None:
    """Where none of a table's rows is blank or stashed, locating takes the lines from each place the rows matched
    as the rows' extents without _row_extents: that is _row_extents' answer at every such place."""
    locator = LineLocator(source, record.fenced_lines())
    for rows in record.tables:
        if any(not row.strip() or _is_stashed(row) for row in rows):
            continue
        for first in locator.places(rows):
            assert _row_extents(locator, rows, first, record.stash) == [(first + k, first + k) for k in
                                                                          range(len(rows))]


_locate = extension.locate
checked: list[int] = []


def render(text: str, page: PageContext | None, *, reference: bool) -> tuple[str, list[tuple[int, str]]]:
    """The page's HTML and the findings logged, by the extension as it is or with the reference pass."""
    findings: list[tuple[int, str]] = []
    house = HouseTablesExtension()
    house.settings.sink = lambda level, message: findings.append((level, message))
    md = markdown.Markdown(extensions=[*MKDOCS_EXTENSIONS, house], extension_configs=CONFIGS)
    if reference:
        converter = house.converter
        md.parser.blockprocessors.register(ReferenceTableProcessor(md.parser, converter), "house_table", 76)
        md.treeprocessors.register(ReferenceTreeprocessor(md, converter, house.settings), "house_tables", -10)
    house.page = page
    return md.convert(text), findings


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=SUPPRESS)
@given(documents(), st.sampled_from(FRONT_MATTER), st.integers(0, 3), st.booleans())
def test_documents_render_and_report_as_before(text, front, where, house_table):
    """Random documents (tables, containers, near misses, a drifting house table), as a page of a file whose front
    matter MkDocs cut, of a file an earlier plugin changed, or no page at all: same HTML, same findings."""
    if house_table:
        text = f"{DRIFTING}\n\n{text}"
    original = {0: front + text, 1: front + "Intro line.\n\n" + text.replace("\n\n", "\n\nmoved\n\n", 1)}.get(where)
    page = None if original is None else PageContext("docs/page.md", lambda: original, True)
    with mock.patch.object(extension, "locate", checking_locate):
        after = render(text, page, reference=False)
    page = None if original is None else PageContext("docs/page.md", original, True)
    before = render(text, page, reference=True)
    assert after[0] == before[0]
    assert after[1] == before[1]


@contextmanager
def reference_pass():
    """Builds in this process use the reference pass (the extension looks its classes up when it is installed)."""
    with mock.patch.object(extension, "HouseTablesTreeprocessor", ReferenceTreeprocessor), \
            mock.patch.object(extension, "HouseTableProcessor", ReferenceTableProcessor):
        yield


def built_twice(pages: dict[str, str], files: dict[str, str], theme: str = "mkdocs"):
    """The same site built with the plugin as it is and with the reference pass: (pages, findings) each."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        config = write_site(root, pages, files=files, theme=theme)
        after = build_site(config, root / "after")
        with reference_pass():
            before = build_site(config, root / "before")
    return after, before


def _assert_same_build(after, before) -> None:
    assert sorted(after.pages) == sorted(before.pages)
    for name, html in after.pages.items():
        assert html == before.pages[name], name
    assert after.log == before.log
    assert after.search == before.search


@st.composite
def site_pages(draw) -> dict[str, str]:
    """Two pages, each maybe with front matter and a live (drifting) house table."""
    pages = {}
    for name in ("index.md", "sub/page.md"):
        text = draw(site_page())
        if draw(st.integers(0, 3)) == 0:
            text = text.replace("# Page\n\n", f"# Page\n\n{DRIFTING}\n\n", 1)
        pages[name] = draw(st.sampled_from(FRONT_MATTER)) + text
    return pages


@settings(max_examples=SITE_EXAMPLES, deadline=None, database=None, suppress_health_check=SUPPRESS)
@given(site_pages(), snippet_files(), st.sampled_from(["mkdocs", "material"]))
def test_sites_build_as_before(pages, files, theme):
    """Real builds of generated sites (snippets, front matter, containers, code examples, house tables): every
    page byte-identical, the same log (findings in the same order), the same search index."""
    after, before = built_twice(pages, {**files, "docs/img/x.png": "png"}, theme)
    _assert_same_build(after, before)


def test_a_stashed_reference_is_measured_decoded_once():
    """A code span holding `&nbsp;` (stashed as `a&amp;nbsp;b`, shown as `a&nbsp;b`) weighs its column as fix
    measures it; the reference pass decoded it twice (U+00A0) until it was brought in line with 33769ea (a
    generated site found it: widths 43/12/33 against 49/14/24)."""
    header = "| &lt;script&gt; List&lt;T&gt; <span>h</span> | a&nbsp;b a | ` a&nbsp;b `x \\| y` | a a <span>h</span> |"
    page = f"# Page\n\n{header}\n:-:|---|---|:-:\n| 1 | 2 | 3 | 4 |\n"
    after, before = built_twice({"index.md": page}, {})
    _assert_same_build(after, before)
    assert "width: 43%" in after.pages["index.html"]


def test_benchmark_corpus_builds_as_before():
    """The first 60 pages of the benchmark corpus (1.5 tables a page, front matter, admonitions, tabs, fences
    showing tables, malformed tables): byte-identical pages and the same findings."""
    sys.path.insert(0, str(BENCH))
    try:
        import corpus
    finally:
        sys.path.remove(str(BENCH))
    pages = {str(corpus.page_path(index, ".md")): corpus.md_page(1, index) + "\n" for index in range(60)}
    pages["index.md"] = "# Corpus\n\nGenerated pages.\n"
    after, before = built_twice(pages, {})
    assert sum(" HT001 " in line for line in after.log) > 60
    _assert_same_build(after, before)


PATH_PARTS = st.sampled_from(["docs", "sub", "a b", "..x", "x..", ".hidden", "page.md", "é.md"])


@settings(max_examples=EXAMPLES, deadline=None, database=None)
@given(st.lists(PATH_PARTS, min_size=1, max_size=4), st.lists(st.sampled_from(["docs", "sub", "other"]), max_size=3),
       st.sampled_from(["", ".", "..", "./", "sub/.."]), st.booleans())
def test_a_file_is_shown_as_relpath_shows_it(parts, current, dotted, absolute):
    """shown_file keeps each directory's relpath once, for every finding of a build: the same path as os.path.relpath
    of the file, from any current directory (above, inside or beside the file's directory)."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory).resolve()
        here = root.joinpath(*current)
        here.mkdir(parents=True, exist_ok=True)
        path = os.path.join(*parts[:-1], dotted, parts[-1]) if dotted else os.path.join(*parts)
        path = os.path.join(root, path) if absolute else path
        previous = os.getcwd()
        os.chdir(here)
        try:
            assert shown_file(path) == os.path.relpath(path).replace(os.sep, "/")
        finally:
            os.chdir(previous)
