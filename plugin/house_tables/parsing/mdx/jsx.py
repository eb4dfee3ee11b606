"""JSX flow tags and flow expressions, maybe over several lines (micromark-extension-mdx-jsx and
micromark-extension-mdx-expression's rules): the flow's rule reading them, and the JSX names and JavaScript
strings in them."""

from __future__ import annotations

import re

from ...model import Position
from . import syntax
from .lines import _Line
from .steps import _FlowSteps, _Steps

_NONBLANK, _TABLE_TAG = syntax._NONBLANK, syntax._TABLE_TAG  # bound by assignment, not imported (see syntax)
_CODE_SPECIAL = re.compile(r"[{}'\"`/]")
_TEMPLATE_SPECIAL = re.compile(r"[\\`$]")
# JavaScript's \s without line endings: what may separate the parts of a JSX tag.
_ES_SPACE = frozenset(" \t\v\f\u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff").union(
    map(chr, range(0x2000, 0x200B)))


class _Nok(Exception):
    """A construct attempt failed (micromark's `nok`, or a syntax error MDX would throw)."""


class _Cursor:
    """A position in the flow text while a JSX tag or an expression is read across lines."""

    __slots__ = ("pos", "text")

    def __init__(self, line: _Line, pos: int):
        self.text, self.pos = line.text, pos

    def char(self) -> str | None:
        """The character here, None at the end of the line."""
        return self.text[self.pos] if self.pos < len(self.text) else None


def _id_start(char: str) -> bool:
    """A character that can start a JavaScript identifier."""
    return char in "$_" or char.isidentifier()


def _id_continue(char: str) -> bool:
    """A character that can continue a JSX identifier (dashes included)."""
    return char in "$_-\u200c\u200d" or ("a" + char).isidentifier()


def _identifier(cursor: _Cursor, ends: str) -> None:
    """Step over a JSX name; what follows it must be whitespace, the end of the line or one of `ends`."""
    text, pos = cursor.text, cursor.pos
    if pos >= len(text) or not _id_start(text[pos]):
        raise _Nok
    pos += 1
    while pos < len(text) and _id_continue(text[pos]):
        pos += 1
    cursor.pos = pos
    if pos < len(text) and text[pos] not in ends and text[pos] not in _ES_SPACE:
        raise _Nok


def _string_end(text: str, pos: int, quote: str) -> int:
    """Offset of the quote closing a JavaScript string on this line, or -1."""
    while pos < len(text):
        char = text[pos]
        if char == quote:
            return pos
        pos += 2 if char == "\\" else 1
    return -1


def _skip_blank(text: str, pos: int) -> int:
    """Offset of the first character at or after pos that is not a space or tab."""
    match = _NONBLANK.search(text, pos)
    return match.start() if match else len(text)


