"""Cell contents as HTML fragments, rendered by the engine of the dialect, and their canonical form.

Python-Markdown (with the site's extensions) renders `.md` cells; cmark-gfm, an implementation of
GFM independent of our scanner, renders `.mdx` cells. Either way the engine renders a pipe table
rebuilt from our cells, so each cell is rendered in a table cell's own context (inline only, `\\|`
handling as in tables), with the document's link reference definitions appended.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import TYPE_CHECKING

import cmarkgfm
import markdown
from cmarkgfm.cmark import Options
from markdown.treeprocessors import Treeprocessor

from ..parsing.pymd import markdown_for, with_mkdocs_relpath
from .css import canonical_style
from .fast import enabled
from .simple_html import Element, cell_html, escape_text, forget_cells, parse, unknown_references_literal

if TYPE_CHECKING:
    from bs4 import Tag

# bs4 is imported where a fragment is not simple HTML (not at import: bs4 and soupsieve take a tenth of a second
# to import, more than fix spends on most pages).

_REFERENCE = re.compile(r"^ {0,3}\[[^\]\n]+\]:[^\n]*$", re.MULTILINE)
_DELIMITER = {None: "---", "left": ":--", "center": ":-:", "right": "--:"}
_WHITESPACE = re.compile(r"[ \t\n\r\f]+")
HTML_SPACE = " \t\n\r\f"  # what HTML trims; str.strip() would also take a cell's no-break space (`&nbsp;`)


def rebuilt_source(rows: list[list[str]], align: tuple[str | None, ...], definitions: str) -> str:
    """A pipe table of the given cell texts, plus the document's definitions (see reference_definitions)."""
    lines = [_pipe_row(rows[0]), _pipe_row([_DELIMITER[a] for a in align])]
    lines += [_pipe_row(row) for row in rows[1:]]
    return "\n".join(lines) + "\n" + definitions


def reference_definitions(document: str) -> str:
    """The document's link reference definitions, each after a blank line, to render a table on its own."""
    return "".join("\n" + ref for ref in _REFERENCE.findall(document))


def _pipe_row(texts: list[str]) -> str:
    """One row with outer pipes and a space on each side of every cell."""
    return "| " + " | ".join(texts) + " |"


def render_python_markdown(source: str, extensions: tuple[str, ...], configs: dict) -> str:
    """HTML of a Markdown source as Python-Markdown with these extensions renders it."""
    return markdown_for(extensions, configs).convert(source)


# Python-Markdown extensions under which tables rendered in one document are each rendered as on their own (see
# tables_rendered_together): MkDocs' own and the benchmark's stack. Each acts on blocks (fences, containers, raw HTML
# blocks, tabs), on headings (toc) or on one element at a time (attr_list); none numbers or collects anything from
# one table's cells that another's would show (footnotes and abbreviations do, so they are not here), and none reads
# a document's first lines differently (meta does).
RENDERED_ALIKE_TOGETHER = frozenset({
    "toc", "tables", "fenced_code", "admonition", "attr_list", "md_in_html", "pymdownx.details",
    "pymdownx.superfences", "pymdownx.tabbed", "pymdownx.blocks.admonition", "pymdownx.blocks.details",
    "pymdownx.blocks.tab", "markdown.extensions.toc", "markdown.extensions.tables", "markdown.extensions.fenced_code",
    "markdown.extensions.admonition", "markdown.extensions.attr_list", "markdown.extensions.md_in_html",
})


