"""The python-markdown dialect: tables exactly where Python-Markdown's block parser finds them.

Rather than re-implement Python-Markdown and every MkDocs block extension around
it (admonition, details, tabbed, superfences, blocks, md_in_html, lists, quotes),
this module runs the real block parser of the configured extension stack, with
the `tables` processor replaced by one that records each block it turns into a
table. Inline processing and serialisation are skipped. The recorded rows are
then located in the original file (Python-Markdown keeps no positions), so every
cell gets its exact span.
"""

from __future__ import annotations

import copy
import os
import re
import sys
import xml.etree.ElementTree as etree
from collections.abc import Callable
from functools import lru_cache, partial

import markdown
from markdown.blockparser import BlockParser
from markdown.blockprocessors import ParagraphProcessor
from markdown.extensions import Extension
from markdown.extensions.tables import PIPE_LEFT, PIPE_RIGHT, TableProcessor
from markdown.preprocessors import Preprocessor
from markdown.util import ETX, STX

from ..diagnostics import delimiter_mismatch, no_blank_line_before, swallowed_block, unlocated_table
from ..model import Cell, Diagnostic, Dialect, LazyRow, PlacedTable, Position, Row, Span, Table
from ..patterns import LazyPattern
from ..source import Source
from . import fences
from .cells import alignment, cell_at, row_of
from .locate import LineLocator, offset_in

MKDOCS_EXTENSIONS: tuple[str, ...] = (
    "toc",
    "tables",
    "fenced_code",
    "admonition",
    "pymdownx.details",
    "pymdownx.superfences",
    "pymdownx.tabbed",
    "pymdownx.blocks.admonition",
    "pymdownx.blocks.details",
    "pymdownx.blocks.tab",
    "attr_list",
    "md_in_html",
)
MKDOCS_EXTENSION_CONFIGS: dict[str, dict] = {"pymdownx.tabbed": {"alternate_style": True}}

INCLUDE_MARK = "-8<-"  # pymdownx.snippets' marker: text from other files may hold tables
_PLACEHOLDER = LazyPattern("\x02wzxhzdk:(\\d+)\x03")
# Where the text the block parser reads is captured: after includes (pymdownx.snippets, 32) and critic (31.1), but
# before superfences' `preserve_tabs` pre-pass (31.05), which swaps fences for placeholders that its main pass (25)
# gives back as the same lines; captured after it, the text would differ from the file by every fence.
CAPTURE_PRIORITY = 31.07
_SPLIT = LazyPattern(r"(\\\\)|(\\`+)|(`+)|(\\\|)|(\|)")
_DELIMITER_CHARS = frozenset("|:- ")
_BACKTICK_RUN = LazyPattern("`+")
_SPACES_LINE = LazyPattern("\n +(?=\n)")
_DELIMITER_LINE = LazyPattern(r"[ \t>]*([|:\- \t]+)")
_BLOCK_START_MARKS = frozenset("#-*+>`~_<")  # with any decimal digit (\d), what _BLOCK_START can begin with
# What a _BLOCK_START match begins with (each alternative without what follows its first characters): the first
# cell's text is a prefix of its line from the row's start, so a line where none stands there has no such cell.
_BLOCK_STEM = LazyPattern(
    r"#|[-*+][ \t]|\d{1,9}[.)]|>|```|~~~|[-*_]|<(?:div|details|section|table|pre|ul|ol|blockquote|h[1-6]|hr|p)",
    re.IGNORECASE,
)
_BLOCK_START = LazyPattern(
    r"(?:#{1,6}(?:[ \t]|$)|[-*+][ \t]|\d{1,9}[.)](?:[ \t]|$)|>|```|~~~|([-*_])[ \t]*\1[ \t]*\1"
    r"|<(?:div|details|section|table|pre|ul|ol|blockquote|h[1-6]|hr|p)\b)",
    re.IGNORECASE,
)


class _Record:
    """What the recording processor saw during one parse (a plain class: a dataclass would compile its methods when
    every build imports this module)."""

    def __init__(self, build: bool = True):
        self.tables: list[list[str]] = []
        self.elements: list = []  # the <table> element built for each recorded block
        self.counts: list = []  # per recorded block: its rows' cell counts as Python-Markdown split them (header,
        # delimiter, body rows; None for a block not built), so locating need not split them again
        self.near_misses: list[list[str]] = []
        # superfences' stack (placeholder, first and end line) and the line it begins from, when it ran: every page
        # with a fence records it, only a page with a table reads it (fenced_lines)
        self.fence_stack: tuple[int, list[tuple[str, int, int]]] | None = None
        self.reverted: list[str] = []  # blocks whose fences the code processor gave back as text
        self.stash: list[str] = []  # Python-Markdown's stashed raw blocks, by placeholder
        self.build = build  # build each table's cells (a scan only needs the blocks)
        self.text: str | None = None  # the text the block parser reads: includes expanded, whitespace as written
        self.included: dict[str, list[str]] = {}  # the files an include read, by path

    def fences(self) -> dict[str, range]:
        """Superfences' placeholders, each with the page's lines it stands for."""
        first, stack = self.fence_stack or (0, [])
        return {fenced.strip(): range(first + start, first + end) for fenced, start, end in stack}

    def fenced_lines(self) -> set[int] | None:
        """The 0-based lines superfences stashed as top-level code (a reverted fence's given back); None when
        superfences did not run."""
        if self.fence_stack is None:
            return None
        fences = self.fences()
        lines = {index for span in fences.values() for index in span}
        for block in self.reverted:
            for placeholder, span in fences.items():
                if placeholder in block:
                    lines -= set(span)
        return lines


class _RecordingTableProcessor(TableProcessor):
    """Python-Markdown's own table processor, noting each block it accepts or nearly accepts."""

    record: _Record
    counts: list[int] | None = None  # while run builds a table: the cells of each row Python-Markdown split

    def test(self, parent, block):
        """Python-Markdown's test, reading only the rows it needs; a rejected header+delimiter is kept."""
        head = block.split("\n", 2)
        if len(head) < 2 or "|" not in head[0]:  # no pipe in the header: neither a table nor a near miss
            return False
        header, second = head[0].strip(" "), head[1].strip(" ")
        self.border = (PIPE_LEFT if header.startswith("|") else 0) | (PIPE_RIGHT if _ends_with_pipe(header) else 0)
        width = _count_split_row(header, bool(self.border))  # len(self._split_row(header)), cells not built
        accepted = width > 1 or (width == 1 and bool(self.border) and self._every_row_piped(block))
        if accepted:
            delimiter = self._split_row(second)
            accepted = len(delimiter) == width and set("".join(delimiter)) <= _DELIMITER_CHARS
            self.separator = delimiter
        if not accepted and "|" in header and _looks_like_delimiter(second):
            self.record.near_misses.append(head[:2])
        return accepted

    def _every_row_piped(self, block: str) -> bool:
        """A one-column table needs a pipe at the start or end of every row (Python-Markdown's rule)."""
        return all(self.row_piped(row) for row in block.split("\n")[1:])

    @staticmethod
    def row_piped(row: str) -> bool:
        """Whether a row begins or ends with a pipe (spaces aside; an escaped final pipe does not count)."""
        row = row.strip(" ")
        return row.startswith("|") or _ends_with_pipe(row)

    def run(self, parent, blocks):
        """Record the block, then build the table: later processors look at the parent's last child."""
        self.record.tables.append(blocks[0].split("\n"))
        if self.record.build:
            self.counts = counts = []
            super().run(parent, blocks)  # splits the header, then each body row (the delimiter was split by test)
            self.counts = None
            self.record.counts.append([counts[0], len(self.separator), *counts[1:]])
            self.record.elements.append(parent[-1])
        else:  # a scan reads no cell: an empty table is all later processors look at (the parent's last child)
            self.record.counts.append(None)
            blocks.pop(0)
            parent.append(parent.makeelement("table", {}))

    def _split_row(self, row):
        """Python-Markdown's split of a row (borders removed), its cell count kept while run builds a table."""
        cells = super()._split_row(row)
        if self.counts is not None:
            self.counts.append(len(cells))
        return cells

    def _split(self, row):
        """The same split as Python-Markdown's, in linear time (its own is quadratic in backtick runs)."""
        if "`" not in row and "\\" not in row:  # no code span, no escape: every pipe splits (most rows; uncached)
            return row.split("|")
        return [row[start:end] for start, end in _split(row)]


