"""Proposed speed-ups of the package, measured before they are made: each is applied in process (monkeypatched),
its output compared with the package's own, and both timed side by side, alternating (medians of ratios).

Delete a proposal here once the package has adopted it (its "before" then no longer exists).

Usage: python bench/proposals.py [--pages 200] [--rounds 5] [--corpus DIR]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from common import BENCH
from corpus import write_corpus
from timing import Side, ratio, rounds

import house_tables.convert as convert_module
from house_tables.parsing import pymd, scan
from house_tables.rendering import fragments

HIGHLIGHT = "pymdownx.highlight"


def fast_canonical(fragment: str, _slow=fragments.canonical) -> str:
    """fragments.canonical without BeautifulSoup for plain text (no tag, no entity): escaped, spaces collapsed."""
    if "<" not in fragment and "&" not in fragment:
        return fragments._WHITESPACE.sub(" ", fragments._escape(fragment)).strip()
    return _slow(fragment)


def fast_visible(fragment: str, _slow=convert_module._visible) -> str:
    """convert._visible without BeautifulSoup for plain text."""
    return fragment if "<" not in fragment and "&" not in fragment else _slow(fragment)


@contextmanager
def plain_text_fast_paths():
    """Proposal 1 applied: convert.canonical and convert._visible skip BeautifulSoup for plain-text cells."""
    saved = convert_module.canonical, convert_module._visible
    convert_module.canonical, convert_module._visible = fast_canonical, fast_visible
    try:
        yield
    finally:
        convert_module.canonical, convert_module._visible = saved


def scan_without_pygments(text: str):
    """Proposal 2: the scanning Markdown loads pymdownx.highlight with use_pygments=False (superfences then does
    not highlight code it only needs to stash)."""
    extensions = (*pymd.MKDOCS_EXTENSIONS, HIGHLIGHT)
    configs = {**pymd.MKDOCS_EXTENSION_CONFIGS, HIGHLIGHT: {"use_pygments": False}}
    return scan(text, extensions=extensions, configs=configs)


def conversion_key(result) -> tuple:
    """What a conversion produces: the new text and every diagnostic."""
    return result.text, [(d.code, d.span, d.message) for d in result.diagnostics]


def scan_key(result) -> tuple:
    """What a scan produces: every table's span and cells, every diagnostic."""
    tables = [(t.span, [[c.text for c in row.cells] for row in (t.header, *t.body)]) for t in result.tables]
    return tables, [(d.code, d.span, d.message) for d in result.diagnostics]


def compare(name: str, before: Callable, after: Callable, key: Callable | None, texts: list[str],
            count: int) -> str:
    """Check equal outputs (when a key is given), then time before and after; one result line."""
    if key is not None:
        with_after = [key(after(text)) for text in texts]
        if [key(before(text)) for text in texts] != with_after:
            return f"{name}: OUTPUT DIFFERS — not a valid proposal as written"
    sides = [Side("before", lambda: [before(t) for t in texts]), Side("after", lambda: [after(t) for t in texts])]
    rounds(sides, count, warmup=True)
    per_page = [statistics.median(side.times) / len(texts) * 1000 for side in sides]
    same = "same output, " if key is not None else ""
    return (f"{name}: {same}{per_page[0]:.2f} → {per_page[1]:.2f} ms per page "
            f"(after ÷ before = {ratio(sides[1], sides[0]):.2f})")


def convert_with_fast_paths(text: str):
    """convert with proposal 1 applied."""
    with plain_text_fast_paths():
        return convert_module.convert(text, "python-markdown")


def main() -> int:
    """Measure each proposal on the first pages of a corpus."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=BENCH / "out" / "corpus" / "proposals")
    args = parser.parse_args()
    if not any(args.corpus.glob("*/page-*.md")):
        write_corpus(args.corpus, args.pages)
    texts = [p.read_text(encoding="utf-8") for p in sorted(args.corpus.rglob("page-*.md"))[: args.pages]]
    print(f"{len(texts)} pages, {args.rounds} rounds")

    def plain(text: str):
        return convert_module.convert(text, "python-markdown")

    print(compare("1. plain-text fast paths in canonical/_visible (convert)", plain, convert_with_fast_paths,
                  conversion_key, texts, args.rounds))
    print(compare("2. no Pygments in the scanning Markdown (scan)", scan, scan_without_pygments, scan_key, texts,
                  args.rounds))
    print(compare("3. check scans once: convert's scan reused (scan + convert → convert)",
                  lambda t: (scan(t), plain(t)), plain, None, texts, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
