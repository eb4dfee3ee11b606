"""The fast `.md` scanner equals the plain one: the same tables, cells, positions and findings.

The plain path is Python-Markdown's own block loop (parseBlocks), Pygments highlighting as configured, and every
cell built eagerly; the fast path is blockloop's loop (with every processor it passes over checked against the
processor itself: blockloop.VERIFY), no highlighting and lazy body rows. Both run the same extension stacks, the
ones real sites use.
"""

import os
from contextlib import contextmanager
from functools import partial

import markdown
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.model import LazyRow
from house_tables.parsing import all_diagnostics, bigblock, blockloop
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS, scan_pymd
from house_tables.source import Source

from engines import PYMD_MKDOCS_EXTENSIONS, SITE_EXTENSION_CONFIGS
from strategies import (
    BLOCKS,
    LINKS,
    code_example,
    container,
    documents,
    hangs_python_markdown,
    site_page,
    table,
    without_engine_hangs,
)

BIG_BLOCK_LINES = bigblock.BIG_BLOCK_LINES
EXAMPLES = int(os.environ.get("HOUSE_TABLES_FUZZ", "300"))  # `make fuzz` sets more
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

RICH_EXTENSIONS = (
    *MKDOCS_EXTENSIONS, "footnotes", "abbr", "def_list", "sane_lists", "pymdownx.snippets", "pymdownx.tasklist",
    "pymdownx.blocks.html", "pymdownx.blocks.definition", "pymdownx.blocks.caption", "pymdownx.emoji",
)
RICH_CONFIGS = {**MKDOCS_EXTENSION_CONFIGS, "pymdownx.snippets": {"base_path": ["/nonexistent-snippets"]}}
STACKS = [
    (MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS),
    (PYMD_MKDOCS_EXTENSIONS, SITE_EXTENSION_CONFIGS),
    (RICH_EXTENSIONS, RICH_CONFIGS),
]
# Lines each block processor of the rich stack takes (or nearly takes): what the fast loop's checks are about.
PROCESSOR_LINES = [
    "[^n]: a footnote", "    continued footnote", "*[HTML]: Hyper Text", "Term", ":   definition", ": not one",
    "[r]: https://example.com", "[r]: <u> 'title'", "Title", "=====", "-----", "***", "_ _ _", "* * *", "## H ##",
    "#no space", "!!! note", '!!! warning "T"', "!!!", "???+ tip", '??? "only title"', '=== "Tab"', "===+ \"T\"",
    "/// note", "/// html | div", "///", "/// details | Summary", "/// define", "/// caption", "> quoted", ">",
    "    indented", "        deeper", "\tTab", "- [ ] task", "1) item", "2. item", "<div markdown>", "</div>",
    "<details markdown=\"1\">", "</details>", "<!-- comment -->", "a | b", "|---|---|", "| x |", "-|-", "|",
    ":smile: text", "--8<-- \"table.md\"", "`code | span`", "a\\|b | c",
]


def _indent(lines: list[str], prefix: str) -> list[str]:
    """Lines under a container prefix."""
    return [prefix + line if line else "" for line in lines]


@st.composite
def processor_pages(draw) -> str:
    """Pages of tables mixed with every block processor's lines, at the top level or indented under a container."""
    piece = st.one_of(
        table(), container(), code_example(),
        st.lists(st.sampled_from(PROCESSOR_LINES + BLOCKS + LINKS), min_size=1, max_size=4),
    )
    lines: list[str] = []
    for part in draw(st.lists(piece, min_size=1, max_size=8)):
        prefix = draw(st.sampled_from(["", "", "", "    ", "> ", "  "]))
        lines.extend(_indent(part, prefix) if prefix else part)
        if draw(st.integers(0, 2)):
            lines.append("")
    return without_engine_hangs("\n".join(lines) + "\n")


@contextmanager
def _verified(walk_from: int = 2):
    """Every processor the fast loop passes over is asked all the same, and must agree; every block of walk_from
    lines or more is walked (bigblock), where the walk applies."""
    blockloop.VERIFY, bigblock.BIG_BLOCK_LINES = True, walk_from
    try:
        yield
    finally:
        blockloop.VERIFY, bigblock.BIG_BLOCK_LINES = False, BIG_BLOCK_LINES


