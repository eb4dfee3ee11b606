"""The document layer's containers: block quotes, list items, GFM footnote definitions and directive containers,
how a line's prefix opens or continues them (micromark's document tokenizer, tab stops of 4)."""

from __future__ import annotations

from dataclasses import dataclass

from .leaves import _thematic_break
from .syntax import LABEL_SIZE_MAX

TAB_SIZE = 4
ORDERED_DIGITS_MAX = 9  # most digits of an ordered list item's number
# The most columns of spaces before a container's marker or a closing fence where CommonMark has indented code (4
# would be code); None: MDX turns indented code off, and any indentation goes (micromark's `codeIndented` check).
COMMONMARK_INDENT_MAX = TAB_SIZE - 1


class _Prefix:
    """A position in the container prefix of a line, in characters and in columns (tabs stop every 4)."""

    __slots__ = ("col", "end", "pos", "text")

    def __init__(self, text: str, end: int, pos: int = 0, col: int = 0):
        self.text, self.end, self.pos, self.col = text, end, pos, col

    def copy(self) -> _Prefix:
        """An independent cursor at the same place."""
        return _Prefix(self.text, self.end, self.pos, self.col)

    def take(self, other: _Prefix) -> None:
        """Move to where another cursor (a successful look-ahead) got."""
        self.pos, self.col = other.pos, other.col

    def char(self) -> str | None:
        """The character here, None at the end of the line."""
        return self.text[self.pos] if self.pos < len(self.text) else None

    def space(self) -> bool:
        """Whether a space or (part of) a tab is here."""
        return self.pos < len(self.text) and self.text[self.pos] in " \t"

    def blank(self) -> bool:
        """Whether only spaces and tabs are left (end: where the line's trailing blanks begin)."""
        return self.pos >= self.end

    def advance(self, count: int = 1) -> None:
        """Step over non-tab characters, one column each."""
        self.pos += count
        self.col += count

    def eat_space(self, limit: int | None = None) -> int:
        """Consume up to limit columns of spaces and tabs (a tab may be consumed in part); columns eaten."""
        text, pos, col, eaten = self.text, self.pos, self.col, 0
        while pos < len(text) and (limit is None or eaten < limit):
            if text[pos] == " ":
                pos += 1
            elif text[pos] == "\t":
                if (col + 1) % TAB_SIZE == 0:  # the last column of this tab
                    pos += 1
            else:
                break
            col += 1
            eaten += 1
        self.pos, self.col = pos, col
        return eaten


@dataclass(eq=False)
class _Container:
    """An open block quote, list, GFM footnote definition or directive container, with micromark's state for it.

    A directive container (`:::note` ... `:::`, remark-directive) is a construct of the flow it opens in, but what
    it holds is a document of its own (micromark tokenizes its lines as a nested document, after looking on each
    for the closing fence): so it is kept here, with the containers, and closes as one (see _continue)."""

    kind: str  # "quote", "list", "footnote" or "directive"
    ordered: bool = False
    marker: str = ""
    size: int = 0  # columns a line must be indented by to continue the current list item
    initial_blank: bool = False  # the item started with a blank line
    further_blank: bool = False  # ... and a blank line followed
    label: str = ""  # a footnote definition's label, normalized
    colons: int = 0  # a directive container's opening colons (a closing fence needs as many or more)
    indent: int = 0  # ... and the columns of indentation before them (taken off each of its lines, at most)
    line: int = 0  # ... and the line it opened on; for a footnote definition, the line its innermost directive did
    depth: int = 0  # for a footnote definition, the directive containers around it (see _Findings.resolves)


_CONTINUED, _INDENTED, _NEW_ITEM, _ENDED, _CLOSED = "continued", "indented", "new item", "ended", "closed"


def _open_container(prefix: _Prefix, interrupt: bool, indent_max: int | None = None) -> _Container | None:
    """The container a line opens at prefix (moving past its marker), if any; indent_max: the most columns of spaces
    before its marker (COMMONMARK_INDENT_MAX, or None: any, MDX having no indented code)."""
    ahead = prefix.copy()
    initial = ahead.eat_space(indent_max)
    char = ahead.char()
    container = None
    if char == ">":
        ahead.advance()
        ahead.eat_space(1)
        container = _Container("quote")
    elif char == "[":
        container = _footnote_start(ahead)
    elif char is not None and (char in "*+-" or "0" <= char <= "9"):
        container = _list_start(ahead, initial, interrupt, None, indent_max is not None)
    if container is not None:
        prefix.take(ahead)
    return container


