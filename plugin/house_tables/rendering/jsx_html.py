"""House JSX (as written in sources) back to HTML: for MkDocs previews of hand-written JSX tables,
and to check each converted cell reads back as the HTML it came from.

A cell's JSX is read as MDX reads a `<td>` line: `{/* comments */}` vanish, `{"JS strings"}` are
text, `style={{...}}` objects become CSS strings, React prop names become HTML attribute names, and
the rest is inline Markdown (rendered by cmark-gfm, raw tags kept).
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from ..parsing.house_form import house_tables
from .fast import enabled
from .fragments import render_gfm, render_gfm_footnotes
from .jsx import REACT_HYPHENATED, REACT_NAMES
from .layout import kebab_case

_JS_STRING = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
_BRACED = re.compile(r"\{/\*.*?\*/\}|\{\s*(" + _JS_STRING + r")\s*\}", re.DOTALL)
_CODE_ESCAPE_OR_BRACE = re.compile(r"(?P<ticks>`+)|\\[\s\S]|\{")
_STYLE = re.compile(r"style=\{\{(.*?)\}\}", re.DOTALL)
_STYLE_ITEM = re.compile(r"\s*([A-Za-z_$][\w$]*|" + _JS_STRING + r")\s*:\s*(" + _JS_STRING + r"|-?[\d.]+)\s*,?")
_ATTR_NAME = re.compile(r"(?<=\s)([A-Za-z][\w:-]*)(?==)")
_FOOTNOTES_SECTION = '<section class="footnotes"'
_TOKEN = re.compile("\ue002(\\d+)\ue003")
_HTML_NAMES = {
    "className": "class",
    "htmlFor": "for",
    **{name: name.lower() for name in REACT_NAMES.split()},
    **{re.sub(r"[-:](.)", lambda m: m.group(1).upper(), name): name for name in REACT_HYPHENATED.split()},
}


def jsx_to_html(jsx: str, footnotes: tuple[str, ...] = ()) -> str:
    """One line of cell JSX as the HTML MDX renders for it; `[^label]` of the page's footnotes are references."""
    markup, texts = _markup(jsx)
    # A leading private-use character keeps cmark from reading `1. x`, `# x` or `> x` as blocks: on a
    # `<td>` line MDX parses inline Markdown only.
    source = "\ue004" + markup + "".join(f"\n\n[^{label}]: note" for label in footnotes)
    rendered = render_gfm_footnotes(source) if footnotes else render_gfm(source)
    rendered = _inline(rendered.split(_FOOTNOTES_SECTION, 1)[0]).replace("\ue004", "", 1)
    return _TOKEN.sub(lambda m: texts[int(m.group(1))], rendered)


def _markup(jsx: str) -> tuple[str, list[str]]:
    """A cell's JSX as the Markdown cmark reads for it, JS strings as tokens; and the escaped text of each token."""
    texts: list[str] = []

    def keep(match: re.Match) -> str:
        """Comments vanish; JS strings become escaped text behind a token (no Markdown inside)."""
        if match.group(1) is None:
            return ""
        texts.append(html.escape(_js_string(match.group(1)), quote=False))
        return f"\ue002{len(texts) - 1}\ue003"

    return _attributes(_braced_outside_code(jsx, keep)), texts


def _braced_outside_code(jsx: str, keep) -> str:
    """_BRACED replaced by keep's text except inside code spans and after a backslash: MDX reads a line from left
    to right, and a code span that opens first holds `{'{'}` as its text, as `\\{` is a brace (no expression)."""
    if "`" not in jsx and "\\" not in jsx:
        return _BRACED.sub(keep, jsx)
    parts, pos = [], 0
    while (match := _CODE_ESCAPE_OR_BRACE.search(jsx, pos)) is not None:
        start, end = match.span()
        if match.group("ticks"):
            closing = re.compile(rf"(?<!`){match.group('ticks')}(?!`)").search(jsx, end)
            end = closing.end() if closing else end  # with no closing run of the same length, the backticks are text
        braced = _BRACED.match(jsx, start) if jsx[start] == "{" else None
        parts.append(jsx[pos:start] + keep(braced) if braced else jsx[pos:end])
        pos = braced.end() if braced else end
    return "".join(parts) + jsx[pos:]


