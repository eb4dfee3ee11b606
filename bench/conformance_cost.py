"""What reviewing hand-written tables costs `check`: the benchmark corpus as it is, and the same pages with a
drifting hand-written table added to every third page (a JSX table to `.mdx` pages, a raw HTML table to `.md`
pages), counted in instructions (valgrind's callgrind: the machine's load does not move them).

    python bench/conformance_cost.py [--pages 200] [--out bench/out/conformance]

Prints one line per dialect: instructions of `check` without and with the hand-written tables, per page and per
added table. Needs valgrind.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from corpus import write_corpus

from house_tables.config import Config
from house_tables.rendering.layout import Grid, render_lines

EVERY = 3


def hand_table(index: int, form: str) -> list[str]:
    """A house table of 3 columns and 4 rows that drifts: no colgroup, one padding changed."""
    body = tuple((f"item {index}-{r}", str(r * 7), f"note <b>{r}</b>" if form == "html" else f"note **{r}**")
                 for r in range(4))
    lines = render_lines(Grid((None, "right", None), ("Name", "Count", "Notes"), body, (30, 20, 50)),
                         Config().style, form)
    start, end = lines.index("  <colgroup>"), lines.index("  </colgroup>")
    lines = lines[:start] + lines[end + 1:]
    return [re.sub("9px 12px", "8px 12px", line, count=1) for line in lines]


def add_hand_tables(root: Path, suffix: str) -> int:
    """Append a drifting hand-written table to every third page; how many were added."""
    form = "jsx" if suffix == ".mdx" else "html"
    added = 0
    for index, path in enumerate(sorted(root.rglob(f"*{suffix}"))):
        if index % EVERY == 0:
            text = path.read_text(encoding="utf-8").rstrip("\n")
            path.write_text(text + "\n\n" + "\n".join(hand_table(index, form)) + "\n", encoding="utf-8")
            added += 1
    return added


def instructions(directory: Path) -> int:
    """Instructions of `house-tables check DIR` in one process (--jobs 1), counted by callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/cg.%p",
                                 sys.executable, "-m", "house_tables", "check", "--jobs", "1", str(directory)],
                                capture_output=True, text=True, check=False)
    counted = re.findall(r"Collected : (\d+)", result.stderr)
    if result.returncode not in (0, 1) or not counted:
        raise SystemExit(f"check failed under valgrind: {result.stderr[-2000:]}")
    return int(counted[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "conformance")
    args = parser.parse_args()
    for suffix in (".md", ".mdx"):
        plain, hand = args.out / f"plain{suffix}", args.out / f"hand{suffix}"
        for directory in (plain, hand):
            shutil.rmtree(directory, ignore_errors=True)
            write_corpus(directory, args.pages, mdx=suffix == ".mdx")
        added = add_hand_tables(hand, suffix)
        without, with_hand = instructions(plain), instructions(hand)
        print(f"{suffix}: {args.pages} pages: check {without / args.pages / 1e6:.2f} M instructions per page; with "
              f"{added} drifting hand-written tables added {with_hand / args.pages / 1e6:.2f} M per page "
              f"(+{(with_hand - without) / without:.1%}; {(with_hand - without) / added / 1e6:.2f} M per table)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