def _row_data(row):
    """A row as plain data; a lazy row's count is read before its cells are made (and must agree with them)."""
    count = row.count
    assert count == len(row.cells)
    return row.span, row.cells, count


def _reading(text: str, extensions, configs, *, fast: bool, walk_from: int = 2, front_matter: bool = False):
    """Tables (as plain data) and every finding of one scan."""
    with _verified(walk_from):
        tables, found = scan_pymd(Source.parse(text), extensions, configs, fast=fast, front_matter=front_matter)
    lazy = any(isinstance(row, LazyRow) for table in tables for row in table.body)
    data = [(t.span, t.align, t.indent, t.empty_row, [_row_data(r) for r in (t.header, t.delimiter, *t.body)])
            for t in tables]
    return data, all_diagnostics(tables, found), lazy


def _assert_same(text: str, walk_from: int = 2, front_matter: bool = False) -> None:
    """The fast reading equals the plain one with every stack."""
    for extensions, configs in STACKS:
        fast = _reading(text, extensions, configs, fast=True, walk_from=walk_from, front_matter=front_matter)
        plain = _reading(text, extensions, configs, fast=False, front_matter=front_matter)
        assert fast[:2] == plain[:2]
        assert not plain[2]


@SETTINGS
@given(documents())
def test_fast_scan_equals_plain_scan_on_documents(text):
    """Tables in every container the generators know."""
    _assert_same(text)


@SETTINGS
@given(site_page())
def test_fast_scan_equals_plain_scan_on_site_pages(text):
    """Pages with code examples (fence options: Pygments matters), raw HTML tables, snippets and links."""
    _assert_same(text)


@SETTINGS
@given(processor_pages())
def test_fast_scan_equals_plain_scan_on_processor_pages(text):
    """Tables among the lines each block processor takes, nested under containers."""
    _assert_same(text)


# Front matter as MkDocs reads it off a page: YAML (a mapping is removed with the blank lines after it; a list, a
# scalar or invalid YAML stays text), MultiMarkdown meta-data, and lines that look like table rows inside it.
FRONT_MATTER = [
    ["---", "title: T", "---"], ["---", "title: T", "tags: [a, b]", "---", "", ""], ["---", "- a", "---"],
    ["---", "a: [", "---"], ["---", "a | b", "--|--", "---"], ["---", "title: 'x | y'", "---", "| a |"],
    ["Title: T", "Author: A"], ["Title: a | b", ""], ["---", "---"], ["---", "title: T", "..."], [],
]


@SETTINGS
@given(st.sampled_from(FRONT_MATTER), st.one_of(documents(), processor_pages()))
def test_fast_scan_equals_plain_scan_after_front_matter(front, text):
    """Pages read as MkDocs gives them to Python-Markdown (front matter removed): the tables are located in the
    text the parser read and moved back to the file's lines, lazy rows staying lazy."""
    _assert_same("\n".join([*front, text]), front_matter=True)


# Lines of the long blocks Python-Markdown is quadratic on (headings, setext underlines, rules), with table rows,
# near misses and whatever else may stop the walk (lists, quotes, references, indented and marker lines).
LONG_BLOCK_LINES = [
    "# h", "## h ##", "#\\", "#", "####### x", "---", "***", "- - -", "___", "=", "-", "===", "--", "|", "-|", "|-",
    "a | b", "| a | b |", "|---|---|", "| 1 | 2 |", ":-:|:-:", "Title", "text", "- item", "1. item", "> q",
    "[r]: https://example.com", "    indented", " # not quite", "!!! note", "///", "| x \\|", "`a|b` | c",
]


# One-column tables (a pipe at either end of every row, or no table at all) among headings and setext pairs.
PIPED_LINES = ["|", "-|", "|-", "| a |", "|---|", "\\|", "text", "# h", "-", "---", "a |"]


