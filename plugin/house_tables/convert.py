"""Converting every pipe table of a source to the house style, each verified before it is used."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .config import Config
from .decisions import finding, settle
from .directives import Directive
from .model import Diagnostic, Dialect, Span, Table
from .parsing import scan
from .plan import column_widths
from .rendering.fragments import (
    canonical,
    first_table_cells,
    rebuilt_source,
    reference_definitions,
    render_gfm,
    render_python_markdown,
)
from .rendering.jsx_html import jsx_to_html
from .rendering.layout import Grid, render_lines
from .rendering.protect import protect, restore
from .source import BOM, Source
from .widths import visible_text

_LIST_MARKER = re.compile(r"[-*+]|\d{1,9}[.)]")


@dataclass(frozen=True)
class Converted:
    """One table that was converted: where it was, and how many cells were verified."""

    table: Table
    cells: int
    output: tuple[str, ...]  # the house-style lines, without the table's indentation

    @property
    def lines(self) -> int:
        """How many lines the converted table has."""
        return len(self.output)


@dataclass
class Conversion:
    """The result of converting one source."""

    text: str
    tables: tuple[Table, ...] = ()  # every pipe table the scan found, converted or not
    converted: list[Converted] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def cells(self) -> int:
        """Cells verified in all converted tables."""
        return sum(item.cells for item in self.converted)

    def summary(self) -> str:
        """`8 tables, 116 cells verified`."""
        tables = len(self.converted)
        return f"{tables} table{'s' * (tables != 1)}, {self.cells} cell{'s' * (self.cells != 1)} verified"


@dataclass(frozen=True)
class Engine:
    """How cells are rendered for a dialect (and which independent engine verifies them)."""

    dialect: Dialect
    extensions: tuple[str, ...] | None = None
    configs: dict | None = None

    def render(self, source: str) -> str:
        """HTML of a Markdown source in this dialect."""
        if self.dialect is Dialect.MDX:
            return render_gfm(source)
        from .parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS

        configs = MKDOCS_EXTENSION_CONFIGS if self.configs is None else self.configs
        return render_python_markdown(source, self.extensions or MKDOCS_EXTENSIONS, configs)


def convert(text: str, dialect: Dialect | str, config: Config | None = None, *, form: str = "jsx",
            extensions: tuple[str, ...] | None = None, configs: dict | None = None,
            cross_check: bool = False, front_matter: bool = False) -> Conversion:
    """Every pipe table of text in the house style (form "jsx" or "html"); unverifiable tables stay.
    cross_check adds HT007 where the other dialect reads a table differently."""
    config = config or Config()
    engine = Engine(Dialect(dialect), extensions, configs)
    result = scan(text, engine.dialect, extensions=extensions, configs=configs, cross_check=cross_check,
                  front_matter=front_matter)
    source = Source.parse(text)
    findings, chosen = settle(result.tables, source.lines, result.diagnostics)
    conversion = Conversion(text, result.tables, diagnostics=findings)
    replacements: list[tuple[Table, list[str]]] = []
    for table, directive in chosen:
        lines = _convert_table(table, directive, source, text, engine, config, form, conversion)
        if lines is not None:
            replacements.append((table, lines))
    conversion.text = _splice(source, replacements) if replacements else text
    conversion.diagnostics.sort(key=Diagnostic.order)
    return conversion


def _convert_table(table, directive, source, text, engine, config, form, conversion) -> list[str] | None:
    """The house-style lines for one table, or None (with an HT009 diagnostic) when it does not verify."""
    if engine.dialect is Dialect.MDX:  # cells rebuilt with MDX syntax kept aside, compared with cmark-gfm's
        fragments = _fragments(table, text, engine)
        problem = _verify(table, source, text, engine, fragments)
    else:  # Python-Markdown's own cells of the table as written: the output is the reference itself
        fragments, problem = _engine_fragments(table, source, text, engine)
    if problem:
        conversion.diagnostics.append(finding("HT009", problem[0], problem[1], "convert this table by hand"))
        return None
    try:
        grid = _grid(table, fragments, config, directive, form)
    except ValueError as error:  # JsxError: HTML that JSX cannot express
        conversion.diagnostics.append(finding("HT009", table.span, f"not converted: {error}", "convert it by hand"))
        return None
    problem = _read_back(table, grid, fragments) if form == "jsx" else None
    if problem:
        conversion.diagnostics.append(finding("HT009", problem[0], problem[1], "convert this table by hand"))
        return None
    lines = render_lines(grid, config.style, form)
    conversion.converted.append(Converted(table, table.columns * (len(table.body) + 1), tuple(lines)))
    return lines


def _fragments(table: Table, text: str, engine: Engine) -> Fragments | None:
    """Each cell's HTML as the engine renders it in a table rebuilt from our cells (MDX syntax kept aside)."""
    rows = [[cell.text for cell in table.header.cells], *table.grid_texts()]
    protected = [[protect(cell) if engine.dialect is Dialect.MDX else (cell, []) for cell in row] for row in rows]
    texts = [[cell for cell, _ in row] for row in protected]
    html = first_table_cells(engine.render(rebuilt_source(texts, table.align, text)))
    if html is None:
        return None
    return Fragments(html, [[kept for _, kept in row] for row in protected])


