"""A cheaper block-parse loop for the scanning Markdown instance (never a site's or the plugin's build instance).

Python-Markdown's BlockParser.parseBlocks lists its processor registry anew for every block and asks every
processor's `test()` in turn; most of those tests run a regular expression over the whole block that cannot
match it (an admonition needs `!!!`, a heading a `#` at the start of a line). This loop lists the processors
once and passes over a processor only where a cheap check proves that it would not take the block: its `test()`
returns False, or (for the processors whose test is always True) its `run()` returns False having changed
nothing. Each check is a necessary condition of that processor's own code, keyed by its exact class (module and
qualified name, the method that decides defined by that very class); any other processor is asked as usual.
With VERIFY set, every pass-over is checked against the processor itself (the tests do).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import markdown

from ..patterns import LazyPattern
from . import bigblock

VERIFY = False  # check every pass-over against the processor's own test (set by the tests, never in use)

# A check: (processor, block) -> True only when the processor certainly does not take the block.
Check = Callable[[object, str], bool]


def _sibling_marker(marker: str) -> Check:
    """Admonition, details, tabbed: test() is START.search(block) (which needs the marker) or parse_content
    finding a sibling, which needs the block indented by tab_length (or a sibling found by an earlier test)."""

    def cannot(processor, block: str) -> bool:
        return (processor.current_sibling is None and marker not in block
                and not block.startswith(" " * processor.tab_length))

    return cannot


def _blocks(processor, block: str) -> bool:
    """pymdownx.blocks: test() is True for a block an open block is hungry for (needs its stack or a cached parent),
    else RE_START.search, which needs `///`."""
    return processor.cached_parent is None and not processor.stack and "///" not in block


def _hash_header(_processor, block: str) -> bool:
    """RE = (?:^|\\n)#...: a `#` at the start of a line."""
    return not block.startswith("#") and "\n#" not in block


def _setext_header(_processor, block: str) -> bool:
    """RE.match: ^.*?\\n(?:=+|-+): the second line begins with `=` or `-`."""
    newline = block.find("\n")
    return newline < 0 or block[newline + 1 : newline + 2] not in ("=", "-")


def _hr(_processor, block: str) -> bool:
    """SEARCH_RE: a line of `-`, `_` or `*` (with spaces): one of the three somewhere."""
    return "-" not in block and "_" not in block and "*" not in block


def _quote(_processor, block: str) -> bool:
    """RE = (^|\\n)[ ]{0,3}>: a `>`."""
    return ">" not in block


def _def_list(_processor, block: str) -> bool:
    """RE = (^|\\n)[ ]{0,3}:[ ]{1,3}: a `:`."""
    return ":" not in block


def _footnote(_processor, block: str) -> bool:
    """test() is True; run() returns False, the block put back, unless RE (^[ ]{0,3}\\[\\^...) matches: `[^`."""
    return "[^" not in block


def _abbr(_processor, block: str) -> bool:
    """test() is True; run() returns False, the block put back, unless RE (^[*]\\[, multiline) matches."""
    return not block.startswith("*[") and "\n*[" not in block


def _reference(_processor, block: str) -> bool:
    """test() is True; run() returns False, the block put back, unless RE (^[ ]{0,3}\\[...\\]:) matches: `]:`."""
    return "]:" not in block


def _markdown_in_html(_processor, block: str) -> bool:
    """test() is True; run() returns False unless the block begins with a stash placeholder (STX)."""
    return not block.startswith("\x02")


def _superfences_code(processor, block: str) -> bool:
    """test() is True; run() returns False unless CodeBlockProcessor.test: the block indented by tab_length."""
    return not block.startswith(" " * processor.tab_length)


def _recording_table(_processor, block: str) -> bool:
    """house-tables' recording table processor: no second line, or no pipe in the first (nothing recorded then)."""
    newline = block.find("\n")
    return newline < 0 or block.find("|", 0, newline) < 0


