"""Hypothesis strategies for documents dense in table-like content."""

import functools
import re

from hypothesis import assume
from hypothesis import strategies as st

WORDS = ["a", "b", "x y", "Flag", "é", "中文", "👍", "1", "a_b", "3.14"]
INLINE = [
    "`a|b`", "`x \\| y`", "``c|d``", "`code`", "\\|", "a \\\\| b", "**b**", "*e*", "[t](http://u.example)",
    "&#124;", "&vert;", "a\tb", "List&lt;T&gt;", "\\`", "`", "~~s~~", "<span>h</span>", "a&nbsp;b",
]
# Inert text that must stay inert: escaped links and emphasis, a reference only code defines, raw tags.
ADVERSARIAL = [
    "\\[click\\](javascript:alert(1))", "\\*not em\\*", "[1]", "[r][ref]", "<img src=x onerror=alert(1)>",
    "&lt;script&gt;", "\\<b\\>", "{x}", "<a href=\"",
]
# Not here: an HTML comment opening a row line (`<!-- c --> a | b`). Python-Markdown itself then splits the table
# and moves text after the page's end; the scanner does not follow it there (a known limit, see README).
DELIMITERS = ["---", "-", ":--", "--:", ":-:", " --- ", "-:", ":-"]
LENIENT_DELIMITERS = ["- -", ":", "-:-", "==="]
BLOCKS = [
    "text line", "# Heading", "- item", "1. item", "> quote", "***", "---", "```", "~~~", "<div>x</div>",
    "    indented", "|", "a | b", "<!-- c -->",
]


def _sampled(options) -> st.SearchStrategy:
    """st.sampled_from(options), made once per list of options: a strategy made anew at every draw is validated
    anew, which took most of the time generating a document took (the same choices draw the same values)."""
    return _sampled_from(tuple(options))


_sampled_from = functools.cache(st.sampled_from)


@functools.cache
@st.composite
def cell_text(draw) -> str:
    """A cell: words and inline tokens, sometimes empty."""
    parts = draw(st.lists(_sampled(WORDS + INLINE + ADVERSARIAL), min_size=0, max_size=3))
    return " ".join(parts)


@functools.cache
@st.composite
def row(draw, cells: int) -> str:
    """A row of cells with random outer pipes and spacing."""
    texts = [draw(cell_text()) for _ in range(cells)]
    body = draw(_sampled([" | ", "|", " |", "| "])).join(texts)
    lead, trail = draw(_sampled([("| ", " |"), ("|", "|"), ("", ""), ("| ", ""), ("", " |")]))
    return lead + body + trail + draw(_sampled(["", "", " ", "  "]))


@functools.cache
@st.composite
def table(draw) -> list[str]:
    """Header, delimiter (usually matching) and ragged body rows, maybe followed by a block line."""
    columns = draw(st.integers(1, 4))
    header = draw(row(columns))
    count = columns if draw(st.integers(0, 5)) else draw(st.integers(1, 5))
    cells = [draw(_sampled(DELIMITERS + LENIENT_DELIMITERS * draw(st.booleans()))) for _ in range(count)]
    outer = draw(st.booleans()) or count == 1
    delimiter = ("|" + "|".join(cells) + "|") if outer else "|".join(cells)
    body = [draw(row(max(0, columns + draw(st.integers(-1, 1))))) for _ in range(draw(st.integers(0, 4)))]
    tail = [draw(_sampled(BLOCKS))] if draw(st.integers(0, 3)) == 0 else []
    return [header, delimiter, *body, *tail]


def _indented(lines: list[str], prefix: str) -> list[str]:
    """Lines with a container prefix (blank lines keep only the quote marker)."""
    return [prefix + line if line else prefix.rstrip(" ") for line in lines]


CONTAINERS = ("admonition", "details", "tab", "list", "quote", "div", "jsx", "fence", "blocks", "directive")


