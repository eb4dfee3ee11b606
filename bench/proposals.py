"""Proposed speed-ups of the package, measured before they are made: each is applied in process (monkeypatched),
its output compared with the package's own, and both timed side by side, alternating (medians of ratios).

Delete a proposal here once the package has adopted it (its "before" then no longer exists).

Usage: python bench/proposals.py [--pages 200] [--rounds 5] [--corpus DIR | --files FILE...]
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
from house_tables.rendering import jsx


def fast_html_to_jsx(fragment: str, _slow=jsx.html_to_jsx) -> str:
    """jsx.html_to_jsx without BeautifulSoup for plain text (no tag, no entity): the soup would hold one string,
    which _Writer writes exactly as jsx_text does."""
    if "<" not in fragment and "&" not in fragment:
        return jsx.jsx_text(fragment)
    return _slow(fragment)


@contextmanager
def plain_text_jsx():
    """Proposal 1 applied (convert imports html_to_jsx from the module when it needs it)."""
    saved = jsx.html_to_jsx
    jsx.html_to_jsx = fast_html_to_jsx
    try:
        yield
    finally:
        jsx.html_to_jsx = saved


def conversion_key(result) -> tuple:
    """What a conversion produces: the new text and every diagnostic."""
    return result.text, [(d.code, d.span, d.message) for d in result.diagnostics]


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


def convert_with_plain_text_jsx(text: str):
    """convert with proposal 1 applied."""
    with plain_text_jsx():
        return convert_module.convert(text, "python-markdown")


def main() -> int:
    """Measure each proposal on the first pages of a corpus."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=BENCH / "out" / "corpus" / "proposals")
    parser.add_argument("--files", type=Path, nargs="+", help="measure on these .md files instead of the corpus")
    args = parser.parse_args()
    if args.files:
        paths = args.files
    else:
        if not any(args.corpus.glob("*/page-*.md")):
            write_corpus(args.corpus, args.pages)
        paths = sorted(args.corpus.rglob("page-*.md"))[: args.pages]
    texts = [path.read_text(encoding="utf-8") for path in paths]
    print(f"{len(texts)} pages, {args.rounds} rounds")

    def plain(text: str):
        return convert_module.convert(text, "python-markdown")

    print(compare("1. html_to_jsx without BeautifulSoup for plain-text cells (convert)", plain,
                  convert_with_plain_text_jsx, conversion_key, texts, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