@st.composite
def long_blocks(draw) -> str:
    """A page of one or two long blocks (no blank line inside), maybe after a paragraph."""
    alphabet = st.sampled_from(draw(st.sampled_from([LONG_BLOCK_LINES, PIPED_LINES])))
    lines = draw(st.lists(alphabet, min_size=1, max_size=160))
    if draw(st.booleans()):
        lines = [*lines, "", *draw(st.lists(alphabet, min_size=1, max_size=80))]
    before = ["Intro.", ""] if draw(st.booleans()) else []
    return "\n".join([*before, *lines]) + "\n"


@SETTINGS
@given(long_blocks(), st.sampled_from([2, 16, BIG_BLOCK_LINES]))
def test_fast_scan_equals_plain_scan_on_long_blocks(text, walk_from):
    """Long blocks of headings, rules and rows (walked in linear time) read as Python-Markdown reads them."""
    _assert_same(text, walk_from)


def test_long_blocks_are_walked_in_linear_time_shape():
    """The walk consumes a 20,000-line block of setext pairs with a handful of processor calls per pair (no
    regular expression over the rest of the block): counted in processor calls, not in time."""
    from house_tables.parsing.pymd import markdown_for

    md = markdown_for(MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS, recording=True, fast=True)
    setext = md.parser.blockprocessors["setextheader"]
    seen = []
    original = setext.run
    setext.run = lambda parent, blocks: (seen.append(len(blocks[0])), original(parent, blocks))[1]
    try:
        text = "|\n-\n" * 10_000 + "| a | b |\n|---|---|\n"
        tables, _ = scan_pymd(Source.parse(text))
    finally:
        del setext.run
    assert len(tables) == 1 and tables[0].start_line == 20_001
    assert len(seen) == 10_000 and max(seen) == len("|\n-")


def test_known_processors_have_checks_and_others_none():
    """The checks are keyed by exact class: the rich stack's processors are known, a subclass is not."""
    from house_tables.parsing.pymd import markdown_for

    md = markdown_for(RICH_EXTENSIONS, RICH_CONFIGS, recording=True, fast=True)
    checked = {type(p).__name__ for p in md.parser.blockprocessors if blockloop.check_for(p)}
    assert {"AdmonitionProcessor", "DetailsProcessor", "TabbedProcessor", "BlocksProcessor", "HashHeaderProcessor",
            "FootnoteBlockProcessor", "ReferenceProcessor", "_RecordingTableProcessor"} <= checked
    hash_header = md.parser.blockprocessors["hashheader"]
    subclass = type("MyHeader", (type(hash_header),), {"test": lambda self, parent, block: True})
    assert blockloop.check_for(subclass(md.parser)) is None


def test_scanning_instance_never_highlights(monkeypatch):
    """A scan runs no Pygments, even for fences with options (which superfences accepts only with Pygments on)."""
    import pymdownx.highlight

    def refuse(*_args, **_kwargs):
        raise AssertionError("Pygments called during a scan")

    monkeypatch.setattr(pymdownx.highlight, "highlight", refuse)
    text = '```py hl_lines="1" title="a.py"\nx = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'
    for extensions, configs in STACKS:
        tables, _ = scan_pymd(Source.parse(text), extensions, configs)
        assert len(tables) == 1


ROW_PIECES = st.sampled_from(["|", "|", "`", "``", "\\", "\\|", "a", " ", "\\`", "-"])


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(ROW_PIECES, max_size=24).map("".join), st.booleans())
def test_cell_counts_equal_python_markdowns_split(row, border):
    """Counting cells (no cells built) gives as many as Python-Markdown's own (quadratic) split makes."""
    from markdown.extensions.tables import TableProcessor

    from house_tables.parsing import pymd

    plain = TableProcessor.__new__(TableProcessor)
    plain.border = border
    stripped = row.strip(" ")
    assert pymd._count_split_row(stripped, border) == len(TableProcessor._split_row(plain, stripped))
    assert [row[a:b] for a, b in pymd._split(row)] == TableProcessor._split(plain, row)
    assert pymd._cell_total(row, 0, len(row)) == len(pymd._split(row))


TEXT_PIECES = st.sampled_from(["a", " ", "  ", "\t", "\n", "\n", "\r\n", "\r", "<", "&", "&amp;", "<b>", "|", "\x02",
                               "\x03", "<div>", "</div>", "<!--", "-->", "&#124;", "x y"])


