"""The plugin's share of one `mkdocs build`, measured inside the build: time spent in house-tables' own hooks.

A/B builds on a shared 2-core machine move by ±15% from run to run; this attribution does not depend on the
load, since both times come from the same process at the same moment. It is an upper bound: the recording
table and paragraph processors are counted whole, although most of their work is Python-Markdown's own,
which the build without the plugin does too.

Usage: python bench/plugin_share.py MKDOCS_YML [--rounds 3]   (e.g. bench/out/scratch/sites/mkdocs-with.yml,
written by `bench/run_all.py --only plugin`)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import statistics
import subprocess
import sys
import time

from house_tables import extension, plugin
from house_tables.parsing import pymd

HOOKS = [(extension.HouseTablesPreprocessor, "run"), (extension.HouseTablesIncludeWatch, "run"),
         (extension.HouseTableProcessor, "test"), (extension.HouseTableProcessor, "run"),
         (extension.HouseTableRenderer, "run"),
         (extension.HouseTablesTreeprocessor, "run"), (plugin.HouseTablesPlugin, "on_config"),
         (plugin.HouseTablesPlugin, "on_page_markdown"), (plugin.HouseTablesPlugin, "on_post_build"),
         (pymd._RecordingTableProcessor, "test"), (pymd._RecordingTableProcessor, "run"),
         (pymd._RecordingParagraphProcessor, "run")]


def timed(cls: type, name: str, spent: dict[str, float]) -> None:
    """Wrap one hook so that its time adds up in spent (nested calls are not counted twice)."""
    original = getattr(cls, name)
    key = f"{cls.__name__}.{name}"

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        if spent.get("_depth"):
            return original(*args, **kwargs)
        spent["_depth"] = 1
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[key] = spent.get(key, 0.0) + time.perf_counter() - start
            spent["_depth"] = 0

    setattr(cls, name, wrapper)


def one_build(config: str) -> tuple[float, dict[str, float]]:
    """Build once in this process; the build's time and the time per hook."""
    from mkdocs.__main__ import cli

    spent: dict[str, float] = {}
    for cls, name in HOOKS:
        timed(cls, name, spent)
    start = time.perf_counter()
    with contextlib.suppress(SystemExit):
        cli(["build", "-q", "-f", config], standalone_mode=False)
    spent.pop("_depth", None)
    return time.perf_counter() - start, spent


def main() -> int:
    """Run the builds in fresh processes and print the share of each."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("config")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        total, spent = one_build(args.config)
        recording = sum(v for k, v in spent.items() if k.startswith("_Recording"))
        print(f"{total} {sum(spent.values()) - recording} {recording}")
        return 0
    own_shares, all_shares = [], []
    for index in range(args.rounds):
        done = subprocess.run([sys.executable, __file__, args.config, "--one"], capture_output=True, text=True,
                              check=True)
        total, own, recording = map(float, done.stdout.split()[-3:])
        own_shares.append(own / total)
        all_shares.append((own + recording) / total)
        print(f"round {index + 1}: build {total:.2f} s; house-tables' own hooks {own:.3f} s = {own / total:.1%}; "
              f"with the recording processors {(own + recording) / total:.1%}")
    print(f"median share of the build: own hooks {statistics.median(own_shares):.1%}, with the recording "
          f"processors (mostly Python-Markdown's own work) {statistics.median(all_shares):.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
