"""What the command line prints: text, JSON, GitHub workflow annotations, SARIF 2.1.0, and a progress bar."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import NamedTuple, TextIO

from . import __version__
from .codes import CODES
from .diagnostics import finding_line, shown_file
from .model import Diagnostic, PlacedTable, Table

FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVELS = {"error": "error", "warning": "warning", "info": "note"}
_GITHUB_COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
# In a file name: control characters (a line break would split a finding's line) and the bytes that are not UTF-8
# (os.fsdecode keeps them as lone surrogates, which no UTF-8 stream can print).
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\udc80-\udcff]")
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\", '"': '\\"'}


def shown_path(path: str) -> str:
    """A path as the text formats print it: as is, or in double quotes with backslash escapes (`\\n`, `\\xe9` for a
    byte that is not UTF-8) when it has a control character or such a byte, so that every finding stays one line."""
    if not _UNPRINTABLE.search(path):
        return path
    return '"' + "".join(_escaped(char) for char in path) + '"'


def _escaped(char: str) -> str:
    """One character of a quoted path."""
    if "\udc80" <= char <= "\udcff":
        return f"\\x{ord(char) - 0xDC00:02x}"
    if char in _ESCAPES:
        return _ESCAPES[char]
    if _UNPRINTABLE.match(char):
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    return char


def unicode_path(path: str) -> str:
    """A path as valid Unicode for JSON and annotations: a byte that is not UTF-8 becomes `\\xe9`."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


@dataclass(frozen=True)
class TableRecord:
    """A pipe table as reported: first and last source line, columns, body rows."""

    path: str
    line: int
    end_line: int
    columns: int
    rows: int
    dialect: str

    @classmethod
    def of(cls, path: str, table: Table) -> TableRecord:
        """The record of a scanned table."""
        return cls(path, table.start_line, table.end_line, table.columns, len(table.body), table.dialect.value)

    @classmethod
    def placed(cls, path: str, placed: PlacedTable) -> TableRecord:
        """The record of a table the page shows that is not its file's own, where its HT001 is reported (a
        snippet's file, or the page's line)."""
        table = placed.table
        return cls(shown_file(placed.path) if placed.path else path, placed.line, placed.end_line, table.columns,
                   len(table.body), table.dialect.value)


def table_records(path: str, tables, elsewhere=()) -> list[TableRecord]:
    """Every table a page shows, as check's text reports them (one HT001 each) and in their order: the file's own
    and those placed at its lines by line, then other files' (a snippet's) by file and line."""
    records = [TableRecord.of(path, table) for table in tables]
    if elsewhere:
        records.extend(TableRecord.placed(path, placed) for placed in elsewhere)
        records.sort(key=lambda record: (record.path != path, record.path if record.path != path else "",
                                         record.line))
    return records


@dataclass(frozen=True)
class Finding:
    """A diagnostic as reported, with its file."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    severity: str
    message: str
    hint: str = ""

    @classmethod
    def of(cls, path: str, diagnostic: Diagnostic) -> Finding:
        """The record of a diagnostic."""
        start, end = diagnostic.span.start, diagnostic.span.end
        message = f"{diagnostic.message} ({diagnostic.note})" if diagnostic.note else diagnostic.message
        return cls(shown_file(diagnostic.path) if diagnostic.path else path, start.line, start.column, end.line,
                   end.column, diagnostic.code, diagnostic.severity.value, message, diagnostic.hint)

    def public(self) -> dict:
        """The JSON form: path, line, column, code, severity, message."""
        keys = ("path", "line", "column", "code", "severity", "message")
        return {key: getattr(self, key) for key in keys}


@dataclass
class FileResult:
    """What happened to one file: its tables and findings, or why it could not be processed."""

    path: str
    tables: list[TableRecord] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    error_at: tuple[int, int] | None = None  # where in the file the error is, when a place is its reason
    converted: int = 0
    cells: int = 0
    hand: tuple[int, int, int] = (0, 0, 0)  # hand-written tables: conforming, normalised (check: drifting), left alone
    changed: bool = False
    diff: str = ""
    summary: str = ""
    pending: object = None  # fix: (bytes, Loaded) the main process still has to write (see cli.commit)
    source: tuple = ()  # check: the digest of the bytes read and their file's stat, for the cache (cli.Resolver)
    pasted: tuple[str, ...] | None = ()  # check: the files include-markdown pasted into the page, whose bytes the
    # result depends on too (includes.PastedReading.read; None: on more than bytes, not kept)


class PathProblem(NamedTuple):
    """A path that could not be used: why, and where in it (line, column) when a place is the reason (the first byte
    that is not UTF-8)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def text(self) -> str:
        """`path:line:col: message`, or `path: message` (no place)."""
        where = f":{self.line}:{self.column}" if self.line is not None else ""
        return f"{shown_path(self.path)}{where}: {self.message}"

    def public(self) -> dict:
        """The JSON form: path, line and column (when known), message."""
        place = {"line": self.line, "column": self.column} if self.line is not None else {}
        return {"path": unicode_path(self.path), **place, "message": self.message}


