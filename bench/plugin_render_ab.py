"""The plugin's per-page work alone: the corpus's pages rendered with and without the house_tables extension in
one process (a new Markdown per page, as MkDocs makes one), the two sides alternated page by page, so the
machine's load hits both alike. Prints CPU seconds per side; under callgrind (`--side with|without`, one side
per process) the instruction counts of the same work.

Usage: python bench/plugin_render_ab.py DOCS_DIR [--rounds 3]
       valgrind --tool=callgrind python bench/plugin_render_ab.py DOCS_DIR --rounds 1 --side with   (and without;
       --rounds 0 gives the fixed cost to subtract)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import markdown

from house_tables.extension import HouseTablesExtension

# bench/corpus.py's EXTENSIONS, as MkDocs passes them to Python-Markdown.
EXTENSIONS = ["toc", "tables", "admonition", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed",
              "attr_list", "md_in_html"]
CONFIGS = {"pymdownx.tabbed": {"alternate_style": True}}


def main() -> int:
    """Render the pages and print the CPU seconds of each side."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("docs", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--side", choices=("with", "without"), help="render only this side (for callgrind)")
    args = parser.parse_args()
    pages = [path.read_text(encoding="utf-8") for path in sorted(args.docs.rglob("*.md"))]
    extension = HouseTablesExtension()
    extension.settings.sink = lambda level, message: None  # findings are made, not printed

    def render(text: str, side: str) -> None:
        stack = [*EXTENSIONS, extension] if side == "with" else EXTENSIONS
        markdown.Markdown(extensions=stack, extension_configs=CONFIGS).convert(text)

    if args.side:
        for _ in range(args.rounds):
            for text in pages:
                render(text, args.side)
        return 0
    for text in pages[:20]:  # warm: lazy imports, caches
        render(text, "with")
        render(text, "without")
    spent = {"without": 0.0, "with": 0.0}
    for round_ in range(args.rounds):
        for index, text in enumerate(pages):
            for side in ("without", "with") if (index + round_) % 2 == 0 else ("with", "without"):
                start = time.process_time()
                render(text, side)
                spent[side] += time.process_time() - start
    print(f"CPU: without {spent['without']:.3f} s, with {spent['with']:.3f} s, "
          f"with ÷ without {spent['with'] / spent['without'] - 1:+.2%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