@functools.cache
@st.composite
def container(draw, kinds: tuple[str, ...] = CONTAINERS) -> list[str]:
    """A table inside one of the containers MkDocs or MDX pages use (one of kinds)."""
    inner = draw(table())
    blank = [""] if draw(st.booleans()) else []
    kind = draw(_sampled(kinds))
    if kind == "admonition":
        return ["!!! note", *blank, *_indented(inner, "    ")]
    if kind == "details":
        return ['???+ note "Title"', *blank, *_indented(inner, "    ")]
    if kind == "tab":
        return ['=== "Tab"', *blank, *_indented(inner, "    ")]
    if kind == "list":
        return ["- item", *blank, *_indented(inner, draw(_sampled(["  ", "    ", "\t"])))]
    if kind == "quote":
        return _indented([*blank, *inner], "> ")
    if kind == "div":
        return ["<div markdown>", *blank, *inner, *blank, "</div>"]
    if kind == "jsx":
        indent = draw(_sampled(["", "  ", "    "]))
        return ["<Tabs>", f'{indent}<Tab label="a">', *blank, *_indented(inner, indent), *blank, f"{indent}</Tab>",
                "</Tabs>"]
    if kind == "blocks":
        return ["/// note", *blank, *inner, *blank, "///"]
    if kind == "directive":  # Docusaurus admonitions (remark-directive); the closing fence may be missing
        colons = draw(_sampled([":::", "::::"]))
        closing = [draw(_sampled([colons, ":::", "::::"]))] if draw(st.integers(0, 4)) else []
        return [f"{colons}note", *blank, *inner, *closing]
    fence = draw(_sampled(["```", "~~~", "````", "```markdown", '```yaml hl_lines="1"', '```md title="x.md"',
                                  '```py linenums="1"']))
    closing = [fence[: len(fence) - len(fence.lstrip(fence[0]))]] if draw(st.integers(0, 4)) else []
    return [fence, *inner, *closing]


# What opens a line: indentation, a list marker, quote markers.
_LINE_PREFIX = re.compile(r"[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+)?(?:>[ \t]*)*")


def hangs_python_markdown(text: str) -> bool:
    """Whether text may hold what pymdown-extensions' blocks (13.x) never finishes parsing, Python-Markdown alone (so
    MkDocs never builds such a page either): a quoted `///` block followed, in the same block, by another `///`
    opener (`> /// note`, `> ///`, `/// note`; the closer may be lazy; in a list or a nested quote too). Generated
    pages leave it out (conservatively: a quoted `///` line and three `///` lines in one block), for no reading of
    such a page ends to be compared."""
    for block in re.split(r"\n[ \t]*\r?\n", text):
        prefixes = [_LINE_PREFIX.match(line) for line in block.split("\n")]
        fences = [match for match in prefixes if match.string[match.end():].startswith("///")]
        if len(fences) >= 3 and any(">" in match.group(0) for match in fences):
            return True
    return False


def without_engine_hangs(text: str) -> str:
    """text, when no engine hangs on it (hangs_python_markdown); else the example is rejected."""
    assume(not hangs_python_markdown(text))
    return text


_DOCUMENT_PIECES = st.lists(st.one_of(table(), container(), _sampled(BLOCKS).map(lambda b: [b])), min_size=1,
                            max_size=6)  # documents' pieces


@functools.cache
@st.composite
def documents(draw) -> str:
    """A document of tables, containers and ordinary blocks, joined with or without blank lines."""
    pieces = draw(_DOCUMENT_PIECES)
    front = ["---", "title: T", "---", ""] if draw(st.integers(0, 5)) == 0 else []
    lines = list(front)
    for piece in pieces:
        lines.extend(piece)
        if draw(st.integers(0, 3)):
            lines.append("")
    newline = draw(_sampled(["\n", "\n", "\r\n"]))
    return without_engine_hangs(newline.join(lines) + newline)


# Lines a Docusaurus page opens or closes an admonition with (remark-directive), and its legacy `:::kw Title`.
COLON_LINES = [":::", "::::", ":::note", ":::tip Title", ":::note[Label]", "::::warning", ":::details{open}", "text"]


@functools.cache
@st.composite
def colon_documents(draw) -> str:
    """Tables with `:::` lines right under, above or between them: a container's fence where `:::name` is syntax
    (Docusaurus), a row or a paragraph where it is text (Mintlify, plain MDX)."""
    pieces = draw(_COLON_PIECES)
    lines: list[str] = []
    for piece in pieces:
        lines.extend(piece)
        if not draw(st.integers(0, 2)):
            lines.append("")
    return "\n".join(lines) + "\n"