class _RecordingParagraphProcessor(ParagraphProcessor):
    """Python-Markdown's paragraph processor, keeping each paragraph with a pipe for the near-miss check.

    Every paragraph block is consumed once, so looking inside paragraphs (for a table that follows a line
    of text) stays linear, where looking inside every block the table processor tests would not.
    """

    record: _Record

    def run(self, parent, blocks):
        """Record the paragraph, then build it as Python-Markdown does."""
        if "|" in blocks[0] and "\n" in blocks[0]:
            self.record.near_misses.append(blocks[0].split("\n"))
        super().run(parent, blocks)


class _CaptureText(Preprocessor):
    """Keeps the text the block parser will read (after includes such as pymdownx.snippets, at 32)."""

    record: _Record

    def run(self, lines: list[str]) -> list[str]:
        """Record the lines as they are now; change nothing."""
        self.record.text = "\n".join(lines)
        return lines


class _WatchIncludes(Preprocessor):
    """Before includes run: each file pymdownx.snippets reads is noted in the record (path -> lines)."""

    record: _Record

    def run(self, lines: list[str]) -> list[str]:
        """Wrap the snippet reader once; the record of this parse collects what it reads."""
        watch_includes(self.md, lambda path, read: self.record.included.__setitem__(path, read))
        return lines


def watch_includes(md: markdown.Markdown, sink) -> None:
    """Make md's snippet preprocessor (if any) call sink(path, lines) for every file it reads (lines as
    snippet_lines marks them)."""
    snippets = md.preprocessors["snippet"] if "snippet" in md.preprocessors else None  # noqa: SIM401
    if snippets is None or not hasattr(snippets, "read_lines"):
        return
    read_lines = getattr(snippets, "_house_tables_read_lines", None) or snippets.read_lines
    snippets._house_tables_read_lines = read_lines

    def reading(path):
        """Read as snippets does, and tell the sink (the lines that snippets replaces or removes SPLICED: they are
        not the page's lines there)."""
        from ..mapping import snippet_lines

        lines = read_lines(path)
        sink(path, snippet_lines(lines))
        return lines

    snippets.read_lines = reading


class _RecordTables(Extension):
    """Swap the table and paragraph processors for the recording ones."""

    def extendMarkdown(self, md):
        """Replace (or add) the 'table' and 'paragraph' block processors."""
        install_recorder(md)


def install_recorder(md: markdown.Markdown) -> None:
    """Make md's block parser record tables (its 'table' processor's settings kept; added when missing)."""
    processors = md.parser.blockprocessors
    current = processors["table"] if "table" in processors else None  # noqa: SIM401 (a Registry has no get)
    if isinstance(current, _RecordingTableProcessor):
        return
    config = current.config if current is not None else {"use_align_attribute": False}
    table = _RecordingTableProcessor(md.parser, config)
    paragraph = _RecordingParagraphProcessor(md.parser)
    md.parser.blockprocessors.register(table, "table", 75)
    md.parser.blockprocessors.register(paragraph, "paragraph", 10)
    md.house_tables_processors = (table, paragraph)
    if "house_tables" not in md.preprocessors:  # the extension captures the text itself
        capture, watch = _CaptureText(md), _WatchIncludes(md)
        md.preprocessors.register(watch, "house_tables_includes", 33)
        md.preprocessors.register(capture, "house_tables_capture", CAPTURE_PRIORITY)
        md.house_tables_processors = (table, paragraph, capture, watch)


# A pipe table as any reader of them takes it. A block processor registered above Python-Markdown's 'table' that
# accepts it reads the site's tables in its place (markdown_tables_extended's, at 75.1): neither the build's
# recorder nor check would see one of them.
_PIPE_TABLE = "| a | b |\n| --- | --- |\n| 1 | 2 |"
# Block processors known not to read pipe tables: Python-Markdown's, pymdown-extensions' and ours.
_KNOWN_BLOCK_MODULES = ("markdown.", "pymdownx.", "house_tables.")


def table_readers_before(md: markdown.Markdown) -> list[str]:
    """The block processors (as `module.Class`) that take a plain pipe table before Python-Markdown's 'table'
    processor does; [] for every stack of Python-Markdown's and pymdown-extensions' own."""
    return [name for name, hands_on in _pipe_table_testers(md) if not hands_on]


def table_watchers_before(md: markdown.Markdown) -> list[str]:
    """The block processors (as `module.Class`) that read a plain pipe table's lines before Python-Markdown's
    'table' processor and hand the block on to it (compact_tables' TableBlockRetreiver, which keeps each table's
    lines for a tree processor that joins `|^` rows and reads an attribute row): house-tables sees the tables, but
    a table written otherwise gives that extension no lines, or another table's."""
    return [name for name, hands_on in _pipe_table_testers(md) if hands_on]


def _pipe_table_testers(md: markdown.Markdown) -> list[tuple[str, bool]]:
    """(`module.Class`, whether it hands the block on) of each block processor above 'table' (not Python-Markdown's,
    pymdown-extensions' nor ours) whose test accepts a plain pipe table."""
    processors = md.parser.blockprocessors
    above = list(processors)[:processors.get_index_for_name("table")] if "table" in processors else list(processors)
    return [(f"{type(p).__module__}.{type(p).__qualname__}", _hands_on(p)) for p in above
            if not type(p).__module__.startswith(_KNOWN_BLOCK_MODULES) and _takes_pipe_table(p)]


def _takes_pipe_table(processor) -> bool:
    """Whether a block processor's test accepts the plain pipe table (one that fails on it does not take it)."""
    try:
        return bool(processor.test(etree.Element("div"), _PIPE_TABLE))
    except Exception:  # another extension's test, out of its usual state: it does not take the table
        return False


def _hands_on(processor) -> bool:
    """Whether a block processor that accepts the pipe table hands it on to the next one (its run returns False,
    the block and the tree as they were: the block parser then tries 'table'). Run on a copy with its own copy of
    the processor's state (the parser and Markdown instance shared), so no page's parse sees the trial; a processor
    that cannot be copied or fails is taken for a reader, as before."""
    trial = copy.copy(processor)
    try:
        trial.__dict__ = {name: value if isinstance(value, (markdown.Markdown, BlockParser)) else copy.deepcopy(value)
                          for name, value in processor.__dict__.items()}
        parent, blocks = etree.Element("div"), [_PIPE_TABLE]
        handed_on = trial.run(parent, blocks) is False
    except Exception:  # another extension's run, out of its usual state
        return False
    return handed_on and blocks == [_PIPE_TABLE] and len(parent) == 0 and not parent.text


def start_recording(md: markdown.Markdown, *, build: bool = True) -> _Record:
    """A fresh record that md's next preprocessing and block parse fill (the recorder installed first)."""
    install_recorder(md)
    record = _Record(build=build)
    for processor in md.house_tables_processors:
        processor.record = record
    for preprocessor in md.preprocessors:
        _watch_fences(preprocessor, record)
    _watch_reverted_fences(md, record)
    return record


_INSTANCES: dict[tuple, markdown.Markdown] = {}


def in_markdown_html(text: str, line: str, extensions: tuple[str, ...], configs: dict) -> bool:
    """Whether md_in_html reads this line of a page (its text as Python-Markdown is given it) as Markdown inside an
    HTML element (`<div markdown>`): its raw HTML step stashes such an element whole, the Markdown inside as the
    element's text, which its block processor parses later."""
    md = markdown_for(extensions, configs)
    if "html_block" not in md.preprocessors:
        return False
    step = md.preprocessors["html_block"]
    if type(step).__module__ != "markdown.extensions.md_in_html":
        return False
    lines = text.split("\n")
    for preprocessor in md.preprocessors:  # in their order, up to the raw HTML step
        lines = preprocessor.run(lines)
        if preprocessor is step:
            break
    wanted = line.strip()
    return any(wanted in "".join(block.itertext()) for block in md.htmlStash.rawHtmlBlocks
               if not isinstance(block, str))