def _list_start(ahead: _Prefix, initial: int, interrupt: bool, item: _Container | None,
                commonmark: bool = False) -> _Container | None:
    """A list item marker at ahead (a new list, or the next item of `item`'s list), as micromark reads it;
    commonmark: more than 4 columns of spaces after the marker are one space and indented code (the item's content
    starts after one column), as where CommonMark has indented code."""
    text, start, char = ahead.text, ahead.pos, ahead.char()
    if char is None:
        return None
    ordered = item.ordered if item else char not in "*+-"
    if not ordered:
        if char not in "*+-" or (item and char != item.marker):
            return None
        if char in "*-" and _thematic_break(text, start):
            return None
        marker, width = char, 1
    else:
        end = start
        while end < len(text) and "0" <= text[end] <= "9" and end - start < ORDERED_DIGITS_MAX:
            end += 1
        marker = text[end] if end < len(text) else ""
        if end == start or (interrupt and (end - start > 1 or char != "1")):  # only `1.` may interrupt
            return None
        if marker not in (".", ")") or (item and marker != item.marker):
            return None
        width = end - start + 1
    ahead.advance(width)
    if ahead.blank():
        if interrupt:  # an empty item cannot interrupt
            return None
        size, initial_blank = initial + 1 + width, True
    else:
        spaces = _item_spaces(ahead, commonmark)
        if not spaces:
            return None
        size, initial_blank = initial + width + spaces, False
    found = item or _Container("list", ordered, marker)
    found.size, found.initial_blank, found.further_blank = size, initial_blank, False
    return found


def _item_spaces(ahead: _Prefix, commonmark: bool) -> int:
    """Consume the spaces after a list item's marker; the columns consumed (micromark's listItemPrefixWhitespace:
    with indented code, 1 to 4 columns before the content, else the first column alone)."""
    if not commonmark:
        return ahead.eat_space()
    probe = ahead.copy()
    spaces = probe.eat_space(TAB_SIZE)
    if not probe.space():
        ahead.take(probe)
        return spaces
    return ahead.eat_space(1)


def _footnote_start(ahead: _Prefix) -> _Container | None:
    """A GFM footnote definition `[^label]:` at ahead, with the whitespace after it."""
    text, pos = ahead.text, ahead.pos
    if not text.startswith("[^", pos):
        return None
    index, size = pos + 2, 0
    while True:
        if index >= len(text) or size > LABEL_SIZE_MAX or text[index] in "[ \t":
            return None
        if text[index] == "]":
            if not size:  # an empty label
                return None
            break
        escaped = text[index] == "\\" and index + 1 < len(text) and text[index + 1] in "[\\]"
        index += 2 if escaped else 1
        size += 2 if escaped else 1
    if not text.startswith(":", index + 1):
        return None
    ahead.advance(index + 2 - pos)
    ahead.eat_space()
    return _Container("footnote", label=_footnote_label(text[pos + 2:index]))


def _footnote_label(label: str) -> str:
    """A footnote label as micromark compares them (case and whitespace runs do not matter)."""
    return " ".join(label.split()).lower().upper()


def _continue(container: _Container, prefix: _Prefix, after_indent: bool, indent_max: int | None = None) -> str:
    """Whether a line continues an open container (moving past its prefix), starts its list's next item, or is
    the closing fence of a directive container (_CLOSED: it ends, with all it holds, and the line with it).

    after_indent: the container before it on this line was a footnote definition continued by its indent;
    indent_max: as _open_container's (a quote's marker, a directive's closing fence).
    """
    ahead = prefix.copy()
    if container.kind == "directive":
        if _closing_fence(ahead.copy(), container.colons, indent_max):
            return _CLOSED
        ahead.eat_space(container.indent)
    elif container.kind == "quote":
        ahead.eat_space(indent_max)
        if ahead.char() != ">":
            return _ENDED
        ahead.advance()
        ahead.eat_space(1)
    elif container.kind == "footnote":
        if ahead.blank():
            return _CONTINUED
        eaten = ahead.eat_space(TAB_SIZE)
        # micromark checks the last indent token; with no whitespace here, that is the enclosing definition's
        if eaten != TAB_SIZE and not (eaten == 0 and after_indent):
            return _ENDED
        prefix.take(ahead)
        return _INDENTED
    elif ahead.blank():
        container.further_blank = container.further_blank or container.initial_blank
        ahead.eat_space(container.size)
    else:
        further, container.further_blank, container.initial_blank = container.further_blank, False, False
        if further or not ahead.space() or ahead.eat_space(container.size) != container.size:
            return _next_item(container, prefix, indent_max)
    prefix.take(ahead)
    return _CONTINUED


def _closing_fence(ahead: _Prefix, colons: int, indent_max: int | None = None) -> bool:
    """Whether the rest of the line is a directive container's closing fence: at least as many colons as opened it,
    at most indent_max columns in (None: any, MDX having no indented code), blanks only after them."""
    ahead.eat_space(indent_max)
    text, start = ahead.text, ahead.pos
    end = start
    while end < ahead.end and text[end] == ":":
        end += 1
    return end - start >= colons and end >= ahead.end


def _next_item(container: _Container, prefix: _Prefix, indent_max: int | None = None) -> str:
    """A line not indented into the current list item may start the list's next item."""
    ahead = prefix.copy()
    initial = ahead.eat_space(indent_max)
    if _list_start(ahead, initial, False, container, indent_max is not None) is None:
        return _ENDED
    prefix.take(ahead)
    return _NEW_ITEM