@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(TEXT_PIECES, max_size=40).map("".join))
def test_cheaper_preprocessors_give_the_same_lines(text):
    """The scanning instance's whitespace and HTML-block preprocessors give exactly Python-Markdown's lines."""
    from house_tables.parsing.pymd import markdown_for

    for extensions, configs in STACKS:
        fast = markdown_for(extensions, configs, recording=True, fast=True)
        plain = markdown_for(extensions, configs, recording=True, fast=False)
        for name, lines in (("normalize_whitespace", text.split("\n")), ("html_block", text.split("\n")),
                            ("html_block", text.split("\r"))):  # (lines holding a line feed too)
            assert fast.preprocessors[name].run(list(lines)) == plain.preprocessors[name].run(list(lines))
            assert [str(raw) for raw in fast.htmlStash.rawHtmlBlocks] == \
                [str(raw) for raw in plain.htmlStash.rawHtmlBlocks]
            fast.reset()
            plain.reset()


PREPROCESS_PIECES = st.sampled_from(["a", " ", "    ", "\t", "\n", "\n", "\n", "\r\n", "\r", "<", "&", "<b>", "|",
                                     "\x02", "\x03", "<div>", "</div>", "<!--", "-->", "```", "~~~", "```py\n",
                                     "~~~~\n", "\n```\n", "> ", "- ", "!!! note\n", "| a |\n|---|\n", "x y", "`"])


def _preprocessed(text: str, extensions, configs, on_text: bool) -> tuple:
    """The lines the fast instance's preprocessors give for text, and what they recorded: each run on lines, or the
    leading ones on the text (block_parse's way)."""
    from house_tables.parsing import pymd

    md = pymd.markdown_for(extensions, configs, recording=True, fast=True)
    record = pymd.start_recording(md, build=False)
    preprocessors = list(md.preprocessors)
    done, lines = pymd._leading_steps_on_text(preprocessors, text) if on_text else (0, text.split("\n"))
    for preprocessor in preprocessors[done:]:
        lines = preprocessor.run(lines)
    return (lines, record.text, record.fences(), record.fenced_lines(), record.included,
            [str(raw) for raw in md.htmlStash.rawHtmlBlocks]), done


@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(PREPROCESS_PIECES, max_size=40).map("".join))
def test_preprocessing_the_text_gives_the_preprocessors_lines(text):
    """The scanning instance's first preprocessors run on the page's text as a whole (no split and join between
    them) give the lines, captured text, fences and stashed HTML of each run on the lines before it."""
    steps = []
    for extensions, configs in STACKS:
        on_text, done = _preprocessed(text, extensions, configs, on_text=True)
        assert on_text == _preprocessed(text, extensions, configs, on_text=False)[0]
        steps.append(done)
    assert steps == [5, 5, 1]  # every step on the text; with snippets (between the first two) the watcher only


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(st.sampled_from(["a", "\n", "\n", "\r", "\r\n", "\ufeff", " ", "|"]), max_size=12).map("".join))
def test_a_sources_normalized_text_is_its_lines_joined(text):
    """The normalized text a Source keeps from parsing is its lines joined, each ended by a line feed."""
    from house_tables.source import Source

    source = Source.parse(text)
    assert source.normalized() == ("\n".join(source.lines) + "\n" if source.lines else "")


LINE_PIECES = st.sampled_from(["a", "|", " ", "  ", "\t", ">", "- ", "1. ", "b c"])


@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(LINE_PIECES, max_size=16).map("".join), st.integers(0, 20))
def test_row_offsets_equal_the_locators(line, cut):
    """A lazy table's row offset (no tab: the column is the offset) equals the locator's, for any row ending the
    line's expansion."""
    from house_tables.parsing.locate import TAB_SIZE, offset_in
    from house_tables.parsing.pymd import _offset

    expanded = (line.expandtabs(TAB_SIZE) if "\t" in line else line) if line.strip(" \t") else ""
    row = expanded[min(cut, len(expanded)):]
    assert _offset(line, expanded, row) == offset_in(line, expanded, row)