@dataclass(frozen=True)
class Run:
    """Everything one command produced, and how it was asked for."""

    command: str  # "check" or "fix"
    results: list[FileResult]
    problems: list[tuple] = field(default_factory=list)  # PathProblem's fields, outside any file result
    writes: bool = True  # fix without --diff/--check
    diff: bool = False
    configuration: str = "defaults"  # the configuration files the pages were read with
    interrupted: str = ""  # what an interrupted run did and did not do (SIGINT, SIGTERM)
    interrupted_by: int = 0  # the signal's number

    @property
    def errors(self) -> list[PathProblem]:
        """Every path that could not be used, with the reason."""
        return [*(PathProblem(*problem) for problem in self.problems),
                *(PathProblem(r.path, r.error, *(r.error_at or ())) for r in self.results if r.error)]

    @property
    def findings(self) -> list[Finding]:
        """Every finding, file by file."""
        return [finding for result in self.results for finding in result.findings]


def emit(run: Run, form: str, out: TextIO, err: TextIO) -> None:
    """Print a run in the chosen format."""
    {"text": _text, "json": _json, "github": _github, "sarif": _sarif}[form](run, out, err)


def _text(run: Run, out: TextIO, err: TextIO) -> None:
    """`path:line:col: HTnnn message` lines, per-file fix lines, then a summary (diffs alone on stdout)."""
    report = err if run.diff else out
    for problem in run.problems:
        print(PathProblem(*problem).text(), file=err)
    for result in run.results:
        _text_file(run, result, out, report, err)
    print(summary(run), file=report)


def _text_file(run: Run, result: FileResult, out: TextIO, report: TextIO, err: TextIO) -> None:
    """One file's lines."""
    if result.error:
        print(PathProblem(result.path, result.error, *(result.error_at or ())).text(), file=err)
        return
    if run.diff and result.diff:
        out.write(result.diff)
    if result.converted or (run.command == "fix" and result.hand[1]):
        print(fix_line(run, result), file=report)
    if result.findings:  # one write for the file's lines (print wrote each line, then its line feed)
        report.write("".join(f"{finding_line(shown_path(f.path), f.line, f.column, f.code, f.message)}\n"
                             for f in result.findings))


def fix_line(run: Run, result: FileResult) -> str:
    """`Kimi-K3.mdx: 8 tables, 116 cells verified` (`would convert ...` when nothing is written)."""
    path = shown_path(result.path)
    return f"{path}: {result.summary}" if run.writes else f"{path}: would convert {result.summary}"


def summary(run: Run) -> str:
    """One line: findings and pipe tables (check), or files fixed (fix); unreadable files last."""
    good = [r for r in run.results if not r.error]
    found = run.findings
    tables = sum(1 for f in found if f.code == "HT001")
    text = (f"{_count(len(found), 'finding')} ({_count(tables, 'pipe table')})" if found else "no findings")
    text = f"{text} in {_count(len(good), 'file')}"
    if run.command == "fix":
        changed = [r for r in good if r.changed]
        converted, cells = sum(r.converted for r in changed), sum(r.cells for r in changed)
        done = f"{_count(len(changed), 'file')} {'fixed' if run.writes else 'would be fixed'}"
        if changed:
            done += f" ({_count(converted, 'table')}, {_count(cells, 'cell')} verified)"
        text = f"{done}, {len(good) - len(changed)} unchanged; {text.replace(' in ', ' left in ', 1)}"
        text += _not_given_summary(run, good)
    text += _hand_summary(run, good)
    errors = len(run.errors)
    if errors:
        text += f"; {_count(errors, 'path')} could not be {'read or written' if run.command == 'fix' else 'read'}"
    return f"{text}; configuration: {run.configuration}"


