"""Python-Markdown extension `house_tables`: pipe tables and hand-written house JSX tables become the house HTML.

Works wherever Python-Markdown runs (MkDocs, Zensical, plain Python-Markdown). Findings are logged to the
`mkdocs.plugins.house_tables` logger, so a MkDocs build counts them (and `--strict` fails on them).
"""

from __future__ import annotations

import html
import logging
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from markdown import Extension, Markdown
from markdown.blockprocessors import BlockProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from .config import Config, ConfigError, reported_level
from .model import Diagnostic, HtmlTableTag, Position, Table
from .options import EXTENSION, OPTIONS, OptionError, conversion_config, validate
from .parsing.house_form import MAX_NESTING, depth_over, has_jsx_attribute, house_table_lines, is_house_table_opener
from .parsing.pymd import CAPTURE_PRIORITY, locate, start_recording, table_readers_before, watch_includes
from .patterns import LazyPattern
from .rendering.raw_blocks import with_stand_ins
from .source import Source

if TYPE_CHECKING:
    from .conformance.reader import HandTable
    from .parsing.locate import LineLocator

# Imported where first needed (a build imports this module whether or not a page has a table): decisions,
# diagnostics, mapping, parsing, parsing.locate, rendering.layout, rendering.restyle, widths.

LOGGER = logging.getLogger("mkdocs.plugins.house_tables")
_STASHED = LazyPattern("\x02wzxhzdk:(\\d+)\x03")
# HTML comments at the start of a raw HTML stash entry: Python-Markdown stashes a comment that follows another on its
# line (`<!--a--><!--a-->`) with the next raw HTML block, which may be a house table.
_LEADING_COMMENTS = LazyPattern(r"(?:\s*<!--.*?-->)+\s*", re.S)
_RAW_TABLE_LINE = LazyPattern(r"^[ \t]*<table(?=[\s>])")
_LEVELS = {"warning": logging.WARNING, "info": logging.INFO, "error": logging.ERROR, "ignore": None}
# A house table's place in the tree until HouseTableRenderer (priority 21) makes it the table: a tree processor that
# runs before it and pairs the pipe tables it recorded with `root.iter("table")` (compact_tables, priority 30) would
# take an empty placeholder `<table>` for one of them (IndexError: its build aborted). No processor reads this tag.
_PENDING_TAG = "house-table-pending"


class PageContext:
    """Where the text being converted comes from, set by the MkDocs plugin before each page. (A plain class, as
    Settings: every build imports this module, and a dataclass compiles its methods at import, ≈ 2 M instructions.)"""

    __slots__ = ("enabled", "generated_by", "pasted", "raw_tables", "read", "shown")

    def __init__(self, shown: str | Callable[[], str], read: str | Callable[[], str], enabled: bool = True,
                 generated_by: str | None = None, pasted: Callable[[], dict[str, list[str]]] | dict | None = None,
                 raw_tables: bool = True):
        self.shown = shown  # its path as printed (diagnostics.shown_file), or how to make it
        self.read = read  # the file's text on disk, or how to read it
        self.enabled = enabled  # False when include/exclude globs leave the page out
        self.generated_by = generated_by  # the plugin that made the page at build time (mkdocs-gen-files): no file
        self.pasted = pasted  # the files a plugin pastes in: path -> lines
        # False when the page's Markdown holds no `<table`: its raw HTML step is left as it is (registering the
        # stand-ins' step costs every page of a site without raw tables ≈ 36 K instructions; a table a later step
        # pastes in is then read without stand-ins, the same)
        self.raw_tables = raw_tables

    # Made on first use, once: a page without findings needs neither.
    @property
    def path(self) -> str:
        """The file's path as printed."""
        if callable(self.shown):
            self.shown = self.shown()
        return self.shown

    @property
    def original(self) -> str:
        """The file's text on disk."""
        if callable(self.read):
            self.read = self.read()
        return self.read

    @property
    def pasted_files(self) -> dict[str, list[str]]:
        """The lines of each file an earlier plugin pastes into the page (mkdocs-include-markdown-plugin), by path."""
        if callable(self.pasted):
            self.pasted = self.pasted()
        return self.pasted or {}


class Settings:
    """Options shared by the plugin and the extension."""

    __slots__ = ("config", "level", "levels", "sink", "styles")

    def __init__(self, config: Config | None = None, level: str = "warning", levels: dict[str, str] | None = None):
        self.config = Config() if config is None else config
        self.level = level
        self.levels = {} if levels is None else levels
        self.sink: Callable[[int, str], None] = LOGGER.log  # the MkDocs plugin collects findings per page
        self.styles: dict = {}  # "style": config.style, and the parts of its tables' styles (layout.assembled_styles)


class HouseTablesIncludeWatch(Preprocessor):
    """Before any text is included (pymdownx.snippets runs at 32): note each file an include reads, so a table
    that comes from a snippet is reported at its line in that file."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor):
        super().__init__(md)
        self.converter = converter

    def run(self, lines: list[str]) -> list[str]:
        """Start a fresh record of included files."""
        self.converter.included = {}
        watch_includes(self.md, self.converter.included.__setitem__)
        return lines


class HouseTablesPreprocessor(Preprocessor):
    """Keep the text the block parser will read (includes expanded, whitespace not yet normalised) and start
    recording the page's tables."""

    def __init__(self, md: Markdown, extension: HouseTablesExtension):
        super().__init__(md)
        self.extension = extension
        self.text = ""
        self.record = None
        self.included: dict[str, list[str]] = {}
        self.house_tables: list[tuple] = []  # (placeholder element, JSX lines) of each house table, in page order
        self.located: list[tuple] = []  # (Table, its element) of each pipe table the page's block parser built
        self.hand_tags: list[Position] = []  # where each hand-written table begins in the text (HtmlTableTag: raw)
        self.hand_findings: list[Diagnostic] = []  # their conformance findings (HT011-HT013), in the text
        self.hand_reviews: list[tuple[Position, list[Diagnostic]]] = []  # each table's tag and those findings
        self.element_tables: set[int] = set()  # ids of the raw tables md_in_html made elements (ElementTables)

    def page_enabled(self) -> bool:
        """False for a page the plugin's include/exclude globs leave out."""
        page = self.extension.page
        return page is None or page.enabled

    def run(self, lines: list[str]) -> list[str]:
        """The text is not changed: the page's own block parser finds (and builds) its tables."""
        self.text = "\n".join(lines)
        if not self.extension.readers_checked:  # once per stack: a build's pages share the extension
            self.extension.readers_checked = True
            _warn_other_table_readers(self.md)
        self.record = start_recording(self.md) if self.page_enabled() else None
        self.house_tables, self.hand_tags, self.hand_findings, self.located = [], [], [], []
        self.hand_reviews, self.element_tables = [], set()
        return lines