# (module, class qualname, the class that defines the deciding method, that method) -> check
_CHECKS: dict[tuple[str, str], tuple[str, str, Check]] = {
    ("markdown.extensions.admonition", "AdmonitionProcessor"): ("test", "AdmonitionProcessor", _sibling_marker("!!!")),
    ("pymdownx.details", "DetailsProcessor"): ("test", "DetailsProcessor", _sibling_marker("???")),
    ("pymdownx.tabbed", "TabbedProcessor"): ("test", "TabbedProcessor", _sibling_marker("===")),
    ("pymdownx.blocks", "BlocksProcessor"): ("test", "BlocksProcessor", _blocks),
    ("markdown.blockprocessors", "HashHeaderProcessor"): ("test", "HashHeaderProcessor", _hash_header),
    ("markdown.blockprocessors", "SetextHeaderProcessor"): ("test", "SetextHeaderProcessor", _setext_header),
    ("markdown.blockprocessors", "HRProcessor"): ("test", "HRProcessor", _hr),
    ("markdown.blockprocessors", "BlockQuoteProcessor"): ("test", "BlockQuoteProcessor", _quote),
    ("markdown.extensions.def_list", "DefListProcessor"): ("test", "DefListProcessor", _def_list),
    ("markdown.extensions.footnotes", "FootnoteBlockProcessor"): ("run", "FootnoteBlockProcessor", _footnote),
    ("markdown.extensions.abbr", "AbbrBlockprocessor"): ("run", "AbbrBlockprocessor", _abbr),
    ("markdown.blockprocessors", "ReferenceProcessor"): ("run", "ReferenceProcessor", _reference),
    ("markdown.extensions.md_in_html", "MarkdownInHtmlProcessor"): ("run", "MarkdownInHtmlProcessor",
                                                                   _markdown_in_html),
    ("pymdownx.superfences", "SuperFencesCodeBlockProcessor"): ("run", "SuperFencesCodeBlockProcessor",
                                                                _superfences_code),
    ("house_tables.parsing.pymd", "_RecordingTableProcessor"): ("test", "_RecordingTableProcessor",
                                                                _recording_table),
}


def check_for(processor) -> Check | None:
    """The pass-over check of this exact processor class, if one is known (and its deciding methods are the
    class's own: a subclass or a patched class is asked as usual)."""
    kind = type(processor)
    entry = _CHECKS.get((kind.__module__, kind.__qualname__))
    if entry is None:
        return None
    method, owner, check = entry
    decides = [getattr(kind, name, None) for name in ("test", method)]
    if any(getattr(function, "__qualname__", "").split(".")[0] != owner for function in decides):
        return None
    return check


class BlockLoop:
    """parseBlocks for one BlockParser: the processors listed once, each passed over where its check allows."""

    def __init__(self, parser):
        self.parser = parser
        self.steps: list[tuple[object, Check | None]] | None = None
        self.walker: bigblock.Walker | None = None
        self.facts: dict = {}  # what callers worked out about the current steps (see fact)
        registry = parser.blockprocessors
        register, deregister = registry.register, registry.deregister

        def registering(*args, **kwargs):
            """Register, and list the processors again before the next block (as parseBlocks would)."""
            self.steps = None
            return register(*args, **kwargs)

        def deregistering(*args, **kwargs):
            """Deregister, and list the processors again before the next block."""
            self.steps = None
            return deregister(*args, **kwargs)

        registry.register, registry.deregister = registering, deregistering

    def processors(self) -> list[tuple[object, Check | None]]:
        """The registry in priority order with each processor's check (listed again after it changed)."""
        if self.steps is None:
            self.steps = [(processor, check_for(processor)) for processor in self.parser.blockprocessors]
            self.walker = bigblock.walker_for(self.steps)
        return self.steps

    def fact(self, name: str, about: Callable[[list[object]], object]) -> object:
        """about(the processors in priority order), worked out once while the registry stays as it is (sections
        asks whether every processor is of a class it knows, before each page)."""
        steps = self.processors()
        known = self.facts.get(name)
        if known is None or known[0] is not steps:
            known = self.facts[name] = (steps, about([processor for processor, _ in steps]))
        return known[1]

    def parse_blocks(self, parent, blocks: list[str]) -> None:
        """As BlockParser.parseBlocks: the first processor that takes the block, in priority order (a long block
        walked in linear time where bigblock knows how)."""
        steps = self.processors()
        while blocks:
            if self.steps is not steps:  # a processor changed the registry: parseBlocks lists it for every block
                steps = self.processors()
            block = blocks[0]
            walker = self.walker
            if walker is not None and block.count("\n") + 1 >= bigblock.BIG_BLOCK_LINES and walker.applies(block):
                walker.walk(parent, blocks, self.dispatch)
            else:
                self.dispatch(parent, blocks, steps)

    @staticmethod
    def dispatch(parent, blocks: list[str], steps: list[tuple[object, Check | None]]) -> None:
        """Offer blocks[0] to each processor in turn until one takes it."""
        for processor, cannot in steps:
            block = blocks[0]
            if cannot is not None and cannot(processor, block):
                if VERIFY:
                    _verify(processor, parent, blocks)
                continue
            if processor.test(parent, block) and processor.run(parent, blocks) is not False:
                return


