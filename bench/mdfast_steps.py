"""`check` with some of the fast `.md` scanner's steps turned off, to count each step's instructions under callgrind.

Usage: valgrind --tool=callgrind python bench/mdfast_steps.py STEPS DIR... (STEPS: comma-separated steps to turn
off, from: highlight, loop, lazy, sections; or "none"). Runs `house-tables check -j 1 DIR...`.
"""

from __future__ import annotations

import sys

from house_tables import cli
from house_tables.parsing import blockloop, pymd, sections


def turn_off(step: str) -> None:
    """Undo one step of the fast path by patching the module that applies it."""
    if step == "highlight":
        pymd._without_superfences_highlighter = lambda md: None
    elif step == "loop":
        blockloop.install = lambda md: None
    elif step == "lazy":
        locate = pymd.locate
        pymd.locate = lambda source, record, lazy=False: locate(source, record, lazy=False)
    elif step == "sections":
        sections.ENABLED = False
    elif step != "none":
        raise SystemExit(f"unknown step {step}")


def main() -> int:
    """Turn the steps off, then run check."""
    for step in sys.argv[1].split(","):
        turn_off(step)
    sys.argv = ["house-tables", "check", "-j", "1", *sys.argv[2:]]
    cli.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
