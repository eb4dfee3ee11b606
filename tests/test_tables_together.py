"""Differential: the reference renders of a page's tables taken from the page's own render (convert._page_references)
or made in one Python-Markdown document (fragments.tables_rendered_together) are what each table's own render gives,
and `fix` gives exactly what it gave with one render per table (the slow path), on pages of many tables, hostile
ones included: pages where the page's table is not the table's own render (a table of contents in a cell, a
reference only the page can read, tabs, containers, marked links) must be refused or converted exactly as before.

`make fuzz` sets HOUSE_TABLES_FUZZ for more examples.
"""

import os

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from test_fix_fast_paths import _fix, both

from house_tables.convert import Engine, _page_references, _reference
from house_tables.model import Dialect
from house_tables.parsing import scan
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.rendering.fragments import first_table_cells, render_python_markdown, tables_rendered_together
from house_tables.rendering.page import _LAST
from house_tables.source import Source

from strategies import ADVERSARIAL, INLINE, WORDS, cell_text, table, without_engine_hangs

EXAMPLES = max(150, int(os.environ.get("HOUSE_TABLES_FUZZ", "150")) // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Cell texts and whole lines that reach beyond a table block, or that depend on the document: fences, raw HTML
# blocks, containers, definitions, the toc marker, footnotes and abbreviations (text without their extensions),
# attribute lists, the separator word itself.
HOSTILE_CELLS = [
    "[TOC]", "<div>", "<div markdown>", "</div>", "```", "~~~", "!!! note", "/// note", '=== "T"', "[r]", "[x][r]",
    "[y]", "{: .c}", "{: #i}", "[^1]", "*[HTML]", "HTML", "HouseTablesApart0", "<p>HouseTablesApart0</p>",
    "<table><tr><td>x</td></tr></table>", "&foo;", "&notit;", "<!-- c -->", "`a | b`", "<pre>", "a\tb", "--8<--",
]
HOSTILE_LINES = [
    "", "```", "~~~", "<div>", "<div markdown>", "</div>", "!!! note", "    indented", "\tindented", "/// note",
    "///", '=== "T"', "- item", "> quote", "[r]: http://r.example", "[y]: javascript:alert(1)", "[^1]: note",
    "*[HTML]: Hyper", "[TOC]", "<!--", "-->", "HouseTablesApart0", "# h", "---", " | a |", "{: .c}",
]
DEFINITIONS = ["", "\n[r]: http://r.example\n", "\n[r]: http://r.example \"t\"\n\n[x]: u (p)\n",
               "\n[y]: a 'x\"y'\n"]
STACKS = [
    (MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS),
    (("toc", "tables", "attr_list", "md_in_html"), {"toc": {"marker": "HouseTablesApart1"}}),
    (("tables", "footnotes", "abbr", "meta"), {}),  # not rendered together: the property holds trivially
]


@st.composite
def hostile_table(draw) -> str:
    """A table's lines as `_original_rows` gives them (a newline at the end): a generated table, some cells or
    whole lines replaced with hostile ones."""
    lines = draw(table())
    for _ in range(draw(st.integers(0, 2))):
        index = draw(st.integers(0, len(lines) - 1))
        if draw(st.booleans()):
            lines[index] = draw(st.sampled_from(HOSTILE_LINES))
        else:
            lines[index] += " | " + draw(st.one_of(st.sampled_from(HOSTILE_CELLS), cell_text())) + " |"
    return "\n".join(lines) + "\n"


# Cells that keep a table's shape (no pipe of their own): most pages' tables are well formed. Mostly without `<`
# (a table holding one is rendered on its own), so that many are taken from the page or rendered together.
table_cell = st.lists(st.sampled_from([token for token in WORDS + INLINE + ADVERSARIAL if "|" not in token]),
                      max_size=3).map(" ".join)
table_cell = st.one_of(table_cell.filter(lambda text: "<" not in text), table_cell.filter(lambda text: "<" not in text),
                       table_cell)


@st.composite
def plain_table(draw) -> str:
    """A well-formed table, sometimes with hostile cells."""
    columns = draw(st.integers(1, 3))
    cells = st.one_of(table_cell, st.sampled_from(HOSTILE_CELLS)) if draw(st.booleans()) else table_cell
    rows = [[draw(cells) for _ in range(columns)] for _ in range(draw(st.integers(1, 4)))]
    if draw(st.integers(0, 4)) == 0:  # a header without a leading pipe, as `meta` would read at a document's start
        lines = ["Key: " + " | ".join(rows[0]) + " | x", " | ".join(["---"] * (columns + 1))]
    else:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * columns]
    return "\n".join([*lines, *("| " + " | ".join(row) + " |" for row in rows[1:])]) + "\n"


# Mostly well-formed tables, so that many documents are rendered together; any hostile one may stop that.
sources = st.lists(st.one_of(*[plain_table()] * 8, hostile_table()), min_size=2, max_size=6)


@SETTINGS
@given(sources, st.sampled_from(DEFINITIONS), st.sampled_from([STACKS[0], *STACKS]))
def test_tables_rendered_together_are_each_rendered_alone(tables, definitions, stack):
    """Each table's cells from the one render are its own render's cells (None: no table), whenever the one render
    gives an answer."""
    extensions, configs = stack
    alone = [first_table_cells(render_python_markdown(source + definitions, extensions, configs)) for source in tables]
    together = tables_rendered_together(tables, extensions, configs, definitions)
    event("rendered together" if together is not None else "one by one")
    assert together is None or together == alone


