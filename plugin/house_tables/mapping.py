"""Mapping lines of a text that MkDocs (or an earlier plugin) derived from a file back to the file's lines."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache
from typing import NamedTuple

from .patterns import LazyPattern

_INCLUDE_MARK = "-8<-"  # pymdownx.snippets' marker (a line that includes another file)


def line_map(original: str, derived: str) -> dict[int, int]:
    """1-based derived line -> 1-based original line, for every line that can be mapped with certainty.

    MkDocs strips front matter (YAML or MultiMarkdown) and the blank lines after it, so the page's
    Markdown is normally a suffix of the file: a constant offset. When an earlier plugin changed the
    text, lines are aligned by content; lines that have no certain counterpart are left out.
    """
    suffix = suffix_offset(original, derived)
    if suffix is not None:
        offset, lines = suffix
        return {line: line + offset for line in range(1, lines + 1)}
    return dict(_aligned(original, derived))  # the caller's own copy: the kept one stays as aligned


# Kept for the last few (file, derived text) pairs: a page the build pastes files into (include-markdown) is read
# several times per file by check and fix (its scan, its hand-written tables, the scan of its conversion) and its
# alignment is quadratic in lines (TRaSH-Guides' Radarr-collection-of-custom-formats.md, 1,000 lines pasted into
# 6,331: 7.6 s each time).
@lru_cache(maxsize=8)
def _aligned(original: str, derived: str) -> dict[int, int]:
    """line_map's lines aligned by content (derived is no suffix of original)."""
    original, derived = _lf(original), _lf(derived)
    ours, theirs = original.split("\n"), derived.split("\n")
    matcher = SequenceMatcher(None, ours, theirs, autojunk=False)
    mapped: dict[int, int] = {}
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            _pair_off(range(a1, a2), range(b1, b2), theirs, mapped)
        elif tag == "replace":  # an earlier plugin changed these lines: some may keep their text in other containers
            _pair_by_content(ours, theirs, a1, a2, b1, b2, mapped)
    return mapped


def _pair_off(ours: range, theirs: range, derived: list[str], mapped: dict[int, int]) -> None:
    """Map equal runs of lines one for one (a run of blank lines alone matches anywhere: no certain counterpart)."""
    if any(derived[b].strip() for b in theirs):
        for a, b in zip(ours, theirs):
            mapped[b + 1] = a + 1


def _pair_by_content(ours: list[str], theirs: list[str], a1: int, a2: int, b1: int, b2: int,
                     mapped: dict[int, int]) -> None:
    """Within lines a plugin rewrote, the derived lines that are file lines moved into another container: the same
    text after another prefix of indentation and `>` markers (mkdocs-callouts makes `> [!NOTE]` and its `> ` lines
    an admonition indented by four spaces). Their columns differ by the prefixes' lengths (column_shift)."""
    contents = [line.lstrip(_PREFIX) for line in ours[a1:a2]], [line.lstrip(_PREFIX) for line in theirs[b1:b2]]
    matcher = SequenceMatcher(None, *contents, autojunk=False)
    for block in matcher.get_matching_blocks():
        _pair_off(range(a1 + block.a, a1 + block.a + block.size), range(b1 + block.b, b1 + block.b + block.size),
                  theirs, mapped)


_PREFIX = " \t>"  # what container prefixes are made of: indentation and blockquote markers


def prefix_length(line: str) -> int:
    """The length of a line's container prefix (indentation and `>` markers)."""
    return len(line) - len(line.lstrip(_PREFIX))


def column_shift(original: str, derived: str) -> int:
    """How far a column of a derived line lies from its column in the line line_map maps it to: the two lines'
    texts after their container prefixes are the same, so it is the difference of their lengths (0 when equal)."""
    return len(original) - len(derived)


def suffix_offset(original: str, derived: str) -> tuple[int, int] | None:
    """(offset, lines) when derived is a suffix of original (the usual case: front matter cut): derived line n is
    original line n + offset, for n in 1..lines; else None (line_map aligns the lines by content)."""
    original, derived = _lf(original), _lf(derived)
    if not original.endswith(derived):
        return None
    return original[: len(original) - len(derived)].count("\n"), derived.count("\n") + 1


def lines_of(text: str) -> list[str]:
    """The lines of a file's text, counted as positions count them (any line ending, no BOM)."""
    return _lf(text).split("\n")