def markdown_for(extensions: tuple[str, ...], configs: dict, *, recording: bool = False,
                 fast: bool = False) -> markdown.Markdown:
    """A reset Markdown instance for one extension stack, built once (the recording one adds tables; a fast one,
    for scanning only, also highlights nothing and parses blocks with the cheaper loop of blockloop)."""
    # The working directory too: extensions resolve relative paths against it when built (snippets' base_path)
    key = (tuple(extensions), repr(sorted(configs.items())), os.getcwd(), recording, fast)
    md = _INSTANCES.get(key)
    if md is None:
        if len(_INSTANCES) >= 16:
            _INSTANCES.clear()
        names = list(extensions)
        if recording:
            names = [*names, *(() if "tables" in names else ("tables",)), _RecordTables()]
        md = _INSTANCES[key] = markdown.Markdown(extensions=names, extension_configs=configs)
        with_mkdocs_relpath(md)
        if recording:
            _without_highlighting(md)
        if recording and fast:
            from . import blockloop  # check's block loop: a build's recorder never imports it

            _without_superfences_highlighter(md)
            _cheaper_preprocessors(md)
            blockloop.install(md)
    md.reset()
    return md


def with_mkdocs_relpath(md: markdown.Markdown) -> None:
    """MkDocs registers its `relpath` tree processor (which makes links relative to the page) in every page's
    Markdown, and an extension may look it up: Material's preview extension (material.extensions.preview, in
    fastapi's and sqlmodel's stacks) reads the page's file and the site's files from it and raises without it. A
    render of house-tables' is no page of a site: it gets a `relpath` step that changes nothing and knows no file (so
    preview marks no link, before and after a table is converted alike). Only once an extension has imported MkDocs'
    page module: nothing else can ask for that step by its class."""
    pages = sys.modules.get("mkdocs.structure.pages")
    if pages is not None and "relpath" not in md.treeprocessors:
        md.treeprocessors.register(_unresolving_relpath(pages), "relpath", 0)


def _unresolving_relpath(pages):
    """An instance of MkDocs' relpath step (mkdocstrings copies it by its constructor) that resolves nothing."""
    from types import SimpleNamespace

    from mkdocs.structure.files import File, Files

    class Unresolving(pages._RelativePathTreeprocessor):
        def run(self, root):
            return None

    return Unresolving(File("index.md", "", "", True), Files([]), SimpleNamespace(use_directory_urls=True))


def without_highlighting(md: markdown.Markdown) -> None:
    """Fences stashed without running Pygments (for a Markdown instance that only reads where things are)."""
    _without_highlighting(md)
    _without_superfences_highlighter(md)


def _without_highlighting(md: markdown.Markdown) -> None:
    """Fences are stashed all the same, without paying for Pygments: superfences' highlighter returns an empty
    block. The configuration stays as the site wrote it: with `use_pygments: false` superfences would refuse
    fences with options (`hl_lines=`, `linenums=`, `title=`) and read their contents as Markdown."""
    fences = md.preprocessors["fenced_code_block"] if "fenced_code_block" in md.preprocessors else None  # noqa: SIM401
    if fences is not None and hasattr(fences, "search_nested") and hasattr(fences, "highlight"):
        fences.highlight = _no_highlight


def _without_superfences_highlighter(md: markdown.Markdown) -> None:
    """superfences calls the highlighter it registered as its default fence's formatter when the extension was
    set up (a bound method, so replacing `highlight` above does not reach it): replace that one too, so a scan
    never runs Pygments. What it stashes for a fence is never read: a fence in a table row is located by its
    closing fence, not by the stashed HTML (see _stashed_end)."""
    fences = md.preprocessors["fenced_code_block"] if "fenced_code_block" in md.preprocessors else None  # noqa: SIM401
    default = getattr(getattr(fences, "extension", None), "superfences", None)
    if default and getattr(default[0].get("formatter"), "__self__", None) is fences:
        default[0]["formatter"] = _no_highlight


def _cheaper_preprocessors(md: markdown.Markdown) -> None:
    """Two of Python-Markdown's preprocessors, the same lines out for less work (exact classes only):
    NormalizeWhitespace empties lines of spaces with a search that can skip to each line break (its own
    look-behind pattern is tried at every character), and the HTML block preprocessor gives back text without a
    `<` or `&` as it is (html.parser passes such text through as data, unchanged). superfences reads only the lines
    where its state can change (fences.search_nested)."""
    from markdown.extensions import md_in_html
    from markdown.preprocessors import HtmlBlockPreprocessor, NormalizeWhitespace

    for preprocessor in md.preprocessors:
        if type(preprocessor) is NormalizeWhitespace:
            preprocessor.run = partial(_normalize_whitespace, preprocessor.md.tab_length)
        elif type(preprocessor) in (HtmlBlockPreprocessor, md_in_html.HtmlBlockPreprocessor):
            preprocessor.run = partial(_html_blocks, preprocessor.run)
        elif _superfences_whitespace(preprocessor):
            preprocessor.parse_whitespace = partial(_parse_whitespace, preprocessor, preprocessor.parse_whitespace)
            if _superfences_own(preprocessor, "run") and _superfences_own(preprocessor, "search_nested"):
                preprocessor.run = partial(_fence_span_run, preprocessor, preprocessor.run)
            if fences.applies(preprocessor):
                preprocessor.search_nested = partial(fences.search_nested, preprocessor, preprocessor.search_nested)


def _superfences_whitespace(preprocessor) -> bool:
    """Whether the preprocessor is superfences' own (exact class) with its own parse_whitespace."""
    return _superfences_own(preprocessor, "parse_whitespace")


def _superfences_own(preprocessor, name: str) -> bool:
    """Whether the preprocessor is superfences' own (exact class) with its own method of this name."""
    kind = type(preprocessor)
    method = getattr(kind, name, None)
    return ((kind.__module__, kind.__qualname__) == ("pymdownx.superfences", "SuperFencesBlockPreprocessor")
            and getattr(method, "__qualname__", "") == f"SuperFencesBlockPreprocessor.{name}")


def _fence_span_run(preprocessor, run, lines: list[str], text: str | None = None) -> list[str]:
    """superfences' run on the lines from the first to the last that hold a fence marker (``` or ~~~), the lines
    around them given back as they are. Its loop reads one line at a time and only a marker opens or closes a fence,
    so before the first marker no fence is open, and after the last none opens and an open one never closes (an
    unclosed fence stays text): those lines come out unchanged and stash nothing. What it records (the fences'
    line ranges) is moved to the page's lines (_watch_fences). With preserve_tabs, run first gives back fences that
    an earlier pass took out: the whole page is read then."""
    if preprocessor.config.get("preserve_tabs", False):
        return run(lines)
    text = "\n".join(lines) if text is None else text  # (text: the lines joined, when the caller has it)
    starts = [found for found in (text.find("```"), text.find("~~~")) if found >= 0]
    if not starts:
        preprocessor.house_tables_first = 0
        return run([]) + lines  # no fence: run all the same on nothing (its state and record as for the page)
    ends = [found for found in (text.rfind("```"), text.rfind("~~~")) if found >= 0]
    first, last = text.count("\n", 0, min(starts)), text.count("\n", 0, max(ends))
    preprocessor.house_tables_first = first
    try:
        return lines[:first] + run(lines[first : last + 1]) + lines[last + 1 :]
    finally:
        preprocessor.house_tables_first = 0


def _parse_whitespace(preprocessor, parse, line: str) -> str:
    """superfences' parse_whitespace, which it runs on every line outside a fence: a line that does not begin
    with one of its prefix characters (`>`, space, tab) has no prefix, and its loop would set exactly this."""
    if line[:1] not in _SUPERFENCES_PREFIX:
        preprocessor.ws_len = preprocessor.ws_virtual_len = 0
        return ""
    return parse(line)


_SUPERFENCES_PREFIX = frozenset("> \t")


def _normalize_whitespace(tab_length: int, lines: list[str]) -> list[str]:
    """NormalizeWhitespace.run: `(?<=\\n) +\\n` -> `\\n` is `\\n +(?=\\n)` -> `\\n`."""
    return _normalized_text(tab_length, "\n".join(lines)).split("\n")