# Blocks around the tables: text citing references, headings (a table of contents to show), containers holding a
# table (not at the top level), a front matter look-alike, text with the link marker.
AROUND = ["Text [r] and [y] and [e].", "# Heading", "## Other {: #o }", "- item", "> quote", "```\ncode\n```",
          "!!! note\n\n    | a | b |\n    |---|---|\n    | [r] | `x` |", "> | q | r |\n> |---|---|\n> | 1 | [y] |",
          "- item\n\n    | l | m |\n    |---|---|\n    | [TOC] | x |",
          "<div markdown>\n\n| d | e |\n|---|---|\n| 1 | 2 |\n\n</div>",
          "See mkdocs-resolves:x and [p](page.md).", "  | indented | t |\n  |---|---|\n  | a\tb | `c\td` |"]
# Link reference definitions, some only the page can read as written (an empty URL, quotes of both kinds in a
# title, a label twice, definitions in containers, a URL with the link marker).
PAGE_DEFINITIONS = ["", "[r]: http://r.example", "[r]: http://r.example\n[y]: page.md", "[e]: <>",
                    "[y]: a 'x\"y)'", "[r]: one\n[r]: two", "> [y]: quoted.md", "- [r]: listed.md",
                    "[y]: mkdocs-resolves:z", "[r]: page.md#a \"T\""]
PAGE_CELLS = ["[TOC]", "[p](page.md)", "![i](i.png)", "[e]", "[x][e]", "`a\tb`", "a\tb", "mkdocs-resolves:x",
              "[y]", "[r]", "[^1]", "<a href=\"page.md\">h</a>"]


@st.composite
def page_table(draw) -> str:
    """A table whose cells are drawn to differ between the page and the table's own render, or not."""
    columns = draw(st.integers(1, 3))
    cells = st.one_of(table_cell, st.sampled_from(PAGE_CELLS))
    rows = [[draw(cells) for _ in range(columns)] for _ in range(draw(st.integers(1, 3)))]
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * columns]
    return "\n".join([*lines, *("| " + " | ".join(row) + " |" for row in rows[1:])]) + "\n"


@st.composite
def tables_page(draw) -> str:
    """A page of 1 to 6 tables (some hostile), other blocks between some, definitions at its end."""
    blocks = []
    for source in draw(st.lists(st.one_of(plain_table(), page_table(), page_table(), hostile_table()), min_size=1,
                                max_size=6)):
        blocks.append(source.rstrip("\n"))
        if draw(st.integers(0, 2)) == 0:
            blocks.append(draw(st.sampled_from(AROUND)))
    return without_engine_hangs("\n\n".join(["Before.", *blocks,
                                               *draw(st.lists(st.sampled_from(PAGE_DEFINITIONS), max_size=2))]) + "\n")


# Pages whose table the page renders otherwise than the table's lines alone do (each needs its own condition of
# _page_references), and ones where it renders them alike.
PAGES_THAT_DIFFER = [
    "Before.\n\n| a | [x][e] |\n|---|---|\n| [e] | b |\n\n[e]: <>\n",  # a reference the definitions cannot carry
    "Before.\n\n  | a | `c\td` |\n  |---|---|\n  | x\ty | b |\n",  # tabs expanded from the line's start
    "# H\n\n| a | b |\n|---|---|\n| [TOC] | [p](page.md) |\n",  # the page's table of contents; a marked link
    "Before.\n\n| a | b |\n|---|---|\n| [y] | mkdocs-resolves:x |\n\n[y]: mkdocs-resolves:z\n",
    "- item\n\n\t| a | b |\n\t|---|---|\n\t| `x\ty` | 1 |\n",  # in a list item, a tab before and in a cell
    # A tag left open in a cell runs on to a later quote in the page (not alone): the comment line is a row there.
    "Before.\n\n|  |  |\n---|---\n|  | <a href=\" |\n<!-- c -->\n\nText.\n\n| <a href=\"page.md\">h</a> |\n|---|\n",
]


@SETTINGS
@given(tables_page(), st.sampled_from(STACKS))
@example(PAGES_THAT_DIFFER[0], STACKS[0])
@example(PAGES_THAT_DIFFER[1], STACKS[0])
@example(PAGES_THAT_DIFFER[2], STACKS[0])
@example(PAGES_THAT_DIFFER[3], STACKS[0])
@example(PAGES_THAT_DIFFER[4], STACKS[0])
@example(PAGES_THAT_DIFFER[5], STACKS[0])
def test_page_references_are_each_tables_own_render(page, stack):
    """Each table's cells taken from the page's render are the cells of its own render (with the definitions)."""
    extensions, configs = stack
    engine = Engine(Dialect.PYTHON_MARKDOWN, extensions, configs)
    _LAST.clear()
    tables = scan(page, Dialect.PYTHON_MARKDOWN, extensions=extensions, configs=configs).tables
    source = Source.parse(page)
    definitions = engine.definitions(page, False)
    taken = _page_references(list(tables), source, definitions, engine, page, False)
    event(f"tables taken from the page: {len(taken)} of {len(tables)}" if len(taken) < 3 else "3+ taken")
    for read in tables:
        if id(read) in taken:
            assert taken[id(read)] == _reference(read, source, definitions, engine)


@SETTINGS
@given(tables_page(), st.sampled_from(["jsx", "html"]))
def test_fix_of_many_tables(page, form):
    """fix converts the same tables to the same text with the same findings (HT009 refusals included) as with one
    reference render per table."""
    fast, slow = both(_fix, page, "python-markdown", form)
    refused = sum(diagnostic.code == "HT009" for diagnostic in slow[0][3])
    event(f"refused {min(refused, 3)}{'+' if refused >= 3 else ''}")
    assert fast == slow
