"""superfences' fence search for the scanning Markdown instance, on the lines where its state can change only.

SuperFencesBlockPreprocessor.search_nested reads a page one line at a time: outside a fence it parses the line's
prefix and matches a fence opener there, inside a top-level fence it appends the line to the fence's code until a
closing line. Its Python-level work per line is most of what superfences costs a page. Here the same loop body
runs only on the lines where something can happen:

- outside a fence, a line without "```" or "~~~" opens nothing (RE_NESTED_FENCE_START needs a run of three at
  the prefix's end); all it leaves is the prefix lengths parse_whitespace sets, which the next line's call sets
  again, so only the last such line's call is made;
- inside a fence opened with no prefix (not quoted, not indented), each line's prefix is empty: a line is blank
  (appended, one more empty line), closes the fence (fence_end matches: it begins with the fence itself) or is
  code (appended, no empty line). Lines that do not begin with the fence are appended together, and their blank
  ones counted as eval_fence would.

Every other line (openers, closers, quoted or indented fences) goes through search_nested's own body, copied below.
Used only where the preprocessor's methods are superfences' own and their source is the one this was written
against (_SOURCE_DIGEST): any other version or a subclass keeps its own search.
"""

from __future__ import annotations

import hashlib
import inspect
import re

_SOURCE_DIGEST = "39d4eb05f5cc3a7f010c684c55278a91c1e8b67ca09efc6c785e97d75888e5d2"  # pymdown-extensions 13.1.2
_MARKERS = ("```", "~~~")


def applies(preprocessor) -> bool:
    """Whether search_nested below is superfences' own search for this preprocessor (exact class, same source)."""
    from pymdownx import superfences

    if type(preprocessor) is not superfences.SuperFencesBlockPreprocessor:
        return False
    return _digest(superfences) == _SOURCE_DIGEST


_DIGESTS: dict[object, str] = {}


def _digest(module) -> str:
    """A digest of the source of what the shortcuts rely on (once per process)."""
    digest = _DIGESTS.get(module)
    if digest is None:
        kind = module.SuperFencesBlockPreprocessor
        parts = [inspect.getsource(getattr(kind, name))
                 for name in ("search_nested", "parse_whitespace", "parse_fence_line", "eval_fence", "normalize_ws")]
        parts += [module.RE_NESTED_FENCE_START.pattern, module.NESTED_FENCE_END, repr(module.PREFIX_CHARS)]
        digest = _DIGESTS[module] = hashlib.sha256("\0".join(parts).encode()).hexdigest()
    return digest


def search_nested(preprocessor, search, lines: list[str]) -> list[str]:
    """preprocessor.search_nested(lines) (search: its own), reading only the lines where its state can change."""
    text = "\n".join(lines)
    if "\r" in text or preprocessor.fence is not None:  # (its rstrip("\r") of each line; run starts it closed)
        return search(lines)
    from pymdownx.superfences import NESTED_FENCE_END, RE_NESTED_FENCE_START

    self = preprocessor
    cursor = _Cursor(text)
    count, total, start = 0, len(lines), 0
    while count < total:
        if self.fence is None:
            marked = cursor.next_marked(count)
            if marked > count:  # lines that open nothing: the last one's prefix is what they leave
                self.parse_whitespace(lines[marked - 1])
                count = marked
                continue
        elif self.ws_virtual_len == 0 and self.quote_level == 0:
            closing = cursor.next_starting(count, self.fence)
            if closing > count:  # code lines of a fence without prefix
                _append_code(self, lines, count, closing)
                count = closing
                continue
        start = _line(self, lines[count], count, start, RE_NESTED_FENCE_START, NESTED_FENCE_END)
        count += 1
    return self.reassemble(lines)


def _append_code(self, lines: list[str], first: int, end: int) -> None:
    """eval_fence on lines[first:end], none of which closes the fence and each without prefix: appended as they
    are, the blank ones at the end counted as empty lines (after the earlier ones when every line is blank)."""
    blank = end
    while blank > first and lines[blank - 1].strip() == "":
        blank -= 1
    self.empty_lines = (self.empty_lines if blank == first else 0) + (end - blank)
    self.code.extend(lines[first:end])


def _line(self, line: str, count: int, start: int, fence_start, fence_end_pattern) -> int:
    """One pass of search_nested's loop body (pymdownx.superfences, verbatim but for names); returns `start`."""
    if self.fence is None:
        ws = self.parse_whitespace(line)

        # Found the start of a fenced block.
        m = fence_start.match(line, self.ws_len)
        if m is not None:

            # Parse options
            if m.group('unrecognized'):
                okay = self.handle_unrecognized(m)
            elif m.group('attrs'):
                okay = self.handle_attrs(m)
            else:
                okay = self.parse_options(m)

            if okay:
                # Valid fence options, handle fence
                start = count
                self.first = ws + self.normalize_ws(m.group(0))
                self.ws = ws
                self.quote_level = self.ws.count(">")
                self.empty_lines = 0
                self.fence = m.group('fence')
                self.fence_end = re.compile(fence_end_pattern % self.fence)
            else:
                # Option parsing failed, abandon fence
                self.clear()
    else:
        ws, content = self.parse_fence_line(line)

        end = count + 1
        quote_level = ws.count(">")

        if self.quote_level:
            # Handle blockquotes
            self.eval_quoted(ws, content, quote_level, start, end)
        elif quote_level == 0:
            # Handle all other cases
            self.eval_fence(ws, content, start, end)
        else:
            # Looks like we got a blockquote line
            # when not in a blockquote.
            self.clear()
    return start


class _Cursor:
    """Line indices of the joined lines' text, found by searching it (a line's offset kept for the last one)."""

    def __init__(self, text: str):
        self.text, self.line, self.offset = text, 0, 0

    def _move(self, line: int) -> None:
        """Go forward to the start of line (line >= self.line), one line feed at a time from the last one known."""
        text, offset = self.text, self.offset
        for _ in range(line - self.line):
            offset = text.find("\n", offset) + 1
        self.line, self.offset = line, offset

    def _line_at(self, position: int) -> int:
        """The index of the line holding position (position >= self.offset), now the cursor's line."""
        line = self.line + self.text.count("\n", self.offset, position)
        self.line, self.offset = line, self.text.rfind("\n", 0, position) + 1
        return line

    def next_marked(self, line: int) -> int:
        """The first line from line on holding ``` or ~~~ (the line count when none does)."""
        self._move(line)
        found = [at for at in (self.text.find(marker, self.offset) for marker in _MARKERS) if at >= 0]
        return self._line_at(min(found)) if found else self._end()

    def next_starting(self, line: int, fence: str) -> int:
        """The first line from line on that begins with fence (the line count when none does)."""
        self._move(line)
        if self.text.startswith(fence, self.offset):
            return line
        found = self.text.find("\n" + fence, self.offset)
        return self._line_at(found + 1) if found >= 0 else self._end()

    def _end(self) -> int:
        """The line count (the text is the lines joined: one more line than line feeds)."""
        return self.line + self.text.count("\n", self.offset) + 1
