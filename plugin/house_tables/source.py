"""A source file split into lines, with the 1-based positions the model uses."""

from __future__ import annotations

from typing import NamedTuple

from .model import Position, Span
from .patterns import LazyPattern

BOM = "\ufeff"
_LINE = LazyPattern(r"([^\r\n]*)(\r\n|\r|\n|$)")


class Source(NamedTuple):
    """The text of one file: lines without their endings, and the endings."""

    lines: tuple[str, ...]
    endings: tuple[str, ...]
    bom: bool = False
    # normalized()'s text when parse had it already (the usual file: LF endings, the last line ended), else None
    # (a function of the fields before it, where it is not None)
    known_normalized: str | None = None

    @classmethod
    def parse(cls, text: str) -> Source:
        """Split text on LF, CRLF and lone CR, remembering each ending and a BOM."""
        bom = text.startswith(BOM)
        if bom:
            text = text[1:]
        if "\r" not in text:  # LF only (the usual case): a plain split
            lines = text.split("\n")
            if lines[-1]:
                return cls(tuple(lines), ("\n",) * (len(lines) - 1) + ("",), bom)
            return cls(tuple(lines[:-1]), ("\n",) * (len(lines) - 1), bom, text if text else None)
        lines, endings = [], []
        for match in _LINE.finditer(text):
            if not match.group(2) and match.start() == len(text):
                break
            lines.append(match.group(1))
            endings.append(match.group(2))
        return cls(tuple(lines), tuple(endings), bom)

    def normalized(self) -> str:
        """The text with every line ending as LF and no BOM (what the engines parse)."""
        if self.known_normalized is not None:  # ("\n".join(lines) + "\n" is the text parse split)
            return self.known_normalized
        return "\n".join(self.lines) + "\n" if self.lines else ""  # one join (each line + "\n", as one string)

    def span(self, line: int, start: int, end: int) -> Span:
        """Span of 0-based character offsets [start, end) on a 1-based line."""
        return Span(Position(line, start + 1), Position(line, end))