def _normalized_text(tab_length: int, source: str) -> str:
    """_normalize_whitespace on the lines joined, before they are split again. (Each replace only where its
    character is: str.replace counts the occurrences char by char first, `in` looks for one as memchr does.)"""
    if STX in source or ETX in source:
        source = source.replace(STX, "").replace(ETX, "")
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    source += "\n\n"
    if "\t" in source:  # (expandtabs copies the text even when it has no tab)
        source = source.expandtabs(tab_length)
    return _SPACES_LINE.sub("\n", source)


def _html_blocks(run, lines: list[str], text: str | None = None) -> list[str]:
    """The HTML block preprocessor's run, skipped for text it would give back unchanged: its lines split again,
    which are the lines themselves when none holds a line feed (the join put one between each two). text: the lines
    joined, when the caller has it and the lines are its split (none holds a line feed)."""
    source = "\n".join(lines) if text is None else text
    if "<" not in source and "&" not in source:
        return list(lines) if text is not None or source.count("\n") == len(lines) - 1 else source.split("\n")
    return run(lines)


def _no_highlight(*_args, **_kwargs) -> str:
    """What a scan stashes for a fence's code (nothing reads it)."""
    return "<pre><code></code></pre>"


def block_parse(text: str, extensions: tuple[str, ...], configs: dict, *, fast: bool = True) -> _Record:
    """Run the preprocessors and the block parser of Python-Markdown over text (fast: on the scanning instance)."""
    md = markdown_for(extensions, configs, recording=True, fast=fast)
    record = start_recording(md, build=False)
    if text.strip():
        preprocessors = list(md.preprocessors)
        done, lines = _leading_steps_on_text(preprocessors, text) if fast else (0, text.split("\n"))
        for preprocessor in preprocessors[done:]:
            lines = preprocessor.run(lines)
        if fast:
            from . import sections

            sections.parse_document(md, lines)
        else:
            md.parser.parseDocument(lines)
        record.stash = [str(block) for block in md.htmlStash.rawHtmlBlocks]
    return record


def _leading_steps_on_text(preprocessors: list, text: str) -> tuple[int, list[str]]:
    """How many of the first preprocessors ran, and their lines, where each of them is one of the scanning
    instance's own steps in the order it registers them, run on the page's text as a whole instead of on its lines:
    each of those joins the lines it is given with line feeds, and the text is what "\\n".join gives for the lines
    text.split("\\n") makes (its first step, and each step's split, then join, again). The include watcher reads
    no line; the text capture keeps that join; the whitespace step's result is split once; superfences' and the
    HTML block step are given the join of their lines (superfences' lines are its input's, the same text, when the
    page holds no fence marker, for it gives them back unchanged then). At the first other preprocessor (a site's,
    snippets, a subclass, one the scanning instance did not make cheaper) the steps go on as before."""
    done, count, lines = 0, len(preprocessors), None
    if done < count and type(preprocessors[done]) is _WatchIncludes:
        preprocessors[done].run([])
        done += 1
    if done < count and type(preprocessors[done]) is _CaptureText:
        preprocessors[done].record.text = text
        done += 1
    tab_length = _cheaper_step(preprocessors, done, _normalize_whitespace)
    if tab_length is None:
        return done, text.split("\n")
    text, done = _normalized_text(tab_length[0], text), done + 1
    lines = text.split("\n")
    fences = _cheaper_step(preprocessors, done, _fence_span_run)
    if fences is not None:
        split = len(lines)
        lines, done = _fence_span_run(*fences, lines, text), done + 1
        if "```" in text or "~~~" in text or fences[0].config.get("preserve_tabs", False) or len(lines) != split:
            text = None  # its lines may differ from its input's (when they do not, they are text's split)
    html = _cheaper_step(preprocessors, done, _html_blocks)
    if html is not None:
        lines, done = _html_blocks(*html, lines, text), done + 1
    return done, lines


def _cheaper_step(preprocessors: list, index: int, function) -> tuple | None:
    """The arguments _cheaper_preprocessors bound to function as the run of preprocessors[index], if it did."""
    run = getattr(preprocessors[index], "run", None) if index < len(preprocessors) else None
    return run.args if isinstance(run, partial) and run.func is function and not run.keywords else None


def _watch_fences(preprocessor, record: _Record) -> None:
    """Note the line ranges superfences replaces with code placeholders (its `stack` before reassembly)."""
    reassemble = getattr(type(preprocessor), "reassemble", None)
    if reassemble is None or not hasattr(preprocessor, "search_nested"):
        return

    def recording(lines):
        """Record then reassemble (the lines given to run begin at the page's line `first`, see _fence_span)."""
        record.fence_stack = (getattr(preprocessor, "house_tables_first", 0), list(preprocessor.stack))
        return reassemble(preprocessor, lines)

    preprocessor.reassemble = recording


def _watch_reverted_fences(md: markdown.Markdown, record: _Record) -> None:
    """Give back the lines of fences superfences reverts to text (placeholders inside an indented code block,
    which Python-Markdown then parses as plain lines, e.g. as table rows)."""
    code = md.parser.blockprocessors["code"] if "code" in md.parser.blockprocessors else None  # noqa: SIM401
    revert = getattr(type(code), "revert_greedy_fences", None)
    if revert is None:
        return

    def recording(block):
        """Note the block whose fences are reverted, then revert."""
        if record.fence_stack:
            record.reverted.append(block)
        return revert(code, block)

    code.revert_greedy_fences = recording


def split_row(row: str, border: bool) -> list[tuple[int, int]]:
    """Cell bounds (offsets into row) as Python-Markdown splits a row, outer pipes removed if border."""
    start, end = _trimmed(row, 0, len(row))
    if border:
        if row.startswith("|", start):
            start += 1
        end = _without_end_border(row, start, end)
    return [(start + a, start + b) for a, b in _split(row[start:end])]


def _count_split_row(row: str, border: bool) -> int:
    """len(TableProcessor._split_row(row)) (row already stripped of spaces): a leading pipe and an unescaped
    trailing one removed when border, then the cells counted."""
    start, end = 0, len(row)
    if border:
        start = 1 if row.startswith("|") else 0
        end = _without_end_border(row, start, end)
    return _cell_total(row, start, end)


def _cell_total(row: str, start: int, end: int) -> int:
    """len(_split(row[start:end])), counted without splitting where it is simple. An escaped pipe (`\\|`) never
    splits, and without a `\\\\` pair (or an escaped backtick) each backslash before a pipe is its escape. Without
    backticks every other pipe splits; with backtick runs all of one size, each run opens a code span the next one
    closes (what _code_regions finds), so the pipes between an odd run and the next are inside code."""
    backslash = row.find("\\", start, end) >= 0
    if row.find("`", start, end) < 0:
        if not backslash:
            return row.count("|", start, end) + 1
        if row.find("\\\\", start, end) < 0:
            return row.count("|", start, end) - row.count("\\|", start, end) + 1
        return len(_split(row[start:end]))
    piece = row[start:end]
    if backslash and ("\\\\" in piece or "\\`" in piece):
        return len(_split(piece))
    if "``" in piece:
        runs = _BACKTICK_RUN.findall(piece)
        if len(set(runs)) > 1:
            return len(_split(piece))
        pieces = piece.split(runs[0])
    else:  # every run is one backtick (most rows with code): no need to find the runs
        pieces = piece.split("`")
    outside = "".join(pieces[0::2] if len(pieces) % 2 else [*pieces[0::2], pieces[-1]])  # odd: the runs pair up
    return outside.count("|") - (outside.count("\\|") if backslash else 0) + 1


def _ends_with_pipe(row: str) -> bool:
    """Whether a (stripped) row ends with a pipe that is not escaped (Python-Markdown's RE_END_BORDER)."""
    return _without_end_border(row, 0, len(row)) < len(row)


def has_border(header: str) -> tuple[bool, bool]:
    """Whether the header row has a leading and a trailing (unescaped) pipe."""
    start, end = _trimmed(header, 0, len(header))
    return header.startswith("|", start), _without_end_border(header, start, end) < end


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """Bounds of text[start:end] without surrounding spaces and tabs."""
    while start < end and text[start] in " \t":
        start += 1
    while end > start and text[end - 1] in " \t":
        end -= 1
    return start, end