# In a cell's JSX these would be mistaken for our tokens, or end the one-line paragraph early.
_NOT_BATCHED = re.compile("[\ue002-\ue004\r\n]")


# The cells jsx_cells_to_html read (fast paths only), by their JSX: fix reads a converted table's cells back, then
# renders the page with that table, whose extension reads the same cells again. A function of the cells alone.
_READ: dict[tuple[str, ...], tuple[str, ...]] = {}
_READ_CELLS = [0]  # how many cells _READ holds
_READ_MOST = 200_000  # cells kept at most (then forgotten, all at once)


def jsx_cells_to_html(cells: list[str]) -> list[str]:
    """jsx_to_html of each cell (no footnotes), rendered by cmark-gfm in one document: each cell is a paragraph of
    its own, a blank line between them, so each renders as on its own (one line `<p>...</p>`: a paragraph opening
    with a private-use character can be no block nor definition; without footnotes no cell reads another). Any
    cell that does not allow this (a token character or line break in it), or output of another shape: one by one.
    The same cells read again (fast paths) are the cells read before (a new list)."""
    if not enabled():
        return _cells_to_html(cells)
    key = tuple(cells)
    read = _READ.get(key)
    if read is None:
        read = tuple(_cells_to_html(cells))
        if _READ_CELLS[0] + len(key) > _READ_MOST:
            _READ.clear()
            _READ_CELLS[0] = 0
        _READ[key] = read
        _READ_CELLS[0] += len(key)
    return list(read)


# A cell of these characters alone, holding no `www.` (GFM's autolink of an address without a scheme; the others need
# `:` or `@`), is text to every step of jsx_to_html: no JSX expression or attribute, nothing cmark-gfm reads as inline
# Markdown or writes escaped, no block after the leading private-use character. cmark-gfm strips a paragraph's final
# spaces and nothing else (tests/test_house_build_paths.py compares the two on generated cells).
_PLAIN_CELL = re.compile(r"[A-Za-z0-9 .,;?!'()/#%+-]*")


def _plain(jsx: str) -> bool:
    """Whether a cell's JSX renders as its own text, final spaces aside (see _PLAIN_CELL)."""
    return _PLAIN_CELL.fullmatch(jsx) is not None and "www." not in jsx.lower()


def _cells_to_html(cells: list[str]) -> list[str]:
    """jsx_cells_to_html, read: plain cells (_plain) as their text, the others rendered together."""
    if not enabled():
        return [jsx_to_html(jsx) for jsx in cells]
    marked = [None if _plain(jsx) else jsx for jsx in cells]
    rendered = iter(_rendered_together([jsx for jsx in marked if jsx is not None]))
    return [jsx.rstrip(" ") if mark is None else next(rendered) for jsx, mark in zip(cells, marked)]


def _rendered_together(cells: list[str]) -> list[str]:
    """jsx_to_html of each cell, by one render of them all where they allow it (see jsx_cells_to_html)."""
    if not cells:
        return []
    if any(_NOT_BATCHED.search(jsx) for jsx in cells):
        return [jsx_to_html(jsx) for jsx in cells]
    prepared = [_markup(jsx) for jsx in cells]
    lines = render_gfm("\n\n".join("\ue004" + markup for markup, _ in prepared)).split("\n")
    if (len(lines) != len(cells) + 1 or lines[-1]
            or not all(line.startswith("<p>\ue004") and line.endswith("</p>") and _FOOTNOTES_SECTION not in line
                       for line in lines[:-1])):
        return [jsx_to_html(jsx) for jsx in cells]
    return [_TOKEN.sub(lambda m, texts=texts: texts[int(m.group(1))], line[4:-4])
            for line, (_, texts) in zip(lines, prepared)]


# A JS string literal's escapes (ECMAScript's EscapeSequence): \u{...}, \uXXXX, \xXX, a single character (b f n r t v 0,
# anything else standing for itself: `\'`, `\"`, `\\`, `\/`); JSON knows only some of them (`\'` and `\x41` stopped the
# build with a JSONDecodeError).
_JS_ESCAPE = re.compile(r"\\(?:u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})|(.))", re.DOTALL)
_JS_SINGLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "0": "\0",
              "\n": "", "\r": "", "\u2028": "", "\u2029": ""}  # (a line continuation: nothing)


