"""What the language server knows about one version of one document, computed by the command line's own functions.

The findings are `house-tables check`'s for the same text (the file's own configuration, its site's selection,
the configured levels); the conversion is `house-tables fix`'s. Nothing here scans or converts by itself.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..cli import Task, check_text, convert_text, host_fields, leveled
from ..config import ConfigError
from ..conformance import HandTable
from ..convert import Conversion
from ..directives import directive_above
from ..files import MARKDOWN_SUFFIXES
from ..model import Table
from ..report import FileResult, Finding
from ..settings import OPTION_FILES, Configurations, Settings, UsageError
from ..site import (
    ASTRO_FILES,
    DOCUSAURUS_FILES,
    FUMADOCS_FILES,
    MINTLIFY_FILES,
    NEXTRA_FILES,
    RSPRESS_FILES,
    SITE_FILES,
    VOCS_FILES,
)
from ..source import BOM, Source

REASONS = ("HT008", "HT009", "HT010")  # the findings that keep a table as written
# The files a document's settings come from (see settings.Configurations), in its directory or above.
CONFIGURATION_FILES = (*OPTION_FILES, *SITE_FILES, *DOCUSAURUS_FILES, *MINTLIFY_FILES, *ASTRO_FILES, *NEXTRA_FILES,
                       *FUMADOCS_FILES, *VOCS_FILES, *RSPRESS_FILES)


@dataclass(frozen=True)
class Options:
    """The command line's options the server mirrors: its diagnostics are `check --form FORM [--verify]
    [--cross-check]`'s, its conversions `fix --form FORM`'s."""

    form: str = "jsx"
    verify: bool = False  # also render and verify every table (HT009), at every check
    cross_check: bool = False  # also read in the other dialect (HT007)


@dataclass(frozen=True)
class Snapshot:
    """One version of a document as the editor has it."""

    path: Path
    text: str
    version: int | None = None


class Unchecked(Exception):
    """The document cannot be checked (its configuration is invalid); the message says why, in one line."""


@dataclass(frozen=True)
class Analysis:
    """A snapshot with the settings it is read with and check's result for it."""

    snapshot: Snapshot
    task: Task | None  # None: not a page house-tables reads (suffix, or its site's include/exclude)
    result: FileResult

    @property
    def findings(self) -> list[Finding]:
        """check's findings, at the configured levels."""
        return self.result.findings

    @cached_property
    def source(self) -> Source:
        """The text's lines."""
        return Source.parse(self.snapshot.text)


def analyse(snapshot: Snapshot, options: Options, settings: SettingsCache) -> Analysis:
    """check's result for a snapshot, exactly as `house-tables check` with these options, run in the file's
    directory, gives it. Raises Unchecked for an invalid configuration."""
    path = snapshot.path
    empty = FileResult(str(path))
    if path.suffix.lower() not in MARKDOWN_SUFFIXES:
        return Analysis(snapshot, None, empty)
    own = settings.settings_for(path)
    if not own.selects(path):
        return Analysis(snapshot, None, empty)
    task = Task(str(path), own.dialect_for(path), "check", options.form, own.config, write=False,
                diff=False, verify=options.verify, cross_check=options.cross_check,
                **host_fields(own, path, converts=True))
    return Analysis(snapshot, task, leveled(check_text(task, snapshot.text), own))


class SettingsCache:
    """Each directory's settings as the command line finds them from there, read again only when one of the files
    they may come from (CONFIGURATION_FILES, there or above) is created, changed or removed: reading an
    mkdocs.yml runs its hooks, which is no work for every keystroke."""

    def __init__(self):
        self._read: dict[Path, tuple[tuple, Settings | Unchecked]] = {}

    def settings_for(self, path: Path) -> Settings:
        """A file's settings (Unchecked for an invalid configuration)."""
        directory = path.parent
        stamp = _stamp(directory)
        cached = self._read.get(directory)
        if cached is None or cached[0] != stamp:
            cached = self._read[directory] = (stamp, _settings(path))
        if isinstance(cached[1], Unchecked):
            raise cached[1]
        return cached[1]


def _settings(path: Path) -> Settings | Unchecked:
    """The file's settings as the command line finds them from its directory, or why there are none."""
    try:
        return Configurations().settings_for(path)
    except (ConfigError, UsageError) as error:
        return Unchecked(str(error))


def _stamp(directory: Path) -> tuple:
    """Size and modification time of every configuration file in a directory and above (what a change of the
    settings changes)."""
    found = []
    for folder in (directory, *directory.parents):
        for name in CONFIGURATION_FILES:
            try:
                stat = os.stat(folder / name)
            except OSError:
                continue
            found.append((str(folder / name), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


@dataclass(frozen=True)
class TablePlan:
    """What fix does with one table: where its replacement is in fix's output, or why it keeps the table (plain
    data: it comes back from the fix process)."""

    start_line: int
    end_line: int
    columns: int
    rows: int
    new_lines: tuple[int, int] | None = None  # first and last line (1-based) of the replacement in fix's output
    widths: tuple[int, ...] = ()  # the percents fix gives its columns
    reason: str = ""  # why it is not converted
    off: bool = False  # its directive leaves it alone (as the author asked: no conversion to offer)
    normalised: bool = False  # a hand-written table fix brings to the house style (not a pipe table it converts)

    @property
    def converted(self) -> bool:
        """Whether fix converts the table."""
        return self.new_lines is not None


@dataclass(frozen=True)
class FixPlan:
    """fix's output for a text, and what it did with each table (in source order)."""

    text: str
    tables: tuple[TablePlan, ...]


def plan_fix(task: Task, text: str) -> FixPlan:
    """fix's conversion of a text (run in the fix process: see fix_process.py)."""
    conversion = convert_text(text, task)
    return FixPlan(conversion.text, tuple(table_plans(conversion, Source.parse(text))))


def table_plans(result: Conversion, source: Source) -> list[TablePlan]:
    """Every table of the conversion in source order, with where its replacement is in the converted text."""
    converted = {id(item.table): item for item in result.converted}
    tables = [*result.tables, *(item.table for item in result.converted if item.normalised)]
    plans, shift = [], 0
    for table in sorted(tables, key=lambda t: t.start_line):
        item = converted.get(id(table))
        if item is None:
            plans.append(_kept(table, result, source))
            continue
        first = table.start_line + shift
        plans.append(_plan(table, new_lines=(first, first + item.lines - 1), widths=item.widths,
                           normalised=item.normalised))
        shift += item.lines - (table.end_line - table.start_line + 1)
    return plans


def _plan(table: Table | HandTable, **what) -> TablePlan:
    """A table's plan: where it is, its shape, and what fix does with it."""
    return TablePlan(table.start_line, table.end_line, table.columns, len(table.body), **what)


def _kept(table: Table, result: Conversion, source: Source) -> TablePlan:
    """A table fix keeps, and why: its `off` directive, or the finding (HT008, HT009, HT010) that keeps it."""
    directive, _ = directive_above(source.lines, table.start_line)
    if directive is not None and directive.off:
        return _plan(table, reason="its directive `house-tables: off` leaves it as written", off=True)
    first = directive.span.start.line if directive is not None else table.start_line
    for found in result.diagnostics:
        if found.code in REASONS and found.path is None and first <= found.span.start.line <= table.end_line:
            return _plan(table, reason=f"{found.code} {found.message}")
    return _plan(table, reason="fix leaves it as written")


def inserted(source: Source, line: int, text: str) -> str:
    """The source's text with `text` inserted at the start of a line (after a BOM)."""
    pairs = [line_ + ending for line_, ending in zip(source.lines, source.endings)]
    return (BOM if source.bom else "") + "".join(pairs[: line - 1]) + text + "".join(pairs[line - 1 :])