def _may_hold_table_line_by_line(text: str) -> bool:
    """may_hold_table as it was written first (every line matched): the reference for the pipe-led search."""
    from house_tables.parsing.pymd import _DELIMITER_LINE

    previous = ""
    for line in text.split("\n"):
        match = _DELIMITER_LINE.fullmatch(line)
        if match and "|" in match.group(1) and ("-" in match.group(1) or "|" in previous):
            return True
        previous = line
    return False


GATE_PIECES = st.sampled_from(["|", "|", "-", ":", " ", "\t", ">", "\n", "\n", "a", "`"])


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(GATE_PIECES, max_size=30).map("".join))
def test_may_hold_table_equals_the_line_by_line_gate(text):
    """Looking only at lines with a pipe finds a possible delimiter row exactly when matching every line does."""
    from house_tables.parsing.pymd import may_hold_table

    assert may_hold_table(text) == _may_hold_table_line_by_line(text)


@settings(max_examples=2000, deadline=None, database=None)
@given(st.lists(st.sampled_from([">", " ", "\t", "a", "`", "~", "|", "> ", "    "]), max_size=12).map("".join))
def test_superfences_whitespace_shortcut_sets_what_its_parse_sets(line):
    """The scanning instance's parse_whitespace returns and sets (ws_len, ws_virtual_len) what superfences' own
    does, for any line."""
    from house_tables.parsing.pymd import markdown_for

    for extensions, configs in STACKS:
        fast = markdown_for(extensions, configs, recording=True, fast=True).preprocessors["fenced_code_block"]
        plain = markdown_for(extensions, configs, recording=True, fast=False).preprocessors["fenced_code_block"]
        assert isinstance(fast.parse_whitespace, partial) and not isinstance(plain.parse_whitespace, partial)
        assert fast.parse_whitespace(line) == plain.parse_whitespace(line)
        assert (fast.ws_len, fast.ws_virtual_len) == (plain.ws_len, plain.ws_virtual_len)


@settings(max_examples=1000, deadline=None, database=None)
@given(st.lists(TEXT_PIECES, max_size=30).map("".join))
def test_normalized_text_is_each_line_with_a_line_feed(text):
    """Source.normalized (one join) is every line followed by LF, as it was written first."""
    source = Source.parse(text)
    assert source.normalized() == "".join(line + "\n" for line in source.lines)


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(st.sampled_from(["a", " ", " ", "\t", "\n", "\n", "\r", "\r\n", "|", "\u00a0", "\x0b", "\ufeff"]),
                max_size=16).map("".join))
def test_a_locators_expanded_lines_are_each_line_expanded(text):
    """LineLocator's lines as located (tabs expanded, "" for a line of spaces and tabs) are each line's, also where
    the text is taken as it is (no tab, no space before a line feed)."""
    from house_tables.parsing.locate import TAB_SIZE, expanded_lines

    source = Source.parse(text)
    each = [(line.expandtabs(TAB_SIZE) if "\t" in line else line) if line.strip(" \t") else ""
            for line in source.lines]
    assert expanded_lines(source) == each


FENCE_LINES = st.sampled_from(["```", "~~~", "````", "```python", "~~~ {.x}", "``` title=\"a\"", "> ```", ">```",
                               "    ```", "\t```", "  ~~~", "a ``` b", "| a | b |", "|---|---|", "text", "", " ", "\r",
                               "> text", ">", "    code", "- item", "```x y", "``` {", "!!! note", "=== \"T\""])


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(FENCE_LINES, max_size=30), st.sampled_from(STACKS))
def test_superfences_on_the_fence_span_gives_what_its_run_gives(lines, stack):
    """The scanning instance runs superfences only from the first to the last line with a fence marker: the same
    lines out, as many blocks stashed (what they hold differs: the scanning instance highlights nothing), the same
    code kept for indented blocks and the same fences recorded (at the page's lines) as its run over every line."""
    from house_tables.parsing.pymd import markdown_for, start_recording

    extensions, configs = stack
    results = []
    for fast in (True, False):
        md = markdown_for(extensions, configs, recording=True, fast=fast)
        record = start_recording(md, build=False)
        fences = md.preprocessors["fenced_code_block"]
        out = fences.run(list(lines))
        results.append((out, len(md.htmlStash.rawHtmlBlocks), record.fences(), record.fenced_lines(),
                        fences.extension.stash.stash if hasattr(fences.extension.stash, "stash") else None))
    assert results[0] == results[1]