# Lines a directive container is opened or closed with, or that only look like it (a name ending in `-`, text after
# the name, an unbalanced label, a title after a keyword Docusaurus does not know).
DIRECTIVE_OPENERS = [":::note", "::::note", ":::tip Title", ":::note[Label]", ":::details{open}", ":::warning[a [b] c]",
                     ":::note[a ] b", ":::x-", ":::note text", ":::custom Title", ":::danger  ", ":::1a"]
DIRECTIVE_CLOSERS = [":::", "::::", ":::::", "::: ", ":::x"]


@functools.cache
@st.composite
def _nested_blocks(draw, depth: int) -> list[str]:
    """Blocks for directive_documents: tables, paragraphs, fences (maybe with a `:::` line inside), and, while depth
    allows, directive containers, block quotes, list items and footnote definitions holding more of them."""
    kinds = ["table", "paragraph", "fence", "colons"] + (["directive", "quote", "list", "footnote"] if depth else [])
    kind = draw(_sampled(kinds))
    if kind == "table":
        return draw(_plain_table())
    if kind == "paragraph":
        return [draw(_sampled(["text", "- x", "> q", "# h", "# h [^n]"]))]  # (no call in a row: see check_mdx)
    if kind == "colons":
        return [draw(_sampled(DIRECTIVE_OPENERS + DIRECTIVE_CLOSERS))]
    inner: list[str] = []
    for part in draw(st.lists(_nested_blocks(depth - 1), min_size=1, max_size=3)):
        inner.extend(part)
        if draw(st.booleans()):
            inner.append("")
    if kind == "fence":
        return ["```", *inner[:3], *(["```"] if draw(st.booleans()) else [])]
    indent = draw(_sampled(["", "", " ", "  ", "    ", "\t"]))
    lazy = draw(st.integers(0, 3)) == 0  # a line of it without its container prefix
    if kind == "directive":
        closing = [indent + draw(_sampled(DIRECTIVE_CLOSERS))] if draw(st.integers(0, 4)) else []
        body = [indent * draw(st.booleans()) + line if line else line for line in inner]
        return [indent + draw(_sampled(DIRECTIVE_OPENERS)), *body, *closing]
    prefix = {"quote": "> ", "list": "- ", "footnote": "[^n]: "}[kind]
    follow = {"quote": "> ", "list": "  ", "footnote": "    "}[kind]
    lines = [prefix + inner[0], *(follow + line if line else follow.rstrip(" ") for line in inner[1:])]
    if lazy and len(lines) > 1:
        index = draw(st.integers(1, len(lines) - 1))
        lines[index] = lines[index][len(follow):] if lines[index].startswith(follow) else lines[index]
    return lines


@functools.cache
@st.composite
def directive_documents(draw) -> str:
    """Directive containers nested in and around block quotes, list items, footnote definitions and fences, with
    tables inside and after them: where each container closes decides which lines are rows (Docusaurus)."""
    lines: list[str] = []
    for part in draw(st.lists(_nested_blocks(3), min_size=1, max_size=5)):
        lines.extend(part)
        if draw(st.booleans()):
            lines.append("")
    return "\n".join(lines) + "\n\nSee [^n].\n"


@functools.cache
@st.composite
def _plain_table(draw) -> list[str]:
    """A table of cells every engine compiles (MDX included: no raw HTML or braces), its rows maybe ragged."""
    columns = draw(st.integers(1, 3))
    cells = _sampled(["a", "b c", "`x`", "**y**", "1", ""])
    rows = [" | ".join(draw(cells) for _ in range(draw(st.integers(1, columns))))
            for _ in range(draw(st.integers(0, 3)))]
    return ["| " + " | ".join(draw(cells) for _ in range(columns)) + " |", "|" + "---|" * columns,
            *(f"| {row} |" for row in rows)]


_COLON_PIECES = st.lists(st.one_of(_plain_table(), _sampled(COLON_LINES).map(lambda line: [line])), min_size=2,
                         max_size=6)  # colon_documents' pieces