def _without_end_border(row: str, start: int, end: int) -> int:
    """End of row once a final pipe preceded by an even run of backslashes is cut (with that run)."""
    if end <= start or row[end - 1] != "|":
        return end
    slashes = end - 1
    while slashes > start and row[slashes - 1] == "\\":
        slashes -= 1
    return slashes if (end - 1 - slashes) % 2 == 0 else end


@lru_cache(maxsize=4096)
def _split(row: str) -> tuple[tuple[int, int], ...]:
    """Split on pipes outside backtick code spans, as TableProcessor._split does (but linear).

    Cached: locating a table splits again the rows the table processor just split.
    """
    if "`" not in row and "\\" not in row:  # no code span, no escape: every pipe splits
        bounds, start = [], 0
        for piece in row.split("|"):
            bounds.append((start, start + len(piece)))
            start += len(piece) + 1
        return tuple(bounds)
    runs, pipes = [], []
    for match in _SPLIT.finditer(row):
        if match.group(2):
            runs.append((match.start(2), match.end(2) - 1, len(match.group(2)) - 1, 1))
        elif match.group(3):
            runs.append((match.start(3), match.end(3) - 1, len(match.group(3)), 0))
        elif match.group(5):
            pipes.append(match.start(5))
    code = _code_regions(runs)
    bounds, start, region = [], 0, 0
    for pipe in pipes:  # pipes and code regions both in order: one pass over both
        while region < len(code) and code[region][1] < pipe:
            region += 1
        if region < len(code) and code[region][0] <= pipe:
            continue  # inside code
        bounds.append((start, pipe))
        start = pipe + 1
    bounds.append((start, len(row)))
    return tuple(bounds)


def _code_regions(runs: list[tuple[int, int, int, int]]) -> list[tuple[int, int]]:
    """Regions from a backtick run to the next run of the opening size (an escaped run opens one shorter)."""
    later: dict[int, list[int]] = {}
    for index in range(len(runs) - 1, -1, -1):
        later.setdefault(runs[index][2], []).append(index)
    regions, index = [], 0
    while index < len(runs):
        start, _, count, escaped = runs[index]
        size = count - escaped
        candidates = later.get(size, [])
        while candidates and candidates[-1] <= index:
            candidates.pop()
        if size == 0 or not candidates:
            index += 1
            continue
        close = candidates[-1]
        regions.append((start, runs[close][1]))
        index = close + 1
    return regions
def scan_pymd(
    source: Source,
    extensions: tuple[str, ...] = MKDOCS_EXTENSIONS,
    configs: dict | None = None,
    *,
    front_matter: bool = False,
    fast: bool = True,
    rewrite: Callable[[str], str] | None = None,
    elsewhere: list | None = None,
    parsed: list | None = None,
) -> tuple[list[Table], list[Diagnostic]]:
    """Tables and near-miss diagnostics of a source as Python-Markdown's block parser sees it; front_matter:
    the page as MkDocs gives it to Python-Markdown (YAML or MultiMarkdown front matter removed); fast=False: the
    plain path the fast one is tested against (Python-Markdown's own block loop, every cell built); rewrite: what
    the site's plugins and hooks make of the page's text before Markdown reads it (on_page_markdown), read instead,
    its tables and findings placed back in the file; elsewhere: receives the PlacedTables the page shows that are not
    the file's own (placed where their findings are); parsed: receives the text the block parser read, where it is
    not the file's."""
    configs = MKDOCS_EXTENSION_CONFIGS if configs is None else configs
    text = source.normalized()
    read = text if rewrite is None else rewritten(rewrite, text)
    if not may_hold_table(read) and INCLUDE_MARK not in read and not _stack_adds_text(extensions, configs, fast):
        return [], []  # nothing here, and nothing included from elsewhere or made by the stack
    page = (_page_markdown_fast(read) if fast else page_markdown(read)) if front_matter else read
    record = block_parse(page, extensions, configs, fast=fast)
    if record.text is None or record.text == text:
        located, diagnostics = locate(source, record, lazy=fast)
        return [table for _, table in located], diagnostics
    # a rewrite that pasted files (includes.PastedReading) says whose lines they are, as the build's page says it
    tables, diagnostics, placed = _in_file(source, record, lazy=fast, pasted=getattr(rewrite, "pasted_files", None))
    if elsewhere is not None:
        elsewhere.extend(placed)
    if parsed is not None:
        parsed.append(record.text)
    return tables, diagnostics


def rewritten(rewrite: Callable[[str], str], text: str) -> str:
    """The page's text as the site's hooks and plugins rewrite it; as written where one of them fails on it (the
    build fails there too; fix's verification reports the failure, HT009, and converts nothing)."""
    try:
        return rewrite(text)
    except Exception:  # the site's own code: whatever it raises
        return text


# Preprocessors that give back the page's lines (or fewer, or placeholders for them) and never make a table line from
# nothing: Python-Markdown's own, fences, front matter, superfences' whitespace guards, and house-tables' own.
_LINE_KEEPERS = frozenset({
    ("markdown.preprocessors", "NormalizeWhitespace"), ("markdown.preprocessors", "HtmlBlockPreprocessor"),
    ("markdown.extensions.md_in_html", "HtmlBlockPreprocessor"), ("markdown.extensions.meta", "MetaPreprocessor"),
    ("markdown.extensions.fenced_code", "FencedBlockPreprocessor"),
    ("pymdownx.superfences", "SuperFencesBlockPreprocessor"),
    ("pymdownx.superfences", "SuperFencesRawBlockPreprocessor"),
    ("pymdownx._bypassnorm", "PreNormalizePreprocessor"), ("pymdownx._bypassnorm", "PostNormalizePreprocessor"),
})
_ADDS_TEXT: dict[tuple, tuple[object, object, bool]] = {}


def _stack_adds_text(extensions: tuple[str, ...], configs: dict, fast: bool) -> bool:
    """Whether a preprocessor of the stack may put table lines into a page whose file has none: one that is not a
    line keeper, such as mkdocs-click (mkdocs/mkdocs' cli.md: `::: mkdocs-click` becomes six option tables, which
    the build reported and check skipped), a macros or include extension, a hook's, or snippets' auto_append.
    Known once per stack (the objects kept in the memo, so their ids stay theirs)."""
    key = (id(extensions), id(configs), fast)  # (which classes a stack has does not depend on the directory)
    memo = _ADDS_TEXT.get(key)
    if memo is None or memo[0] is not extensions or memo[1] is not configs:
        if len(_ADDS_TEXT) >= 16:
            _ADDS_TEXT.clear()
        md = markdown_for(extensions, configs, recording=True, fast=fast)
        memo = _ADDS_TEXT[key] = (extensions, configs, any(_adds_text(item) for item in md.preprocessors))
    return memo[2]


def _adds_text(preprocessor) -> bool:
    """Whether one preprocessor may add lines (exact classes: a subclass may do anything)."""
    kind = type(preprocessor)
    if (kind.__module__, kind.__qualname__) in _LINE_KEEPERS or kind.__module__.startswith("house_tables."):
        return False
    if (kind.__module__, kind.__qualname__) == ("pymdownx.snippets", "SnippetPreprocessor"):
        return bool(getattr(preprocessor, "auto_append", None))  # else it includes only at a -8<- line
    return True


def page_markdown(text: str) -> str:
    """The Markdown MkDocs renders for a page's file: front matter and the blank lines after it removed."""
    from ..mkdocs_parts import page_meta

    return page_meta().get_data(text)[0]


def _page_markdown_fast(text: str) -> str:
    """page_markdown without MkDocs' MultiMarkdown pass where it gives the text back as it is: no YAML block, no
    carriage return, and a first line that is not blank and no `key:` line (META_RE, MkDocs' own). get_data then
    splits the page into lines, finds the first line neither blank nor a key, puts it back and joins them again
    (the page's start is not a newline: nothing for its lstrip). Any other page goes to get_data."""
    from ..mkdocs_parts import page_meta

    meta = page_meta()
    end = text.find("\n")
    first = text if end < 0 else text[:end]
    if "\r" in text or meta.YAML_RE.match(text) or not first.strip() or meta.META_RE.match(first):
        return page_markdown(text)
    return text