SEARCH_LINES = st.sampled_from([
    "```", "```", "~~~", "````", "``` python", "```python hl_lines=\"1\"", "~~~ {.x #i}", "``` {", "```x y",
    "```mermaid", "``` \t", "````x", "~~~~", "> ```", ">```", "> > ```", ">", "> code", "> ", "  > ```",
    "    ```", "\t```", "  ~~~", " ```", "\t", "    ", "  ", "", "", "\u00a0", "\x0b", "\x1c",
    "code", "code ```", "a ``` b", "x ~~~", "``` ``` x", "| a | b |", "> text", "    code", "\tcode", "- item",
    "    - ```", "!!! note", "\r", "```\r",
])


def _raised(function):
    """What function returns, or the exception it raises (as its type and message)."""
    try:
        return function()
    except Exception as error:  # the original's own failure is to be the same
        return (type(error), str(error))


def _fence_state(preprocessor) -> dict:
    """What superfences keeps after a search: every attribute but the methods the scanning instance replaced."""
    return {key: value for key, value in vars(preprocessor).items()
            if not isinstance(value, partial) and key not in ("reassemble", "md", "extension", "config", "fence_end")}


@settings(max_examples=4000, deadline=None, database=None)
@given(st.lists(SEARCH_LINES, max_size=40), st.sampled_from(STACKS), st.lists(SEARCH_LINES, max_size=6))
def test_fence_search_on_the_lines_that_matter_gives_superfences_own(lines, stack, before):
    """fences.search_nested (the scanning instance's) against superfences' own search_nested on the same instance:
    the same lines out, the same blocks stashed (and the same code kept for indented blocks), the same fences
    recorded and the same state left (code, empty lines, prefix lengths, an unclosed fence's options...), for
    lines with fences at every depth, quoted, indented, unclosed, with options, blank lines of every kind; also
    searched again without run's reset, in the state a run over other lines (before) left."""
    from pymdownx.superfences import SuperFencesBlockPreprocessor

    from house_tables.parsing import fences as fast_fences
    from house_tables.parsing.pymd import markdown_for, start_recording

    extensions, configs = stack
    results, initial = [], None
    for own in (False, True):
        md = markdown_for(extensions, configs, recording=True, fast=True)
        fences = md.preprocessors["fenced_code_block"]
        initial = initial or dict(vars(fences))  # what run does not reset (first, last) as the first left it
        vars(fences).clear()
        vars(fences).update(initial)
        record = start_recording(md, build=False)
        assert isinstance(fences.search_nested, partial) and fences.search_nested.func is fast_fences.search_nested
        search = partial(SuperFencesBlockPreprocessor.search_nested, fences) if own else fences.search_nested
        saved, fences.search_nested = fences.search_nested, search
        try:
            out = []
            for step in (partial(fences.run, list(before)), partial(fences.search_nested, list(lines)),
                         partial(fences.run, list(lines))):
                out += [_raised(step), repr(_fence_state(fences))]
        finally:
            fences.search_nested = saved
        fence_end = fences.fence_end.pattern if fences.fence_end is not None else None
        results.append((out, list(md.htmlStash.rawHtmlBlocks), record.fences(), record.fenced_lines(),
                        fences.extension.stash.stash if hasattr(fences.extension.stash, "stash") else None,
                        _fence_state(fences), fence_end))
    assert results[0] == results[1]


def test_fence_search_is_used_only_with_superfences_source_as_written_for():
    """The shortcut is superfences' exact class with the source it was written against; a subclass or another
    version's source keeps its own search."""
    from pymdownx import superfences

    from house_tables.parsing import fences

    md = markdown.Markdown(extensions=["pymdownx.superfences"])
    preprocessor = md.preprocessors["fenced_code_block"]
    assert fences.applies(preprocessor)
    subclass = type("Sub", (superfences.SuperFencesBlockPreprocessor,), {})
    assert not fences.applies(subclass.__new__(subclass))
    fences._DIGESTS[superfences.__file__] = "another"
    try:
        assert not fences.applies(preprocessor)
    finally:
        del fences._DIGESTS[superfences.__file__]