class _JsxRule(_FlowSteps):
    """The flow's JSX and expression rule: methods of _Flow (which holds the state they read and set)."""

    def _tags(self, line: _Line, interrupt: bool, since: int) -> _Steps:
        """Whether JSX tags and expressions (maybe over several lines) fill the rest of a line."""
        self._state(True, True, since)
        self._recorded = []
        try:
            cursor = _Cursor(line, line.first)
            while True:
                if cursor.char() == "<":
                    yield from self._tag(cursor)
                elif cursor.char() == "{":
                    yield from self._expression(cursor)
                else:
                    raise _Nok
                cursor.pos = _skip_blank(cursor.text, cursor.pos)
                if cursor.pos == len(cursor.text):
                    found = True
                    break
        except _Nok:
            found = False
        pulled, self._recorded = self._recorded, None
        if found and not interrupt and _TABLE_TAG.match(line.text, line.first):
            self.findings.table_tags.append(Position(line.number, line.first + 1))
        if interrupt or not found:  # a check, or a failed attempt: the lines are read again
            self._replay.extendleft(reversed(pulled))
            if not found:
                self.findings.budget -= len(pulled)
        return found

    def _cross(self, cursor: _Cursor) -> _Steps:
        """Move a cursor to the next line of a JSX tag or expression; a lazy line or the end is an error."""
        if self.findings.budget <= 0:
            raise _Nok
        line = yield from self._pull()
        if line is None or line.lazy:
            raise _Nok
        cursor.text, cursor.pos = line.text, line.start

    def _space(self, cursor: _Cursor) -> _Steps:
        """Skip JavaScript whitespace, line endings included, inside a JSX tag."""
        while True:
            text, pos = cursor.text, cursor.pos
            while pos < len(text) and text[pos] in _ES_SPACE:
                pos += 1
            cursor.pos = pos
            if pos < len(text):
                return
            yield from self._cross(cursor)

    def _tag(self, cursor: _Cursor) -> _Steps:
        """One JSX tag, from `<` through `>` (micromark-extension-mdx-jsx's rules)."""
        cursor.pos += 1
        if cursor.char() is None or cursor.char() in " \t":
            raise _Nok
        yield from self._space(cursor)
        if cursor.char() == "/":
            cursor.pos += 1
            yield from self._space(cursor)
        if cursor.char() == ">":  # a fragment
            cursor.pos += 1
            return
        yield from self._tag_name(cursor)
        while True:
            char = cursor.char()
            if char == ">":
                cursor.pos += 1
                return
            if char == "/":
                cursor.pos += 1
                yield from self._space(cursor)
                if cursor.char() != ">":
                    raise _Nok
                cursor.pos += 1
                return
            if char == "{":
                yield from self._expression(cursor)
            else:
                yield from self._attribute(cursor)
            yield from self._space(cursor)

    def _tag_name(self, cursor: _Cursor) -> _Steps:
        """A tag name: `a`, `a.b.c` or `a:b`."""
        _identifier(cursor, "./:>{")
        yield from self._space(cursor)
        if cursor.char() == ".":
            while cursor.char() == ".":
                cursor.pos += 1
                yield from self._space(cursor)
                _identifier(cursor, "./>{")
                yield from self._space(cursor)
        elif cursor.char() == ":":
            cursor.pos += 1
            yield from self._space(cursor)
            _identifier(cursor, "/>{")
            yield from self._space(cursor)
        if cursor.char() not in ("/", ">", "{") and not _id_start(cursor.char()):
            raise _Nok

    def _attribute(self, cursor: _Cursor) -> _Steps:
        """An attribute: a name (`a` or `a:b`), maybe `=` and a quoted or braced value."""
        _identifier(cursor, "/:=>{")
        yield from self._space(cursor)
        if cursor.char() == ":":
            cursor.pos += 1
            yield from self._space(cursor)
            _identifier(cursor, "/=>{")
            yield from self._space(cursor)
        if cursor.char() != "=":
            if cursor.char() not in ("/", ">", "{") and not _id_start(cursor.char()):
                raise _Nok
            return
        cursor.pos += 1
        yield from self._space(cursor)
        quote = cursor.char()
        if quote == "{":
            yield from self._expression(cursor)
        elif quote in ("'", '"'):
            cursor.pos += 1
            while (end := cursor.text.find(quote, cursor.pos)) < 0:
                yield from self._cross(cursor)
            cursor.pos = end + 1
        else:
            raise _Nok

    def _expression(self, cursor: _Cursor) -> _Steps:
        """A braced JavaScript expression, from `{` to the `}` closing it (strings, comments, templates)."""
        cursor.pos += 1
        depths: list[int | None] = [0]  # brace depth per code context; None for a template literal
        while True:
            text, pos = cursor.text, cursor.pos
            in_template = depths[-1] is None
            match = (_TEMPLATE_SPECIAL if in_template else _CODE_SPECIAL).search(text, pos)
            if match is None:
                yield from self._cross(cursor)
                continue
            char, pos = match.group(), match.start()
            cursor.pos = pos + 1
            if in_template:
                if char == "\\":
                    cursor.pos = pos + 2
                elif char == "`":
                    depths.pop()
                elif text.startswith("{", pos + 1):
                    depths.append(0)
                    cursor.pos = pos + 2
            elif char == "{":
                depths[-1] += 1
            elif char == "}":
                if depths[-1]:
                    depths[-1] -= 1
                    continue
                depths.pop()
                if not depths:
                    return
            elif char == "`":
                depths.append(None)
            elif char in "'\"":
                end = _string_end(text, pos + 1, char)
                cursor.pos = end + 1 if end >= 0 else pos + 1  # an unclosed quote is taken as text
            elif text.startswith("/", pos + 1):
                cursor.pos = len(text)
            elif text.startswith("*", pos + 1):
                yield from self._block_comment(cursor, pos + 2)

    def _block_comment(self, cursor: _Cursor, pos: int) -> _Steps:
        """Skip a `/* ... */` comment, maybe over several lines."""
        while (end := cursor.text.find("*/", pos)) < 0:
            yield from self._cross(cursor)
            pos = cursor.pos
        cursor.pos = end + 2