def _not_given_summary(run: Run, good: list[FileResult]) -> str:
    """`; left as written, in a file fix was not given: README.md` — the pipe tables of files a page includes that fix
    did not read (it writes only the files it is given: linuxserver's `fix docs` left README.md's table, included by a
    page, with its HT001 alone, as if fix had failed)."""
    read = {os.path.abspath(result.path) for result in good}
    files = sorted({f.path for f in run.findings if f.code == "HT001" and os.path.abspath(f.path) not in read})
    if not files:
        return ""
    return f"; left as written, in {'a file' if len(files) == 1 else 'files'} fix was not given: {', '.join(files)}"


def _hand_summary(run: Run, good: list[FileResult]) -> str:
    """`; hand-written tables: 3 in the house style, 2 drifting, 1 left alone` (nothing when there are none)."""
    conforming, drifting, alone = (sum(r.hand[k] for r in good) for k in range(3))
    if not conforming + drifting + alone:
        return ""
    verb = "normalised" if run.command == "fix" and run.writes else (
        "would be normalised" if run.command == "fix" else "drifting")
    return f"; hand-written tables: {conforming} in the house style, {drifting} {verb}, {alone} left alone"


def _count(number: int, noun: str) -> str:
    """`1 file`, `2 files`."""
    return f"{number} {noun}{'s' * (number != 1)}"


def _json(run: Run, out: TextIO, err: TextIO) -> None:
    """One JSON object: tables, diagnostics, errors (and files, for fix)."""
    import json  # here, as quote below: the text format starts faster without them

    document = {
        "tables": [{**asdict(table), "path": unicode_path(table.path)} for result in run.results
                   for table in result.tables],
        "diagnostics": [{**finding.public(), "path": unicode_path(finding.path)} for finding in run.findings],
        "errors": [problem.public() for problem in run.errors],
        "summary": summary(run),
    }
    if run.command == "fix":
        document["files"] = [
            {"path": unicode_path(r.path), "tables": r.converted, "cells": r.cells, "changed": r.changed}
            for r in run.results if not r.error
        ]
    _errors_to_stderr(run, err)
    out.write(json.dumps(document, indent=2) + "\n")


def _errors_to_stderr(run: Run, err: TextIO) -> None:
    """`path: message` for every path that could not be used (machine formats keep stdout for the document)."""
    for problem in run.errors:
        print(problem.text(), file=err)


def _github(run: Run, out: TextIO, err: TextIO) -> None:
    """GitHub Actions workflow commands: one annotation per finding and per unreadable path."""
    for problem in run.errors:
        print(problem.text(), file=err)
        place = {"line": problem.line, "col": problem.column} if problem.line is not None else {}
        properties = _properties(file=unicode_path(problem.path), **place, title="house-tables")
        print(f"::error {properties}::{escape_data(problem.message)}", file=out)
    for result in run.results:
        if run.diff and result.diff:
            out.write(result.diff)
        if result.converted:
            print(fix_line(run, result), file=out)
        for f in result.findings:
            title = f"{f.code} {CODES[f.code].name}" if f.code in CODES else f.code
            properties = _properties(file=unicode_path(f.path), line=f.line, col=f.column, title=title)
            print(f"::{_GITHUB_COMMANDS.get(f.severity, 'warning')} {properties}::{escape_data(f.message)}", file=out)
    print(summary(run), file=out)


def _properties(**values) -> str:
    """`file=…,line=…` with each value escaped as a property."""
    return ",".join(f"{key}={escape_property(str(value))}" for key, value in values.items())


