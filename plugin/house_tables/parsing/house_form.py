"""Which text is a house JSX table: the form `fix` writes, and hand-written tables in that form.

Light on purpose (no renderer imported): the extension asks this of every block that opens with `<table`.
A house table is a `<table>` block (its opening and closing tags alone on their lines) in which some tag has a
JSX expression attribute (`style={{...}}`), which no HTML table has: a raw HTML table (`<table>`,
`<table class="x">`, `style="..."`) is the author's HTML and never ours. (The `plain` preset writes one only
for alignment; a plain table without it is HTML, and `fix` verifies the page reads it the same.)
"""

from __future__ import annotations

from ..patterns import LazyPattern

OPENER = LazyPattern(r"^([ \t>]*)<table\b[^\n]*>[ \t]*$")
_BLOCK_OPENER = LazyPattern(r"^[ \t]*<table\b[^\n]*>[ \t]*$")  # in a block the parser gives: `>` is a blockquote's
_JSX_ATTRIBUTE = LazyPattern(r"<[A-Za-z][^<>]*?\s[\w:.-]+=\{")
_CLOSER = LazyPattern(r"^[ \t>]*</table>[ \t]*$")


MAX_NESTING = 100  # tags open at once in a cell: the renderers and verifiers recurse once per level
# the rest of a tag read greedily (a lazy `[^<>]*?(/?)>` tried to end the tag at every character: twice as slow on a
# house table's long style attributes); it self-closes when its rest ends with `/`, as the lazy pattern found
_TAG_TOKEN = LazyPattern(r"<(/?)([A-Za-z][\w:.-]*)([^<>]*)>")
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                   "wbr"))


def tag_depth(text: str) -> int:
    """How deep tags nest in text (one pass; void and self-closing tags open nothing)."""
    depth = deepest = 0
    for closing, name, rest in _TAG_TOKEN.findall(text):
        if closing:
            depth = depth - 1 if depth else 0
        elif not rest.endswith("/") and name.lower() not in VOID:
            depth += 1
            if depth > deepest:
                deepest = depth
    return deepest


def depth_over(text: str, limit: int) -> int | None:
    """tag_depth(text) when it is over limit, else None. Every tag opens with a `<`, so a text holding no more `<`
    than limit nests no deeper and is not read."""
    if text.count("<") <= limit:
        return None
    deepest = tag_depth(text)
    return deepest if deepest > limit else None


def is_house_table_opener(line: str) -> bool:
    """Whether a line of a block may open a house JSX table: a `<table ...>` tag alone on its line (a `> `
    prefix is a blockquote's, to be removed by the blockquote before the table is read)."""
    return _BLOCK_OPENER.match(line) is not None


def house_table_lines(block: str) -> list[str] | None:
    """The lines of a whole house JSX table when block is exactly one (its opener first, `</table>` last)."""
    lines = block.strip("\n").split("\n")
    if len(lines) < 2 or not is_house_table_opener(lines[0]) or not _CLOSER.match(lines[-1]):
        return None
    if any(_CLOSER.match(line) for line in lines[1:-1]):
        return None  # two tables, or text after the first: not one table we can prove
    return lines if has_jsx_attribute(lines) else None


def has_jsx_attribute(lines: list[str]) -> bool:
    """Whether some tag of the lines has a JSX expression attribute."""
    return any(_JSX_ATTRIBUTE.search(line) for line in lines)


def house_tables(lines: list[str]) -> list[tuple[int, int, str]]:
    """(first, last, prefix) line indices of each house JSX table: an opener line to its `</table>` line."""
    found, index = [], 0
    while index < len(lines):
        match = OPENER.match(lines[index])
        end = _table_end(lines, index) if match else None
        if end is not None and not has_jsx_attribute(lines[index : end + 1]):
            end = None
        if end is None:
            index += 1
            continue
        found.append((index, end, match.group(1)))
        index = end + 1
    return found


def _table_end(lines: list[str], start: int) -> int | None:
    """Index of the `</table>` line closing the table opened at start."""
    for index in range(start + 1, len(lines)):
        if lines[index].strip().startswith("</table>"):
            return index
    return None
