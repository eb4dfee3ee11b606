"""Test-only engine harness: the tables Python-Markdown (MkDocs stack) and MDX 3 + remark-gfm find.

Tables are normalised exactly as engine_matrix/regen.py records them in engine_matrix/cases.json:
{"source": "md"|"raw", "lines": [first, last]|None, "align": [...], "header": [...], "rows": [[...]]},
each cell being its inner HTML canonicalised by html.parser.
"""

import collections
import contextlib
import html
import json
import os
import queue
import re
import subprocess
import threading
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

TESTS_DIR = Path(__file__).resolve().parent
MDX_SERVER = TESTS_DIR / "mdx_server.mjs"


# ------------------------------------------------------------------ HTML canonicalisation (as in regen.py)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
DROP_ATTRS = {"data-sourcepos", "data-md", "data-lines"}
SECTIONS = ("thead", "tbody", "tfoot")
CELLS = ("td", "th")
WS = re.compile(r"[ \t\n\r\f]+")


def _canon_attrs(attrs: list) -> str:
    """Attributes sorted by name and re-escaped, engine bookkeeping dropped, with a leading space if any."""
    parts = [k if v is None else f'{k}="{html.escape(v, quote=True)}"'
             for k, v in sorted(attrs, key=lambda kv: kv[0]) if k not in DROP_ATTRS]
    return (" " + " ".join(parts)) if parts else ""


def _align_of(attrs: list) -> str | None:
    """A cell's alignment from align= or style="text-align: ..."."""
    d = dict(attrs)
    if d.get("align"):
        return d["align"].strip().lower()
    m = re.search(r"text-align\s*:\s*([a-z]+)", d.get("style") or "")
    return m.group(1) if m else None


def _lines_of(d: dict) -> list[int] | None:
    """The [first, last] source lines recorded on a <table> tag, if any."""
    if d.get("data-sourcepos"):
        m = re.match(r"(\d+):\d+-(\d+):\d+", d["data-sourcepos"])
        return [int(m.group(1)), int(m.group(2))] if m else None
    if d.get("data-lines"):
        a, b = d["data-lines"].split("-")
        return [int(a), int(b)]
    return None


@dataclass
class _OpenTable:
    """A <table> being parsed: its record and the row and cell being filled."""

    table: dict
    section: str | None = None
    row: list | None = None
    row_aligns: list = field(default_factory=list)
    row_is_head: bool = False
    cell: list | None = None