def _in_file(source: Source, record: _Record, lazy: bool = False,
             pasted: dict[str, list[str]] | None = None) -> tuple[list[Table], list[Diagnostic], list]:
    """Tables located in the text the parser read (front matter removed, includes expanded), moved back to the
    file's lines; a table from an included file is reported there (or at the including line), never converted: it
    is the third list, a PlacedTable where its HT001 is. lazy: rows written on one line stay lazy when moved (as
    scan_pymd's tables of a page without front matter). pasted: the lines of the files a plugin pasted into the text
    (include-markdown), by path, looked in as the build looks (extension.Places: the snippets', then these)."""
    from ..decisions import settle
    from ..diagnostics import pipe_table, ragged_rows
    from ..mapping import line_map, lines_of

    derived = record.text or ""
    located, found = locate(Source.parse(derived), record, lazy=lazy)
    mapped = line_map(source.normalized(), derived)
    lines, original = derived.split("\n"), lines_of(source.normalized())
    if source.endings and not source.endings[-1]:  # no line ending at the end: no empty line after it, as the build
        original = original[:-1]  # counts the file's lines (an including line is placed at most at the last line)
    files = {**record.included, **pasted} if pasted else record.included  # whose lines text may be
    tables, diagnostics, elsewhere = [], [], []
    for _, table in located:
        place = _constant_place(table, mapped, lines, original)
        if place is None:
            elsewhere.append(table)
        else:
            tables.append(_moved_table(table, *place, original))
    inside = {line for table in elsewhere for line in range(table.start_line, table.end_line + 1)}
    swallowed = {d.span.start.line for d in found if d.code == "HT006"}
    included = [d for table in elsewhere for d in (pipe_table(table), *ragged_rows(table, swallowed))]
    settled, _ = settle(elsewhere, tuple(derived.split("\n")), [*included, *(d for d in found
                                                                           if d.span.start.line in inside)])
    placed = [*(d for d in found if d.span.start.line not in inside), *settled]  # as the build settles them
    for diagnostic in placed:
        diagnostics.append(in_place(diagnostic, lines, mapped, original, files))
    return tables, diagnostics, [_placed_table(table, in_place(pipe_table(table), lines, mapped, original,
                                                                 files)) for table in elsewhere]


def in_place(diagnostic: Diagnostic, lines: list[str], mapped: dict[int, int], original: list[str],
             included: dict) -> Diagnostic:
    """A finding of the text the parser read where the build places it: at the file's line (also in a table that
    includes text), else at its own file's line, or the including line with a note."""
    from ..mapping import column_shift, line_origin

    line = diagnostic.span.start.line
    if line in mapped:
        home = mapped[line]
        return diagnostic.moved(home - line, column_shift(original[home - 1], lines[line - 1]))
    return _placed(diagnostic, line_origin(line, lines, mapped, original, included))


def _placed_table(table: Table, finding: Diagnostic) -> PlacedTable:
    """A table that is not the file's own, where its HT001 is: its lines from there on where they are certain (the
    file's, or a snippet's), else that one line (the including line: the note says why)."""
    line = finding.span.start.line
    return PlacedTable(table, line, line if finding.note else line + table.end_line - table.start_line, finding.path)


def _constant_place(table: Table, mapped: dict[int, int], derived: list[str],
                    original: list[str]) -> tuple[int, int] | None:
    """The line offset and column shift that take every line of the table to the file, if all of its lines map
    with the same pair: the same lines (shift 0), or, where an earlier plugin moved the table into another
    container (mkdocs-callouts: `> ` lines into an admonition), the same texts after one other prefix each."""
    from ..mapping import column_shift

    places = {(mapped[line] - line, column_shift(original[mapped[line] - 1], derived[line - 1]))
              if line in mapped else None for line in range(table.start_line, table.end_line + 1)}
    place = next(iter(places)) if len(places) == 1 else None
    if place is None or (place[1] and not _rows_after_prefixes(table, derived)):
        return None
    return place


def _rows_after_prefixes(table: Table, derived: list[str]) -> bool:
    """Whether each row begins after its line's container prefix (so its text is in what the file line shares)."""
    from ..mapping import prefix_length

    return all(row.span.start.column > prefix_length(derived[row.span.start.line - 1])
               for row in (table.header, table.delimiter, *table.body))


def _moved_table(table: Table, delta: int, shift: int = 0, original: list[str] | None = None) -> Table:
    """The table delta lines further down (every row and cell span), and shift columns further right under the
    file's own container prefix (its indent then the file's)."""
    if shift:
        return _shifted_table(table, delta, shift, original)
    if not delta:
        return table

    def row(r: Row) -> Row:
        if isinstance(r, _LineRow):  # the same line further down, its cells made when read
            return r.down(delta)
        return Row(tuple(c._replace(span=c.span.down(delta)) for c in r.cells), r.span.down(delta))

    return table._replace(header=row(table.header), delimiter=row(table.delimiter),
                   body=tuple(row(r) for r in table.body), span=table.span.down(delta))


def _shifted_table(table: Table, delta: int, shift: int, original: list[str]) -> Table:
    """_moved_table of a table an earlier plugin put under another container prefix: its rows made (a lazy row
    cuts its cells from the derived line) and every span moved."""
    def row(r: Row) -> Row:
        return Row(tuple(c._replace(span=c.span.moved(delta, shift)) for c in r.cells), r.span.moved(delta, shift))

    first = original[table.start_line + delta - 1]
    return table._replace(header=row(table.header), delimiter=row(table.delimiter),
                   body=tuple(row(r) for r in table.body), span=table.span.moved(delta, shift),
                   indent=first[: len(table.indent) + shift])


def _placed(diagnostic: Diagnostic, origin) -> Diagnostic:
    """A diagnostic of included text at its origin: the included file's line, or the including line with a note."""
    start = diagnostic.span.start
    if origin.path is not None:
        column = start.column - origin.shift
        span = Span(Position(origin.line, column), Position(origin.line, column))
        return diagnostic._replace(span=span, path=origin.path)
    line = origin.line or 1  # the including line, as the build reports it (extension.Places.finding)
    return diagnostic._replace(span=Span(Position(line, 1), Position(line, 1)),
                   note=f"{origin.note}; line {start.line} of the page as MkDocs read it")


def may_hold_table(text: str) -> bool:
    """Whether some line could be the delimiter row of a table or of a near miss (else there is nothing to find).

    A table's delimiter row is the line right after its header in the file, container prefixes aside: only
    pipes, colons, dashes and blanks, with a pipe. A table needs a pipe in the header line too; a near miss
    (HT004/HT005) needs a dash in the delimiter. Cheap and linear, it spares Python-Markdown's block parser
    (quadratic on some huge blocks) the pages that have neither.
    """
    pipe = text.find("|")
    while pipe >= 0:  # only lines with a pipe can be one (each line looked at once, its previous line at most once)
        start = text.rfind("\n", 0, pipe) + 1
        end = text.find("\n", pipe)
        end = len(text) if end < 0 else end
        match = _DELIMITER_LINE.fullmatch(text, start, end)
        if match and ("-" in match.group(1) or (start and "|" in text[text.rfind("\n", 0, start - 1) + 1 : start])):
            return True
        pipe = text.find("|", end)
    return False


def locate(source: Source, record: _Record, *, lazy: bool = False) -> tuple[list[tuple[int, Table]], list[Diagnostic]]:
    """The recorded tables (with their index in the record) at their place in source, and near misses;
    lazy: body rows make their cells only when read (their counts Python-Markdown's own, when it built the table)."""
    locator = LineLocator(source, record.fenced_lines())
    located, diagnostics, cursor, taken = [], [], 0, set()
    for index, rows in enumerate(record.tables):
        counts = record.counts[index] if lazy and index < len(record.counts) else None
        found = _locate_table(locator, rows, cursor, record.stash, lazy, taken, counts)
        if found is None:  # rows that are not lines of the source: reported, never given guessed cells
            diagnostics.append(_unlocated(locator, rows, cursor))
            continue
        table, cursor = found
        taken.add(table.start_line - 1)
        located.append((index, table))
        diagnostics.extend(_swallowed_rows(table, source))
    diagnostics.extend(_near_misses(locator, record.near_misses, [table for _, table in located]))
    return located, diagnostics