def _js_string(literal: str) -> str:
    """The value of a JS string literal (quotes included), as JS reads it: a UTF-16 pair of `\\u` escapes is one
    character."""
    body = literal[1:-1]
    if "\\" not in body:
        return body
    value = _JS_ESCAPE.sub(_js_escaped, body)
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _js_escaped(match: re.Match) -> str:
    """The character one escape stands for."""
    code = match.group(1) or match.group(2) or match.group(3)
    if code is not None:
        number = int(code, 16)
        return chr(number) if number <= 0x10FFFF else match.group(0)  # (past U+10FFFF: JS refuses the literal)
    return _JS_SINGLE.get(match.group(4), match.group(4))


def _attributes(markup: str) -> str:
    """Style objects as CSS strings and React prop names as HTML attribute names."""
    # Each pattern holds a literal the markup must hold for it to match (a long cell of text is not searched)
    if "style={{" in markup or not enabled():
        markup = _STYLE.sub(lambda m: f'style="{html.escape(_css(m.group(1)))}"', markup)
    if "=" in markup or not enabled():
        markup = _ATTR_NAME.sub(lambda m: _HTML_NAMES.get(m.group(1), m.group(1)), markup)
    return markup


def _css(body: str) -> str:
    """`a: "b", fontWeight: 700` -> `a: b; font-weight: 700`."""
    items = []
    for match in _STYLE_ITEM.finditer(body):
        key, value = match.group(1).strip("\"'"), match.group(2)
        value = _js_string(value) if value[0] in "\"'" else value
        items.append(f"{key if key.startswith('--') else kebab_case(key)}: {value}")
    return "; ".join(items)


def _inline(rendered: str) -> str:
    """cmark-gfm's paragraph wrapper removed: a `<td>` line's content is inline."""
    text = rendered.strip()
    if text.startswith("<p>") and text.endswith("</p>"):
        return text[3:-4]
    return text


def jsx_tables_to_html(text: str) -> str:
    """A source with every house JSX table (a `<table ...>` line to its `</table>` line) as HTML."""
    lines = text.split("\n")
    for start, end, prefix in reversed(jsx_tables(lines)):
        lines[start : end + 1] = [prefix + line for line in jsx_table_html(lines[start : end + 1], prefix)]
    return "\n".join(lines)


def jsx_tables(lines: list[str]) -> list[tuple[int, int, str]]:
    """(first, last, prefix) line indices of each house JSX table (see parsing.house_form)."""
    return house_tables(lines)


def jsx_table_html(lines: list[str], prefix: str, footnotes: tuple[str, ...] = ()) -> list[str]:
    """The HTML lines of one JSX table (prefix removed from each line); footnotes: the page's labels."""
    lines = [line[len(prefix):] if line.startswith(prefix) else line.lstrip() for line in lines]
    if enabled() and not footnotes:  # no footnote definitions to append: every cell as jsx_to_html(cell) reads it
        return _table_lines_at_once(lines)
    return [_line_to_html(line, footnotes) for line in lines]


def _table_lines_at_once(lines: list[str]) -> list[str]:
    """_line_to_html of each line, every cell read back in one render (jsx_cells_to_html)."""
    cells = [_CELL.match(line) for line in lines]
    read = iter(jsx_cells_to_html([cell.group(2) for cell in cells if cell]))
    return [tag_attributes(cell.group(1)) + next(read) + cell.group(3) if cell
            else tag_attributes(line).replace(" />", ">") for line, cell in zip(lines, cells)]


@lru_cache(maxsize=4096)
def tag_attributes(markup: str) -> str:
    """_attributes of a table's structure line or cell opening: a table repeats a few of them for every row."""
    return _attributes(markup)


_CELL = re.compile(r"^(\s*<t[dh]\b[^>]*>)(.*)(</t[dh]>\s*)$")


def _line_to_html(line: str, footnotes: tuple[str, ...] = ()) -> str:
    """One line of a JSX table: structure tags get HTML attributes, cell contents are read as MDX."""
    cell = _CELL.match(line)
    if cell:
        return _attributes(cell.group(1)) + jsx_to_html(cell.group(2), footnotes) + cell.group(3)
    return _attributes(line).replace(" />", ">")
