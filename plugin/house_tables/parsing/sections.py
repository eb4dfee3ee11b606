"""Parsing only the parts of a page that can hold a table or a near miss (the scanning instance only).

A table, and a paragraph the near-miss check looks at, lie within one top-level block (a table never spans a blank
line) that holds a pipe and a line break. How Python-Markdown reads that block depends on the blocks before it
(an indented block continues an admonition, a list, a tab...), but not before a top-level block that begins with
a letter or `#`: no processor of the default stack reads such a block by what came before it (it is indented by
nothing, opens no list, continues no sibling), and no processor of that stack takes blocks beyond its own. So
only the sections that begin at such a block (or at the top) and run to the next one, around the blocks that
matter, are parsed, in order and into one root, as the whole document would have been.

The whole document is parsed instead when any other processor is in the stack, when a pymdownx block (`///`,
which takes the blocks after it while open) or Markdown inside HTML (whose text the stash holds, not the blocks)
is present. Blocks with a stash placeholder after their start are parsed too: in an indented code block
superfences gives a fence back as text, which changes the lines known to be fenced.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from bisect import bisect_left, bisect_right

import markdown

from ..patterns import LazyPattern
from .blockloop import BlockLoop

_SECTIONED = {  # the default stack's block processors, exact classes
    ("markdown.extensions.admonition", "AdmonitionProcessor"), ("pymdownx.details", "DetailsProcessor"),
    ("pymdownx.tabbed", "TabbedProcessor"), ("markdown.extensions.md_in_html", "MarkdownInHtmlProcessor"),
    ("markdown.blockprocessors", "EmptyBlockProcessor"), ("markdown.blockprocessors", "ListIndentProcessor"),
    ("pymdownx.blocks", "BlocksProcessor"), ("pymdownx.superfences", "SuperFencesCodeBlockProcessor"),
    ("markdown.blockprocessors", "CodeBlockProcessor"), ("house_tables.parsing.pymd", "_RecordingTableProcessor"),
    ("markdown.blockprocessors", "HashHeaderProcessor"), ("markdown.blockprocessors", "SetextHeaderProcessor"),
    ("markdown.blockprocessors", "HRProcessor"), ("markdown.blockprocessors", "OListProcessor"),
    ("markdown.blockprocessors", "UListProcessor"), ("markdown.blockprocessors", "BlockQuoteProcessor"),
    ("markdown.blockprocessors", "ReferenceProcessor"), ("house_tables.parsing.pymd", "_RecordingParagraphProcessor"),
}
_PLACEHOLDER_BLOCK = LazyPattern("\x02wzxhzdk:\\d+\x03")

ENABLED = True  # bench/mdfast_steps.py turns it off to count what it saves


def parse_document(md: markdown.Markdown, lines: list[str]) -> None:
    """md.parser.parseDocument(lines), parsing only the sections that matter where that is sound."""
    text = "\n".join(lines)
    if not (ENABLED and _applies(md, text)):
        md.parser.parseDocument(lines)
        return
    blocks = text.split("\n\n")
    root = etree.Element(md.doc_tag)
    md.parser.root = root
    for start, end in sections(blocks):
        md.parser.parseBlocks(root, blocks[start:end])


def _applies(md: markdown.Markdown, text: str) -> bool:
    """Whether the stack and the page let sections be parsed alone (see the module's docstring)."""
    if "///" in text or any(not isinstance(raw, str) for raw in md.htmlStash.rawHtmlBlocks):
        return False
    loop = getattr(md.parser.parseBlocks, "__self__", None)
    if isinstance(loop, BlockLoop):  # its list of the processors, kept until the registry changes
        return loop.fact("sectioned", _all_exact)
    return _all_exact(md.parser.blockprocessors)


def _all_exact(processors) -> bool:
    """Whether every processor is of one of _SECTIONED's classes itself."""
    return all(_exact(processor) for processor in processors)


def _exact(processor) -> bool:
    """Whether the processor is of one of _SECTIONED's classes itself (a subclass may read blocks otherwise)."""
    kind = type(processor)
    return (kind.__module__, kind.__qualname__) in _SECTIONED


def sections(blocks: list[str]) -> list[tuple[int, int]]:
    """The ranges of blocks to parse, in order: from the restart at or before each block that matters to the next
    restart after it."""
    # The blocks that matter: parsing one can record something. A table or paragraph needs a pipe and a line break;
    # a placeholder after the block's start may be a fence an indented code block gives back.
    matter = [index for index, block in enumerate(blocks)
              if ("|" in block and "\n" in block) or ("\x02" in block and _PLACEHOLDER_BLOCK.fullmatch(block) is None)]
    if not matter:
        return []
    restarts = [index for index, block in enumerate(blocks) if block[:1].isalpha() or block.startswith("#")]
    ranges: list[tuple[int, int]] = []
    for index in matter:
        before = bisect_right(restarts, index)
        start = restarts[before - 1] if before else 0
        after = bisect_left(restarts, index + 1)
        end = restarts[after] if after < len(restarts) else len(blocks)
        if ranges and start <= ranges[-1][1]:
            ranges[-1] = (ranges[-1][0], max(end, ranges[-1][1]))
        else:
            ranges.append((start, end))
    return ranges

