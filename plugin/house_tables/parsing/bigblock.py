"""Walking one long block the way Python-Markdown's block parser does, in linear time.

Python-Markdown is quadratic on a long block of ATX headings, setext headings or rules (`# h` lines, `|` / `-`
line pairs, `---` lines): the processor that takes the block handles its first lines and puts the rest back as a
new block, which every processor then tests again from the start (regular expressions over the whole rest), and
setext's processor splits and joins the whole rest on every step.

The walk gives the same element tree and the same records with the real processors, called on short blocks:
for the rest of the block from line i on, it decides which processor takes it from per-line facts computed once
(which line is a heading, a rule, a row with a pipe at either end), exactly as each processor's own test would on
the whole rest, and then calls that processor on the lines it consumes only:

- the processors above the table processor decline (no `!!!`, `???`, `===`, `///` in the block; the line does not
  begin with a blank or a stash placeholder; no sibling or open block pending);
- the table processor is tested on the header, the second line and the first later row without a pipe at either
  end: what it reads of the whole rest (its one-column rule reads every row), so it records the same near miss;
- a heading processor takes the rest at its first heading line (the lines above it parsed first by its own run),
  setext at its first two lines, the rule processor at its first rule line.

Anything else (a table, a list, a quote, a paragraph, a reference...) takes the rest as it is, once: the rest is
handed to the processors after the rule processor, as the block parser would.
"""

from __future__ import annotations

BIG_BLOCK_LINES = 64  # a block of this many lines at least is walked (the tests walk short blocks too)
_MARKERS = ("!!!", "???", "===", "///")  # what admonition, details, tabbed and blocks need to take a block

# The processors that decline a rest whose first line begins with neither a blank nor a placeholder (with no
# marker in the block, no sibling or open block pending): exact classes.
_DECLINING = {
    ("markdown.extensions.admonition", "AdmonitionProcessor"), ("pymdownx.details", "DetailsProcessor"),
    ("pymdownx.tabbed", "TabbedProcessor"), ("markdown.extensions.md_in_html", "MarkdownInHtmlProcessor"),
    ("markdown.blockprocessors", "EmptyBlockProcessor"), ("markdown.blockprocessors", "ListIndentProcessor"),
    ("pymdownx.blocks", "BlocksProcessor"), ("pymdownx.superfences", "SuperFencesCodeBlockProcessor"),
    ("markdown.blockprocessors", "CodeBlockProcessor"),
}
_WALKED = (  # right after the declining ones, in this order
    ("house_tables.parsing.pymd", "_RecordingTableProcessor"), ("markdown.blockprocessors", "HashHeaderProcessor"),
    ("markdown.blockprocessors", "SetextHeaderProcessor"), ("markdown.blockprocessors", "HRProcessor"),
)


def _name(processor) -> tuple[str, str]:
    kind = type(processor)
    return kind.__module__, kind.__qualname__


def walker_for(steps: list[tuple]) -> Walker | None:
    """A walker for these (processor, check) steps, if they are ones the walk knows: declining processors, then
    the table, heading, setext and rule processors (whatever follows them is called as usual)."""
    names = [_name(p) for p, _ in steps]
    table = next((k for k, name in enumerate(names) if name == _WALKED[0]), None)
    if table is None or tuple(names[table : table + 4]) != _WALKED:
        return None
    if not all(name in _DECLINING for name in names[:table]):
        return None
    return Walker(steps, table)


class Walker:
    """The walk for one processor list (see the module's docstring)."""

    def __init__(self, steps: list[tuple], table: int):
        self.steps = steps
        self.declining = [processor for processor, _ in steps[:table]]
        self.table, self.hash, self.setext, self.hr = (processor for processor, _ in steps[table : table + 4])
        self.after = steps[table + 4 :]

    def applies(self, block: str) -> bool:
        """Whether the walk knows how every processor above the table one treats this block."""
        return not any(marker in block for marker in _MARKERS) and self._nothing_pending()

    def _nothing_pending(self) -> bool:
        """No sibling found by an earlier test, no open pymdownx block."""
        for processor in self.declining:
            if getattr(processor, "current_sibling", None) is not None or getattr(processor, "stack", None) \
                    or getattr(processor, "cached_parent", None) is not None:
                return False
        return True

    def walk(self, parent, blocks: list[str], dispatch) -> None:
        """Process blocks[0] (popped) step by step; dispatch(parent, blocks, processors) finishes a rest."""
        lines = blocks.pop(0).split("\n")
        count = len(lines)
        headings = _next_index(lines, lambda line: self.hash.RE.match(line) is not None)
        rules = _next_index(lines, lambda line: self.hr.SEARCH_RE.match(line) is not None)
        unpiped = _next_index(lines, lambda line: not self.table.row_piped(line))
        index = 0
        while index < count:
            line = lines[index]
            if not line or line[0] in " \t\x02" or not self._nothing_pending():  # any processor may take it
                return _rest(parent, blocks, lines, index, dispatch, self.steps)
            shown = lines[index : index + 2]  # what the table test reads of the rest
            if index + 2 < count and unpiped[index + 2] is not None:
                shown.append(lines[unpiped[index + 2]])
            if self.table.test(parent, "\n".join(shown)):
                blocks.insert(0, "\n".join(lines[index:]))
                self.table.run(parent, blocks)
                return None
            taken = self._heading_or_rule(parent, lines, index, headings, rules)
            if taken is None:  # the table, heading, setext and rule processors declined the rest (tested once)
                return _rest(parent, blocks, lines, index, dispatch, self.after)
            index = taken
        return None

    def _heading_or_rule(self, parent, lines: list[str], index: int, headings, rules) -> int | None:
        """Let the heading, setext or rule processor take the rest at index; the index after what it consumed."""
        count = len(lines)
        if headings[index] is not None:
            end = headings[index] + 1
            taker = self.hash
        elif index + 1 < count and self.setext.RE.match(lines[index] + "\n" + lines[index + 1]):
            end, taker = index + 2, self.setext
        elif rules[index] is not None:
            end, taker = rules[index] + 1, self.hr
        else:
            return None
        consumed = "\n".join(lines[index:end])
        if not taker.test(parent, consumed):
            raise AssertionError(f"{type(taker).__name__} declines what the walk gave it: {consumed!r}")
        taker.run(parent, [consumed])
        return end


def _rest(parent, blocks: list[str], lines: list[str], index: int, dispatch, steps) -> None:
    """The rest of the block from line index on, back in front of the blocks, offered to steps."""
    blocks.insert(0, "\n".join(lines[index:]))
    dispatch(parent, blocks, steps)


def _next_index(lines: list[str], holds) -> list[int | None]:
    """For each line index, the first index from it on whose line holds (None when none does)."""
    found: list[int | None] = [None] * len(lines)
    following = None
    for index in range(len(lines) - 1, -1, -1):
        if holds(lines[index]):
            following = index
        found[index] = following
    return found
