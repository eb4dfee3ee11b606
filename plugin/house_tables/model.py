"""Plain data: tables, cells, positions and diagnostics found in a source file.

Positions are 1-based and refer to the file on disk. Lines are counted by line
breaks (LF, CRLF or a lone CR each end one line). Columns count characters
(Unicode code points) of that line: a tab counts as one column, a leading BOM
counts as none. A span gives the first and the last character, both inclusive;
an empty cell has a zero-width span whose end column is its start column - 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from enum import Enum
from typing import NamedTuple


class Dialect(str, Enum):
    """Which engine's rules decide what a table is."""

    PYTHON_MARKDOWN = "python-markdown"
    MDX = "mdx"


class Severity(str, Enum):
    """How bad a diagnostic is."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Position(NamedTuple):
    """A 1-based line and column in the original file (a tuple: ordered by line, then column; cheap to make)."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


class HtmlTableTag(Position):
    """Where a raw HTML table begins (`<table>` with `style="..."` strings, as in a `.md` page), as opposed to a
    JSX one (`style={{...}}`): a hand-written table's tag says how its attributes are read and written."""

    __slots__ = ()


class Span(NamedTuple):
    """First and last character (inclusive) of a piece of source."""

    start: Position
    end: Position

    def down(self, lines: int) -> Span:
        """The same span that many lines further down."""
        return Span(Position(self.start.line + lines, self.start.column),
                    Position(self.end.line + lines, self.end.column))

    def moved(self, lines: int, columns: int) -> Span:
        """The same span that many lines further down and columns further right."""
        return Span(Position(self.start.line + lines, self.start.column + columns),
                    Position(self.end.line + lines, self.end.column + columns))


class Cell(NamedTuple):
    """One cell as written in the source."""

    text: str  # raw source text, trimmed as the engine trims it
    span: Span
    content: str | None = None  # what the engine renders, when it differs from text

    @property
    def markdown(self) -> str:
        """The inline Markdown the engine renders for this cell."""
        return self.text if self.content is None else self.content


class Row:
    """A header or body row: the cells exactly as written (maybe more or fewer than the header). Immutable, equal
    and hashed by its cells and span, as the frozen dataclass it was (written out: making that dataclass was 3.6 M
    instructions of every build's import)."""

    __match_args__ = ("cells", "span")

    def __init__(self, cells: tuple[Cell, ...], span: Span):
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "span", span)

    def __setattr__(self, name: str, value) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other) -> bool:
        if other.__class__ is self.__class__:
            return (self.cells, self.span) == (other.cells, other.span)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.cells, self.span))

    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}(cells={self.cells!r}, span={self.span!r})"

    @property
    def line(self) -> int:
        """First source line of the row."""
        return self.span.start.line

    @property
    def count(self) -> int:
        """How many cells the row has."""
        return len(self.cells)

    @property
    def written(self) -> str | None:
        """A text every cell's text is a piece of, without making the cells (None: not known)."""
        return None


class LazyRow(Row):
    """A row whose cells (with their spans) are made when first read: the build-time extension needs only
    the rows' spans and cell counts unless a diagnostic points into the row."""

    def __init__(self, span: Span, count: int, make: Callable[[], tuple[Cell, ...]], written: str | None = None):
        object.__setattr__(self, "span", span)
        object.__setattr__(self, "_count", count)
        object.__setattr__(self, "_make", make)
        object.__setattr__(self, "_written", written)

    @property
    def cells(self) -> tuple[Cell, ...]:  # type: ignore[override]
        """The cells, made once."""
        made = self.__dict__.get("_cells")
        if made is None:
            made = self._make()
            object.__setattr__(self, "_cells", made)
        return made

    @property
    def count(self) -> int:
        """How many cells the row has, without making them."""
        return self._count

    @property
    def written(self) -> str | None:
        """The line the cells are cut from, when the row was given it."""
        return self.__dict__.get("_written")


