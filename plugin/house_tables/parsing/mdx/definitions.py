"""Link reference definitions: text made only of them is no paragraph (no setext heading can follow it)."""

from __future__ import annotations

from .lines import _Line
from .syntax import LABEL_SIZE_MAX

DESTINATION_DEPTH_MAX = 32  # most nested parentheses in a raw link destination


def _definitions_only(lines: list[_Line]) -> bool:
    """Whether a paragraph's lines are all link reference definitions (micromark then has no paragraph)."""
    if lines[0].text[lines[0].first] != "[":
        return False
    text = "\n".join(line.text[line.first:] for line in lines)
    pos = 0
    while pos < len(text):
        pos = _definition_end(text, pos)
        if pos < 0:
            return False
    return True


def _definition_end(text: str, pos: int) -> int:
    """Offset after a link reference definition `[label]: destination "title"` and its line ending, or -1."""
    pos = _label_end(text, pos)
    if pos < 0 or not text.startswith(":", pos):
        return -1
    pos = _destination_end(text, _skip_whitespace(text, pos + 1))
    if pos < 0:
        return -1
    end = _title_end(text, pos)
    return end if end >= 0 else _line_end(text, pos)


def _label_end(text: str, pos: int) -> int:
    """Offset after a `[label]` at pos (which may span lines), or -1."""
    if not text.startswith("[", pos):
        return -1
    index, seen = pos + 1, False
    while index < len(text) and index - pos <= LABEL_SIZE_MAX + 1:
        char = text[index]
        if char == "[" or (char == "]" and not seen):
            return -1
        if char == "]":
            return index + 1
        seen = seen or char not in " \t\n"
        index += 2 if char == "\\" and text[index + 1:index + 2] in ("[", "]", "\\") else 1
    return -1


def _destination_end(text: str, pos: int) -> int:
    """Offset after a link destination (`<...>`, or raw with balanced parentheses) at pos, or -1."""
    if pos >= len(text):
        return -1
    if text[pos] == "<":
        index = pos + 1
        while index < len(text) and text[index] not in "<>\n":
            index += 2 if text[index] == "\\" else 1
        return index + 1 if text.startswith(">", index) else -1
    index, depth = pos, 0
    while index < len(text) and text[index] not in " \t\n" and text[index] >= " ":
        char = text[index]
        if char == "(":
            depth += 1
            if depth > DESTINATION_DEPTH_MAX:
                return -1
        elif char == ")":
            if not depth:
                break
            depth -= 1
        index += 2 if char == "\\" else 1
    return index if index > pos and depth == 0 else -1


def _title_end(text: str, pos: int) -> int:
    """Offset after a link title (after whitespace) and its line ending, or -1."""
    if pos >= len(text) or text[pos] not in " \t\n":
        return -1
    pos = _skip_whitespace(text, pos)
    if pos >= len(text) or text[pos] not in "\"'(":
        return -1
    close = ")" if text[pos] == "(" else text[pos]
    index = pos + 1
    while index < len(text) and text[index] != close:
        index += 2 if text[index] == "\\" else 1
    return _line_end(text, index + 1) if index < len(text) else -1


def _skip_whitespace(text: str, pos: int) -> int:
    """Offset after spaces, tabs and line endings at pos."""
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    return pos


def _line_end(text: str, pos: int) -> int:
    """Offset after the line ending when only spaces and tabs are left on the line at pos, else -1."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if pos == len(text):
        return pos
    return pos + 1 if text[pos] == "\n" else -1
