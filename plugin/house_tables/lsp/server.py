"""`house-tables lsp`: a language server over stdio (pygls), serving check's findings as diagnostics, fix's
conversions as code actions, and a table's shape and widths as a hover.

Checks run in one worker thread, newest version first: a change waits DEBOUNCE seconds (a newer change restarts
the wait), and a check whose document has moved on by the time the worker reaches it is dropped, as are results
for a version the editor no longer has. Conversions (fix's, for code actions and hovers) run in a process of
their own (fix_process.py), which a newer version of the document being converted stops. The event loop only
reads messages and places results, so the server answers while a large page is checked or converted.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..cli import check_text
from ..includes import forget_includes
from ..source import Source
from . import features
from .analysis import (
    CONFIGURATION_FILES,
    Analysis,
    FixPlan,
    Options,
    SettingsCache,
    Snapshot,
    TablePlan,
    Unchecked,
    analyse,
    inserted,
)
from .fix_process import FixProcess, Stopped
from .positions import LineIndex

DEBOUNCE = 0.15  # seconds of quiet after a change before it is checked (typing produces a change per key)
logger = logging.getLogger("house_tables.lsp")


class Stale(Exception):
    """The document has a newer version than the work was for."""


class HouseTablesServer(LanguageServer):
    """The server's state: the versions the editor has, the last analysis and conversion of each document."""

    def __init__(self, options: Options):
        super().__init__(features.SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.options = options
        self.settings = SettingsCache()  # used in the worker thread only
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="house-tables")
        self.latest: dict[str, Snapshot] = {}  # open documents as the editor has them (a new object per change)
        self.analyses: dict[str, Analysis] = {}
        self.fixes = FixProcess()
        self.conversions: dict[str, tuple[Snapshot, asyncio.Future]] = {}  # fix's plan, per document
        self.pending: dict[str, asyncio.Task] = {}

    # -------------------------------------------------------------- documents

    def check_later(self, uri: str, delay: float) -> None:
        """A document opened, changed or saved: check it after `delay` seconds, cancelling the older wait."""
        self.latest[uri] = self.snapshot(uri)
        self._stop_stale_conversion(uri)
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.ensure_future(self._publish_after(uri, delay))

    def closed(self, uri: str) -> None:
        """A document closed: forget it and clear its diagnostics."""
        self.latest.pop(uri, None)
        self.analyses.pop(uri, None)
        self._stop_stale_conversion(uri)
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    def snapshot(self, uri: str) -> Snapshot:
        """The document's text as the editor has it now."""
        document = self.workspace.get_text_document(uri)
        return Snapshot(Path(to_fs_path(uri) or document.path), document.source, document.version)

    def current(self, uri: str, snapshot: Snapshot) -> bool:
        """Whether the editor still has this version of the document open (the same object: a document closed and
        opened again starts at version 1 again)."""
        return self.latest.get(uri) is snapshot

    def index(self, analysis: Analysis) -> LineIndex:
        """Positions of the analysed text in the units the client and server agreed on."""
        return LineIndex(analysis.source, self.workspace.position_codec.client_num_units)

    # -------------------------------------------------------------- diagnostics

    async def _publish_after(self, uri: str, delay: float) -> None:
        """Wait, check the newest version in the worker, publish its diagnostics if it is still the newest."""
        await asyncio.sleep(delay)
        snapshot = self.latest.get(uri)
        if snapshot is None:
            return
        try:
            analysis = await self.in_worker(self._analyse, uri, snapshot)
        except Stale:
            return
        except Unchecked as problem:
            self._publish(uri, snapshot, [features.unchecked(f"house-tables: {problem}")])
            return
        except Exception as error:  # a bug: shown on the document (and logged), the server goes on
            logger.exception("checking %s failed", uri)
            message = f"house-tables: internal error ({type(error).__name__}: {error}); please report it"
            self._publish(uri, snapshot, [features.unchecked(message)])
            return
        if self.current(uri, snapshot):
            self.analyses[uri] = analysis
            self._publish(uri, snapshot, features.diagnostics(analysis, self.index(analysis)))

    def _publish(self, uri: str, snapshot: Snapshot, diagnostics: list[types.Diagnostic]) -> None:
        """Send a document's diagnostics, unless the editor has moved on."""
        if self.current(uri, snapshot):
            params = types.PublishDiagnosticsParams(uri, diagnostics, snapshot.version)
            self.text_document_publish_diagnostics(params)

    def _analyse(self, uri: str, snapshot: Snapshot) -> Analysis:
        """check's result (in the worker), unless a newer version arrived while this one waited."""
        if not self.current(uri, snapshot):
            raise Stale
        return analyse(snapshot, self.options, self.settings)

    def in_worker(self, function, *args):
        """Run a function in the worker thread, as an awaitable."""
        return asyncio.wrap_future(self.worker.submit(function, *args))

    # -------------------------------------------------------------- conversions

    async def plans(self, uri: str) -> tuple[Analysis, FixPlan, Source] | None:
        """The document's analysis, fix's plan for it and fix's output (for the version the editor has; computed
        once per version, in the fix process)."""
        snapshot = self.latest.get(uri)
        if snapshot is None:
            return None
        analysis = self.analyses.get(uri)
        if analysis is None or analysis.snapshot is not snapshot:
            analysis = await self.in_worker(self._analyse, uri, snapshot)
        if analysis.task is None or not self.current(uri, snapshot):
            return None
        if uri not in self.conversions or self.conversions[uri][0] is not snapshot:
            self.conversions[uri] = (snapshot, self.fixes.convert(analysis.task, snapshot.text))
        plan = await asyncio.shield(self.conversions[uri][1])  # a cancelled request leaves it to the next one
        if not self.current(uri, snapshot):  # edits for an older text: none
            return None
        return analysis, plan, Source.parse(plan.text)

    def _stop_stale_conversion(self, uri: str) -> None:
        """A document changed or closed: stop its conversion if it is still running (and with it the others in
        the fix process: they are asked for again when wanted)."""
        stale = self.conversions.pop(uri, None)
        if stale is not None and not stale[1].done():
            self.fixes.stop()
            self.conversions = {key: value for key, value in self.conversions.items() if value[1].done()}

    def leave_alone(self, uri: str, analysis: Analysis, plan: TablePlan) -> types.CodeAction:
        """"Leave this table alone", offered only when check reads the edited text as it read this one: the same
        tables (those below two lines further down), this one without its HT001 and with no HT008."""
        edit = features.leave_alone_edit(plan, analysis.task.dialect, self.index(analysis))
        action = features.leave_alone_action(edit, lambda edits: self.workspace_edit(uri, analysis, edits))
        line = plan.start_line
        after = check_text(analysis.task, inserted(analysis.source, line, edit.new_text))
        moved = [replace(t, line=t.line + 2, end_line=t.end_line + 2) if t.line >= line else t
                 for t in analysis.result.tables]
        directive_ignored = any(f.code in ("HT001", "HT008") and line <= f.line <= line + 2 for f in after.findings)
        if after.tables != moved or directive_ignored:
            action.edit = None
            action.disabled = types.CodeActionDisabled("the directive would change how the page is read")
        return action

    def workspace_edit(self, uri: str, analysis: Analysis, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
        """Edits of the analysed version (a client that supports it refuses them once the document changed)."""
        capabilities = self.client_capabilities.workspace
        versioned = capabilities and capabilities.workspace_edit and capabilities.workspace_edit.document_changes
        if versioned:
            document = types.OptionalVersionedTextDocumentIdentifier(uri, analysis.snapshot.version)
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(document, edits)])
        return types.WorkspaceEdit(changes={uri: edits})

    def watches_configuration(self) -> bool:
        """Whether the client can watch files for the server (registered when the session starts)."""
        workspace = self.client_capabilities.workspace
        watched = workspace and workspace.did_change_watched_files
        return bool(watched and watched.dynamic_registration)

    async def watch_configuration(self) -> None:
        """Ask the client to say when a configuration file changes (see CONFIGURATION_FILES): the open documents
        are then checked again (their settings are read again if a file changed, see SettingsCache)."""
        watchers = [types.FileSystemWatcher(f"**/{name}") for name in CONFIGURATION_FILES]
        options = types.DidChangeWatchedFilesRegistrationOptions(watchers)
        registration = types.Registration("house-tables-configuration", types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                          options)
        await self.client_register_capability_async(types.RegistrationParams([registration]))

    def supports_disabled(self) -> bool:
        """Whether the client shows a disabled code action with its reason."""
        actions = self.client_capabilities.text_document and self.client_capabilities.text_document.code_action
        return bool(actions and actions.disabled_support)