@dataclass(frozen=True)
class Fragments:
    """Rendered cells (header row first) and, per cell, the MDX pieces their tokens stand for."""

    html: list[list[str]]
    kept: list[list[list[str]]]

    def restored(self) -> list[list[str]]:
        """The HTML with MDX pieces put back (what the cell shows, for comparison)."""
        return [[restore(cell, kept) for cell, kept in zip(row, kepts)] for row, kepts in zip(self.html, self.kept)]

    def jsx(self) -> list[list[str]]:
        """Each cell as JSX, MDX pieces verbatim."""
        from .rendering.jsx import html_to_jsx

        return [[restore(html_to_jsx(cell), kept) for cell, kept in zip(row, kepts)]
                for row, kepts in zip(self.html, self.kept)]


def _engine_fragments(table, source, text, engine) -> tuple[Fragments | None, tuple[Span, str] | None]:
    """The engine's cells for the original table lines, if they have the shape of our table."""
    reference = _reference(table, source, text, engine)
    if reference is None:
        return None, (table.span, "the engine renders no table from these lines on their own")
    fragments = Fragments(reference, [[[] for _ in row] for row in reference])
    return fragments, _shape_problem(table, [[""] * table.columns for _ in range(len(table.body) + 1)], reference)


def _reference(table, source, text, engine) -> list[list[str]] | None:
    """Cells of the engine's rendering of the original table lines on their own (header row first)."""
    cells = first_table_cells(engine.render(_original_rows(table, source) + reference_definitions(text)))
    return None if cells is None else cells[: len(table.body) + 1]


def _shape_problem(table, ours: list[list[str]], theirs: list[list[str]]) -> tuple[Span, str] | None:
    """A difference in rows or cells per row between our table and the engine's, or None."""
    if len(ours) != len(theirs) or [len(row) for row in ours] != [len(row) for row in theirs]:
        return table.span, f"shape differs: ours {len(ours)} rows, the engine's {len(theirs)}"
    return None


def _verify(table, source, text, engine, rendered: Fragments | None) -> tuple[Span, str] | None:
    """Compare our cells with the engine's rendering of the original table lines; a difference or None."""
    reference = _reference(table, source, text, engine)
    if rendered is None or reference is None:
        return table.span, "the engine renders no table from these lines on their own"
    fragments = rendered.restored()
    problem = _shape_problem(table, fragments, reference)
    if problem:
        return problem
    rows = (table.header, *table.body)
    for r, (ours, theirs) in enumerate(zip(fragments, reference)):
        for c, (mine, engine_cell) in enumerate(zip(ours, theirs)):
            if canonical(mine) != canonical(engine_cell):
                where = rows[r].cells[c].span if c < len(rows[r].cells) else rows[r].span
                return where, f"cell {c + 1} of row {r}: ours {canonical(mine)!r}, engine {canonical(engine_cell)!r}"
    return None


def _read_back(table: Table, grid: Grid, fragments: Fragments) -> tuple[Span, str] | None:
    """Each JSX cell, read back as MDX reads it, must give the HTML it was made from."""
    rows = (table.header, *table.body)
    for r, (jsx_row, html_row) in enumerate(zip((grid.header, *grid.body), fragments.restored())):
        for c, (jsx, fragment) in enumerate(zip(jsx_row, html_row)):
            if canonical(jsx_to_html(jsx)) != canonical(fragment):
                where = rows[r].cells[c].span if c < len(rows[r].cells) else rows[r].span
                return where, f"cell {c + 1} of row {r}: JSX {jsx!r} does not read back as {fragment!r}"
    return None


def _original_rows(table: Table, source: Source) -> str:
    """The table's rows as written, from each row's first character (container markup removed)."""
    rows = []
    for row in (table.header, table.delimiter, *table.body):
        if not row.cells:
            continue
        start, end = row.span.start, row.span.end
        lines = source.lines[start.line - 1 : end.line]
        rows.append("\n".join([lines[0][start.column - 1 :], *lines[1:]]))
    return "\n".join(rows) + "\n"


def _grid(table: Table, fragments: Fragments, config: Config, directive: Directive | None, form: str) -> Grid:
    """Cell contents in the output form, alignment and widths."""
    widths = _widths(table, fragments.restored(), config, directive)
    contents = fragments.jsx() if form == "jsx" else fragments.restored()
    return Grid(table.align, tuple(contents[0]), tuple(tuple(row) for row in contents[1:]), tuple(widths))


def _widths(table: Table, fragments: list[list[str]], config: Config, directive: Directive | None) -> list[int]:
    """The widths for the cells' rendered HTML (header row first)."""
    return column_widths([[visible_text(row[c]) for row in fragments] for c in range(table.columns)],
                         config, directive)


def _splice(source: Source, replacements: list[tuple[Table, list[str]]]) -> str:
    """The source with each table's lines replaced, every other byte unchanged."""
    lines, endings = list(source.lines), list(source.endings)
    for table, new in reversed(replacements):
        first, last = table.start_line - 1, table.end_line - 1
        prefix = lines[first][: len(lines[first]) - len(lines[first].lstrip(" \t>"))]
        ending = endings[first] or "\n"
        new_lines = [prefix + line for line in new]
        new_endings = [ending] * (len(new_lines) - 1) + [endings[last]]
        lines[first : last + 1] = new_lines
        endings[first : last + 1] = new_endings
    return (BOM if source.bom else "") + "".join(line + end for line, end in zip(lines, endings))
