"""The protocol's view of an analysis: diagnostics, code actions and hovers, built from check's findings and
fix's conversion (see analysis.py), placed with a LineIndex."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

from ..model import Dialect
from ..report import Finding
from ..source import Source
from .analysis import Analysis, TablePlan
from .positions import LineIndex

SOURCE = "house-tables"
# The README's table of codes (the package's long description, so it is also on the project's PyPI page).
CODES_URL = "https://pypi.org/project/mkdocs-house-tables/#diagnostics"
SEVERITIES = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
              "info": types.DiagnosticSeverity.Information}
DIRECTIVES = {Dialect.PYTHON_MARKDOWN: "<!-- house-tables: off -->", Dialect.MDX: "{/* house-tables: off */}"}
CONVERT_ALL = types.CodeActionKind.SourceFixAll + ".house-tables"
EditMaker = Callable[[list[types.TextEdit]], types.WorkspaceEdit]  # text edits of the document as the client takes them


# ------------------------------------------------------------------ diagnostics


def diagnostics(analysis: Analysis, index: LineIndex) -> list[types.Diagnostic]:
    """check's findings, each at its exact span. A finding in another file (a table a snippet includes) is shown
    at the top of the document, with its file, line and column, and a link to it."""
    own = str(analysis.snapshot.path)
    return [diagnostic(f, index) if _same_file(f.path, own) else _included(f) for f in analysis.findings]


def _same_file(shown: str, own: str) -> bool:
    """Whether a finding's path (as check shows it: maybe relative to the working directory) is the document."""
    return shown == own or Path(shown).resolve() == Path(own).resolve()


def _included(finding: Finding) -> types.Diagnostic:
    """A finding in an included file, at the document's start (positions in the other file: code points)."""
    start = types.Position(0, 0)
    there = types.Range(types.Position(finding.line - 1, finding.column - 1),
                        types.Position(finding.end_line - 1, finding.end_column))
    link = types.Location(Path(finding.path).resolve().as_uri(), there)
    message = f"{finding.path}:{finding.line}:{finding.column}: {finding.message}"
    return types.Diagnostic(types.Range(start, start), message, severity=SEVERITIES.get(finding.severity),
                            code=finding.code, code_description=types.CodeDescription(CODES_URL), source=SOURCE,
                            related_information=[types.DiagnosticRelatedInformation(link, "the included table")])


def diagnostic(finding: Finding, index: LineIndex) -> types.Diagnostic:
    """A finding as a protocol diagnostic: check's message at its exact span (end inclusive in the model, exclusive
    here). The hint is left out: the code actions are the editor's hints."""
    span = types.Range(index.before(finding.line, finding.column), index.after(finding.end_line, finding.end_column))
    return types.Diagnostic(span, finding.message, severity=SEVERITIES.get(finding.severity), code=finding.code,
                            code_description=types.CodeDescription(CODES_URL), source=SOURCE)


def unchecked(message: str) -> types.Diagnostic:
    """Why the document could not be checked, at its start."""
    start = types.Position(0, 0)
    return types.Diagnostic(types.Range(start, start), message, severity=types.DiagnosticSeverity.Error,
                            source=SOURCE)


# ------------------------------------------------------------------ code actions


def table_edit(plan: TablePlan, index: LineIndex, converted: Source) -> types.TextEdit:
    """The edit that replaces a table's lines with its lines in fix's output (line endings included)."""
    first, last = plan.new_lines
    text = "".join(line + ending for line, ending in
                   zip(converted.lines[first - 1 : last], converted.endings[first - 1 : last]))
    return types.TextEdit(index.lines_range(plan.start_line, plan.end_line), text)


def convert_actions(plans: tuple[TablePlan, ...], at: TablePlan | None, index: LineIndex, converted: Source,
                    edit: EditMaker) -> list[types.CodeAction]:
    """"Convert this table" for the table at the cursor (disabled, with fix's reason, when fix keeps it), and
    "Convert all tables" when fix converts any. `edit` makes a workspace edit of text edits."""
    actions = []
    if at is not None and not at.off:
        title = "Normalise this house table" if at.normalised else "Convert this table to the house style"
        if not at.converted:
            actions.append(types.CodeAction(title, kind=types.CodeActionKind.QuickFix,
                                            disabled=types.CodeActionDisabled(f"not converted: {at.reason}")))
        else:
            actions.append(types.CodeAction(title, kind=types.CodeActionKind.QuickFix, is_preferred=True,
                                            edit=edit([table_edit(at, index, converted)])))
    done = [plan for plan in plans if plan.converted]
    if done:
        title = f"Convert all tables in this file to the house style ({len(done)} of {len(plans)})"
        actions.append(types.CodeAction(title, kind=CONVERT_ALL,
                                        edit=edit([table_edit(plan, index, converted) for plan in done])))
    return actions


def leave_alone_edit(plan: TablePlan, dialect: Dialect, index: LineIndex) -> types.TextEdit:
    """Insert the `off` directive and a blank line above the table, with the table's container prefix (quote
    markers, indentation) on both lines, so the directive belongs to the table's own block."""
    source, line = index.source, plan.start_line
    header = source.lines[line - 1]
    prefix = header[: len(header) - len(header.lstrip(" \t>"))]
    ending = source.endings[line - 1] or "\n"
    at = index.line_start(line)
    return types.TextEdit(types.Range(at, at), f"{prefix}{DIRECTIVES[dialect]}{ending}{prefix.rstrip()}{ending}")


def leave_alone_action(insertion: types.TextEdit, edit: EditMaker) -> types.CodeAction:
    """"Leave this table alone": the directive that silences its HT001 and keeps fix away from it."""
    return types.CodeAction("Leave this table alone (house-tables: off)", kind=types.CodeActionKind.QuickFix,
                            edit=edit([insertion]))


# ------------------------------------------------------------------ hover


def hover_text(plan: TablePlan, dialect: Dialect, styled: bool) -> str:
    """A table's shape, its dialect and the widths fix gives it (or why fix keeps it)."""
    rows = plan.rows
    kind = "Hand-written table, drifting from the house style" if plan.normalised else "Pipe table"
    lines = [f"**{kind}** — {plan.columns} column{'s' * (plan.columns != 1)}, {rows} row{'s' * (rows != 1)}"
             f" (lines {plan.start_line}–{plan.end_line}), read as {dialect.value}"]
    if not plan.converted:
        lines.append(f"Not converted: {plan.reason}")
    elif styled:
        lines.append("Widths: " + " · ".join(f"{width}%" for width in plan.widths))
    else:
        lines.append("Widths: none (`style: plain` writes no colgroup)")
    if plan.converted:
        first, last = plan.new_lines
        lines.append(f"`house-tables fix` writes it as {last - first + 1} lines")
    return "\n\n".join(lines)