RAW_TABLES = [
    "<table>\n<tr><td><code>__fields__</code></td><td><kbd>\\</kbd></td><td>a \\- b \\*c\\*</td></tr>\n</table>",
    '<table style="color: red">\n<tr><td>**not md**</td><td>[x](page.md)</td></tr>\n</table>',
]
HOUSE_TABLE_EXAMPLE = (
    '<table style={{width: "100%"}}>\n  <tbody>\n    <tr>\n      <td style={{padding: "9px"}}>a\\*b [l](page.md)</td>\n'
    "    </tr>\n  </tbody>\n</table>"
)
FENCE_OPENERS = ["```", "```html", '```html title="x.html"', '```yaml hl_lines="1"', '```md linenums="1"', "~~~"]
LINKS = [
    "See [the page](sub/page.md#anchor).", "![an image](img/x.png)", "[broken](missing.md)", "A note[^n].",
    "Back [home](../index.md).", "*[HTML]: Hyper Text", "Some HTML here.", ":material-check: done", "`#!py x = 1`",
    "```\n[1]: javascript:alert(1)\n```", "[ref]: index.md", "> [r]: javascript:alert(2)",
]


@functools.cache
@st.composite
def code_example(draw) -> list[str]:
    """A fence (with options) or an indented block showing tables, HTML or a snippet: code, never live."""
    shown = draw(_sampled(["table", "raw", "house", "snippet"]))
    inner = {"table": lambda: draw(table()), "raw": lambda: draw(_sampled(RAW_TABLES)).split("\n"),
             "house": lambda: HOUSE_TABLE_EXAMPLE.split("\n"), "snippet": lambda: ['--8<-- "code.py"']}[shown]()
    if draw(st.integers(0, 3)) == 0:
        return ["", *["    " + line if line else "" for line in inner], ""]
    opener = draw(_sampled(FENCE_OPENERS))
    return [opener, *inner, "~~~" if opener == "~~~" else "```"]


CALLOUT_LINES = st.builds("> [!{}]{}".format, _sampled(["NOTE", "tip", "Warning"]),
                          _sampled(["", " A title"]))


_SITE_PIECES = st.lists(st.one_of(
    table(), container(), code_example(),
    _sampled(RAW_TABLES).map(lambda t: t.split("\n")),
    _sampled(['--8<-- "table.md"', "!!! note\n\n    " + LINKS[0]]).map(lambda t: t.split("\n")),
    _sampled(LINKS).map(lambda b: [b]),
    _sampled(BLOCKS).map(lambda b: [b]),
), min_size=1, max_size=6)  # site_page's pieces


@functools.cache
@st.composite
def site_page(draw, callouts: bool = False) -> str:
    """A page of a small MkDocs site: pipe tables, containers, raw HTML tables, code examples, snippets, links;
    callouts: some of its pieces quoted under a `> [!TYPE]` callout line (mkdocs-callouts, gh-admonitions), and
    some raw HTML tables with such a line inside them (mkdocs-callouts rewrites it there too)."""
    lines = ["# Page", ""]
    for part in draw(_SITE_PIECES):
        if callouts and part[0].startswith("<table") and draw(st.booleans()):  # a callout line inside a raw table
            part = [part[0], draw(CALLOUT_LINES), *part[1:]]
        if callouts and draw(st.booleans()):
            part = [draw(CALLOUT_LINES), *(f"> {line}" if line.strip() else ">" for line in part), ""]
        lines.extend(part)
        if draw(st.integers(0, 3)):
            lines.append("")
    return without_engine_hangs("\n".join(lines) + "\n\n[^n]: the note\n")


@functools.cache
@st.composite
def snippet_files(draw) -> dict[str, str]:
    """The files pages include: code of a random length, and a page part holding a table."""
    code = "".join(f"value_{n} = {n}\n" for n in range(draw(st.integers(1, 30))))
    inner = draw(table())
    return {"snippets/code.py": code, "snippets/table.md": "Included text.\n\n" + "\n".join(inner) + "\n"}


