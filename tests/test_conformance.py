"""House-style conformance of hand-written tables — JSX tables in `.mdx`, house JSX and raw HTML tables in `.md`:
every drift is found (HT011 colgroup, HT012 style, HT013 not a grid), `fix` normalises the drifted ones — only
attributes, indentation and the colgroup change, each cell byte for byte — and leaves alone what it must (spans,
nested tables, code, expressions, `off`). The real MDX compiler renders the same cells before and after;
normalise ∘ drift = house on generated tables; a real MkDocs build reports what check reports."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import pytest
from conformance_fixtures import MDX_SOURCES, SOURCES, dialect, expected_file, fixed
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from house_tables.config import Config
from house_tables.convert import convert
from house_tables.parsing import scan
from house_tables.plan import plan_page
from house_tables.rendering.jsx_html import jsx_to_html
from house_tables.rendering.layout import Grid, render_lines
from house_tables.widths import column_widths, visible_text

from engines import extract_tables

EXAMPLES = max(100, int(os.environ.get("HOUSE_TABLES_FUZZ", "100")) // 10)
LEFT_ALONE = {"conforming", "whole-decimal-widths", "off", "row-span", "nested", "in-code", "in-expression",
              "one-line-rows", "html-conforming", "html-compact", "html-in-code", "html-off"}
CELL_LINE = re.compile(r"^\s*<(t[hd])[^>]*>(.*)</\1>$")


@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_fix_gives_the_expected_page(path):
    """Each fixture page as `fix` writes it equals its .expected file (rewritten only by `make fixtures`)."""
    assert fixed(path) == expected_file(path).read_text(encoding="utf-8")


@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_normalising_changes_only_attributes_indentation_and_the_colgroup(path):
    """The cell lines' contents are the original's, byte for byte and in order; lines outside the tables stay;
    pages that must be left alone are unchanged; a normalised page is in the house style and fix leaves it."""
    before = path.read_text(encoding="utf-8")
    after = fixed(path)
    normalised = path.stem not in LEFT_ALONE
    assert (after != before) is normalised
    assert _cells(after) == _cells(before)
    outside = [line for line in before.splitlines() if line.strip() and not line.lstrip(" \t>").startswith("<")]
    assert [line for line in after.splitlines()  # blank lines inside a raw HTML table go: not outside it
            if line.strip() and not line.lstrip(" \t>").startswith("<")] == outside
    if normalised:
        plan = plan_page(after, dialect(path))
        assert not [d for d in plan.diagnostics if d.code in ("HT011", "HT012")]
        assert convert(after, dialect(path)).text == after


def _cells(text: str) -> list[str]:
    """The contents of the page's one-line cells, in order, as written."""
    return [match.group(2) for match in map(CELL_LINE.match, text.splitlines()) if match]


def test_the_mdx_compiler_renders_the_same_cells_before_and_after(mdx_engine):
    """Every fixture, compiled by MDX 3 before and after fix: the same tables with the same cells."""
    pages = [(path.read_text(encoding="utf-8"), fixed(path)) for path in MDX_SOURCES]
    rendered = mdx_engine.render_many([text for pair in pages for text in pair])
    for (path, _), before, after in zip(zip(MDX_SOURCES, pages), rendered[::2], rendered[1::2]):
        assert before.get("ok") and after.get("ok"), path.name
        assert _rows(after["html"]) == _rows(before["html"]), path.name


def _rows(html: str) -> list[list[list[str]]]:
    """Each table's rows of cells as MDX rendered them (a header row in <thead> or not: the same cells)."""
    return [([table["header"]] if table["header"] else []) + table["rows"] for table in extract_tables(html)]


def test_findings_name_the_element_the_property_and_the_values():
    """A reviewer reads the drift from the line: element, column, property, expected and actual values."""
    page = next(p for p in SOURCES if p.stem == "accent-and-weights").read_text(encoding="utf-8")
    messages = [f"{d.position}: {d.code} {d.message}" for d in plan_page(page, "mdx").diagnostics]
    assert messages == [
        '9:5: HT012 header <tr> has borderBottom "2px solid #ff0000", not "2px solid #d55816"',
        "10:7: HT012 <th> column 1 has fontWeight 600, not 700",
        '16:7: HT012 <td> column 1 has padding "8px 12px", not "9px 12px" (in 2 rows)',
    ]


def test_the_configured_style_is_the_measure():
    """A table in the house style drifts from a configured accent; the plain preset wants no colgroup or styles."""
    page = next(p for p in SOURCES if p.stem == "conforming").read_text(encoding="utf-8")
    accent = Config.from_mapping({"custom_style": {"accent": "#0a7cff"}})
    found = [d.message for d in plan_page(page, "mdx", config=accent).diagnostics]
    assert found == ['header <tr> has borderBottom "2px solid #d55816", not "2px solid #0a7cff"']
    plain = [d.code for d in plan_page(page, "mdx", config=Config.from_mapping({"style": "plain"})).diagnostics]
    assert plain[0] == "HT011" and "HT012" in plain