def _verify(processor, parent, blocks: list[str]) -> None:
    """Fail unless the processor would have passed over the block (test False, or run False changing nothing)."""
    before = list(blocks)
    taken = processor.test(parent, blocks[0]) and processor.run(parent, blocks) is not False
    if taken or blocks != before:
        raise AssertionError(f"{type(processor).__name__} takes a block its check passed over: {before[0]!r}")


def install(md: markdown.Markdown) -> None:
    """Make md's block parser use the loop (an instance attribute: processors calling parser.parseBlocks get it),
    and its processors search their patterns only in blocks where a match can be (see Needing)."""
    loop = BlockLoop(md.parser)
    md.parser.parseBlocks = loop.parse_blocks
    for processor in md.parser.blockprocessors:
        needing_patterns(processor)


class Needing:
    """A compiled pattern searched only in a text where a match can be: may_match(text) False proves that the
    pattern matches nowhere in it, and search gives None without running it. Everything else is the pattern's.

    Why: a pattern that begins with `(?:^|\n)` (or `^` in MULTILINE) has no literal prefix, so a search tries it at
    every character: the admonition, details, tabbed and rule processors' searches were 12% of a page's scan, nearly
    all of them over blocks without the marker (indented content, lists, tables)."""

    def __init__(self, pattern: re.Pattern, may_match: Callable[[str], bool]):
        self.pattern, self.may_match = pattern, may_match

    def search(self, string: str, *args, **kwargs):
        """pattern.search, unasked where may_match proves there is no match (a match in string[pos:endpos] is one in
        string)."""
        return self.pattern.search(string, *args, **kwargs) if self.may_match(string) else None

    def __getattr__(self, name: str):
        return getattr(self.pattern, name)


def _holds(needle: str) -> Callable[[str], bool]:
    """may_match for a pattern every match of which contains needle."""
    return lambda text: needle in text


_RULE_START = LazyPattern(r" {0,3}[-_*]")
_RULE_LINE = LazyPattern(r"\n {0,3}[-_*]")  # "\n" first: a literal prefix, so the search skips from line to line


def _may_hold_rule(text: str) -> bool:
    """may_match for HRProcessor's SEARCH_RE: it matches at a line's start (MULTILINE `^`: the text's start or after
    a line feed), then at most 3 spaces, then its lookahead needs `-`, `_` or `*` right there."""
    return _RULE_START.match(text) is not None or _RULE_LINE.search(text) is not None


# (module, class qualname) -> (attribute, the pattern's exact text and flags, may_match): the proof of each
# may_match reads that very text, so a class whose pattern differs (another version) is left as it is.
_NEEDING: dict[tuple[str, str], tuple[str, str, int, Callable[[str], bool]]] = {
    ("markdown.extensions.admonition", "AdmonitionProcessor"): (
        "RE", r'(?:^|\n)!!! ?([\w\-]+(?: +[\w\-]+)*)(?: +"(.*?)")? *(?:\n|$)', re.UNICODE, _holds("!!!")),
    ("pymdownx.details", "DetailsProcessor"): (
        "START", r'(?:^|\n)\?{3}(\+)? ?(?:([\w\-]+(?: +[\w\-]+)*?)?(?: +"(.*?)")|([\w\-]+(?: +[\w\-]+)*?)) *(?:\n|$)',
        re.UNICODE, _holds("???")),
    ("pymdownx.tabbed", "TabbedProcessor"): (
        "START", r'(?:^|\n)={3}(\+|\+!|!\+|!)? +"(.*?)" *(?:\n|$)', re.UNICODE, _holds("===")),
    ("markdown.blockprocessors", "HRProcessor"): (
        "SEARCH_RE", r'^[ ]{0,3}(?=(?P<atomicgroup>(-+[ ]{0,2}){3,}|(_+[ ]{0,2}){3,}|(\*+[ ]{0,2}){3,}))'
        r'(?P=atomicgroup)[ ]*$', re.UNICODE | re.MULTILINE, _may_hold_rule),
}


def needing_patterns(processor) -> None:
    """Give a known processor (exact class) its pattern as a Needing, on the instance (its class keeps its own)."""
    kind = type(processor)
    entry = _NEEDING.get((kind.__module__, kind.__qualname__))
    if entry is None:
        return
    attribute, text, flags, may_match = entry
    pattern = getattr(processor, attribute, None)
    if isinstance(pattern, re.Pattern) and pattern.pattern == text and pattern.flags == flags:
        setattr(processor, attribute, Needing(pattern, may_match))
