"""Mapping lines of a text that MkDocs (or an earlier plugin) derived from a file back to the file's lines."""

from __future__ import annotations

from difflib import SequenceMatcher


def line_map(original: str, derived: str) -> dict[int, int]:
    """1-based derived line -> 1-based original line, for every line that can be mapped with certainty.

    MkDocs strips front matter (YAML or MultiMarkdown) and the blank lines after it, so the page's
    Markdown is normally a suffix of the file: a constant offset. When an earlier plugin changed the
    text, lines are aligned by content; lines that have no certain counterpart are left out.
    """
    original, derived = _lf(original), _lf(derived)
    if original.endswith(derived):
        offset = original[: len(original) - len(derived)].count("\n")
        return {line: line + offset for line in range(1, derived.count("\n") + 2)}
    ours, theirs = original.split("\n"), derived.split("\n")
    matcher = SequenceMatcher(None, ours, theirs, autojunk=False)
    mapped = {}
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            mapped[block.b + k + 1] = block.a + k + 1
    return mapped


def _lf(text: str) -> str:
    """Text with LF line endings and no BOM (positions count lines the same way)."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