def tables_rendered_together(tables: list[str], extensions: tuple[str, ...], configs: dict,
                             definitions: str) -> list[list[list[str]] | None] | None:
    """first_table_cells(render_python_markdown(table + definitions, ...)) of each table source, from one render of
    all of them (Python-Markdown's fixed cost per document is most of a small table's render), or None where that
    is not certain to give each table what its own render gives. Then each is rendered on its own.

    Each source is followed by a paragraph of a word no source holds, then come the definitions. Python-Markdown
    reads a document block by block (blank lines apart), and a table is one block: with the extensions above, a
    table block whose first line is not indented is read as on its own (nothing before it is a list, a container or
    code it could continue), and its cells' inline rendering depends on the cells and the definitions alone (the
    same link references; footnote and abbreviation extensions are not allowed). No source holds a `<`: the raw HTML
    preprocessor reads the whole document as HTML, and a tag left open in one table (`<a href="`) runs on to the
    next quote, hiding what a line of another table starts (a comment, a block). What else could reach across blocks (a
    raw HTML block, a fence, a container left open, a blank line inside a source) would swallow or move a separator
    or add a block: the document's top level must be each table, then its separator, and nothing else (the definitions
    render nothing), else None. So a table's own render is its HTML alone, as between two separators."""
    if len(tables) < 2 or not enabled() or not all(isinstance(name, str) and name in RENDERED_ALIKE_TOGETHER
                                                   for name in extensions):
        return None
    if any(not source[:1].strip() or "<" in source or not all(line.strip() for line in source.rstrip("\n").split("\n"))
           for source in tables):
        return None
    everything = "".join(tables) + definitions
    word = next(f"HouseTablesApart{k}" for k in range(len(everything) + 1) if f"HouseTablesApart{k}" not in everything)
    md, top = _together_markdown(extensions, configs)
    html = md.convert("".join(f"{source}\n{word}\n\n" for source in tables) + definitions)
    if top != [("table", None), ("p", word)] * len(tables):
        return None
    pieces = html.split(f"<p>{word}</p>")
    if len(pieces) != len(tables) + 1:
        return None
    return [first_table_cells(piece.strip()) for piece in pieces[:-1]]


_TOGETHER: dict[tuple, tuple] = {}


def _together_markdown(extensions: tuple[str, ...], configs: dict) -> tuple[markdown.Markdown, list]:
    """A reset Markdown instance for the stack (render_python_markdown's), whose last tree processor records each
    top-level element of the document it rendered as (tag, text when it is a paragraph of text alone)."""
    key = (tuple(extensions), repr(sorted(configs.items())), os.getcwd())
    if key not in _TOGETHER:
        if len(_TOGETHER) >= 8:
            _TOGETHER.clear()
        md = markdown.Markdown(extensions=list(extensions), extension_configs=configs)
        with_mkdocs_relpath(md)
        top: list = []
        md.treeprocessors.register(_TopLevel(md, top), "house_tables_top_level", -1000)
        _TOGETHER[key] = (md, top)
    md, top = _TOGETHER[key]
    md.reset()
    top.clear()
    return md, top


class _TopLevel(Treeprocessor):
    """Records the document's top-level elements: (tag, text) where a paragraph holds text alone, else (tag, None)."""

    def __init__(self, md: markdown.Markdown, top: list):
        super().__init__(md)
        self.top = top

    def run(self, root) -> None:
        self.top[:] = [(child.tag, child.text if child.tag == "p" and not len(child) else None) for child in root]


def render_gfm(source: str) -> str:
    """HTML of a Markdown source as cmark-gfm renders it (raw HTML kept)."""
    return cmarkgfm.github_flavored_markdown_to_html(source, options=Options.CMARK_OPT_UNSAFE)


def render_gfm_footnotes(source: str) -> str:
    """As render_gfm, with GFM footnotes (references become `<sup class="footnote-ref">`)."""
    return cmarkgfm.github_flavored_markdown_to_html(source, options=Options.CMARK_OPT_UNSAFE
                                                     | Options.CMARK_OPT_FOOTNOTES)


# The last HTML first_table_cells read and its cells (fast paths only): fix reads the engine's rendering of the
# table rebuilt from our cells and of the table as written, which are often the same HTML.
_LAST_CELLS: list[tuple[str, tuple[tuple[str, ...], ...] | None] | None] = [None]


def first_table_cells(html: str) -> list[list[str]] | None:
    """Inner HTML of each cell of the first table, header row first; None when there is no table. A function of
    html alone: the same HTML twice in a row is read once (new lists each time)."""
    last = _LAST_CELLS[0] if enabled() else None
    if last is None or last[0] != html:
        cells = _first_table_cells(html)
        last = (html, None if cells is None else tuple(map(tuple, cells)))
        if enabled():
            _LAST_CELLS[0] = last
    return None if last[1] is None else [list(row) for row in last[1]]