def _locate_table(
    locator: LineLocator, rows: list[str], cursor: int, stash: list[str], lazy: bool = False,
    taken: set[int] = frozenset(), counts: list[int] | None = None,
) -> tuple[Table, int] | None:
    """The Table for recorded rows, built from the source lines they came from.

    The same rows can stand in more than one place: a block Python-Markdown read as a paragraph may begin or end
    with the rows of a table further down. Where the block began above the rows or goes on after them is not where
    this table was read, so the first place where the block is the rows is taken (the first place of all when
    there is none).
    """
    literal = [index for index, row in enumerate(rows) if not row.strip() or ("\x02" in row and _is_stashed(row))]
    fallback = None
    for first in locator.places(rows[: literal[0]] if literal else rows, cursor):
        if first in taken:  # an earlier table of the record is there: the same rows stand in two places
            continue
        if literal:
            extents = _row_extents(locator, rows, first, stash)
        else:  # places matched every row to its line (none is blank or stashed): the rows are the lines from first
            extents = [(line, line) for line in range(first, first + len(rows))]
        if extents is None:
            continue
        if not locator.block_came_before(first) and not locator.block_goes_on(extents[-1][1]):
            return _build_table(locator, rows, extents, lazy, counts), extents[-1][1] + 1
        fallback = fallback or extents
    if fallback is None:
        return None
    return _build_table(locator, rows, fallback, lazy, counts), fallback[-1][1] + 1


def _unlocated(locator: LineLocator, rows: list[str], cursor: int) -> Diagnostic:
    """HT014 for a table whose rows are not all lines of the source: at its header and delimiter rows where they
    stand (else its header row; else, from the line above it, its delimiter row: a header row that shares its line
    with other markup, def_list's `:   | a | b |`; else the file's start)."""
    for count in (2, 1):
        first = locator.find(rows[:count], cursor) if all(row.strip() for row in rows[:count]) else None
        if first is not None:
            start = Position(first + 1, locator.offset(first, rows[0]) + 1)
            return unlocated_table(Span(start, Position(first + count, len(locator.lines[first + count - 1]))),
                                   len(rows) - 2)
    delimiter = locator.find(rows[1:2], max(cursor, 1)) if len(rows) > 1 and rows[1].strip() else None
    if delimiter is not None and delimiter > 0:  # (the header row is on the line above it)
        return unlocated_table(Span(Position(delimiter, 1), Position(delimiter + 1, len(locator.lines[delimiter]))),
                               len(rows) - 2)
    return unlocated_table(Span(Position(1, 1), Position(1, 0)), len(rows) - 2)


def _is_stashed(row: str) -> bool:
    """Whether a row is a stash placeholder (a fence that superfences swallowed into the table)."""
    return "\x02" in row and _PLACEHOLDER.fullmatch(row.strip()) is not None


def _row_extents(
    locator: LineLocator, rows: list[str], first: int, stash: list[str]
) -> list[tuple[int, int]] | None:
    """First and last line index of each row: a stashed block covers its lines, a blank row none."""
    extents, index = [], first
    for row in rows:
        if not row.strip():
            end = index - 1  # a blank line the HTML preprocessor added around a stashed block
        elif "\x02" in row and _is_stashed(row):  # (the test first: most rows hold no placeholder)
            if index >= len(locator.lines):  # past the page's last line, as an ordinary row would be
                return None
            end = _stashed_end(locator.expanded, index, stash[int(_PLACEHOLDER.search(row).group(1))])
        elif index < len(locator.lines) and locator.expanded[index].endswith(row):
            end = index
        else:
            return None
        extents.append((index, end))
        index = end + 1
    return extents


def _stashed_end(lines: list[str], index: int, raw: str) -> int:
    """Last line of a stashed block starting at index: a fence to its closer, raw HTML by its line count."""
    if lines[index].lstrip(" >")[:3] in ("```", "~~~"):
        return _fence_end(lines, index)
    return min(len(lines) - 1, index + raw.rstrip("\n").count("\n"))


def _fence_end(lines: list[str], index: int) -> int:
    """Index of the line closing the fence that opens at index (or the last line)."""
    opener = lines[index].lstrip(" >")
    marker = opener[: len(opener) - len(opener.lstrip(opener[:1]))] if opener[:1] in "`~" else "```"
    for end in range(index + 1, len(lines)):
        if lines[end].lstrip(" >").rstrip().startswith(marker) and not lines[end].strip(" >`~"):
            return end
    return len(lines) - 1


def _build_table(locator: LineLocator, rows: list[str], extents: list[tuple[int, int]], lazy: bool = False,
                 counts: list[int] | None = None) -> Table:
    """Cells with spans from the located lines; the header decides whether outer pipes are borders."""
    if lazy:
        return _build_lazy_table(locator, rows, extents, counts)
    offsets = [
        None if _is_stashed(row) or not row.strip() else locator.offset(start, row)
        for row, (start, _) in zip(rows, extents)
    ]
    header_line = locator.lines[extents[0][0]]
    border = any(has_border(header_line[offsets[0]:]))
    built = [_row(locator, start, end, offset, border, lazy and k > 1, counts[k] if counts else None)
             for k, ((start, end), offset) in enumerate(zip(extents, offsets))]
    header, delimiter, body = built[0], built[1], tuple(built[2:])
    span = Span(header.span.start, body[-1].span.end if body else delimiter.span.end)
    align = tuple(alignment(cell.text) for cell in delimiter.cells)
    indent = header_line[: offsets[0]]
    return Table(Dialect.PYTHON_MARKDOWN, header, delimiter, align, body, span, indent, empty_row=not body)


def _build_lazy_table(locator: LineLocator, rows: list[str], extents: list[tuple[int, int]],
                      counts: list[int] | None) -> Table:
    """_build_table's table with every row written on one line lazy (the header and delimiter too: a scan reads
    only their counts and the delimiter's alignments), made with fewer calls per row (a page's rows are most of
    locating's work)."""
    header_index = extents[0][0]
    header_line = locator.lines[header_index]
    header_offset = _offset(header_line, locator.expanded[header_index], rows[0])
    border = any(has_border(header_line[header_offset:]))
    built = _lazy_rows(locator, rows, extents, header_offset, border, counts)
    header, delimiter, body = built[0], built[1], tuple(built[2:])
    span = Span(header.span.start, body[-1].span.end if body else delimiter.span.end)
    if isinstance(delimiter, _LineRow):  # the delimiter cells' texts, without making the cells
        _, line, offset, _ = delimiter.args
        align = tuple(alignment(line[offset + a : offset + b]) for a, b in split_row(line[offset:], border))
    else:
        align = tuple(alignment(cell.text) for cell in delimiter.cells)
    indent = header_line[:header_offset]
    return Table(Dialect.PYTHON_MARKDOWN, header, delimiter, align, body, span, indent, empty_row=not body)