def plan_at(plans: tuple[TablePlan, ...], first: int, last: int) -> TablePlan | None:
    """The table whose lines meet the model lines first..last."""
    return next((p for p in plans if p.start_line <= last and first <= p.end_line), None)


def build(options: Options) -> HouseTablesServer:
    """The server with its features."""
    server = HouseTablesServer(options)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: HouseTablesServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.check_later(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: HouseTablesServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.check_later(params.text_document.uri, DEBOUNCE)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: HouseTablesServer, params: types.DidSaveTextDocumentParams) -> None:
        # A saved page may now include another file in part, inline or as code (snippets, include-markdown), which
        # keeps that file's tables: how pages include files is read again, and every open document checked again
        # (a saved mkdocs.yml or pyproject.toml may change the settings too).
        forget_includes()
        for uri in {params.text_document.uri, *ls.latest}:
            ls.check_later(uri, 0)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: HouseTablesServer, params: types.InitializedParams) -> None:
        if ls.watches_configuration():
            await _guarded(ls.watch_configuration())

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def configuration_changed(ls: HouseTablesServer, params: types.DidChangeWatchedFilesParams) -> None:
        for uri in list(ls.latest):  # which documents a file's settings reach is the settings' business: all
            ls.check_later(uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: HouseTablesServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, features.CONVERT_ALL]))
    async def code_action(ls: HouseTablesServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return await _code_actions(ls, params)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: HouseTablesServer, params: types.HoverParams) -> types.Hover | None:
        return await _hover(ls, params)

    return server