def _lf(text: str) -> str:
    """Text with LF line endings and no BOM (positions count lines the same way)."""
    text = text.lstrip("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


class Origin(NamedTuple):
    """Where a line of the page's text comes from on disk: a file (None: the page's own), a line, a column shift;
    or, when no line is certain, the page line that included it and why."""

    path: str | None
    line: int | None
    shift: int = 0
    note: str = ""


def line_origin(line: int, derived: list[str], mapped: dict[int, int], original: list[str],
                included: dict[str, list[str]]) -> Origin:
    """The origin of 1-based derived line: the page's own line, else the one place in an included file (a
    snippet) whose lines are the derived ones around it, else the including line of the page, with a note."""
    if line in mapped:
        return Origin(None, mapped[line])
    first, last = line, line
    while first - 1 >= 1 and first - 1 not in mapped:
        first -= 1
    while last + 1 <= len(derived) and last + 1 not in mapped:
        last += 1
    found = _included_at(line, first, last, derived, included)
    if found is not None:
        return found
    including, marked = _including_lines(line, first, last, mapped, original)
    where = f"by one of the lines {', '.join(map(str, including))}" if len(including) > 1 else "at this line"
    # No snippet line there: an extension (mkdocs-click's `:::`) or a plugin (a macro, table-reader's
    # `{{ read_csv(...) }}`) made the text, which no file holds
    note = (f"from text included {where} (a snippet); its line in the included file is not certain" if marked
            else f"from text a plugin or Markdown extension made {where}; no file holds it")
    return Origin(None, including[0] if including else None, note=note)


def included_origin(line: int, derived: list[str], included: dict[str, list[str]]) -> Origin | None:
    """The one place in an included file (a snippet) that holds 1-based derived line, for a text none of whose lines
    are the page's."""
    return _included_at(line, 1, len(derived), derived, included)


def _included_at(line: int, first: int, last: int, derived: list[str],
                 included: dict[str, list[str]]) -> Origin | None:
    """The single (file, line) whose lines end the derived lines first..last that overlap it, or None."""
    text = derived[line - 1]
    found = []
    for path, lines in included.items():
        for index in _line_index(lines).get(text.lstrip(" \t"), ()):
            candidate = lines[index]
            if text.endswith(candidate) and _run_matches(line, index, first, last, derived, lines):
                found.append(Origin(path, index + 1, len(text) - len(candidate)))
    return found[0] if len(found) == 1 else None


_INDEXES: dict[int, tuple[list[str], dict[str, list[int]]]] = {}


def _line_index(lines: list[str]) -> dict[str, list[int]]:
    """Indices of each non-blank line by its text without indentation (built once per file's lines)."""
    cached = _INDEXES.get(id(lines))
    if cached is None or cached[0] is not lines:
        index: dict[str, list[int]] = {}
        for number, line in enumerate(lines):
            if line.strip():
                index.setdefault(line.lstrip(" \t"), []).append(number)
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        cached = _INDEXES[id(lines)] = (lines, index)
    return cached[1]


# A file's line that the text of another file replaces where it is pasted (a directive of the file's own, which
# mkdocs-include-markdown-plugin expands): past it, the derived lines no longer pair off with the file's.
SPLICED = "\x00house-tables: lines of another file\x00"


def snippet_lines(lines: list[str]) -> list[str]:
    """A snippet's lines as pymdownx.snippets reads them, with those it replaces or removes SPLICED: its own snippet
    lines (another file's lines stand there: a snippet including a snippet), the file names of a block of them, its
    section markers, and escaped ones (written less a `;`)."""
    from pymdownx.snippets import SnippetPreprocessor

    marked, block = list(lines), False
    for number, line in enumerate(lines):
        if "8<-" not in line and not block:
            continue
        marker = SnippetPreprocessor.RE_ALL_SNIPPETS.match(line)
        if marker is not None and marker.group("block_marker") and not marker.group("escape"):
            block = not block
        if block or marker is not None or SnippetPreprocessor.RE_SNIPPET_SECTION.match(line):
            marked[number] = SPLICED
    return marked


def _run_matches(line: int, index: int, first: int, last: int, derived: list[str], lines: list[str]) -> bool:
    """Whether every derived line of first..last that falls inside the file ends with its counterpart, link
    destinations aside (mkdocs-include-markdown-plugin rewrites a pasted file's relative links for the page), as far
    as a SPLICED line on either side of `line`."""
    for step in (-1, 1):
        k = line
        while first <= k <= last and 0 <= (j := index + k - line) < len(lines) and lines[j] != SPLICED:
            if (not derived[k - 1].endswith(lines[j]) and not _same_but_links(derived[k - 1], lines[j])
                    and not _same_but_expressions(derived[k - 1], lines[j])):
                return False
            k += step
    return True


def _same_but_links(derived: str, line: str) -> bool:
    """Whether the derived line ends with the file's line once their link destinations are left out."""
    return "](" in line and _DESTINATION.sub("]()", derived).endswith(_DESTINATION.sub("]()", line))


_DESTINATION = LazyPattern(r"\]\([^()\s]*\)")  # a Markdown link's or image's destination, without a title


def _same_but_expressions(derived: str, line: str) -> bool:
    """Whether the derived line ends with the file's line once each `{{ ... }}` template expression of the file's
    line is read as any text: a template plugin (mkdocs-macros, markdownextradata) renders a pasted file's
    expressions after mkdocs-include-markdown-plugin pastes it (TRaSH-Guides' tables of `{{ radarr[...] }}` cells)."""
    if "{{" not in line:
        return False
    parts = _EXPRESSION.split(line)
    if not 1 < len(parts) <= _MOST_EXPRESSIONS + 1:  # none, or so many that matching them could take long
        return False
    pattern = ".*?".join(re.escape(part) for part in parts)
    return re.search(f"{pattern}\\Z", derived) is not None


_EXPRESSION = LazyPattern(r"\{\{.*?\}\}")  # a Jinja expression with Jinja's default delimiters
_MOST_EXPRESSIONS = 16


def _including_lines(line: int, first: int, last: int, mapped: dict[int, int],
                     original: list[str]) -> tuple[list[int], bool]:
    """The page lines that the derived lines first..last replaced: the snippet markers between the mapped lines
    around them (True), else the line that made derived line `line` (False): as far into the replaced lines as
    `line` is into first..last, the last replaced line at most."""
    before = mapped.get(first - 1, 0)
    after = mapped.get(last + 1, len(original) + 1)
    markers = [number for number in range(before + 1, after) if _INCLUDE_MARK in original[number - 1]]
    if markers:
        return markers, True
    if before + 1 > len(original):
        return [], False
    # A template (a macro plugin's Jinja) keeps every line but the one that expands, and a line whose tags it
    # removes (`{% raw %}`) no longer matches: the lines above the expansion pair off one for one.
    return [min(before + 1 + line - first, max(after - 1, before + 1))], False