def test_check_counts_the_hand_written_tables(tmp_path):
    """The summary says how many hand-written tables conform, drift, and are left alone (in-code.mdx holds one: MDX
    has no indented code, so its indented `<table>` is JSX, with rows on one line)."""
    from sites import run_cli

    for path in MDX_SOURCES:
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    _, output = run_cli(tmp_path, "check", ".")
    drifting = len(MDX_SOURCES) - len(LEFT_ALONE & {path.stem for path in MDX_SOURCES})
    assert f"hand-written tables: 2 in the house style, {drifting} drifting, 5 left alone" in output[-1]


# ------------------------------------------------------------------ normalise ∘ drift = house

CELL_TEXT = st.text(alphabet="abcXYZ 019*_`-.", min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def house_tables(draw, form: str = "jsx"):
    """A house table (as fix writes it, in JSX; or in HTML, as a raw table of a `.md` page) of a random grid."""
    columns = draw(st.integers(1, 5))
    rows = draw(st.integers(1, 4))
    align = tuple(draw(st.sampled_from([None, "left", "center", "right"])) for _ in range(columns))
    header = tuple(draw(CELL_TEXT) for _ in range(columns))
    body = tuple(tuple(draw(CELL_TEXT) for _ in range(columns)) for _ in range(rows))
    shown = (lambda cell: visible_text(jsx_to_html(cell))) if form == "jsx" else visible_text
    visible = [[shown(cell) for cell in (header[c], *(row[c] for row in body))] for c in range(columns)]
    widths = tuple(column_widths(visible, Config(), None))
    return render_lines(Grid(align, header, body, widths), Config().style, form)


DRIFTS = ["drop colgroup", "bad width", "drop property", "change value", "swap order", "add property"]


@dataclass(frozen=True)
class StyleSyntax:
    """How a house table's style attributes are written: JSX style objects or HTML CSS strings."""

    style: str  # the style attribute, its items in group 1
    written: str  # the attribute around its items
    separator: str
    changed: str  # an item's value replaced
    added: str
    width: str  # a col's width value
    bad_width: str

    def styled(self, line: str) -> bool:
        return re.search(self.style, line) is not None and "<col " not in line


JSX_STYLE = StyleSyntax(r"style=\{\{(.*?)\}\}", "style={{%s}}", ", ", ': "3px"', 'border: "1px solid red"',
                        r'"\d+%"', '"1%"')
HTML_STYLE = StyleSyntax(r'style="(.*?)"', 'style="%s"', "; ", ": 3px", "border: 1px solid red", r"\d+%", "1%")


_ALIGNMENT = re.compile(r"\s*(?:text-align|textAlign)\b")


def _drift(lines: list[str], how: str, where: int, syntax: StyleSyntax = JSX_STYLE) -> list[str]:
    """The table with one kind of drift applied at one styled line."""
    lines = list(lines)
    if how in ("drop colgroup", "bad width") and "  <colgroup>" not in lines:
        return lines
    if how == "drop colgroup":
        return lines[: lines.index("  <colgroup>")] + lines[lines.index("  </colgroup>") + 1:]
    if how == "bad width":
        index = lines.index("  <colgroup>") + 1
        lines[index] = re.sub(syntax.width, syntax.bad_width, lines[index])
        return lines
    styled = [i for i, line in enumerate(lines) if syntax.styled(line)]
    index = styled[where % len(styled)]
    items = re.search(syntax.style, lines[index]).group(1).split(syntax.separator)
    if how == "drop property":  # never an alignment: dropped from every cell of a column, it is no drift but a
        # change of what the author wrote (the column's alignment is then unknown)
        dropped = next((k for k, item in enumerate(items) if not _ALIGNMENT.match(item)), None)
        if dropped is not None and len(items) > 1:
            del items[dropped]
    elif how == "change value":
        items[0] = re.sub(r": .*", syntax.changed, items[0])
    elif how == "swap order" and len(items) > 1:
        items[0], items[1] = items[1], items[0]
    elif how == "add property":
        items.append(syntax.added)
    lines[index] = re.sub(syntax.style, lambda _: syntax.written % syntax.separator.join(items), lines[index])
    return lines


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(house_tables(), st.lists(st.tuples(st.sampled_from(DRIFTS), st.integers(0, 50)), min_size=1, max_size=3))
def test_normalise_undoes_every_drift(table, drifts):
    """Drift a house table in up to three ways: check finds HT011/HT012 and fix gives back the house table."""
    house = "# T\n\n" + "\n".join(table) + "\n"
    drifted_lines = table
    for how, where in drifts:
        drifted_lines = _drift(drifted_lines, how, where)
    drifted = "# T\n\n" + "\n".join(drifted_lines) + "\n"
    assume(drifted != house)
    assert scan(drifted, "mdx").table_tags
    codes = {d.code for d in plan_page(drifted, "mdx").diagnostics}
    assert codes and codes <= {"HT011", "HT012"}
    assert convert(drifted, "mdx").text == house


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
@given(house_tables("html"), st.lists(st.tuples(st.sampled_from(DRIFTS), st.integers(0, 50)), min_size=1,
                                      max_size=3))
def test_normalise_undoes_every_drift_of_a_raw_html_table(table, drifts):
    """The same for a raw HTML table of a `.md` page (MkDocs' stack): check finds HT011/HT012 at the table and fix
    gives back the house HTML table."""
    house = "# T\n\n" + "\n".join(table) + "\n"
    drifted_lines = table
    for how, where in drifts:
        drifted_lines = _drift(drifted_lines, how, where, HTML_STYLE)
    drifted = "# T\n\n" + "\n".join(drifted_lines) + "\n"
    assume(drifted != house)
    plan = plan_page(drifted, "python-markdown")
    assert plan.diagnostics and {d.code for d in plan.diagnostics} <= {"HT011", "HT012"}
    assert {d.span.start.line for d in plan.diagnostics} <= set(range(3, 3 + len(drifted_lines)))
    assert convert(drifted, "python-markdown").text == house
    assert not plan_page(house, "python-markdown").diagnostics


MD_PAGE = """---
title: Limits
---

# Limits

!!! note

    <table style={{width: "100%"}}>
      <tr>
        <th>Tier</th>
        <th style={{padding: "1px"}}>RPM</th>
      </tr>
      <tr>
        <td>1</td>
        <td>60</td>
      </tr>
    </table>

```html
<table style={{padding: 1}}>
  <tr><td>code, not a table</td></tr>
</table>
```

<table>
  <tr><td>raw HTML, a whole row on a line: no simple grid</td></tr>
</table>

<div class="wrapper">
<table class="raw">
  <tr>
    <th style="text-align: right">Region</th>
    <th>**kept as written**</th>
  </tr>
  <tr>
    <td style="text-align: right">eu</td>
    <td>&lt;b&gt; &amp; <em>em</em></td>
  </tr>
</table>
</div>
"""


def test_the_build_normalises_md_house_tables_and_reports_what_check_reports(tmp_path):
    """A `.md` page of an MkDocs site: the plugin renders a drifted hand-written JSX table and a drifted raw HTML
    table normalised and logs their HT011/HT012 at the file's lines (front matter counted), and HT013 for a raw HTML
    table that is no simple grid, exactly `check`'s findings; a table in code is none; the cells are the plain
    build's; after `fix`, the build shows the same page and reports only the table left alone."""
    from sites import build_site, house_styled, run_cli, write_site

    config = write_site(tmp_path, {"index.md": MD_PAGE}, extensions=["admonition", "pymdownx.superfences"],
                        snippets=False)
    built = build_site(config, tmp_path / "site")
    logged = sorted(line.split("house_tables: ", 1)[1] for line in built.findings())
    _, checked = run_cli(tmp_path, "check", "docs")
    assert logged == sorted(line for line in checked if " HT0" in line)
    assert {line.split(" ")[1] for line in logged} == {"HT011", "HT012", "HT013"}
    assert "docs/index.md:9:5: HT011 <table> has no colgroup: widths 50%, 50% would be set" in logged
    assert "docs/index.md:31:1: HT011 <table> has no colgroup: widths 24%, 76% would be set" in logged
    assert "docs/index.md:33:5: HT012 <th> column 1 lacks padding \"10px 12px\"" in logged
    assert [line for line in logged if "HT013" in line] == [
        "docs/index.md:27:3: HT013 hand-written table left alone: <tr> is not one element on its own line"]
    jsx, raw = house_styled(built.main("index.html"))
    assert jsx.find("colgroup") is not None and [th.get_text() for th in jsx.find_all("th")] == ["Tier", "RPM"]
    assert raw.get("class") == ["raw"] and raw.find("colgroup") is not None
    plain = build_site(write_site(tmp_path / "plain", {"index.md": MD_PAGE}, plugin=False,
                                  extensions=["admonition", "pymdownx.superfences"], snippets=False),
                       tmp_path / "plain-site")
    shown = [table for table in plain.main("index.html").find_all("table") if table.get("class") == ["raw"]]
    assert [str(cell) for cell in raw.find_all(["th", "td"])] != [str(c) for c in shown[0].find_all(["th", "td"])]
    assert [c.decode_contents() for c in raw.find_all(["th", "td"])] == [
        c.decode_contents() for c in shown[0].find_all(["th", "td"])]
    run_cli(tmp_path, "fix", "docs")
    again = build_site(config, tmp_path / "site-after")
    left = [line.split(": ", 2)[2] for line in again.findings()]  # the table above it grew: another line
    assert left == [line.split(": ", 1)[1] for line in logged if "HT013" in line]
    assert again.pages["index.html"] == built.pages["index.html"]


@pytest.mark.parametrize("dialect_name", ["python-markdown", "mdx"])
def test_a_converted_table_with_a_table_in_a_cell_is_in_the_house_style(dialect_name):
    """A pipe table whose cell holds a one-line HTML table (as Kometa's docs write option values) converts to a house
    table whose check finds nothing left to do: the inner table is the cell's content (before, every such table fix
    wrote was HT013 'a table inside a cell' at the next check)."""
    inner = '<table class="clearTable"><tr><td>a</td></tr><tr><td>b</td></tr></table>'
    page = f"# Options\n\n| Setting | Values |\n|---|---|\n| mode | {inner} |\n| other | plain |\n"
    fixed_page = convert(page, dialect_name).text
    assert fixed_page != page and "clearTable\"><tr><td>a</td></tr><tr><td>b</td></tr></table></td>" in fixed_page
    plan = plan_page(fixed_page, dialect_name)
    assert plan.diagnostics == [] and plan.hand.conforming == 1
    assert convert(fixed_page, dialect_name).text == fixed_page


def test_a_table_over_several_lines_inside_a_cell_is_left_alone():
    """A nested table that is not written whole on its cell's line is still no simple grid (HT013)."""
    page = next(p for p in SOURCES if p.stem == "nested").read_text(encoding="utf-8")
    assert [d.code for d in plan_page(page, "mdx").diagnostics] == ["HT013"]


# The cell pattern as it was written (lazy attributes), which reader._CELL must equal group for group.
_LAZY_CELL = re.compile(r"^<(?P<name>t[hd])(?P<attrs>(?:\s[^<>]*?)?)\s*>(?P<content>.*)</(?P=name)>$")
_CELL_PIECES = st.sampled_from(["<td", "<th", "<tr", ">", "<", "/", " ", "  ", "\t", "\u00a0", "\u2003", "\r", "\x0b",
                                "a", "x=1", '"', "'", "=", "{{", "}}", "</td>", "</th>", "</td >", "<b>", "</b>", "/>"])


@settings(max_examples=5000 if os.environ.get("HOUSE_TABLES_FUZZ") else 2000, database=None, deadline=None)
@given(st.lists(_CELL_PIECES, max_size=12).map("".join))
def test_cell_pattern_reads_what_the_lazy_pattern_reads(text):
    """reader._CELL (greedy attributes) matches exactly the lines the lazy pattern matches, with the same name,
    attributes and content."""
    from house_tables.conformance.reader import _CELL

    for line in (text, "<td" + text, "<th " + text + "</th>", "<td" + text + "</td>"):
        ours, lazy = _CELL.match(line), _LAZY_CELL.match(line)
        assert (ours and ours.groupdict()) == (lazy and lazy.groupdict())


# The opening-tag pattern as it was written (lazy attributes), which reader._opening must read alike.
_LAZY_OPEN = re.compile(r"^<(?P<name>table|colgroup|col|thead|tbody|tr)(?P<attrs>(?:\s[^<>]*?)?)\s*(?P<void>/?)>$")
_OPEN_PIECES = st.sampled_from(["<table", "<colgroup", "<col", "<tr", "<thead", "<tbody", "<td", "group", ">", "<",
                                "/", "//", " ", "  ", "\t", "\u00a0", "\u2003", "\x1c", "\r", "\x0b", "a", "x=1",
                                '"', "=", "{{", "}}", "/>", " />"])


@settings(max_examples=5000 if os.environ.get("HOUSE_TABLES_FUZZ") else 2000, database=None, deadline=None)
@given(st.lists(_OPEN_PIECES, max_size=10).map("".join))
def test_opening_tag_reads_what_the_lazy_pattern_reads(text):
    """reader._opening reads exactly the stripped lines the lazy pattern matches, with the same name, attributes
    and `/`."""
    from house_tables.conformance.reader import _opening

    for line in {text, "<col" + text, "<tr " + text + ">", "<table" + text + "/>"}:
        line = line.strip()
        lazy = _LAZY_OPEN.match(line)
        assert _opening(line) == (lazy and (lazy["name"], lazy["attrs"], lazy["void"]))