# Lines a page Docusaurus reads as CommonMark (markdown.format 'md') may hold around its tables: each kind of HTML
# block opened (and some closed), complete tags that may not interrupt a paragraph, what MDX would read as JSX,
# expressions or ESM (text there), directive fences, quote and list markers.
HTML_LINES = [
    "<script>", "</script>", "<pre>x</pre>", "<style type=\"a\">", "<textarea>", "</textarea>", "<!-- c", "-->",
    "<!-- c -->", "<!-->", "<?php", "?>", "<!DOCTYPE html>", "<![CDATA[", "]]>", "<div>", "</div>", "<div/>",
    "<table>", "</table>", "<details>", "<DIV class=\"x\">", "<span>", "</span>", "<a href=\"x\">", "<b>x</b>",
    "<span>x</span> | y", "<a b=c=d>", "<a / >", "<x-y z>",
]
JSX_LOOKING_LINES = ["<Tabs>", "</Tabs>", "<Foo", "<Foo bar=\"x\" />", "<Foo bar={1}>", "{/* c */}", "{x}", "{", "}",
                     "import x from 'y'", "export const a = 1", "<>", "</>"]
COMMONMARK_OTHER_LINES = [":::note", ":::", ":::tip Title", "> q", "- x", "1. x", "2. x", "text", "# h", "```", "---"]
INDENTS = ["", "", " ", "   ", "    ", "     ", "\t", " \t"]


@functools.cache
@st.composite
def _commonmark_table(draw) -> list[str]:
    """A table whose rows may be indented (4 columns or more: indented code, or a paragraph's text) and whose cells
    may hold what MDX reads as JSX or expressions."""
    cells = _sampled(["a", "b c", "`x`", "{x}", "<b>y</b>", "<span>", "1", ""])
    columns = draw(st.integers(1, 3))
    lines = ["| " + " | ".join(draw(cells) for _ in range(columns)) + " |", "|" + "---|" * columns,
             *("| " + " | ".join(draw(cells) for _ in range(draw(st.integers(1, columns)))) + " |"
               for _ in range(draw(st.integers(0, 3))))]
    return [draw(_sampled(INDENTS)) + line for line in lines]


@functools.cache
@st.composite
def _commonmark_piece(draw, depth: int) -> list[str]:
    """A table, an indented block, a line of HTML, JSX-looking text or other syntax, or (while depth allows) a
    quote, list item or directive container holding more of them."""
    kinds = ["table", "table", "indented", "line", "html"] + (["quote", "list", "directive"] if depth else [])
    kind = draw(_sampled(kinds))
    if kind == "table":
        return draw(_commonmark_table())
    if kind == "indented":
        return ["    " + line for line in draw(_commonmark_table())]
    if kind == "line":
        return [draw(_sampled(INDENTS)) + draw(_sampled(JSX_LOOKING_LINES + COMMONMARK_OTHER_LINES))]
    if kind == "html":
        return [draw(_sampled(INDENTS[:4])) + draw(_sampled(HTML_LINES))]
    inner: list[str] = []
    for part in draw(st.lists(_commonmark_piece(depth - 1), min_size=1, max_size=3)):
        inner.extend(part)
        if draw(st.booleans()):
            inner.append("")
    if kind == "directive":
        return [":::note", *inner, *([":::"] if draw(st.integers(0, 3)) else [])]
    prefix, follow = {"quote": ("> ", "> "), "list": (draw(_sampled(["- ", "1. ", "-     "])), "  ")}[kind]
    lines = [prefix + inner[0], *(follow + line if line else "" for line in inner[1:])]
    if draw(st.integers(0, 3)) == 0 and len(lines) > 1:  # a lazy line
        index = draw(st.integers(1, len(lines) - 1))
        lines[index] = lines[index].removeprefix(follow)
    return lines


@functools.cache
@st.composite
def commonmark_documents(draw) -> str:
    """Pages as Docusaurus reads them under markdown.format 'md': tables mixed with indented code, HTML blocks of
    each kind, `<div>`s, lines MDX would read as JSX, expressions or ESM, directive containers, quotes and lists,
    joined with or without blank lines."""
    lines: list[str] = []
    for part in draw(st.lists(_commonmark_piece(2), min_size=1, max_size=7)):
        lines.extend(part)
        if draw(st.integers(0, 2)) == 0:
            lines.append("")
    return "\n".join(lines) + "\n"