async def _code_actions(ls: HouseTablesServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """Convert this table / all tables (fix's edits), leave this table alone (the `off` directive)."""
    found = await _guarded(ls.plans(params.text_document.uri))
    if found is None:
        return None
    analysis, plan, converted = found
    index = ls.index(analysis)
    first, last = index.model(params.range.start)[0], index.model(params.range.end)[0]
    at = plan_at(plan.tables, first, last)
    uri = params.text_document.uri
    actions = features.convert_actions(plan.tables, at, index, converted,
                                       lambda edits: ls.workspace_edit(uri, analysis, edits))
    if at is not None and not at.off:
        actions.append(await ls.in_worker(ls.leave_alone, uri, analysis, at))
        table = range(at.start_line - 1, at.end_line)  # the editor asks with the problems it shows
        shown = [d for d in params.context.diagnostics if d.source == features.SOURCE and d.range.start.line in table]
        for quick_fix in (a for a in actions if a.kind == types.CodeActionKind.QuickFix):
            quick_fix.diagnostics = shown or None
    only = params.context.only
    if only:
        actions = [a for a in actions if any(a.kind == kind or a.kind.startswith(kind + ".") for kind in only)]
    if not ls.supports_disabled():
        actions = [a for a in actions if a.disabled is None]
    return actions or None


async def _hover(ls: HouseTablesServer, params: types.HoverParams) -> types.Hover | None:
    """The table under the cursor: shape, dialect, widths, or why fix keeps it."""
    found = await _guarded(ls.plans(params.text_document.uri))
    if found is None:
        return None
    analysis, plan, _ = found
    index = ls.index(analysis)
    line = index.model(params.position)[0]
    at = plan_at(plan.tables, line, line)
    if at is None:
        return None
    text = features.hover_text(at, analysis.task.dialect, analysis.task.config.style.styled)
    content = types.MarkupContent(types.MarkupKind.Markdown, text)
    return types.Hover(content, index.lines_range(at.start_line, at.end_line))


async def _guarded(work):
    """A request's result, or None when its document changed meanwhile, cannot be checked, or failed (logged)."""
    try:
        return await work
    except (Stale, Stopped, Unchecked):
        return None
    except Exception:  # a bug: the request gets no result, the server goes on
        logger.exception("a request failed")
        return None


def serve(options: Options) -> int:
    """Run the server on stdin/stdout until the client exits it."""
    logging.basicConfig(level=logging.WARNING, format="house-tables lsp: %(message)s")  # stderr: the client's log
    server = build(options)
    try:
        server.start_io(sys.stdin.buffer, _protocol_stream())
    finally:
        server.fixes.stop()
    return 0


def _protocol_stream() -> BinaryIO:
    """Standard output for the protocol alone: its own copy of the stream (which the server closes when it exits),
    while anything else written to standard output (a library's print) goes to standard error instead of
    corrupting a message."""
    sys.stdout.flush()
    stream = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return stream
