"""HTML (flow), the seven kinds of CommonMark's HTML blocks, as micromark reads them where MDX's JSX is not there
(a page Docusaurus reads as CommonMark): how one starts on its first line, the line that ends it, and the flow's
rule reading the lines in between (raw text: no table, no other construct)."""

from __future__ import annotations

import re

from ...model import Position
from . import syntax
from .lines import _Line
from .steps import _FlowSteps, _Steps

_TABLE_TAG = syntax._TABLE_TAG  # bound by assignment, not imported (see syntax)

RAW, COMMENT, INSTRUCTION, DECLARATION, CDATA, BASIC, COMPLETE = range(1, 8)  # the kinds, in CommonMark's order
RAW_NAMES = frozenset(("pre", "script", "style", "textarea"))  # micromark-util-html-tag-name
BLOCK_NAMES = frozenset((
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
    "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
    "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend",
    "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
    "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul"))
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
_SPACES = re.compile(r"[ \t]*")
_ATTRIBUTE_NAME = re.compile(r"[A-Za-z:_][A-Za-z0-9.:_-]*")
_UNQUOTED = re.compile(r"[^\"'/<=>` \t]*")
# What ends each kind that a line ends (micromark's continuation states, not the spec's looser wording): on the line
# the block starts on, matched right after its opener (`<!-->` is a whole comment, `<?>` a whole instruction); on
# the lines after it, searched from the line's start. Basic and complete HTML end at a blank line instead.
_END = {RAW: re.compile(r"</(?:pre|script|style|textarea)>", re.IGNORECASE), COMMENT: re.compile(r"-->"),
        INSTRUCTION: re.compile(r"\?>"), DECLARATION: re.compile(r">"), CDATA: re.compile(r"(?<!\])(?:\]\])+>")}
_JUST_OPENED = {COMMENT: "-*>|", INSTRUCTION: ">|"}  # `<!-->`, `<!--->`, `<?>`
_FIRST_END = {kind: re.compile(f"{_JUST_OPENED.get(kind, '')}.*?(?:{end.pattern})", end.flags)
              for kind, end in _END.items()}


def _html_start(line: _Line, interrupt: bool) -> tuple[int, int] | None:
    """The kind of HTML (flow) starting at the line's `<` and where its opener ends, or None (micromark's
    html-flow `open` .. `completeAfter`); interrupt: the line would interrupt a paragraph, which complete HTML (a
    lone tag of any other name) may not, unless the line is lazy."""
    text, pos = line.text, line.first + 1
    char = text[pos] if pos < len(text) else ""
    if char == "!":
        if text.startswith("--", pos + 1):
            return COMMENT, pos + 3
        if text.startswith("[CDATA[", pos + 1):
            return CDATA, pos + 8
        return (DECLARATION, pos + 2) if pos + 1 < len(text) and _ascii_alpha(text[pos + 1]) else None
    if char == "?":
        return INSTRUCTION, pos + 1
    closing = char == "/"
    name = _TAG_NAME.match(text, pos + closing)
    if name is None:
        return None
    end = name.end()
    after = text[end] if end < len(text) else ""
    if after not in ("", "/", ">", " ", "\t"):
        return None
    lower = name.group().lower()
    if lower in RAW_NAMES and after != "/" and not closing:
        return RAW, end
    if lower in BLOCK_NAMES:
        return (BASIC, end) if after != "/" or text.startswith(">", end + 1) else None
    if interrupt and not line.lazy:
        return None
    return (COMPLETE, end) if _complete_tag_rest(text, end, closing) else None


def _ascii_alpha(char: str) -> bool:
    return "a" <= char <= "z" or "A" <= char <= "Z"


def _complete_tag_rest(text: str, pos: int, closing: bool) -> bool:
    """Whether the rest of a complete tag from after its name is attributes (none in a closing tag), `>` and blanks
    only (micromark's complete* states: `a=b=c` is read as two values, `a=/>` as an empty one)."""
    pos = _SPACES.match(text, pos).end()
    if not closing:
        while (name := _ATTRIBUTE_NAME.match(text, pos)) is not None:
            pos = _attribute_value_end(text, name.end())
            if pos < 0:
                return False
            pos = _SPACES.match(text, pos).end()
        if text.startswith("/", pos):  # `/` right before `>`
            pos += 1
    return text.startswith(">", pos) and _SPACES.match(text, pos + 1).end() == len(text)


def _attribute_value_end(text: str, pos: int) -> int:
    """Where an attribute's `= value` parts end after its name (-1: the tag is no complete one)."""
    while True:
        pos = _SPACES.match(text, pos).end()
        if not text.startswith("=", pos):
            return pos
        pos = _SPACES.match(text, pos + 1).end()
        quote = text[pos] if pos < len(text) else ""
        if quote in ("", "<", "=", ">", "`"):
            return -1
        if quote in ('"', "'"):  # closed on the line, then `/`, `>` or a blank
            close = text.find(quote, pos + 1)
            return close + 1 if 0 <= close < len(text) - 1 and text[close + 1] in "/> \t" else -1
        pos = _UNQUOTED.match(text, pos).end()


class _HtmlRule(_FlowSteps):
    """The flow's HTML (flow) rule: a method of _Flow (which holds the state it reads and sets)."""

    def _html(self, line: _Line, kind: int, after: int, since: int) -> _Steps:
        """HTML from its first line to the line ending it (a blank line for basic and complete HTML, left to be
        read), a lazy line or the end of the flow; a `<table` line of it is noted as a hand-written table. since:
        the line where what is open began (the paragraph's first line, while micromark still checks whether the
        HTML interrupts it: then containers may open, as in a paragraph)."""
        self._note_table_tag(line, kind)
        blocks = self.findings.html_blocks
        blocks[line.number] = line.number
        if kind in _FIRST_END and _FIRST_END[kind].match(line.text, after) is not None:
            return (yield from self._next())
        end = _END.get(kind)
        while True:
            self._state(True, since == line.number, since)
            following = yield from self._pull()
            if following is None or following.lazy or (end is None and following.first < 0):
                return following
            blocks[line.number] = following.number
            if end is not None and end.search(following.text, following.start) is not None:
                return (yield from self._next())
            self._note_table_tag(following, kind)

    def _note_table_tag(self, line: _Line, kind: int) -> None:
        """Note a line of shown HTML (basic or complete) that starts with a `<table` tag."""
        if kind >= BASIC and line.first >= 0 and _TABLE_TAG.match(line.text, line.first):
            self.findings.table_tags.append(Position(line.number, line.first + 1))