@settings(max_examples=300, deadline=None, database=None)
@given(documents(), st.sampled_from(["md", "mdx"]))
def test_a_page_without_hand_written_tables_is_reviewed_as_review_does(text, dialect):
    """plan_page reviews a page whose tags are none without importing conformance: the Review is review's own."""
    from house_tables.config import Config
    from house_tables.conformance import review
    from house_tables.plan import _review

    lines = tuple(Source.parse(text).lines)
    tags = () if dialect == "md" else tuple(_jsx_tags(text))
    assert _review(lines, tags, Config()) == review(lines, tags, Config())


def _jsx_tags(text: str):
    """Where `<table` stands at the start of a line (as MDX's flow tags), as Positions."""
    from house_tables.model import Position

    return [Position(number, 1) for number, line in enumerate(text.split("\n"), 1) if line.startswith("<table")]


@settings(max_examples=50, deadline=None, database=None)
@given(st.lists(st.sampled_from(["register", "deregister", "paragraph", "code"]), max_size=6), st.sampled_from(STACKS))
def test_the_loops_kept_answer_to_sectioning_follows_the_registry(changes, stack):
    """sections asks the block loop whether every processor is of a known class once per state of the registry:
    after any registering and deregistering, the same answer as asking every processor there and then."""
    import markdown
    from markdown.blockprocessors import BlockProcessor, ParagraphProcessor

    from house_tables.parsing import sections
    from house_tables.parsing.pymd import install_recorder

    class Unknown(BlockProcessor):
        def test(self, parent, block):
            return False

    extensions, configs = stack
    md = markdown.Markdown(extensions=list(extensions), extension_configs=configs)
    install_recorder(md)
    blockloop.install(md)
    loop = md.parser.parseBlocks.__self__
    for change in ["none", *changes]:
        registry = md.parser.blockprocessors
        if change == "register":
            registry.register(Unknown(md.parser), "unknown", 50)
        elif change == "deregister" and "unknown" in registry:
            registry.deregister("unknown")
        elif change in registry and change != "none":
            registry.register(ParagraphProcessor(md.parser) if change == "paragraph" else registry[change], change, 11)
        kept = loop.fact("sectioned", sections._all_exact)
        assert kept == sections._all_exact(list(registry))
        assert sections._applies(md, "a | b\n") == (kept and "///" not in "a | b\n")


# Pieces of a page's first lines: YAML fences and closers, MultiMarkdown keys and continuations, blank and
# whitespace-only lines (Unicode whitespace too, which str.strip removes), carriage returns, headings, rows.
PAGE_START_PIECES = [
    "---", "--- ", "...", "title: T", "Title: a | b", " key: v", "    more", "\tmore", "# Heading", "a | b",
    "|---|---|", "text", "", " ", "\t", "\u3000", "\x0c", "\r", "\r\n", "-", "key-1_x:", "k :v", "1. item", ":",
]


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(st.sampled_from(PAGE_START_PIECES), max_size=6), st.sampled_from(["\n", "\r\n", "\r", " "]),
       st.one_of(st.just(""), st.sampled_from(PAGE_START_PIECES), st.text(max_size=12)))
def test_page_markdown_fast_gives_what_mkdocs_get_data_gives(lines, separator, rest):
    """The scanning path's page_markdown returns the page as it is only where MkDocs' get_data does."""
    from house_tables.parsing.pymd import _page_markdown_fast, page_markdown

    text = separator.join([*lines, rest])
    assert _page_markdown_fast(text) == page_markdown(text)


PATTERN_PIECES = st.sampled_from(["!!!", "!!", "???", "??", "===", "==", "---", "- - -", "-  -  -", "***", "* * *",
                                  "___", "_ _ _", "-", "_", "*", " ", "   ", "    ", "\n", "\n", "note", ' "T"', "+",
                                  "!", "?", "=", "a b", "\t", "|", "\n!!! note", "\n??? note", '\n=== "T"',
                                  '\n???+ note "T"', '\n===! "T"\n', "\n!!! note\n"])


