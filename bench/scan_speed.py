"""Scan the adversarial inputs with both dialects; medians and ratios to reading-and-splitting, in one run.

Usage: python bench/scan_speed.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugin"))

from house_tables.parsing import scan


def adversarial() -> dict[str, str]:
    """The inputs the engine issue names, built deterministically."""
    rows = "".join(f"| {i} | `c{i}` | [l](u{i}) |\n" for i in range(5000))
    wide = "|" + "|".join(f"h{i}" for i in range(300)) + "|\n|" + "---|" * 300 + "\n"
    wide += ("|" + "|".join(f"c{i}" for i in range(300)) + "|\n") * 20
    return {
        "5,000-row table": "| a | b | c |\n|---|---|---|\n" + rows,
        "300-column table": wide,
        "2 MB line of pipes and backticks": ("|`" * 1_000_000) + "\n",
        "2 MB pipes/backticks as a table": "| a | b |\n|---|---|\n" + ("|`" * 1_000_000) + "\n",
        "50,000 alternating |/- lines": "".join("|\n" if i % 2 == 0 else "-\n" for i in range(50_000)),
        "50,000 alternating |-| rows": "".join("| a |\n" if i % 2 == 0 else "|---|\n" for i in range(50_000)),
    }


def median_seconds(action, repeat: int) -> float:
    """Median wall time of repeat runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    """Print a table of medians per input and dialect, and the ratio to the read-and-split floor."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'input':36} {'floor':>8} {'python-markdown':>16} {'mdx':>8}")
    for name, text in adversarial().items():
        floor = median_seconds(lambda t=text: t.splitlines(), args.repeat)
        pymd = median_seconds(lambda t=text: scan(t, "python-markdown"), args.repeat)
        mdx = median_seconds(lambda t=text: scan(t, "mdx"), args.repeat)
        ratios = f"(ratios {pymd / floor:,.0f}x / {mdx / floor:,.0f}x)"
        print(f"{name:36} {floor:8.4f} {pymd:12.3f} s {mdx:6.3f} s   {ratios}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
