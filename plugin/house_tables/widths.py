"""Column widths: whole percents that add up to exactly 100.

`content` policy (the default): a column's weight is the display width of its widest cell's
visible text (East Asian wide characters and emoji count two), clamped to 4..60 so one long cell
cannot starve the others; shares below the floor (max(5, min(10, 50 // columns)) percent, when
that fits) are raised to it, and percents are rounded by largest remainder, ties to the leftmost
column. `equal` policy: 100 / N each, the remainder to the leftmost columns.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

MIN_WEIGHT, MAX_WEIGHT = 4, 60


def display_width(text: str) -> int:
    """Terminal-style width: wide and fullwidth characters count 2, combining marks 0."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char) or char in "\u200d\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


# Plain HTML as html.parser reads it, piece by piece: text without `<`, `>`, `&`, CR or NUL (data as written), a
# reference `&name;` / `&#n;` / `&#xh;` (data, decoded by html.unescape as the parser decodes data), a start or end
# tag of an element of ordinary content (dropped; no element whose content html.parser reads raw in any version:
# `script`, `style`, `textarea`, `title`, ...), attribute values without `"`, `<`, `>` or `&`.
_ORDINARY = "a|abbr|b|br|cite|code|del|dfn|em|i|img|ins|kbd|mark|p|q|s|samp|small|span|strong|sub|sup|u|var"
# A pattern string, compiled (and kept in re's cache) by the first page with a cell of HTML: 4 M instructions that
# every build importing this module paid, for pages that mostly have none.
_PLAIN_HTML = (
    r"(?P<text>[^<>&\r\x00]+)"
    r"|(?P<reference>&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});)"
    r"|<(?:/(?:" + _ORDINARY + r")|(?:" + _ORDINARY + r""")(?: [a-z][a-z0-9-]*="[^"<>&\r\x00]*")* ?/?)>"""
)


def visible_text(fragment: str) -> str:
    """The text a reader sees in an HTML fragment (tags and comments dropped, references decoded)."""
    if "<" not in fragment and "&" not in fragment:
        return fragment
    plain = _plain_visible_text(fragment)
    if plain is not None:
        return plain
    reader = _text_reader()()
    reader.feed(fragment)
    reader.close()
    return "".join(reader.texts)


def _plain_visible_text(fragment: str) -> str | None:
    """visible_text of plain HTML (see _PLAIN_HTML) without the parser, or None when the fragment is not plain.
    Its data is its texts and references in order; html.unescape of their concatenation is the parser's data (it
    decodes each run of data between tags, and a reference ends at its `;`: joining runs makes no new one)."""
    data, position = [], 0
    for match in re.finditer(_PLAIN_HTML, fragment):
        if match.start() != position:
            return None
        position = match.end()
        if match.lastgroup is not None:
            data.append(match.group())
    if position != len(fragment):
        return None
    return html.unescape("".join(data))


@lru_cache(maxsize=1)
def _text_reader() -> type:
    """The HTML parser that collects a fragment's character data (html.parser imported only when one is read)."""
    from html.parser import HTMLParser

    class TextReader(HTMLParser):
        """Collects the character data of a fragment."""

        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.texts: list[str] = []

        def handle_data(self, data: str) -> None:
            """Keep text; tags, comments and declarations have their own handlers and are dropped."""
            self.texts.append(data)

    return TextReader


def equal_widths(columns: int) -> list[int]:
    """100 split as evenly as whole numbers allow."""
    base, extra = divmod(100, columns)
    return [base + (index < extra) for index in range(columns)]


def content_widths(columns_text: list[list[str]]) -> list[int]:
    """Percents weighted by the widest visible text of each column (see the module docstring)."""
    weights = [min(MAX_WEIGHT, max(MIN_WEIGHT, _widest(texts))) for texts in columns_text]
    shares = _with_floor([w / sum(weights) * 100 for w in weights], _floor(len(weights)))
    return round_to_100(shares)


def _widest(texts: list[str]) -> int:
    """The largest display width of the texts (0 for none); ASCII text is as wide as it is long."""
    if all(map(str.isascii, texts)):
        return max(map(len, texts), default=0)
    return max(map(display_width, texts), default=0)


def _floor(columns: int) -> float:
    """The smallest share a column gets."""
    return min(max(5, min(10, 50 // columns)), 100 / columns)


def _with_floor(shares: list[float], floor: float) -> list[float]:
    """Raise shares below the floor to it, taking the difference proportionally from the others."""
    fixed: set[int] = set()
    while True:
        low = {i for i, share in enumerate(shares) if share < floor - 1e-9} - fixed
        if not low:
            return shares
        fixed |= low
        free = [i for i in range(len(shares)) if i not in fixed]
        room = 100 - floor * len(fixed)
        total = sum(shares[i] for i in free) or 1
        shares = [floor if i in fixed else shares[i] / total * room for i in range(len(shares))]


def round_to_100(shares: list[float]) -> list[int]:
    """Whole percents by largest remainder, so they add up to exactly 100."""
    whole = [int(share) for share in shares]
    order = sorted(range(len(shares)), key=lambda i: (-(shares[i] - whole[i]), i))
    for index in order[: 100 - sum(whole)]:
        whole[index] += 1
    return whole


def reads_texts(config, directive) -> bool:
    """Whether column_widths reads the columns' texts (the `content` policy), or only counts the columns."""
    if directive and directive.widths:
        return False
    return ((directive.policy if directive else None) or config.widths) != "equal"


def column_widths(columns: list[list[str]], config, directive) -> list[int]:
    """Directive widths, else the configured (or directive's) policy over each column's visible texts (config: a
    Config, directive: a Directive or None)."""
    if directive and directive.widths:
        return list(directive.widths)
    policy = (directive.policy if directive else None) or config.widths
    if policy == "equal":
        return equal_widths(len(columns))
    return content_widths(columns)