def _first_table_cells(html: str) -> list[list[str]] | None:
    """first_table_cells, read."""
    html = unknown_references_literal(html)
    table = simple_first_table(html) if enabled() else None
    if table is not None:  # the tree bs4 would build, written as bs4 writes it
        forget_cells()
        return [[cell_html(cell.contents, HTML_SPACE) for cell in row.contents
                 if isinstance(cell, Element) and cell.name in ("th", "td")] for row in _simple_rows(table)]
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    table = soup.find("table")
    if table is None:
        return None
    return [[_inner_html(cell) for cell in tr.find_all(["th", "td"], recursive=False)] for tr in _own_rows(table)]


def _inner_html(cell: Tag) -> str:
    """A cell's inner HTML as bs4 writes it (`decode_contents`), stripped; a cell of one text without bs4's
    serialiser: its "minimal" formatter escapes `&`, `<` and `>` in a text outside `<script>`/`<style>`."""
    from bs4 import NavigableString

    contents = cell.contents
    if enabled() and len(contents) <= 1 and all(type(node) is NavigableString for node in contents):
        return escape_text(str(contents[0])).strip(HTML_SPACE) if contents else ""
    return cell.decode_contents().strip(HTML_SPACE)


def simple_first_table(html: str) -> Element | None:
    """The table a rendering opens with (after text at most), when it is simple HTML (see simple_html)."""
    nodes = parse(html.lstrip(" \n"), first_table=True) if html.lstrip(" \n").startswith("<table") else None
    if not nodes or not isinstance(nodes[-1], Element) or nodes[-1].name != "table":
        return None
    return nodes[-1]


def _simple_rows(table: Element) -> list[Element]:
    """_own_rows of a simple tree."""
    rows = []
    for child in table.contents:
        if isinstance(child, Element) and child.name in ("thead", "tbody", "tfoot", "tr"):
            rows.extend([child] if child.name == "tr" else
                        [row for row in child.contents if isinstance(row, Element) and row.name == "tr"])
    return rows


def _own_rows(table) -> list:
    """The table's own rows, in order (a table nested in a cell keeps its rows to itself)."""
    rows = []
    for child in table.find_all(["thead", "tbody", "tfoot", "tr"], recursive=False):
        rows.extend([child] if child.name == "tr" else child.find_all("tr", recursive=False))
    return rows


@lru_cache(maxsize=8192)
def canonical(fragment: str) -> str:
    """A fragment in a comparable form: tags and sorted attributes, text decoded as a browser decodes it, collapsed
    whitespace."""
    fragment = unknown_references_literal(fragment)
    if "<" not in fragment and "&" not in fragment:  # plain text: what parsing would give, without a parser
        return _WHITESPACE.sub(" ", _escape(fragment)).strip(" ")
    simple = parse(fragment) if enabled() else None
    if simple is not None:  # the tree bs4 would build
        return _WHITESPACE.sub(" ", "".join(_canonical_simple(node) for node in simple)).strip(" ")
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(fragment, "html.parser")
    return _WHITESPACE.sub(" ", "".join(_canonical_node(node) for node in soup.contents)).strip(" ")


def _canonical_node(node) -> str:
    """One node of a fragment in canonical form (comments dropped: they render nothing)."""
    from bs4 import Comment, NavigableString, Tag

    if isinstance(node, Comment):
        return ""
    if isinstance(node, NavigableString):
        return _escape(str(node))
    if not isinstance(node, Tag):
        return ""
    attrs = "".join(f' {k}="{_escape(_attribute(k, _attr(v)))}"' for k, v in sorted(node.attrs.items()))
    inner = "".join(_canonical_node(child) for child in node.contents)
    return f"<{node.name}{attrs}>{inner}</{node.name}>"


def _canonical_simple(node) -> str:
    """_canonical_node of a simple tree (a multi-valued attribute of it joins back to its value)."""
    if isinstance(node, str):
        return _escape(node)
    attrs = "".join(f' {k}="{_escape(_attribute(k, v))}"' for k, v in sorted(node.attrs.items()))
    return f"<{node.name}{attrs}>{''.join(_canonical_simple(child) for child in node.contents)}</{node.name}>"


def _attribute(name: str, value: str) -> str:
    """An attribute's value in canonical form: a style's declarations (see css.canonical_style), else as written."""
    return canonical_style(value) if name == "style" else value


def _attr(value) -> str:
    """An attribute value as text (bs4 gives lists for class)."""
    return " ".join(value) if isinstance(value, list) else str(value)


def _escape(text: str) -> str:
    """Escape only what HTML requires."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