def _warn_other_table_readers(md: Markdown) -> None:
    """A warning (which `mkdocs build --strict` fails on) when another extension reads the pipe tables before
    Python-Markdown's `tables` (markdown_tables_extended): house-tables then sees none of the site's tables."""
    readers = table_readers_before(md)
    if readers:
        LOGGER.warning(f"house-tables: {readers[0]} reads the pages' pipe tables before Python-Markdown's tables do, "
                       "so house-tables sees none of them: take that extension out of markdown_extensions")


class HouseTableProcessor(BlockProcessor):
    """A block that is exactly a house JSX table (as written, or stashed whole as raw HTML at the top level)
    becomes the house table's elements in the page's tree. Anything else, raw HTML tables and code included,
    is left to the processors that own it."""

    def __init__(self, parser, converter: HouseTablesPreprocessor):
        super().__init__(parser)
        self.converter = converter

    def test(self, parent, block: str) -> bool:
        """A block whose first line opens a house table, or a raw HTML placeholder holding one."""
        if "\x02" not in block and "<table" not in block:  # neither a placeholder nor a `<table` line: most blocks
            return False
        if not self.converter.page_enabled():
            return False
        return is_house_table_opener(block.lstrip("\n").split("\n", 1)[0]) or self._stashed(block) is not None

    def run(self, parent, blocks: list[str]) -> bool | None:
        """Build the table; a table we cannot prove whole (no closing line) is left as it was."""
        stashed = self._stashed(blocks[0])
        lines, taken = (stashed[0], 1) if stashed is not None else _gathered(blocks)
        # the table's own tags, then a cell's
        if lines is None or depth_over("\n".join(lines), MAX_NESTING + 4) is not None:
            return False  # left as Python-Markdown alone reads it (raw HTML) rather than recursing without end
        if stashed is not None and stashed[1]:
            self._keep_comments(parent, blocks[0], stashed[1])
        del blocks[:taken]
        placeholder = parent.makeelement(_PENDING_TAG, {})
        parent.append(placeholder)
        self.converter.house_tables.append((placeholder, lines))
        register_house_table_steps(self.parser.md, self.converter)
        return None

    def _stashed(self, block: str) -> tuple[list[str], str] | None:
        """The lines of the house table a top-level raw HTML placeholder stands for, and the HTML comments
        Python-Markdown stashed before it (_LEADING_COMMENTS)."""
        match = _STASHED.fullmatch(block.strip())
        if match is None:
            return None
        stash = self.parser.md.htmlStash.rawHtmlBlocks
        raw = stash[int(match.group(1))] if int(match.group(1)) < len(stash) else None
        if not isinstance(raw, str):
            return None
        comments = _LEADING_COMMENTS.match(raw)
        lead = comments.group(0) if comments is not None else ""
        lines = house_table_lines(raw[len(lead):])
        return (lines, lead.strip()) if lines is not None else None

    def _keep_comments(self, parent, block: str, comments: str) -> None:
        """The comments stashed with the table stay in the page, where Python-Markdown puts them: its placeholder
        now stands for them alone (a block of its own, as a comment is)."""
        index = int(_STASHED.fullmatch(block.strip()).group(1))
        self.parser.md.htmlStash.rawHtmlBlocks[index] = comments
        paragraph = parent.makeelement("p", {})
        paragraph.text = block.strip()
        parent.append(paragraph)


def register_house_table_steps(md: Markdown, converter: HouseTablesPreprocessor) -> None:
    """The tree processors that render house JSX tables, registered in md when its block parser claims the first one
    (tree processors run after the block parser): MkDocs makes a Markdown for every page, and registering and running
    six steps in each cost every page, where few pages hold a house table."""
    if "house_tables_jsx" in md.treeprocessors:
        return
    renderer = HouseTableRenderer(md, converter)
    md.treeprocessors.register(renderer, "house_tables_jsx", 21)
    CellSpacing(renderer).register(md)
    LayoutTails(renderer).register(md)
    md.treeprocessors.register(_Step(md, renderer.drop_stand_ins), "house_tables_url_stand_ins", -5)
    md.treeprocessors.register(_Step(md, renderer.settle_footnotes), "house_tables_footnotes", 19.9)


def _gathered(blocks: list[str]) -> tuple[list[str] | None, int]:
    """The table's lines from the first block on, to the first block ending with `</table>` (blank lines
    inside a table split it into blocks), and how many blocks that took."""
    for count, block in enumerate(blocks, start=1):
        if block.rstrip().endswith("</table>"):
            return house_table_lines("\n\n".join(blocks[:count])), count
        if "</table>" in block:
            break
    return None, 0


