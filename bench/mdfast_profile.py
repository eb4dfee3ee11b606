"""Profile `check`'s per-page work on a corpus in one process (cProfile, for where the time goes; counts are in
instructions via callgrind on the CLI). Usage: python bench/mdfast_profile.py DIR [N_SHOWN]"""

from __future__ import annotations

import cProfile
import pstats
import sys
from pathlib import Path

from house_tables.plan import plan_page


def run(paths: list[Path]) -> int:
    """Plan every page; the number of tables found."""
    return sum(len(plan_page(path.read_text(encoding="utf-8"), "python-markdown").tables) for path in paths)


def main() -> int:
    """Profile one pass after a warm-up pass."""
    paths = sorted(Path(sys.argv[1]).rglob("*.md"))
    run(paths[:5])
    profile = cProfile.Profile()
    profile.enable()
    tables = run(paths)
    profile.disable()
    print(f"{tables} tables in {len(paths)} pages")
    pstats.Stats(profile).sort_stats("cumulative").print_stats(int(sys.argv[2]) if len(sys.argv) > 2 else 40)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
