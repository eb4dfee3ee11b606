"""Differential: the raw HTML step with stand-ins (rendering.raw_blocks) gives exactly what Python-Markdown's own step
gives, on texts built to trip it: raw tables whose cells hold comments, scripts, quotes, processing instructions,
CDATA, unclosed tags, backslashes, character references, md_in_html `markdown` attributes, `</table>`, and text
around them that leaves the parser in the middle of something (an unclosed comment, tag, quote, script, `<div
markdown>`, a broken `&#`). Compared: the lines the step returns and every stash entry, for md_in_html's step and for
the core one; and whole pages as fix renders them, the stand-ins on and off."""

import os
import tempfile
import xml.etree.ElementTree as etree
from pathlib import Path
from unittest import mock

import markdown
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.rendering import page as page_module
from house_tables.rendering import raw_blocks
from house_tables.rendering.fast import slow_paths
from house_tables.rendering.page import render_md_page
from house_tables.rendering.raw_blocks import StandInRawBlocks, raw_table_regions, sources_reviewed, with_stand_ins

from sites import build_site, write_site

EXAMPLES = max(600, int(os.environ.get("HOUSE_TABLES_FUZZ", "600")))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PAGES = settings(SETTINGS, max_examples=max(100, EXAMPLES // 6))
STACKS = {"md_in_html": ["tables", "md_in_html", "attr_list"], "core": ["tables"]}

# What a cell may hold: the house form's own JSX and everything that could move the HTML parser.
CELL_PIECES = [
    "x", "a b", "`x`", "<code>x</code>", "<code>x < y</code>", '<a href="https://e.com/?a=1&b=2">l</a>',
    "<em>e</em>", "<strong>s</strong>", "<br />", "<br/>", "<kbd>\\\\</kbd>", "\\", "\\|", "&amp;", "&nbsp;", "&",
    "&#123;", "&#x1F;", "&#;", "&#12", "&#x;", ";", "<!--", "-->", "--!>", "<!-- c -->", "<script>", "</script>",
    '<script>{"x"}</script>', "<style>", "<?", "?>", "<?php x ?>", "<![CDATA[", "]]>", "]>", "] >", "<!DOCTYPE html>",
    "<span", '<span title="x', "<span title='x'>", '<span title="a>b">t</span>', "<span a=b>", '<span a= "b">',
    "<span a==\"b\">", "</span>", "</td>", "</tr>", "</table>", "<table>", "<TABLE>", "</TABLE>", "<hr>",
    '<hr markdown="1">', '<div markdown="1">', "<div markdown>", "</div>", '<td markdown="1">', "'", '"', "`",
    "<", "< ", "</", "</>", "<3", "{", "}", '{"<"}', "=", "\x00", "\t", "x-y", "<x-y>", "<textarea>", "<title>",
    "<svg>", "<math>", "{/* c */}", '<img src="a.png" alt="a" />', '<a name="n"></a>',
]
CLEAN = 15  # the first pieces leave a table a region (raw_table_regions); the others mostly do not
cells = st.one_of(st.lists(st.sampled_from(CELL_PIECES[:CLEAN]), max_size=4),
                  st.lists(st.sampled_from(CELL_PIECES), max_size=4)).map("".join)
# What may surround the tables: plain Markdown and raw HTML that leaves the parser in any state.
AROUND = [
    "", "text", "# Heading", "- item", "    code", "> quote", "<div>", "</div>", '<div markdown="1">', "<div markdown>",
    "<!--", "-->", "<!-- c -->", "<script>", "</script>", "<style>", "</style>", "<?php", "?>", "<![CDATA[", "]]>",
    "<!DOCTYPE", ">", '<span title="', '"', "<span a", "<p>", "</p>", "&#", "&#x;", ";", "<hr>", '<hr markdown="1">',
    "<table>", "</table>", "<textarea>", "</textarea>", "`code`", "```", "<em>", "</em>", "<details>", "\\",
]


STYLES = ['{{width: "100%", borderCollapse: "collapse"}}', '"w"', "{{a: 1}}", '{{content: "a>b"}}', "{{a: '1'}}"]
CLEAN_STYLES = 3  # the first styles leave a table a region; the others do not (a `>` in a string, a `'` in a tag)
clean_cells = st.lists(st.sampled_from(CELL_PIECES[:CLEAN]), max_size=4).map("".join)


@st.composite
def raw_tables(draw, clean: bool = False) -> str:
    """A raw table in the house form (a JSX style attribute, one row per line) with cells drawn from CELL_PIECES
    (clean: only from the pieces and styles that leave it a region)."""
    style = draw(st.sampled_from(STYLES[:CLEAN_STYLES] if clean else STYLES))
    rows = draw(st.lists(st.lists(clean_cells if clean else cells, min_size=1, max_size=3), min_size=1, max_size=3))
    lines = [f"<table style={style}>", "  <tbody>"]
    for row in rows:
        lines += ["    <tr>", *(f'      <td style={{{{padding: "9px 12px"}}}}>{cell}</td>' for cell in row),
                  "    </tr>"]
    return "\n".join([*lines, "  </tbody>", "</table>"])


@st.composite
def texts(draw) -> str:
    """Raw tables among lines of AROUND, with or without blank lines between."""
    parts = draw(st.lists(st.one_of(raw_tables(), st.sampled_from(AROUND)), min_size=1, max_size=8))
    separators = draw(st.lists(st.sampled_from(["\n", "\n\n", "\n\n", "\n\n\n"]), min_size=len(parts),
                               max_size=len(parts)))
    return "".join(part + separator for part, separator in zip(parts, separators))


def _step(extensions: list[str], text: str, stand_ins: bool) -> tuple[list[str], list, int]:
    """The raw HTML step's lines and stash for text (after the preprocessors before it), and how many stand-ins."""
    md = markdown.Markdown(extensions=extensions)
    if stand_ins:
        with_stand_ins(md)
    lines, step = text.split("\n"), md.preprocessors["html_block"]
    for processor in md.preprocessors:  # in priority order, up to the raw HTML step
        lines = processor.run(lines)
        if processor is step:
            break
    stash = [etree.tostring(entry, encoding="unicode") if isinstance(entry, etree.Element) else entry
             for entry in md.htmlStash.rawHtmlBlocks]
    return lines, stash, step.stood_in if isinstance(step, StandInRawBlocks) else 0


@SETTINGS
@given(texts(), st.sampled_from(sorted(STACKS)))
def test_stand_ins_change_nothing(text, stack):
    """The same lines and stash with stand-ins as without, whatever the text around the tables holds."""
    ours, theirs = _step(STACKS[stack], text, True), _step(STACKS[stack], text, False)
    assert ours[:2] == theirs[:2]


@SETTINGS
@given(st.lists(raw_tables(clean=True), min_size=1, max_size=4), st.sampled_from(["", "text\n\n", "<!-- c -->\n\n"]),
       st.sampled_from(sorted(STACKS)))
def test_clean_tables_are_stood_in(tables, before, stack):
    """Tables apart by blank lines, each a region by raw_table_regions: every one is read as a stand-in (the fast
    path is taken, on the sources it was proven on), and the result is Python-Markdown's own."""
    text = before + "\n\n".join(tables) + "\n"
    regions = raw_table_regions(text)
    assume(len(regions) == len(tables))
    ours, theirs = _step(STACKS[stack], text, True), _step(STACKS[stack], text, False)
    assert ours[:2] == theirs[:2]
    assert ours[2] == (len(tables) if sources_reviewed() else 0)


def test_regions_of_the_house_form():
    """A house table as fix writes it is a region; one holding a closer, a raw-text element, a second table, a quote
    in a tag or a broken character reference is not, nor one right after a line of text."""
    table = ('<table style={{width: "100%"}}>\n  <tr>\n    <td style={{padding: "9px 12px"}}>'
             '<a href="https://e.com/?a=1&b=2">x</a> `y` &amp; &#123; a < b</td>\n  </tr>\n</table>')
    assert raw_table_regions(table) == [(0, len(table))]
    assert raw_table_regions(f"text\n\n{table}\n") == [(6, 6 + len(table))]
    assert raw_table_regions(f"text\n{table}\n") == []
    assert raw_table_regions(f"{table}x") == []
    for cell in ("-->", "--!>", "?>", "]>", "&#12", "<script>", "<TEXTAREA>", "<hr>", "<table>", "</table>",
                 "<span title='x'>", '<span a= "b">', '<span title="a>b">', "<!-- c -->", "<?x", "<![CDATA[",
                 "\x00", "<x-y>"):
        assert raw_table_regions(table.replace("`y`", cell)) == [], cell


def test_a_stand_in_not_stashed_alone_falls_back():
    """A comment left open before a table, closed after it: the stand-in is inside the comment, so the step runs on
    the text as it is (and gives Python-Markdown's result)."""
    table = '<table style={{a: 1}}>\n  <tr>\n    <td style={{b: 2}}>x</td>\n  </tr>\n</table>'
    text = f"<!--\n\n{table}\n\n-->\n"
    assert raw_table_regions(text)
    for stack in STACKS.values():
        ours, theirs = _step(stack, text, True), _step(stack, text, False)
        assert ours == (*theirs[:2], 0)


def test_only_on_reviewed_sources(monkeypatch):
    """Other parser sources than those the stand-ins were proven on: the step is Python-Markdown's own."""
    table = '<table style={{a: 1}}>\n  <tr>\n    <td style={{b: 2}}>x</td>\n  </tr>\n</table>'
    monkeypatch.setattr(raw_blocks, "_CHECKED", [False])
    assert _step(STACKS["md_in_html"], table, True)[2] == 0
    monkeypatch.setattr(raw_blocks, "_CHECKED", [])
    assert sources_reviewed() == (raw_blocks.sources_digest() in raw_blocks._REVIEWED)


@PAGES
@given(texts(), st.booleans())
def test_pages_as_fix_renders_them(text, front_matter):
    """Whole pages with the benchmark's stack (superfences, admonitions, tabs, md_in_html) and the house_tables
    extension: the same HTML, definitions and tables with stand-ins as without."""
    extensions = (*MKDOCS_EXTENSIONS, "admonition", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed",
                  "attr_list", "md_in_html")
    page = ("---\ntitle: x\n---\n" if front_matter else "") + text
    fast = _outcome(page, extensions, front_matter)
    with slow_paths():
        slow = _outcome(page, extensions, front_matter)
    assert fast == slow


def _outcome(page: str, extensions: tuple, front_matter: bool):
    """The page as fix renders it, or the error rendering it raises (the same either way)."""
    page_module._LAST.clear()  # the page rendered last is kept by its text alone
    try:
        return render_md_page(page, extensions, MKDOCS_EXTENSION_CONFIGS, front_matter=front_matter)
    except Exception as error:  # a page Python-Markdown cannot render must fail alike
        return type(error), str(error)



SITES = settings(SETTINGS, max_examples=max(15, EXAMPLES // 40))


def _built_both_ways(pages: dict[str, str]):
    """The site built with the build's stand-ins and without them (the slow paths), and how many tables each page
    of the first build read as stand-ins."""
    taken, run = [], StandInRawBlocks.run

    def counting(self, lines):
        result = run(self, lines)
        taken.append(self.stood_in)
        return result

    with tempfile.TemporaryDirectory() as directory, mock.patch.object(StandInRawBlocks, "run", counting):
        root = Path(directory)
        config = write_site(root, {**pages, "index.md": "# Home\n"})
        fast = build_site(config, root / "fast")
        stood_in = sum(taken)
        with slow_paths():
            slow = build_site(config, root / "slow")
    assert fast.pages == slow.pages
    assert fast.log == slow.log
    assert fast.search == slow.search
    return stood_in


@SITES
@given(st.lists(st.tuples(st.lists(raw_tables(clean=True), min_size=1, max_size=2), texts()), min_size=1, max_size=2),
       st.booleans())
def test_sites_build_the_same_with_stand_ins(pages, tables_first):
    """Real builds (the test sites' stack: md_in_html, admonitions, tabs, footnotes, abbr, emoji, snippets) of pages
    holding house tables among hostile text: every page, the log and the search index the same with the build's
    stand-ins as without them."""
    _built_both_ways({f"p{k}.md": "\n\n".join(tables) + "\n\n" + text if tables_first
                      else f"# P\n\n{text}\n\n" + "\n\n".join(tables) + "\n" for k, (tables, text) in enumerate(pages)})


def test_a_converted_page_is_built_with_stand_ins():
    """A page as fix writes it (house tables after headings and prose, one in a `<div markdown>`): the build reads
    each top-level table as a stand-in (on the sources they were proven on) and shows the page as without them."""
    table = ('<table style={{width: "100%", borderCollapse: "collapse"}}>\n  <thead>\n    <tr>\n'
             '      <th style={{textAlign: "left"}}>Name</th>\n    </tr>\n  </thead>\n  <tbody>\n    <tr>\n'
             '      <td style={{padding: "9px 12px"}}><code>a</code> and <a href="other.md">b</a></td>\n    </tr>\n'
             '  </tbody>\n</table>')
    page = (f"# Page\n\nSome *prose*.\n\n{table}\n\n## Two\n\n!!! note\n\n    Inside.\n\n{table}\n\n"
            f'<div markdown="1">\n\n{table}\n\n</div>\n\nEnd.\n')
    stood_in = _built_both_ways({"page.md": page, "other.md": "# Other\n"})
    assert stood_in == (2 if sources_reviewed() else 0)