class HouseTableRenderer(Treeprocessor):
    """Once the whole page is parsed (every footnote defined) and before inline processing: each house table's
    cells, read as MDX reads them, fill its placeholder; a footnote reference in a cell becomes the page's own."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor):
        super().__init__(md)
        self.converter = converter

    def run(self, root) -> None:
        """Render every house table of the page into its place."""
        tables, self.converter.house_tables = self.converter.house_tables, []
        self.rendered: list = []  # this page's house tables, for CellSpacing
        self.stand_ins: list[tuple] = []
        self.pending: list[tuple] = []  # footnote references left for the inline processor (_pending_reference)
        if not tables:
            return
        from .rendering.house_element import FOOTNOTE_MARK, house_table_element  # renderers: only when needed

        footnotes = page_footnotes(self.md)
        labels = tuple(footnotes.footnotes) if footnotes is not None else ()
        text = HandTables(self.converter.text)
        for placeholder, lines in tables:
            shown, grid = self._as_shown(lines, text)
            built = house_table_element(shown, labels, grid)
            placeholder.tag = built.tag
            placeholder.attrib.update(built.attrib)
            placeholder.text = built.text
            placeholder.extend(list(built))
            self.rendered.append(placeholder)
            self.stand_ins.extend(_url_stand_ins(placeholder))
            for mark in [element for element in placeholder.iter("sup") if FOOTNOTE_MARK in element.attrib]:
                self._pending_reference(mark, mark.attrib.pop(FOOTNOTE_MARK), labels)

    def _pending_reference(self, mark, label: str, labels: tuple) -> None:
        """A footnote reference in a cell, left as `[^label]` text for the inline processor, which numbers repeated
        references (`fnref:1`, `fnref2:1`) in the order it reaches them, breadth first: a pipe table's cell after the
        page's paragraphs. Numbered here, before it, the cell's took `fnref:1` from a paragraph above or below."""
        if label not in labels:
            _footnote_reference(self.md, mark, label)  # no such footnote: the text as Markdown shows it
            return
        mark.text = f"[^{label}]"
        self.pending.append((mark, label))

    def settle_footnotes(self) -> None:
        """After inline processing: each pending mark becomes the reference the inline processor made in it (or,
        where no inline processing reached it, the one the footnotes extension makes now)."""
        pending, self.pending = getattr(self, "pending", []), []
        for mark, label in pending:
            made = [child for child in mark if child.tag == "sup"]
            if mark.text is not None or len(made) != 1:
                for child in list(mark):
                    mark.remove(child)
                mark.text = None
                _footnote_reference(self.md, mark, label)
                continue
            reference = made[0]
            mark.remove(reference)
            mark.attrib.update(reference.attrib)
            mark.text = reference.text
            mark.extend(list(reference))


    def drop_stand_ins(self) -> None:
        """After MkDocs' relpath step (priority 0): the empty URLs _url_stand_ins gave are taken away again."""
        for element, key in getattr(self, "stand_ins", ()):
            if element.get(key) == "":
                del element.attrib[key]
        self.stand_ins = []

    def _as_shown(self, lines: list[str], text: HandTables) -> tuple[list[str], HandTable | None]:
        """A hand-written table as the build shows it: normalised to the house style when it drifts (its findings
        kept for the page's report, as `check` gives them), else as written (it conforms, its directive says
        `off`, it is no simple grid, or it cannot be placed in the page's text); and, shown as written, its reading
        (a HandTable) when it is a grid read from these very lines (no tab: the text was placed with tabs expanded)."""
        tag = text.place(lines)
        if tag is None:
            return lines, None
        self.converter.hand_tags.append(tag)
        review, grid = text.table_review(tag, self.converter.extension.settings.config)
        self.converter.hand_findings.extend(review.findings)
        self.converter.hand_reviews.append((tag, review.findings))
        if not review.normalisable:
            same = grid is not None and grid.end_line - grid.start_line + 1 == len(lines) and not any(
                "\t" in line for line in lines)
            return lines, grid if same else None
        return [_indentation(lines[0]) + line for line in review.normalisable[0].lines], None


def _url_stand_ins(table) -> list[tuple]:
    """A cell's `<a>` without href (an anchor: `<a name="x">`) or `<img>` without src (google/adk-docs' notion.md
    header `Tool <img width="200px"/>`) gets an empty one until MkDocs' relpath step has run: that step asserts
    every `a` and `img` element has one (Python-Markdown makes none without, and a pipe cell's tag is raw HTML it
    never sees), so the build of the fixed page stopped with an AssertionError."""
    missing = [(element, key) for element in table.iter() for tag, key in (("a", "href"), ("img", "src"))
               if element.tag == tag and key not in element.attrib]
    for element, key in missing:
        element.set(key, "")
    return missing


class CellSpacing:
    """Python-Markdown's prettify tree processor (priority 10) puts newlines around block elements and after every
    `<br>`; a pipe table's cell HTML is a raw stash it never sees, but a house table's cells are elements, so the
    built cell changed (pypa/hatch: `<ul><li>` became `\n<ul>\n<li>`, `<br><br>Note` `<br />\n<br />\nNote`) once
    fix had written the table. The cells' whitespace is recorded just before prettify and put back just after it;
    the table's own rows and cells are prettified as a pipe table's are."""

    def __init__(self, renderer: HouseTableRenderer):
        self.renderer = renderer
        self.spacing: list[tuple] = []

    def register(self, md: Markdown) -> None:
        """The two steps around prettify's priority."""
        md.treeprocessors.register(_Step(md, self.record), "house_tables_cell_spacing", 10.05)
        md.treeprocessors.register(_Step(md, self.restore), "house_tables_cell_spacing_back", 9.95)

    def record(self) -> None:
        """The text of every house cell, and the text and tail of every element in one (a cell's own tail is the
        table's layout: prettified as a pipe table's; the cells of a table inside a cell are that cell's content)."""
        self.spacing = []
        for table in getattr(self.renderer, "rendered", ()):
            for cell in _own_cells(table):
                self.spacing.append((cell, cell.text, cell.tail, True))
                self.spacing.extend((inner, inner.text, inner.tail, False) for inner in cell.iter()
                                    if inner is not cell)

    def restore(self) -> None:
        """What record saw, again (a cell's own tail as prettify left it)."""
        for element, text, tail, own_cell in self.spacing:
            element.text = text
            if not own_cell:
                element.tail = tail
        self.spacing = []