def _needing_patterns():
    """Every pattern the scanning instances search through blockloop.Needing, with the processor's name."""
    from house_tables.parsing.pymd import markdown_for

    found = {}
    for extensions, configs in STACKS:
        md = markdown_for(extensions, configs, recording=True, fast=True)
        for processor in md.parser.blockprocessors:
            for attribute in ("RE", "START", "SEARCH_RE"):
                value = getattr(processor, attribute, None)
                if isinstance(value, blockloop.Needing):
                    found[type(processor).__name__] = value
    return found


def test_the_searched_patterns_of_the_stacks_are_needing():
    """The four processors whose searches try every character get the pre-test (the test below is not vacuous)."""
    assert set(_needing_patterns()) == {"AdmonitionProcessor", "DetailsProcessor", "TabbedProcessor", "HRProcessor"}


@settings(max_examples=3000, deadline=None, database=None)
@given(st.lists(PATTERN_PIECES, max_size=30).map("".join), st.integers(0, 8))
def test_needing_patterns_search_as_their_patterns_do(text, pos):
    """A Needing's search finds exactly what its pattern finds (same span and groups, or nothing), from any start."""
    for name, needing in _needing_patterns().items():
        for args in ((), (pos,)):
            ours, theirs = needing.search(text, *args), needing.pattern.search(text, *args)
            assert (ours and (ours.span(), ours.groups())) == (theirs and (theirs.span(), theirs.groups())), name


def test_a_pattern_other_than_the_proven_one_is_left_as_it_is():
    """The pre-test is proven for each pattern's exact text and flags: another pattern (another version, a site's
    patch) keeps its own search; the proven one gets it."""
    import re

    from markdown.extensions.admonition import AdmonitionProcessor

    from house_tables.parsing.pymd import markdown_for

    parser = markdown_for(MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS, recording=True, fast=True).parser
    for pattern in (re.compile(r"(?:^|\n)!! ?(\w+)"), re.compile(AdmonitionProcessor.RE.pattern, re.MULTILINE)):
        processor = AdmonitionProcessor(parser)
        processor.RE = pattern
        blockloop.needing_patterns(processor)
        assert processor.RE is pattern
    processor = AdmonitionProcessor(parser)
    blockloop.needing_patterns(processor)
    assert isinstance(processor.RE, blockloop.Needing) and processor.RE.pattern is AdmonitionProcessor.RE


# Pages on which Python-Markdown with pymdown-extensions 13.1's blocks never returns (each measured: still running
# after minutes; the first was found by test_fast_scan_equals_plain_scan_after_front_matter, which then never ended).
BLOCKS_HANG = ["> /// note\n> ///\n/// note", "> /// note\n///\n/// note", "- > /// note\n  > ///\n  /// note",
               "> > /// note\n> > ///\n> /// note", "> /// html | div\n> ///\n/// html | div",
               "> quote\n> /// note\n///\n/// note\nx\n///", "> /// note\r\n> ///\r\n/// note\r\n"]
BLOCKS_END = ["> /// note\n> ///\n\n/// note", "> quote\n/// note\n///\n/// note", "/// note\nx\n///\n/// note\n///"]


def test_pages_python_markdown_never_finishes_are_left_out_of_generated_pages():
    """The generators leave such pages out (strategies.hangs_python_markdown): no reading of them ends."""
    assert [hangs_python_markdown(text) for text in BLOCKS_HANG + BLOCKS_END] == [True] * 7 + [False] * 3


def test_a_stashed_row_past_the_last_line_is_unlocated_alike():
    """The plain reading raised IndexError (a stashed fence row located past the page's last line, which an
    ordinary row is not); found by a generated page (fixmd4). Both readings now give the same tables."""
    raw = "<tr><td><code>__fields__</code></td><td><kbd>\\</kbd></td><td>a \\- b \\*c\\*</td></tr>"
    text = "\n".join(["|  |  | a a | a |", "---|---|---|---", "```", "|  |", "|---|", "text line", "```", "```",
                      "<table>", raw, "</table>", "```", "|  |  | a a | a |", "---|---|---|---", "!!! note",
                      "    |  |", "    |---|", "    text line", ""])
    _assert_same(text)