class TableExtractor(HTMLParser):
    """Collects every table (nested ones too, in document order) with canonical cell HTML."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables: list[dict] = []
        self._stack: list[_OpenTable] = []
        self._cells: list[list] = []  # buffers of all open cells, outermost first

    def _emit(self, s: str) -> None:
        """Append canonical HTML to every open cell."""
        for buf in self._cells:
            buf.append(s)

    def handle_starttag(self, tag, attrs):
        """Emit the tag, then track table structure when it is not inside a cell of the innermost table."""
        self._emit(f"<{tag}{_canon_attrs(attrs)}>")
        top = self._stack[-1] if self._stack else None
        if tag == "table":
            self._open_table(dict(attrs))
        elif top is None or top.cell is not None:
            return
        elif tag in SECTIONS:
            top.section = tag
        elif tag == "tr":
            top.row, top.row_aligns, top.row_is_head = [], [], top.section == "thead"
        elif tag in CELLS and top.row is not None:
            top.cell = []
            top.row_aligns.append(_align_of(attrs))
            self._cells.append(top.cell)

    def _open_table(self, d: dict) -> None:
        """Start a table record; data-md / data-sourcepos mark tables made from markdown."""
        source = "md" if "data-md" in d or "data-sourcepos" in d else "raw"
        rec = {"source": source, "lines": _lines_of(d), "align": None, "header": None, "rows": []}
        self.tables.append(rec)
        self._stack.append(_OpenTable(rec))

    def handle_startendtag(self, tag, attrs):
        """Void tags as <br>; any other self-closed tag as an open and a close."""
        if tag in VOID:
            self._emit(f"<{tag}{_canon_attrs(attrs)}>")
        else:
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        """Close table structure as needed, then emit the end tag."""
        if self._stack:
            self._close(self._stack[-1], tag)
        if tag not in VOID:
            self._emit(f"</{tag}>")

    def _close(self, top: _OpenTable, tag: str) -> None:
        """Apply an end tag to the innermost table."""
        if tag in CELLS and top.cell is not None:
            self._close_cell(top)
        elif top.cell is not None:
            return
        elif tag == "tr" and top.row is not None:
            self._close_row(top)
        elif tag in SECTIONS or tag == "table":
            if top.row is not None:
                self._close_row(top)
            top.section = None
            if tag == "table":
                self._stack.pop()

    def _close_cell(self, top: _OpenTable) -> None:
        """Finish the open cell: whitespace runs collapsed, trimmed."""
        self._cells.pop()
        top.row.append(WS.sub(" ", "".join(top.cell)).strip())
        top.cell = None

    def _close_row(self, top: _OpenTable) -> None:
        """Finish the open row: the first head row is the header, the rest are rows."""
        if top.cell is not None:
            self._close_cell(top)
        rec = top.table
        if top.row_is_head and rec["header"] is None:
            rec["header"], rec["align"] = top.row, top.row_aligns
        else:
            rec["rows"].append(top.row)
            if rec["align"] is None and rec["header"] is None:
                rec["align"] = top.row_aligns
        top.row = None

    def handle_data(self, data):
        """Text re-escaped so only & < > are entities; U+00A0 shown as &nbsp;."""
        self._emit(html.escape(data, quote=False).replace("\u00a0", "&nbsp;"))

    def handle_comment(self, data):
        """Comments kept verbatim."""
        self._emit(f"<!--{data}-->")


def extract_tables(h: str) -> list[dict]:
    """Every table in an HTML document, normalised as in cases.json."""
    parser = TableExtractor()
    parser.feed(h)
    parser.close()
    return parser.tables


def md_tables(h: str) -> list[dict]:
    """The tables of an HTML document that were made from markdown pipe syntax."""
    return [t for t in extract_tables(h) if t["source"] == "md"]


# ------------------------------------------------------------------ Python-Markdown, MkDocs stack
# regen.py's stack, plus pymdownx.highlight without Pygments: cases.json was recorded without Pygments, while
# pytest installs it, and superfences would then highlight fenced code (even a fence pymd puts inside a cell).
# The only other effect is class="highlight" on indented code blocks.
PYMD_MKDOCS_EXTENSIONS = ("toc", "tables", "fenced_code", "admonition", "pymdownx.details", "pymdownx.superfences",
                          "pymdownx.tabbed", "attr_list", "md_in_html", "pymdownx.highlight")
EXTENSION_CONFIGS = {"pymdownx.tabbed": {"alternate_style": True}, "pymdownx.highlight": {"use_pygments": False}}
# What a site writes (Pygments on, MkDocs' default): superfences accepts fence options (hl_lines=, linenums=,
# title=) only then, so a scanner that turned Pygments off would read such a fence's contents as Markdown.
SITE_EXTENSION_CONFIGS = {"pymdownx.tabbed": {"alternate_style": True}}


class _MarkTables(Treeprocessor):
    """Marks every table of the element tree (raw HTML tables are stashed, so not there) with data-md."""

    def run(self, root):
        """Set data-md="1" on each <table>."""
        for el in root.iter("table"):
            el.set("data-md", "1")


class MarkTablesExt(Extension):
    """Registers _MarkTables as the last treeprocessor."""

    def extendMarkdown(self, md):
        """Register the treeprocessor at priority 1."""
        md.treeprocessors.register(_MarkTables(md), "mark_tables", 1)


def pymd_html(md: str, configs: dict | None = None, extensions: tuple = PYMD_MKDOCS_EXTENSIONS) -> str:
    """HTML from a fresh Python-Markdown with the MkDocs-like stack (or extensions), markdown tables marked data-md."""
    conv = markdown.Markdown(extensions=[*extensions, MarkTablesExt()],
                             extension_configs=EXTENSION_CONFIGS if configs is None else configs)
    return conv.convert(md)


def pymd_tables(md: str, configs: dict | None = None, extensions: tuple = PYMD_MKDOCS_EXTENSIONS) -> list[dict]:
    """The markdown tables Python-Markdown (MkDocs stack, or extensions) finds; lines are always None."""
    return md_tables(pymd_html(md, configs, extensions))


# ------------------------------------------------------------------ MDX 3 + remark-gfm
class MdxError(RuntimeError):
    """The MDX server exited or broke the protocol; it has been restarted."""


class MdxTimeout(TimeoutError):
    """A document took longer than the per-request timeout; the server has been restarted."""


def _pump(stream, lines: queue.Queue) -> None:
    """Queue each line the server writes, then None once it exits."""
    for line in iter(stream.readline, b""):
        lines.put(line)
    lines.put(None)


def _drain(stream, tail: collections.deque) -> None:
    """Keep the last lines the server writes to stderr."""
    for line in iter(stream.readline, b""):
        tail.append(line)


def _write(stream, payload: bytes) -> None:
    """Send requests; a server killed meanwhile is not this thread's problem."""
    with contextlib.suppress(OSError, ValueError):
        stream.write(payload)
        stream.flush()