def _own_cells(table) -> list:
    """A house table's own cells: those of its rows (in a head, body or foot, or not), not a nested table's."""
    sections = [table, *(child for child in table if child.tag in ("thead", "tbody", "tfoot"))]
    return [cell for section in sections for row in section if row.tag == "tr" for cell in row
            if cell.tag in ("td", "th")]


class LayoutTails:
    """Python-Markdown's inline step (priority 20) looks every element with a tail up among its parent's children
    (`list(parent).index(child)`, to insert what the tail's inline patterns make after it): in a house table the
    whitespace between rows is such a tail, so the step copied and searched a body's rows once per row, quadratic
    in the rows (a 5,000-row table: ≈ 4 G instructions, more than the inline patterns of the whole page before fix
    wrote it). Every text of a house table is an AtomicString, which that step keeps as it is (a whitespace one holds
    no placeholder of the step's stash): those whitespace tails are taken off right before the step and put back
    right after it, so the step does no work on them and every other step sees the tree as it was (fast paths)."""

    def __init__(self, renderer: HouseTableRenderer):
        self.renderer = renderer
        self.tails: list[tuple] = []

    def register(self, md: Markdown) -> None:
        """The two steps right around the inline step (between it and the steps of other extensions at 19.99)."""
        md.treeprocessors.register(_Step(md, self.take_off), "house_tables_layout_tails", 20.005)
        md.treeprocessors.register(_Step(md, self.put_back), "house_tables_layout_tails_back", 19.995)

    def take_off(self) -> None:
        """Every whitespace AtomicString tail inside the page's house tables, kept and removed."""
        self.tails = []
        tables = getattr(self.renderer, "rendered", ())
        if not tables:
            return
        from .rendering.fast import enabled  # (imported with the renderers, only for pages with house tables)

        if not enabled():
            return
        for table in tables:
            for element in table.iter():
                tail = element.tail
                if element is not table and tail and isinstance(tail, AtomicString) and not tail.strip():
                    self.tails.append((element, tail))
                    element.tail = None

    def put_back(self) -> None:
        """The tails take_off removed, again."""
        for element, tail in self.tails:
            element.tail = tail
        self.tails = []


class _Step(Treeprocessor):
    """A tree processor that calls a function."""

    def __init__(self, md: Markdown, step: Callable[[], None]):
        super().__init__(md)
        self.step = step

    def run(self, root) -> None:
        self.step()


