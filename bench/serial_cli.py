"""`python -m house_tables ...` kept in one process, for a CLI without `--jobs`: its pool threshold is raised.

Usage: python bench/serial_cli.py check|fix PATH...
"""

from __future__ import annotations

import sys

import house_tables.cli as cli

if __name__ == "__main__":
    if not hasattr(cli, "PARALLEL_THRESHOLD"):
        sys.exit("bench/serial_cli.py: house_tables.cli has no PARALLEL_THRESHOLD any more; use --jobs 1")
    cli.PARALLEL_THRESHOLD = sys.maxsize
    cli.main()
