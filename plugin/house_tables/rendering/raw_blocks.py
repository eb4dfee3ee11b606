"""Python-Markdown's raw HTML block step, with each raw table it would keep whole read in a short stand-in's place.

A build renders every page of house JSX tables (the pages `fix` wrote), and `fix` renders each page it changes as
the site renders it. Python-Markdown's raw HTML preprocessor (the core one, or md_in_html's) reads the whole page with
its HTML parser and keeps each raw HTML block in its stash; on a page of house JSX tables that is most of its work
(tens of thousands of tags). Where a table's lines are provably one raw
block that the parser reads the same however long it is, the parser reads a stand-in instead — the table's first
line, a line of its own, `</table>` — and the stand-in's stash entry is then the table's text, as it would have been.

Why that is the same result (Python-Markdown 3.x's HTMLExtractor on html.parser; a region R, its stand-in S):

- R begins a line after a blank line (or the text), its first line `<table ...>` is S's first line, its last line is
  `</table>`, then a line break or the end. Every `<` in R opens a tag that ends on its own line with `>` (each `=` in
  a tag is followed by `"..."` without `>` or by `{`, no `'` or backtick in a tag, names of letters and digits) or is
  text (`<` not followed by a letter, `/`, `!` or `?`); no tag of R but the first and the last is a `table`, a `hr`
  (md_in_html rewrites one with a `markdown` attribute) or an element html.parser reads as raw text (script, style,
  ...); R holds none of what closes a comment, a processing instruction or a marked section (`-->`, `--!>`, `?>`,
  `]>`), and no `&#` but a whole character reference (a broken one ends the parser's first pass).
- Before R both texts are the same, and what the parser decides there depends on what follows only through searches:
  for `<` or `&` (both R and S begin with `<`), for `>` (both first lines are the same), for the closers above (in
  neither: such a search runs on past both, alike), for `;` (S holds one exactly when R does), up to the next blank
  line (there is one right before R). A token of the text before that reached into S would leave S no stash entry of
  its own, which is checked: S must be stashed as itself (S holds a word the page does not, so no other entry is S).
- So the parser meets R's first tag in the state it met S's, and opened a raw block there (S's entry). In a raw block
  every token is kept as written; R's tokens end on their lines, none changes the parser's mode, and only `</table>`
  can empty the block's tag stack (whose first tag is R's `table`): R ends exactly at its last line, as one entry
  holding R's text, and the parser leaves it in the state S leaves it in (nothing but positions differs).
- After R both texts are the same again, and nothing reads back into a finished raw block, as long as the parser's
  first pass reads the whole text: where it stops early (an `&#` it cannot read, a `<?` never closed, ...) its second
  pass finds lines by the first pass's positions, which R and S move apart; the stand-ins are then not used.

The stand-ins are used only on the html.parser and Python-Markdown sources this was reasoned on (their SHA-256, below);
anywhere else the step runs on the page as it is. Where a stand-in is not stashed as itself (a table inside a `<div
markdown>`), the step runs once more with the other stand-ins alone (the same argument holds for any set of regions,
and that run is checked alike), then on the page as it is.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from markdown import Markdown
from markdown.preprocessors import Preprocessor

from ..patterns import LazyPattern
from .fast import enabled

_RAW_TEXT_OR_TABLE = ("table|script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext|hr|"
                      "svg|math|template")
_NAME = rf"(?!(?i:{_RAW_TEXT_OR_TABLE})(?![a-zA-Z0-9]))[a-zA-Z][a-zA-Z0-9]*"
# A tag's inside: no `<`, `>`, `'`, backtick, NUL or line break; an `=` only before `"..."` (no `>` in it) or `{`.
_INSIDE = r"""(?:[^<>"'`=\n\x00]++|"|="[^"<>\n]*+"|=\{)*+"""
_START = rf"<{_NAME}(?:[ \t/]{_INSIDE})?>"
_END = rf"</{_NAME}>"
_TEXT = r"(?:[^<\n]++|<(?![a-zA-Z/!?\n]))"
_REGION = LazyPattern(rf"<table(?:[ \t/]{_INSIDE})?>(?:\n(?:{_TEXT}|{_START}|{_END})*+)*?\n</table>")
_CLOSERS = LazyPattern(r"-->|--!>|\?>|\]\s*>|&#(?![0-9]+;|[xX][0-9a-fA-F]+;)|\x00")
_OPENER = LazyPattern(r"^<table[ \t/>]", re.MULTILINE)  # (every build imports this module)


def raw_table_regions(source: str) -> list[tuple[int, int]]:
    """Where the raw tables a stand-in may replace are in the text the raw HTML step reads: (start, end) offsets."""
    regions: list[tuple[int, int]] = []
    if "<table" not in source and enabled():  # every region opens with it (found at memchr speed, not per line)
        return regions
    for opener in _OPENER.finditer(source):
        start = opener.start()
        if start and not source.endswith("\n\n", 0, start):
            continue
        close = source.find("\n</table>", start)
        if close < 0:
            break
        end = close + len("\n</table>")
        if (end < len(source) and source[end] != "\n") or (regions and start < regions[-1][1]):
            continue
        region = source[start:end]
        if _REGION.fullmatch(region) and not _CLOSERS.search(region):
            regions.append((start, end))
    return regions


def stand_in(region: str, word: str) -> str:
    """The stand-in for a region: its first line, a line with word (and a `;` when the region holds one), `</table>`."""
    first = region[: region.index("\n")]
    return f'{first}\n<tr class="{word}"></tr>{";" if ";" in region else ""}\n</table>'


class StandInRawBlocks(Preprocessor):
    """The raw HTML preprocessor it replaces (registered under its name and priority), run with stand-ins."""

    def __init__(self, md: Markdown, original: Preprocessor):
        super().__init__(md)
        self.original = original
        self.stood_in = 0  # regions read as stand-ins on the last page (for the tests)

    def run(self, lines: list[str]) -> list[str]:
        self.stood_in = 0
        if not enabled():
            return self.original.run(lines)
        source = "\n".join(lines)
        regions = raw_table_regions(source)
        if not regions or not sources_reviewed():  # (the sources hashed once a process, on its first table)
            return self.original.run(lines)
        word = next(f"HouseTablesStandIn{k}" for k in range(len(source) + 1) if f"HouseTablesStandIn{k}" not in source)
        stash = self.md.htmlStash
        blocks, counter = len(stash.rawHtmlBlocks), stash.html_counter
        for _ in range(2):  # again without the regions whose stand-ins were not stashed alone (in a `<div markdown>`)
            result, missing = self._stood_in(source, regions, word, blocks)
            if not missing:
                self.stood_in = len(regions)
                return result
            del stash.rawHtmlBlocks[blocks:]
            stash.html_counter = counter
            regions = [region for k, region in enumerate(regions) if k not in missing]
            if not regions:
                break
        return self.original.run(lines)  # the page as it is

    def _stood_in(self, source: str, regions: list[tuple[int, int]], word: str, blocks: int) -> tuple[list[str], set]:
        """The step's lines for source with each region read as its stand-in, each stand-in's stash entry made its
        region's (entries from blocks on); and the regions whose stand-in has no entry of its own (all of them when
        the parser's first pass did not read the whole text: then the lines are not the step's)."""
        pieces, stand_ins, position = [], [], 0
        for k, (start, end) in enumerate(regions):
            stand_ins.append((stand_in(source[start:end], f"{word}-{k}"), source[start:end]))
            pieces += [source[position:start], stand_ins[-1][0]]
            position = end
        pieces.append(source[position:])
        result, whole = self._extracted("".join(pieces))
        if not whole:
            return result, set(range(len(regions)))
        return result, _put_back(self.md.htmlStash.rawHtmlBlocks, blocks, stand_ins)

    def _extracted(self, source: str) -> tuple[list[str], bool]:
        """What the original step's run gives for source (the same three steps), and whether the parser's first
        pass read all of it: where it stops early (an `&#` it cannot read, a `<!` or `<?` never closed), the second
        pass reads the rest with positions of the first, so what it does there depends on the lengths before it."""
        from markdown.htmlparser import HTMLExtractor

        if type(self.original).__module__ == _IN_HTML:
            from markdown.extensions.md_in_html import HTMLExtractorExtra as HTMLExtractor
        parser = HTMLExtractor(self.md)
        parser.feed(source)
        whole = not parser.rawdata
        parser.close()
        return "".join(parser.cleandoc).split("\n"), whole


def _put_back(entries: list, first: int, stand_ins: list[tuple[str, str]]) -> set[int]:
    """Each stand-in's stash entry (itself, or itself and a line break) made its region's; or, when some have none,
    nothing changed and which those are."""
    where = {entry: index for index, entry in enumerate(entries[first:], first) if isinstance(entry, str)}
    found, missing = [], set()
    for k, (text, region) in enumerate(stand_ins):
        ending = next((ending for ending in ("", "\n") if text + ending in where), None)
        if ending is None:
            missing.add(k)
        else:
            found.append((where[text + ending], region + ending))
    if not missing:
        for index, entry in found:
            entries[index] = entry
    return missing


_IN_HTML = "markdown.extensions.md_in_html"
_OWN_STEPS = {("markdown.preprocessors", "HtmlBlockPreprocessor"), (_IN_HTML, "HtmlBlockPreprocessor")}


def with_stand_ins(md: Markdown) -> None:
    """Register StandInRawBlocks in place of md's raw HTML preprocessor, when it is one of Python-Markdown's own
    (known by module and name, not a subclass: md_in_html is not imported for a stack without it)."""
    if "html_block" not in md.preprocessors:
        return
    original = md.preprocessors["html_block"]
    if (type(original).__module__, type(original).__name__) not in _OWN_STEPS:
        return  # (StandInRawBlocks itself included: registered once)
    priority = next(item.priority for item in md.preprocessors._priority if item.name == "html_block")
    md.preprocessors.register(StandInRawBlocks(md, original), "html_block", priority)


# SHA-256 of the sources the reasoning above is about (html.parser, _markupbase, markdown.htmlparser,
# markdown.extensions.md_in_html, markdown.preprocessors), joined in that order: Python 3.11.7, Markdown 3.11.3.
_REVIEWED = frozenset({"18e82428973f0154bd914f167e15b5a3c7109e19d1d91947091aaedba1ed44b3"})
_CHECKED: list[bool] = []


def sources_reviewed() -> bool:
    """Whether the running parser's sources are those the stand-ins were proven on (checked once)."""
    if not _CHECKED:
        _CHECKED.append(sources_digest() in _REVIEWED)
    return _CHECKED[0]


def sources_digest() -> str:
    """SHA-256 of the sources the stand-ins depend on."""
    import _markupbase

    import markdown.extensions.md_in_html
    import markdown.htmlparser
    import markdown.preprocessors

    modules = (markdown.htmlparser.htmlparser, _markupbase, markdown.htmlparser, markdown.extensions.md_in_html,
               markdown.preprocessors)
    digest = hashlib.sha256()
    for module in modules:
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()