class RawHtmlTables:
    """The page's hand-written HTML tables: a `<table>` (no JSX attribute) alone at the start of a line of a raw HTML
    block Python-Markdown passes through as written. Each is reviewed as an HTML table (CSS strings) and, when it
    drifts, normalised in the block itself: only attributes, indentation and the colgroup change."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor):
        self.stash = md.htmlStash.rawHtmlBlocks
        self.converter = converter
        self.text: HandTables | None = None

    def review(self, root) -> None:
        """Review (and normalise) the tables of every raw HTML block, in page order; then review the raw tables
        md_in_html made elements (not normalised: the build shows them as written)."""
        for index, block in enumerate(self.stash):
            if isinstance(block, str) and "<table" in block:
                self.stash[index] = self._block(block)
        if self.converter.element_tables:
            self._element_tables(root)

    def _element_tables(self, root) -> None:
        """Review each raw table md_in_html made an element (inside a `markdown` block), in page order: found in the
        text as the next `<table` line after the last one's, of no table reviewed already, with the same attributes
        and text (its rows and cells are not all elements: md_in_html keeps an indented tag as raw text; a copy of
        it in a fence or a comment is not the element's unless the very same)."""
        from .conformance.reader import table_extent

        wanted = self.converter.element_tables
        text, taken = HandTables(self.converter.text), set(self.converter.hand_tags)
        lines = text.source.lines
        inside: set[int] = set()  # the tables inside one already reviewed: part of it
        for element in root.iter("table"):
            if id(element) not in wanted or id(element) in inside:
                continue
            inside.update(id(table) for table in element.iter("table"))
            attributes, shown = dict(element.attrib), _element_text(element, self.stash)
            for index in range(text.cursor, len(lines)):
                if not _RAW_TABLE_LINE.match(lines[index]):
                    continue
                tag = HtmlTableTag(index + 1, len(lines[index]) - len(lines[index].lstrip(" \t")) + 1)
                last = None if tag in taken else table_extent(lines, index)
                if (last is not None and _opening_attributes(lines[index]) == attributes
                        and _TAG_OR_BLANK.sub("", "\n".join(lines[index : last + 1])) == shown):
                    text.cursor = last + 1
                    self._reviewed(text, tag)
                    break

    def _reviewed(self, text: HandTables, tag: HtmlTableTag) -> None:
        """Record a raw table's review (its findings are reported as the page's)."""
        self.converter.hand_tags.append(tag)
        review, _ = text.table_review(tag, self.converter.extension.settings.config)
        self.converter.hand_findings.extend(review.findings)
        self.converter.hand_reviews.append((tag, review.findings))

    def _block(self, block: str) -> str:
        """The block with each drifting table normalised."""
        from .conformance.reader import table_extent

        lines, k = block.split("\n"), 0
        while k < len(lines):
            last = table_extent(tuple(lines), k) if _RAW_TABLE_LINE.match(lines[k]) else None
            if last is None:
                k += 1
                continue
            table = self._table(lines[k : last + 1])
            lines[k : last + 1] = table
            k += len(table)
        return "\n".join(lines)

    def _table(self, lines: list[str]) -> list[str]:
        """One table's lines as the build shows them."""
        if has_jsx_attribute(lines):
            return lines  # a house JSX table: HouseTableProcessor's (or raw text Python-Markdown passes through)
        self.text = self.text or HandTables(self.converter.text)
        tag = self.text.place_verbatim(lines)
        if tag is None:
            return lines
        tag = HtmlTableTag(*tag)
        self.converter.hand_tags.append(tag)
        review, _ = self.text.table_review(tag, self.converter.extension.settings.config)
        self.converter.hand_findings.extend(review.findings)
        self.converter.hand_reviews.append((tag, review.findings))
        if not review.normalisable:
            return lines
        first, *rest = review.normalisable[0].lines
        return [_indentation(lines[0]) + first, *(_indentation(self.text.source.lines[tag.line - 1]) + line
                                                  for line in rest)]  # the text's: the first line may have lost it


_TAG_OR_BLANK = LazyPattern(r"<[^<>]*>|\s+")


def _element_text(table, stash: list) -> str:
    """A table element's text, its raw pieces (tags, references md_in_html stashed) put back, without tags or
    blanks: its lines' text, as _TAG_OR_BLANK leaves it."""
    from markdown.util import HTML_PLACEHOLDER_RE

    def piece(match: re.Match) -> str:
        block = stash[int(match.group(1))] if int(match.group(1)) < len(stash) else ""
        return block if isinstance(block, str) else ""

    return _TAG_OR_BLANK.sub("", HTML_PLACEHOLDER_RE.sub(piece, "".join(table.itertext())))


def _opening_attributes(line: str) -> dict[str, str] | None:
    """The attributes of the tag a line opens with, as md_in_html's parser reads them (a valueless one's value is its
    name), or None when it opens with no tag."""
    from html.parser import HTMLParser

    found: list[dict[str, str]] = []

    class Opening(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if not found:
                found.append({key: key if value is None else value for key, value in attrs})

    Opening().feed(line.strip())
    return found[0] if found else None


class ElementTables(Preprocessor):
    """Right after md_in_html's raw HTML step: the raw tables it made elements (a `<table>` inside a `<div
    markdown>` is parsed into one, not kept as a raw block), noted for RawHtmlTables to review."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor):
        super().__init__(md)
        self.converter = converter

    def run(self, lines: list[str]) -> list[str]:
        if "<table" in self.converter.text:
            for block in self.md.htmlStash.rawHtmlBlocks:
                if not isinstance(block, str):  # an element md_in_html made: its raw tables lost `markdown`
                    self.converter.element_tables.update(
                        id(table) for table in block.iter("table") if "markdown" not in table.attrib)
        return lines


class HandTables:
    """The house JSX tables of a page's text (the text the block parser read): where each one is, and its review."""

    def __init__(self, text: str):
        self.source = Source.parse(text)
        self._locator: LineLocator | None = None
        self.cursor = 0

    def place(self, lines: list[str]) -> Position | None:
        """Where a table the block parser claimed begins (its `<table`), the next place in the text after the
        last; None when its lines cannot be found as they are (a blank line inside it, tabs)."""
        if self._locator is None:
            from .parsing.locate import LineLocator

            self._locator = LineLocator(self.source, fenced_lines=set())  # the parser claimed it: no fence holds it
        from .parsing.locate import TAB_SIZE

        rows = [line.expandtabs(TAB_SIZE) for line in lines]
        if not all(row.strip() for row in rows):
            return None
        index = self._locator.find(rows, self.cursor)
        if index is None:
            return None
        self.cursor = index + len(rows)
        first = rows[0]
        column = self._locator.offset(index, first) + len(first) - len(first.lstrip(" ")) + 1
        return Position(index + 1, column)

    def place_verbatim(self, lines: list[str]) -> Position | None:
        """Where lines of raw HTML (blank lines included: a raw block keeps them) begin in the text, line for line
        (tabs expanded; a blank line may have held spaces), after the last placed; None when they are not there.
        The first line may have lost up to three blanks: Python-Markdown starts a raw block at its opening tag,
        which may be indented that much (`fix --form html` keeps a pipe table's indentation)."""
        from .parsing.locate import TAB_SIZE

        rows = [line.expandtabs(TAB_SIZE) for line in lines]
        text = self.source.lines
        for index in range(self.cursor, len(text) - len(rows) + 1):
            if _opens_block(text[index], lines[0]) and all(
                    text[index + k].expandtabs(TAB_SIZE) == row or not (row.strip() or text[index + k].strip())
                    for k, row in enumerate(rows[1:], 1)):
                self.cursor = index + len(rows)
                first = text[index].expandtabs(TAB_SIZE)
                return Position(index + 1, len(first) - len(first.lstrip(" ")) + 1)
        return None

    def table_review(self, tag: Position, config: Config):
        """The table's conformance review, and the table as read when it is a grid (conformance.table_review)."""
        from .conformance import table_review  # the reader and rules: only for pages with house tables

        return table_review(self.source.lines, tag, config)


def _indentation(line: str) -> str:
    """The blanks a line begins with."""
    return line[: len(line) - len(line.lstrip(" \t"))]


def _opens_block(line: str, first: str) -> bool:
    """Whether a line of the text is the first line of a raw block as Python-Markdown stashed it: the same (tabs
    expanded), or the same after up to three blanks it dropped before the block's opening tag (at_line_start)."""
    from .parsing.locate import TAB_SIZE

    line = line.expandtabs(TAB_SIZE)  # (as the raw HTML step read it: whitespace normalised, a tab is 4 columns)
    if line == first.expandtabs(TAB_SIZE):
        return True
    rest = line.lstrip(" ")
    return len(line) - len(rest) <= 3 and first == rest and not first[:1].isspace()


def page_footnotes(md: Markdown):
    """The page's footnotes extension (its definitions so far), if the page has one."""
    processor = md.treeprocessors["footnote"] if "footnote" in md.treeprocessors else None  # noqa: SIM401
    return getattr(processor, "footnotes", None)


def _footnote_reference(md: Markdown, mark, label: str) -> None:
    """Make mark the reference the footnotes extension itself makes for `[^label]` (ids and numbering its own)."""
    pattern = md.inlinePatterns["footnote"]
    text = f"[^{label}]"
    reference, _, _ = pattern.handleMatch(pattern.compiled_re.match(text), text)
    if reference is None:
        mark.tag, mark.text = "span", AtomicString(text)
        return
    mark.tag = reference.tag
    mark.attrib.update(reference.attrib)
    mark.text = reference.text
    mark.extend(list(reference))


class HouseTablesTreeprocessor(Treeprocessor):
    """Once every other tree processor ran, locate the tables the page rendered, style them and log findings."""

    def __init__(self, md: Markdown, converter: HouseTablesPreprocessor, settings: Settings):
        super().__init__(md)
        self.converter = converter
        self.settings = settings

    def run(self, root) -> None:
        """Cells stay exactly as the page's engine rendered them; only styles and the colgroup are added."""
        record, self.converter.record = self.converter.record, None
        if record is None:
            return
        RawHtmlTables(self.md, self.converter).review(root)
        if not (record.tables or record.near_misses or self.converter.hand_findings):
            return  # no table, no near miss, no hand-written table's finding: nothing to style or report
        from .decisions import settle
        from .parsing import all_diagnostics

        record.stash = [str(block) for block in self.md.htmlStash.rawHtmlBlocks]
        source = Source.parse(self.converter.text)
        located, found = locate(source, record, lazy=True)
        elements = {table.start_line: record.elements[index] for index, table in located}
        tables = [table for _, table in located]
        self.converter.located = [(table, elements[table.start_line]) for table in tables]
        findings, chosen = settle(tables, source.lines, all_diagnostics(tables, found))
        for table, directive in chosen:
            self._style(elements[table.start_line], table, directive)
        page = self.converter.extension.page or host_page(self.md)
        report(findings, page, self.converter.text, self.settings, self.converter.included,
               self.converter.hand_reviews)

    def _style(self, element, table: Table, directive) -> None:
        """The house style on one table element, widths from its cells' visible text."""
        from .rendering.restyle import restyle
        from .widths import column_widths, reads_texts

        config = self.settings.config
        columns: list[list[str]] = [[] for _ in table.align]
        if reads_texts(config, directive):
            self._read_columns(element, columns)
        widths = tuple(column_widths(columns, config, directive))
        restyle(element, self._styles(table.align, widths))

    def _styles(self, align: tuple, widths: tuple[int, ...]):
        """table_styles of the configured style, assembled from parts kept for the build (layout.assembled_styles:
        a Grid and a Style hashed for every table cost more than the lookups)."""
        from .rendering.layout import assembled_styles

        style, kept = self.settings.config.style, self.settings.styles
        if kept.get("style") is not style:  # another style configured since: start again
            kept.clear()
            kept["style"] = style
        return assembled_styles(align, widths, style, kept)

    def _read_columns(self, element, columns: list[list[str]]) -> None:
        """Each column's cells' visible text, in order (cells past the header's width left out)."""
        width, visible = len(columns), self._visible
        for row in element.iter("tr"):
            for index, cell in enumerate(row):
                if index < width:
                    text = cell.text  # plain text alone (most cells): what _visible gives, without the call
                    plain = text and not len(cell) and "\x02" not in text and "&" not in text
                    columns[index].append(text.strip() if plain else visible(cell))

    def _visible(self, cell) -> str:
        """The text a reader sees in a rendered cell: stashed raw HTML and entities resolved, tags dropped."""
        text = "".join(cell.itertext()).strip() if len(cell) else (cell.text or "").strip()  # no child: its text
        if "&" in text:  # the tree's own references; a stashed block's are decoded once, by visible_text
            text = html.unescape(text)
        if "\x02" in text:
            from .widths import visible_text

            stash = self.md.htmlStash.rawHtmlBlocks
            text = _STASHED.sub(lambda m: visible_text(str(stash[int(m.group(1))])), text)
        return text


def host_page(md: Markdown) -> PageContext | None:
    """The page a host other than MkDocs is rendering, when it says: Zensical's context extension registers a
    `rendering_context` preprocessor whose page has the path under docs_dir and whose config has docs_dir and
    root_dir. The file is read from disk, so findings are at its lines (Zensical strips front matter before
    Python-Markdown sees the text). None for plain Python-Markdown, or when the file cannot be read."""
    registry = md.preprocessors  # a Registry: no get()
    context = registry["rendering_context"] if "rendering_context" in registry else None  # noqa: SIM401
    path, config = getattr(getattr(context, "page", None), "path", None), getattr(context, "config", None)
    if not isinstance(path, str) or not isinstance(config, dict):
        return None
    root = os.path.abspath(str(config.get("root_dir") or "."))
    file = os.path.join(root, str(config.get("docs_dir") or "docs"), path)
    try:
        with open(file, encoding="utf-8-sig") as stream:
            original = stream.read()
    except (OSError, UnicodeDecodeError):
        return None
    from .diagnostics import shown_file

    return PageContext(shown_file(file), original, True)


def report(diagnostics: list[Diagnostic], page: PageContext | None, text: str, settings: Settings,
           included: dict[str, list[str]] | None = None, hand: list | tuple = ()) -> None:
    """Log each finding as `path:line:col: CODE message`, positions in the file on disk (a snippet's own file for
    a table that comes from one); hand: (tag, findings) of each hand-written table's review in the text, in page
    order, logged among the others by their place in the text."""
    places = Places(page, text, included or {})
    logged = [(diagnostic, places.finding) for diagnostic in diagnostics]
    if hand:
        logged = _with_hand_tables(logged, hand, places, settings.config)
    for diagnostic, place in logged:
        level = _LEVELS[reported_level(diagnostic.code, diagnostic.severity, settings.level, settings.levels)]
        if level is not None:
            settings.sink(level, place(diagnostic))


def _with_hand_tables(logged: list[tuple], hand, places: Places, config: Config) -> list[tuple]:
    """The findings to log with those of the page's hand-written tables, by their place in the text: each table's
    review in the text, or, where the file holds it otherwise, its review in the file (Places.file_review) at the
    table's place. Only a table with findings in the text is looked for in the file: a page whose hand-written
    tables conform (every page fix wrote) reads nothing more than it did."""
    if not any(found for _, found in hand):
        return logged  # the order as settled
    keyed = [(diagnostic.order(), diagnostic, place) for diagnostic, place in logged]
    for tag, found in hand:
        in_file = places.file_review(tag, config) if found else None
        if in_file is None:
            keyed.extend((diagnostic.order(), diagnostic, places.finding) for diagnostic in found)
        else:
            keyed.extend(((False, "", tag, diagnostic.code), diagnostic, places.in_file) for diagnostic in in_file)
    return [(diagnostic, place) for _, diagnostic, place in sorted(keyed, key=lambda entry: entry[0])]


class Places:
    """Where each line of the page's text is on disk, computed once per page and only when a finding needs it."""

    def __init__(self, page: PageContext | None, text: str, included: dict[str, list[str]]):
        self.page, self.text, self.included = page, text, included
        self._offset: int | None = None  # the page's text is the file's from this line on (front matter cut)
        self._lines = 0  # how many lines the offset holds for
        self._mapped: dict[int, int] | None = None  # else: line by line, where certain
        self._split: tuple[list[str], list[str]] | None = None  # the file's lines and the page's, once mapped
        self.nested: str | None = None  # who converted the text on its own within the page's conversion ("": none)
        self._file_source: Source | None = None  # the file's text, for hand-written tables reviewed as it holds them

    def finding(self, diagnostic: Diagnostic) -> str:
        """`docs/page.md:12:5: HT001 pipe table ...`, or the including line with a note."""
        start = diagnostic.span.start
        if self.page is None:
            return format_finding("<markdown>", start.line, start.column, diagnostic)
        if self._is_nested():
            return self._in_nested_text(diagnostic)
        line = self._line(start.line)
        if line is not None:
            return format_finding(self.page.path, line, start.column + self._shift(start.line, line), diagnostic,
                                  self._generated())
        from .mapping import line_origin, lines_of

        included = {**self.included, **self.page.pasted_files} if self.page.pasted else self.included
        origin = line_origin(start.line, self.text.split("\n"), self._mapped, lines_of(self.page.original), included)
        if origin.path is not None:
            return format_finding(shown_finding_path(origin.path), origin.line, start.column - origin.shift, diagnostic)
        if origin.line is not None:
            return format_finding(self.page.path, origin.line, 1, diagnostic, f"{origin.note}; line {start.line} "
                                  "of the page as MkDocs read it")  # at the including line, as check reports it
        return format_finding(self.page.path, None, None, diagnostic,
                              f"line {start.line} of the page as an earlier plugin changed it; no certain line in "
                              "the file on disk")

    def file_review(self, tag: Position, config: Config) -> list[Diagnostic] | None:
        """The findings of a hand-written table as check gives them, where they may differ from its review in the
        page's text: on a page an earlier plugin rewrote, a line of the table the plugin changed is quoted and placed
        as the file holds it (mkdocs-callouts makes a `> [!NOTE]` line inside a `<table>` block `!!! note`, which no
        file holds), so the table is reviewed on the file's lines from the file line of its `<table` tag, as check
        reviews it. None where the review in the text stands: no page, text the page's own (no plugin changed it),
        a nested conversion, or a tag on no certain line of the file."""
        if self.page is None or self._is_nested() or not self._line_is_mapped(tag.line):
            return None
        from .conformance import review

        home = self._mapped[tag.line]
        if self._file_source is None:
            self._file_source = Source.parse(self.page.original)
        return review(self._file_source.lines, [type(tag)(home, tag.column + self._shift(tag.line, home))],
                      config).findings

    def in_file(self, diagnostic: Diagnostic) -> str:
        """A finding at a position of the file itself."""
        start = diagnostic.span.start
        return format_finding(self.page.path, start.line, start.column, diagnostic, self._generated())

    def _line_is_mapped(self, line: int) -> bool:
        """Whether line of the page's text has a certain line in the file, known from the map of a page an earlier
        plugin changed (not from the constant offset of a page that is the file's text: nothing was rewritten)."""
        return self._line(line) is not None and self._mapped is not None

    def _is_nested(self) -> bool:
        """Whether the text is one a plugin converted on its own within the page's conversion (nested_renderer)."""
        if self.nested is None:
            self.nested = nested_renderer() or ""
        return bool(self.nested)

    def _in_nested_text(self, diagnostic: Diagnostic) -> str:
        """A finding in text a plugin converted on its own while the page was built (markdown-exec's output,
        mkdocstrings' docstrings): its lines are that text's, none of the page's. At its line in a file the text
        included (a snippet), else at line 1 of the page, saying which text holds it."""
        from .mapping import included_origin

        start = diagnostic.span.start
        origin = included_origin(start.line, self.text.split("\n"), self.included)
        if origin is not None:
            return format_finding(shown_finding_path(origin.path), origin.line, start.column - origin.shift, diagnostic)
        return format_finding(self.page.path, 1, 1, diagnostic,
                              f"in text {self.nested} converted on its own while this page was built, at its line "
                              f"{start.line}; no line of the page holds it")

    def _generated(self) -> str:
        """The note on a page a plugin made at build time (its path is the page's, under docs_dir; no file)."""
        by = self.page.generated_by if self.page else None
        return f"a page {by} generated at build time; no file on disk holds it" if by else ""

    def _line(self, line: int) -> int | None:
        """The file's line for a line of the page's text, when it is certain (mapping.line_map's)."""
        from .mapping import line_map, suffix_offset

        if self._offset is None and self._mapped is None:
            self._offset, self._lines = suffix_offset(self.page.original, self.text) or (None, 0)
        if self._offset is not None and 1 <= line <= self._lines:
            return line + self._offset  # the usual case, without a map of every line
        if self._mapped is None:
            self._mapped = line_map(self.page.original, self.text)
        return self._mapped.get(line)

    def _shift(self, line: int, home: int) -> int:
        """How far columns of the page's line lie from the file's line home (an earlier plugin moved it into another
        container: mkdocs-callouts' `> ` made four spaces); 0 where the page's text is the file's."""
        if self._mapped is None:
            return 0
        from .mapping import column_shift, lines_of

        if self._split is None:  # once per page
            self._split = (lines_of(self.page.original), lines_of(self.text))  # both as line_map reads them
        return column_shift(self._split[0][home - 1], self._split[1][line - 1])



def nested_renderer() -> str | None:
    """The package that converted the text being reported, when it did so inside another conversion (the page's):
    markdown-exec converts a fence's output, mkdocstrings each docstring, with the page's extensions, so this
    extension reports them while the page is being built. None for a conversion of its own (the page's)."""
    convert = Markdown.convert.__code__
    frame, innermost, count = sys._getframe(1), None, 0
    while frame is not None:
        if frame.f_code is convert:
            count += 1
            innermost = innermost or frame
        frame = frame.f_back
    if count < 2:
        return None
    caller = innermost.f_back
    while caller is not None and _package(caller) == "markdown":  # markdown.markdown(text) and the like
        caller = caller.f_back
    return (_package(caller) if caller is not None else "") or "a plugin"


def _package(frame) -> str:
    """The top-level package of the code a frame runs."""
    return str(frame.f_globals.get("__name__", "")).split(".")[0]


def shown_finding_path(path: str) -> str:
    """An included file's path as findings name it (diagnostics.shown_file; imported when a finding needs it)."""
    from .diagnostics import shown_file

    return shown_file(path)


def format_finding(path: str, line: int | None, column: int | None, diagnostic: Diagnostic, note: str = "") -> str:
    """A diagnostic's line in the build's log (the one form: diagnostics.finding_line)."""
    from .diagnostics import finding_line

    return finding_line(path, line, column, diagnostic.code, diagnostic.message, note)


class HouseTablesExtension(Extension):
    """`markdown_extensions: [house_tables]`."""

    def __init__(self, **kwargs):
        self.config = {option.name: [option.default, option.doc] for option in OPTIONS if EXTENSION in option.fronts}
        values = _validated(kwargs)
        super().__init__()  # the schema validated the options: Python-Markdown's setConfig would coerce them again
        for name, value in values.items():
            self.config[name][0] = value
        self.settings = Settings(config=conversion_config(values), level=values["level"], levels=values["levels"])
        self.page: PageContext | None = None  # set by the MkDocs plugin before each page
        self.readers_checked = False  # whether another extension reading pipe tables was looked for

    def extendMarkdown(self, md: Markdown) -> None:
        """Record once includes are expanded (the text the block parser reads); build house JSX tables in the block
        parser, so MkDocs resolves their links; style the pipe tables after every tree processor."""
        converter = self.converter = HouseTablesPreprocessor(md, self)  # the last page's (house_table_tags)
        md.preprocessors.register(HouseTablesIncludeWatch(md, converter), "house_tables_includes", 33)
        md.preprocessors.register(converter, "house_tables", CAPTURE_PRIORITY)
        md.parser.blockprocessors.register(HouseTableProcessor(md.parser, converter), "house_table", 76)
        md.treeprocessors.register(HouseTablesTreeprocessor(md, converter, self.settings), "house_tables", -10)
        md.preprocessors.register(ElementTables(md, converter), "house_tables_element_tables", 19.99)  # html_block: 20
        # Raw house tables read by the raw HTML step as short stand-ins where that is provably the same (most of a
        # converted site's build otherwise: md_in_html's HTML parser over every tag of every table)
        if self.page is None or self.page.raw_tables:
            with_stand_ins(md)
        md.registerExtension(self)


def _validated(options: dict) -> dict:
    """The options by the one schema (options.py); a bad one is a ConfigError naming the extension and the option,
    which MkDocs reports as its `markdown_extensions` error."""
    try:
        return validate(options, EXTENSION)
    except OptionError as error:
        _raise_plainly(ConfigError(f"house_tables: {error.option}: {error.reason}"))
    except ConfigError as error:
        _raise_plainly(ConfigError(f"house_tables: {error}"))


# MkDocs reports an extension's exception with the stack up to the innermost frame that has no source line; an
# error raised from code without source is reported as itself alone (which extension, and why), no traceback.
_RAISE = compile("raise error from None", "<house_tables options>", "exec")


def _raise_plainly(error: Exception) -> None:
    exec(_RAISE, {"error": error})


def makeExtension(**kwargs) -> HouseTablesExtension:
    """Entry point for `markdown.Markdown(extensions=["house_tables.extension"])`."""
    return HouseTablesExtension(**kwargs)