def _lazy_rows(locator: LineLocator, rows: list[str], extents: list[tuple[int, int]], header_offset: int,
               border: bool, counts: list[int] | None) -> list[Row]:
    """The table's rows: each written on one line a _LineRow (its offset as _offset finds it, trimmed, its cells
    counted as _cell_count does, or Python-Markdown's own count of a body row when it split it), made in this one
    loop over the table (the calls per row were most of locating's work); a blank row or a fence in a cell as
    _row makes it."""
    lines, expanded = locator.lines, locator.expanded
    built = []
    for k, row in enumerate(rows):
        start, end = extents[k]
        if end < start or not row.strip() or ("\x02" in row and _is_stashed(row)):  # a blank row, a fence in a cell
            built.append(_row(locator, start, end, None, border))
            continue
        line = lines[start]
        if k == 0:
            offset = header_offset
        elif "\t" in line:
            offset = offset_in(line, expanded[start], row)
        else:  # (_offset without a tab: the columns are the offsets)
            offset = min(max(len(expanded[start]) - len(row), 0), len(line))
        first, stop = offset, len(line)
        if first < stop and (line[first] in _BLANK or line[stop - 1] in _BLANK):
            first, stop = _trimmed(line, offset, stop)
        count = counts[k] if counts and k > 1 else None
        if count is None:  # _cell_count, written out: without a backslash a final pipe is a border, and without a
            low, high, backslash = first, stop, "\\" in line  # backtick either each pipe between them splits
            if border:
                low += line.startswith("|", low)
                piped = high > low and line[high - 1] == "|"
                high = _without_end_border(line, low, high) if backslash else high - piped
            count = _cell_total(line, low, high) if backslash or "`" in line else line.count("|", low, high) + 1
        made = _new_object(_LineRow)
        made.__dict__.update(span=_new_tuple(Span, (_new_tuple(Position, (start + 1, first + 1)),
                                                    _new_tuple(Position, (start + 1, stop)))),
                             _count=count, args=(start + 1, line, offset, border))
        built.append(made)
    return built


def _offset(line: str, expanded: str, row: str) -> int:
    """LineLocator.offset of row on a line (whose tab expansion is expanded): without a tab, the columns are the
    offsets."""
    if "\t" in line:
        return offset_in(line, expanded, row)
    return min(max(len(expanded) - len(row), 0), len(line))


def _row(locator: LineLocator, start: int, end: int, offset: int | None, border: bool, lazy: bool = False,
         count: int | None = None) -> Row:
    """One row: split on one line, or a stashed block spanning lines as a single cell (lazy: count, when given, is
    its number of cells as Python-Markdown split the same text)."""
    if end < start:
        span = Span(Position(start + 1, 1), Position(start + 1, 0))
        return Row((), span)
    if offset is None:
        return _stashed_row(locator, start, end)
    line = locator.lines[start]
    row_start, row_end = _trimmed_bounds(line, offset)
    if lazy:
        span = Span(Position(start + 1, row_start + 1), Position(start + 1, row_end))
        if count is None:  # the recording processor's own count when it has one (the plugin), else a cheap one
            count = _cell_count(line, row_start, row_end, border)
        return _LineRow(span, count, partial(_cells_of, start + 1, line, offset, border))  # one object, no closure
    bounds = split_row(line[offset:], border)
    cells = [cell_at(start + 1, line, offset + a, offset + b) for a, b in bounds]
    return row_of(cells, start + 1, line, row_start, row_end)


class _LineRow(LazyRow):
    """A lazy row written on one line: its first cell can be made alone (the swallowed-block check reads only it)."""

    def down(self, lines: int) -> _LineRow:
        """The same row that many lines further down (its cells, when made, too)."""
        line_no, line, offset, border = self.args
        row = _new_object(type(self))
        row.__dict__.update(span=self.span.down(lines), _count=self._count,
                            args=(line_no + lines, line, offset, border))
        return row

    def _make(self) -> tuple[Cell, ...]:
        """The cells (LazyRow.cells makes them once)."""
        return _cells_of(*self.args)

    @property
    def written(self) -> str:
        """The line the cells are cut from (cell_at: each cell's text is a slice of it)."""
        return self.args[1]

    def first_cell(self) -> Cell:
        """The row's first cell (the one in cells, if they are made already)."""
        made = self.__dict__.get("_cells")
        if made is not None:
            return made[0]
        line_no, line, offset, border = self.args
        a, b = split_row(line[offset:], border)[0]
        return cell_at(line_no, line, offset + a, offset + b)


_BLANK = " \t"
_new_object, _new_tuple = object.__new__, tuple.__new__  # Position and Span are named tuples: tuple.__new__ is theirs


def _cells_of(line_no: int, line: str, offset: int, border: bool) -> tuple[Cell, ...]:
    """The cells of the row written on line from offset (a lazy row's cells, made when read)."""
    return tuple(cell_at(line_no, line, offset + a, offset + b) for a, b in split_row(line[offset:], border))


def _cell_count(line: str, start: int, end: int, border: bool) -> int:
    """len(split_row(line[start:end], border)) for the trimmed row line[start:end], without splitting when no
    backtick or backslash can make a pipe not split (then each pipe between the borders splits)."""
    if border:
        start += line.startswith("|", start)
        end = _without_end_border(line, start, end)
    return _cell_total(line, start, end)


def _trimmed_bounds(line: str, offset: int) -> tuple[int, int]:
    """Bounds of the row text on its line, from offset, without surrounding blanks."""
    return _trimmed(line, offset, len(line))


def _stashed_row(locator: LineLocator, start: int, end: int) -> Row:
    """A fence that superfences put into a table cell: one cell over the fence's lines."""
    first, last = locator.lines[start], locator.lines[end]
    column = len(first) - len(first.lstrip(" \t>"))
    text = "\n".join(locator.lines[start : end + 1])[column:]
    span = Span(Position(start + 1, column + 1), Position(end + 1, len(last.rstrip())))
    return Row((Cell(text, span),), span)


def _swallowed_rows(table: Table, source: Source) -> list[Diagnostic]:
    """HT006 for body rows that are really a heading, list item, fence, rule or quote."""
    found, lines = [], source.lines
    for row in table.body:
        line_no, column = row.span.start
        char = lines[line_no - 1][column - 1 : column] if line_no <= len(lines) else ""  # "": past the line's end
        if not _may_start_block(char) or not row.count or not _BLOCK_STEM.match(lines[line_no - 1], column - 1):
            continue  # the row starts with a pipe or text that opens no block: its cells need not be made
        first = row.first_cell() if isinstance(row, _LineRow) else row.cells[0]
        text = first.text
        if not text.startswith("|") and _BLOCK_START.match(text) and row.span.start == first.span.start:
            what = text.splitlines()[0] if text else text
            found.append(swallowed_block(row.span, what))
    return found


def _may_start_block(char: str) -> bool:
    """Whether a _BLOCK_START match can begin with this character (a digit of any script, as \\d matches)."""
    return char in _BLOCK_START_MARKS or char.isdecimal()


def _near_misses(locator: LineLocator, blocks: list[list[str]], tables: list[Table]) -> list[Diagnostic]:
    """HT004/HT005 for blocks that hold a header and delimiter row but render no table."""
    taken = {line for table in tables for line in range(table.start_line, table.end_line + 1)}
    found: dict[int, Diagnostic] = {}
    cursor = 0
    for block in blocks:
        first = locator.find(block, cursor)
        if first is None:
            continue
        cursor = first + 1
        for k in range(len(block) - 1):
            line_no = first + k + 1
            if line_no in taken or line_no in found or not _looks_like_delimiter(block[k + 1]):
                continue
            diagnostic = _near_miss(locator, block, k, first + k)
            if diagnostic:
                found[line_no] = diagnostic
    return list(found.values())


def _looks_like_delimiter(row: str) -> bool:
    """A row made of pipes, colons, dashes and spaces with at least one dash and one pipe."""
    text = row.strip()
    return "-" in text and "|" in text and set(text) <= _DELIMITER_CHARS


def _near_miss(locator: LineLocator, block: list[str], k: int, index: int) -> Diagnostic | None:
    """The diagnostic for a header at block[k] over a delimiter at block[k + 1], if any."""
    header, delimiter = block[k].strip(" "), block[k + 1].strip(" ")
    border = any(has_border(header))
    columns, widths = _cell_count(header, *_trimmed(header, 0, len(header)), border), \
        _cell_count(delimiter, *_trimmed(delimiter, 0, len(delimiter)), border)
    line = locator.lines[index]
    if columns != widths:
        below = locator.lines[index + 1]
        start = locator.offset(index + 1, block[k + 1])
        start, end = _trimmed_bounds(below, start)
        return delimiter_mismatch(Span(Position(index + 2, start + 1), Position(index + 2, end)), widths, columns,
                                  "Python-Markdown")
    if k == 0 or "|" not in header:
        return None
    start, end = _trimmed_bounds(line, locator.offset(index, block[k]))
    return no_blank_line_before(Span(Position(index + 1, start + 1), Position(index + 1, end)))