class Table(NamedTuple):
    """A pipe table that the dialect's engine renders as a table."""

    dialect: Dialect
    header: Row
    delimiter: Row
    align: tuple[str | None, ...]  # "left" | "center" | "right" | None per column
    body: tuple[Row, ...]
    span: Span  # first character of the header row to the last character of the last row
    indent: str = ""  # the text before the header row on its line (container indentation)
    empty_row: bool = False  # the engine renders one empty body row for a header-only table

    @property
    def columns(self) -> int:
        """Number of columns, fixed by the header row."""
        return self.header.count  # a lazy header row counts its cells without making them

    @property
    def start_line(self) -> int:
        """First source line of the table."""
        return self.span.start.line

    @property
    def end_line(self) -> int:
        """Last source line of the table."""
        return self.span.end.line

    def grid_texts(self) -> list[list[str]]:
        """Body rows' raw cell texts, padded or cut to the header's width."""
        return [self._fitted([cell.text for cell in row.cells]) for row in self.body]

    def grid(self) -> list[list[str]]:
        """Body rows as the engine renders them: padded or cut to the header's width."""
        rows = [self._fitted([cell.markdown for cell in row.cells]) for row in self.body]
        return rows or ([[""] * self.columns] if self.empty_row else [])

    def _fitted(self, texts: list[str]) -> list[str]:
        """A row's texts cut or padded with empty cells to the header's width."""
        return texts[: self.columns] + [""] * (self.columns - len(texts))


class Diagnostic(NamedTuple):
    """A finding about a source file, pointing at the offending character."""

    code: str
    severity: Severity
    span: Span
    message: str
    hint: str = ""
    path: str | None = None  # another file the finding is in (a table included from a snippet); None: this one
    note: str = ""  # why the position is not the usual one (e.g. only the including line is certain)

    @property
    def position(self) -> Position:
        """Where the finding starts."""
        return self.span.start

    def down(self, lines: int) -> Diagnostic:
        """The same finding that many lines further down."""
        return self._replace(span=self.span.down(lines)) if lines else self

    def moved(self, lines: int, columns: int) -> Diagnostic:
        """The same finding that many lines further down and columns further right."""
        return self._replace(span=self.span.moved(lines, columns)) if lines or columns else self

    def order(self) -> tuple:
        """How findings are listed: this file's first, by position and code; then other files', by file."""
        return (self.path is not None, self.path or "", self.span.start, self.code)


class PlacedTable(NamedTuple):
    """A table the page shows that no lines of its file hold as they are (it comes from a snippet, or a plugin or
    hook made or changed it), where its findings are reported: lines of another file (path), or of the page."""

    table: Table
    line: int
    end_line: int  # the same line where only that one is certain (the line that included or made the text)
    path: str | None = None  # the snippet's file; None: the page's


class ScanResult(NamedTuple):
    """Everything a scan of one source found."""

    tables: tuple[Table, ...]
    diagnostics: tuple[Diagnostic, ...]
    table_tags: tuple[Position, ...] = ()  # where hand-written JSX tables begin (MDX: flow `<table` tags)
    elsewhere: tuple[PlacedTable, ...] = ()  # the tables the page shows that are not its file's own
    html_blocks: dict[int, int] | None = None  # MDX read as CommonMark: each HTML block's first line -> its last
    included_table_tag: bool = False  # a `.md` page whose text as read (includes expanded) holds `<table`


class Review:
    """What the hand-written tables of a page are: conforming, to normalise (with their new lines), left alone
    (conformance.review makes it; here so that a page without any needs no conformance module). Reviews are compared
    (tests/test_review_kept.py): equal by their fields, as the dataclass it was."""

    __hash__ = None  # mutable, compared by value

    def __init__(self, findings: list[Diagnostic] | None = None, normalisable: list | None = None,
                 conforming: int = 0, alone: int = 0):
        self.findings = [] if findings is None else findings
        self.normalisable = [] if normalisable is None else normalisable  # conformance.Normalised
        self.conforming = conforming
        self.alone = alone

    def _fields(self) -> tuple:
        return (self.findings, self.normalisable, self.conforming, self.alone)

    def __eq__(self, other) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    def __repr__(self) -> str:
        return (f"Review(findings={self.findings!r}, normalisable={self.normalisable!r}, "
                f"conforming={self.conforming!r}, alone={self.alone!r})")