class MdxEngine:
    """MDX 3 + remark-gfm rendered by one long-lived `node tests/mdx_server.mjs`."""

    def __init__(self, timeout: float = 20.0):
        self.timeout = timeout
        self._next_id = 0
        self._start()

    def _start(self) -> None:
        """Launch the server, with threads queuing its stdout lines and keeping its last stderr lines."""
        env = {k: v for k, v in os.environ.items() if k != "NODE_ENV"}  # React's dev build, as recorded
        self._proc = subprocess.Popen(["node", str(MDX_SERVER)], cwd=TESTS_DIR, env=env,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque = collections.deque(maxlen=40)
        self._stdout_reader = threading.Thread(target=_pump, args=(self._proc.stdout, self._lines), daemon=True)
        self._stderr_reader = threading.Thread(target=_drain, args=(self._proc.stderr, self._stderr), daemon=True)
        self._stdout_reader.start()
        self._stderr_reader.start()

    def close(self) -> None:
        """Stop the server (end of input lets it finish; kill it if it does not)."""
        with contextlib.suppress(OSError):
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._stdout_reader.join(timeout=5)
        self._stderr_reader.join(timeout=5)
        self._proc.stdout.close()
        self._proc.stderr.close()

    def _restart(self) -> None:
        """Kill the server and start a fresh one."""
        self._proc.kill()
        self.close()
        self._start()

    def _stderr_tail(self) -> str:
        """The end of what the server wrote to stderr, once it has exited."""
        self._stderr_reader.join(timeout=5)
        return b"".join(self._stderr).decode("utf-8", "replace")

    def _response(self, want: int) -> dict:
        """The next response, which must answer request `want`."""
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise MdxTimeout(f"MDX request {want} took over {self.timeout} s") from None
        if line is None:
            raise MdxError(f"MDX server exited: {self._stderr_tail()}")
        resp = json.loads(line)
        if resp.get("id") != want:
            raise MdxError(f"expected the response to request {want}, got {resp}")
        return resp

    def render_many(self, docs: list[str], form: str = "mdx", directives: bool = True,
                    host: bool = False, cjk: bool = False) -> list[dict]:
        """The server's responses to docs, in order; requests are pipelined. form: MDX's `format`, "mdx" or "md"
        (CommonMark, as Docusaurus reads a page under markdown.format 'md'); directives: `:::name` containers read
        (Docusaurus), else text (Mintlify, plain MDX); host: the links, images and code Markdown made are drawn by a
        theme's components, marked `data-host` (JSX written in the page is not); cjk: emphasis beside CJK text read
        by the CommonMark CJK-friendly amendments (remark-cjk-friendly, Rspress' default)."""
        ids = range(self._next_id, self._next_id + len(docs))
        self._next_id += len(docs)
        requests = (json.dumps({"id": i, "md": md, "format": form, "directives": directives, "host": host,
                                "cjk": cjk}) + "\n"
                    for i, md in zip(ids, docs, strict=True))
        payload = "".join(requests).encode()
        writer = threading.Thread(target=_write, args=(self._proc.stdin, payload), daemon=True)
        writer.start()
        try:
            responses = [self._response(i) for i in ids]
        except BaseException:
            self._restart()
            raise
        writer.join()
        return responses

    def tables_many(self, docs: list[str], directives: bool = True, form: str = "mdx") -> list[list[dict] | None]:
        """For each doc, its markdown tables, or None when MDX fails to compile or render it (form: render_many's)."""
        return [md_tables(r["html"]) if r["ok"] else None
                for r in self.render_many(docs, form=form, directives=directives)]

    def tables(self, md: str, directives: bool = True, form: str = "mdx") -> list[dict] | None:
        """The markdown tables MDX finds in md, or None when MDX fails to compile or render it."""
        return self.tables_many([md], directives, form)[0]
