"""What a build with the plugin uses besides instructions: each `mkdocs build`'s resource usage (os.wait4), with
the plugin, without it, without it again (A/A control) and with it loaded but `enabled: false` (its imports
alone), alternated round by round.

Prints, for each measure, the median of the per-round ratios to the build without the plugin, with quartiles:
user and system CPU time, minor page faults, peak memory (max RSS), voluntary and involuntary context switches.
The builds run with bytecode cached under WORK/pycache after one unmeasured round (as bench/plugin_ab.py).

Usage: python bench/plugin_usage.py DOCS_DIR WORK_DIR [--rounds 30] [--theme mkdocs]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

from plugin_instructions import quiet_directory
from plugin_overhead import site_config

MEASURES = {"user": "ru_utime", "system": "ru_stime", "minor faults": "ru_minflt", "max RSS (KiB)": "ru_maxrss",
            "voluntary switches": "ru_nvcsw", "involuntary switches": "ru_nivcsw"}


def configurations(work: Path, docs: Path, theme: str) -> dict[str, Path]:
    """The four sides' mkdocs.yml files."""
    for directory in ("again", "disabled"):
        (work / directory).mkdir(parents=True, exist_ok=True)
    disabled = site_config(work / "disabled", docs, theme, plugin=True)
    text = disabled.read_text(encoding="utf-8")
    disabled.write_text(text.replace("plugins: [house-tables]", "plugins:\n  - house-tables:\n      enabled: false"),
                        encoding="utf-8")
    return {"without": site_config(work, docs, theme, plugin=False),
            "with": site_config(work, docs, theme, plugin=True),
            "without again": site_config(work / "again", docs, theme, plugin=False),
            "loaded, disabled": disabled}


def usage(config: Path, work: Path, env: dict[str, str]):
    """The resource usage of one build of config."""
    process = subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)], env=env,
                               cwd=quiet_directory(work), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, used = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"{config}: mkdocs build failed ({status})")
    return used


def main() -> int:
    """Run the rounds and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("docs", type=Path)
    parser.add_argument("work", type=Path)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--theme", default="mkdocs")
    args = parser.parse_args()
    work = args.work.resolve()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    sides = configurations(work, args.docs.resolve(), args.theme)
    for config in sides.values():  # bytecode written, caches warm
        usage(config, work, env)
    names, runs = list(sides), {name: [] for name in sides}
    for index in range(args.rounds):
        for name in names[index % len(names):] + names[:index % len(names)]:
            runs[name].append(usage(sides[name], work, env))
    for measure, field in MEASURES.items():
        base = [getattr(used, field) for used in runs["without"]]
        print(f"{measure}: without {statistics.median(base):,.4g}")
        for name in names[1:]:
            ratios = [getattr(used, field) / b for used, b in zip(runs[name], base, strict=True) if b]
            low, _, high = statistics.quantiles(ratios, n=4)
            print(f"  {name}: {statistics.median(ratios) - 1:+.2%} (quartiles {low - 1:+.2%} … {high - 1:+.2%}; "
                  f"{sum(r > 1 for r in ratios)} of {len(ratios)} above 1)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