def escape_data(text: str) -> str:
    """A workflow command's message: % CR LF escaped."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as data, and also : and ,."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _sarif(run: Run, out: TextIO, err: TextIO) -> None:
    """A SARIF 2.1.0 log with one run, rule metadata for every code, and a result per finding."""
    import json

    _errors_to_stderr(run, err)
    out.write(json.dumps(sarif_log(run), indent=2) + "\n")


def sarif_log(run: Run) -> dict:
    """The SARIF document of a run."""
    codes = list(CODES)
    sarif_run = {
        "tool": {"driver": {
            "name": "house-tables",
            "version": __version__,
            "semanticVersion": __version__,
            "rules": [_sarif_rule(code) for code in codes],
        }},
        "originalUriBaseIds": {"SRCROOT": {"uri": Path.cwd().as_uri().rstrip("/") + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [_sarif_invocation(run)],
        "results": [_sarif_result(f, codes) for f in run.findings],
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [sarif_run]}


def _sarif_rule(code: str) -> dict:
    """A reportingDescriptor for one diagnostic code."""
    entry = CODES[code]
    return {
        "id": code,
        "name": entry.name,
        "shortDescription": {"text": entry.summary},
        "defaultConfiguration": {"level": _SARIF_LEVELS[entry.severity.value]},
        "properties": {"tags": ["markdown", "tables"]},
    }


def _sarif_result(finding: Finding, codes: list[str]) -> dict:
    """A result: rule, level, message and region (SARIF end columns are exclusive)."""
    region = {"startLine": finding.line, "startColumn": finding.column,
              "endLine": finding.end_line, "endColumn": max(finding.end_column + 1, 1)}
    result = {
        "ruleId": finding.code,
        "level": _SARIF_LEVELS.get(finding.severity, "warning"),
        "message": {"text": finding.message + (f" ({finding.hint})" if finding.hint else "")},
        "locations": [{"physicalLocation": {"artifactLocation": _artifact(finding.path), "region": region}}],
    }
    if finding.code in codes:
        result["ruleIndex"] = codes.index(finding.code)
    return result


def _sarif_invocation(run: Run) -> dict:
    """Whether every path could be processed, with a notification for each that could not."""
    notifications = [
        {"level": "error", "message": {"text": problem.message},
         "locations": [{"physicalLocation": {"artifactLocation": _artifact(problem.path), **_sarif_place(problem)}}]}
        for problem in run.errors
    ]
    return {"executionSuccessful": not notifications, "toolExecutionNotifications": notifications}


def _sarif_place(problem: PathProblem) -> dict:
    """The region of a path's problem that has a place (its line and column), else nothing."""
    if problem.line is None:
        return {}
    return {"region": {"startLine": problem.line, "startColumn": problem.column}}


def _artifact(path: str) -> dict:
    """An artifactLocation: a file URI for an absolute path, else a relative URI against SRCROOT (the cwd)."""
    from urllib.parse import quote

    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    return {"uri": quote(os.fsencode(Path(path).as_posix())), "uriBaseId": "SRCROOT"}  # the name's exact bytes


def unified_diff(path: str, before: str, after: str) -> str:
    """A unified diff of two texts whose lines keep their own endings (LF, CRLF or CR)."""
    import difflib

    lines = difflib.unified_diff(_LINE.findall(before), _LINE.findall(after), path, path, lineterm="\n")
    out = []
    for line in lines:
        out.append(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
    return "".join(out)


class Progress:
    """A one-line progress bar on a terminal, drawn only once the run has taken more than `delay` seconds."""

    def __init__(self, total: int, stream: TextIO, delay: float = 1.0, clock: Callable[[], float] = time.monotonic):
        """A bar for `total` files on `stream` (drawn only if it is a terminal)."""
        self.total, self.stream, self.delay, self.clock = total, stream, delay, clock
        self.done, self.shown, self.start, self.drawn = 0, False, clock(), float("-inf")
        self.enabled = total > 1 and _is_terminal(stream)

    def advance(self) -> None:
        """One more file done: redraw the bar if it is due (after the delay, at most ten times a second)."""
        self.done += 1
        now = self.clock()
        if self.enabled and now - self.start >= self.delay and (now - self.drawn >= 0.1 or self.done == self.total):
            self.drawn = now
            filled = 30 * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} files")
            self.stream.flush()
            self.shown = True

    def close(self) -> None:
        """Erase the bar, if it was drawn."""
        if self.shown:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    """Whether a stream is an interactive terminal."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
