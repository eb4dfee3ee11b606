"""An editor for tests and benchmarks: pygls' LanguageClient driving `house-tables lsp` as a real process over
stdio, with blocking calls (its event loop runs in a thread of its own).

Positions are checked with this module's own conversion between UTF-16 positions and text offsets, written
apart from the server's."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from house_tables import cli

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120  # seconds for any one answer (a slow shared machine; never a measure of speed)
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
SEVERITIES = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
              "info": types.DiagnosticSeverity.Information}


def capabilities(disabled_support: bool = True, document_changes: bool = True,
                 encodings: tuple[str, ...] = ("utf-16",), watch_files: bool = False) -> types.ClientCapabilities:
    """What the test editor supports: versioned edits and disabled code actions, as VS Code does, positions in
    these encodings (the server picks the first it knows), and maybe watching files for the server."""
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=list(encodings)),
        workspace=types.WorkspaceClientCapabilities(
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=document_changes),
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=watch_files)),
        text_document=types.TextDocumentClientCapabilities(
            code_action=types.CodeActionClientCapabilities(disabled_support=disabled_support),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True)),
    )


@contextlib.contextmanager
def started(*args: str, **options) -> Iterator[Editor]:
    """A server of its own for a block (see Editor), which must exit cleanly after it."""
    editor = Editor(*args, **options)
    try:
        yield editor
    finally:
        assert editor.stop() == 0  # `shutdown` then `exit`: exit code 0


class Editor:
    """One server process and the documents open in it."""

    def __init__(self, *args: str, client_capabilities: types.ClientCapabilities | None = None,
                 program: str | None = None, cwd: Path | None = None):
        """Start the server: `python -m house_tables lsp ARGS`, or `python -c PROGRAM lsp ARGS` (in `cwd`, as an
        editor starts it in its workspace)."""
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.arrived = threading.Condition()
        self.versions: dict[str, int] = {}
        self.client = LanguageClient("house-tables-tests", "1")

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def record(params: types.PublishDiagnosticsParams) -> None:
            self._record(params)

        self.registrations: list[types.Registration] = []

        @self.client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params: types.RegistrationParams) -> None:
            self.registrations.extend(params.registrations)

        environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin")}
        command = ["-c", program] if program else ["-m", "house_tables"]
        self._wait(self.client.start_io(sys.executable, *command, "lsp", *args, env=environment, cwd=cwd))
        params = types.InitializeParams(capabilities=client_capabilities or capabilities(), process_id=os.getpid())
        self.initialized = self._wait(self.client.initialize_async(params))
        self.client.initialized(types.InitializedParams())

    def _wait(self, coroutine):
        """Run a coroutine on the client's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(TIMEOUT)

    def _record(self, params: types.PublishDiagnosticsParams) -> None:
        """Keep every publication (called on the client's loop)."""
        with self.arrived:
            self.published.setdefault(params.uri, []).append(params)
            self.arrived.notify_all()

    # -------------------------------------------------------------- documents

    def open(self, path: Path, text: str, language: str = "markdown") -> list[types.Diagnostic]:
        """Open a document; the diagnostics published for it."""
        uri = path.as_uri()
        self.versions[uri] = 1
        with self.arrived:  # a document opened again starts at version 1 again
            self.published.pop(uri, None)
        item = types.TextDocumentItem(uri, language, 1, text)
        self._call(lambda: self.client.text_document_did_open(types.DidOpenTextDocumentParams(item)))
        return self.diagnostics(uri, 1)

    def change(self, path: Path, text: str, wait: bool = True) -> list[types.Diagnostic] | None:
        """Replace a document's text (full sync); the diagnostics of the new version (None: not waited for)."""
        uri = path.as_uri()
        self.versions[uri] += 1
        document = types.VersionedTextDocumentIdentifier(version=self.versions[uri], uri=uri)
        change = types.TextDocumentContentChangeWholeDocument(text)
        params = types.DidChangeTextDocumentParams(document, [change])
        self._call(lambda: self.client.text_document_did_change(params))
        return self.diagnostics(uri, self.versions[uri]) if wait else None

    @contextlib.contextmanager
    def opened(self, path: Path, text: str) -> Iterator[list[types.Diagnostic]]:
        """A document open for the block (closed after it, whatever happens): its diagnostics."""
        try:
            yield self.open(path, text)
        finally:
            self.close(path)

    def save(self, path: Path) -> None:
        """Say that a document was saved (its text already on disk)."""
        identifier = types.TextDocumentIdentifier(path.as_uri())
        self._call(lambda: self.client.text_document_did_save(types.DidSaveTextDocumentParams(identifier)))

    def close(self, path: Path) -> None:
        """Close a document."""
        identifier = types.TextDocumentIdentifier(path.as_uri())
        self._call(lambda: self.client.text_document_did_close(types.DidCloseTextDocumentParams(identifier)))

    def diagnostics(self, uri: str, version: int, after: int = 0) -> list[types.Diagnostic]:
        """The diagnostics published for a version of a document, skipping its first `after` publications
        (waiting for them)."""
        deadline = time.monotonic() + TIMEOUT
        with self.arrived:
            while True:
                for params in self.published.get(uri, [])[after:]:
                    if params.version == version:
                        return list(params.diagnostics)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no diagnostics for {uri} version {version}")
                self.arrived.wait(left)

    def files_changed(self, *paths: Path) -> None:
        """Say that files the server watches have changed (as an editor's file watcher does)."""
        changes = [types.FileEvent(path.as_uri(), types.FileChangeType.Changed) for path in paths]
        params = types.DidChangeWatchedFilesParams(changes)
        self._call(lambda: self.client.workspace_did_change_watched_files(params))

    def code_actions(self, path: Path, line: int, only: list[str] | None = None,
                     shown: list[types.Diagnostic] | None = None) -> list[types.CodeAction]:
        """The code actions for a (0-based) line of a document, asked with the diagnostics the editor shows."""
        return self.code_actions_later(path, line, only, shown).result(TIMEOUT) or []

    def code_actions_later(self, path: Path, line: int, only: list[str] | None = None,
                           shown: list[types.Diagnostic] | None = None) -> Future:
        """Ask for the code actions without waiting: the answer (None for none) is the future's result."""
        at = types.Position(line, 0)
        context = types.CodeActionContext(shown or [], only=only)
        params = types.CodeActionParams(types.TextDocumentIdentifier(path.as_uri()), types.Range(at, at), context)
        return asyncio.run_coroutine_threadsafe(self.client.text_document_code_action_async(params), self.loop)

    def hover(self, path: Path, line: int, character: int = 0) -> types.Hover | None:
        """The hover at a (0-based) position."""
        params = types.HoverParams(types.TextDocumentIdentifier(path.as_uri()), types.Position(line, character))
        return self._wait(self.client.text_document_hover_async(params))

    def conversion_processes(self) -> set[int]:
        """The ids of the server's processes that convert (Linux, from /proc): its children started by
        multiprocessing's spawn (not its resource tracker, which lives as long as the server)."""
        server = self.client._server.pid
        found = set()
        for process in Path("/proc").glob("[0-9]*"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((process / "stat").read_text().rsplit(")", 1)[1].split()[1])  # after the state
                if parent == server and b"spawn_main" in (process / "cmdline").read_bytes():
                    found.add(int(process.name))
        return found

    def _call(self, send) -> None:
        """Send a notification from the client's loop (its writer belongs to that loop)."""
        async def call():
            send()

        self._wait(call())

    def stop(self) -> int | None:
        """Shut the server down; its exit code."""
        try:
            self._wait(self.client.shutdown_async(None))
            self._call(lambda: self.client.exit(None))
            server = self.client._server
            code = self._wait(asyncio.wait_for(server.wait(), TIMEOUT)) if server else None
            self._wait(self.client.stop())
            return code
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(TIMEOUT)


# ------------------------------------------------------------------ applying edits, as an editor does


def offset(text: str, position: types.Position) -> int:
    """The text offset of a UTF-16 position (lines end at LF, CRLF or CR)."""
    lines = _LINE.findall(text)
    start = sum(len(line) for line in lines[: position.line])
    if position.line >= len(lines):
        return len(text)
    line, units = lines[position.line], 0
    for index, char in enumerate(line):
        if units >= position.character or char in "\r\n":
            return start + index
        units += 2 if ord(char) > 0xFFFF else 1
    return start + len(line)


def applied(text: str, edits: list[types.TextEdit]) -> str:
    """Text edits (positions in the original text, not overlapping) applied."""
    spans = sorted(((offset(text, e.range.start), offset(text, e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_of(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    """A code action's edits of one document, however the workspace edit carries them."""
    edit = action.edit
    if edit.document_changes:
        return [e for change in edit.document_changes if change.text_document.uri == uri for e in change.edits]
    return list(edit.changes.get(uri, []))


def model_position(text: str, position: types.Position) -> tuple[int, int]:
    """The 1-based line and code-point column of a UTF-16 position (what check prints)."""
    at = offset(text, position)
    line_start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
    return position.line + 1, at - line_start + 1


# ------------------------------------------------------------------ the command line, for comparison


def write(path: Path, text: str) -> Path:
    """A file with exactly this text (UTF-8, line endings as given)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def check_json(path: Path, *options: str, cwd: Path | None = None) -> list[dict]:
    """`house-tables check --format json PATH` run in the file's directory (or cwd): its diagnostics."""
    out, previous = io.StringIO(), Path.cwd()
    os.chdir(cwd or path.parent)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            cli.run(["check", "--format", "json", *options, str(path)])
    finally:
        os.chdir(previous)
    return json.loads(out.getvalue())["diagnostics"]


def fixed(path: Path, text: str, *options: str) -> str:
    """What `house-tables fix` writes for this text (in a copy of the file, beside it)."""
    copy = write(path.with_name("fixed-" + path.name), text)
    previous = Path.cwd()
    os.chdir(path.parent)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            cli.run(["fix", *options, str(copy)])
    finally:
        os.chdir(previous)
    result = copy.read_bytes().decode("utf-8")
    copy.unlink()
    return result


def as_check_prints(text: str, diagnostics: list[types.Diagnostic]) -> list[dict]:
    """The server's diagnostics in check's JSON terms (line, code-point column, code, severity, message)."""
    severities = {value: key for key, value in SEVERITIES.items()}
    shown = []
    for diagnostic in diagnostics:
        line, column = model_position(text, diagnostic.range.start)
        shown.append({"line": line, "column": column, "code": diagnostic.code,
                      "severity": severities[diagnostic.severity], "message": diagnostic.message})
    return shown


def without_path(found: list[dict]) -> list[dict]:
    """check's diagnostics without their path (the server's are per document)."""
    return [{key: value for key, value in item.items() if key != "path"} for item in found]
