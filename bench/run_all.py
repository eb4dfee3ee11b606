"""All the benchmarks of house-tables (what `make bench` runs): corpora, comparison tools, then each suite.

Writes bench/out/results.md (the tables docs/benchmarks.md quotes) and bench/out/results.json (every time).

Usage:
  python bench/run_all.py                      # the full run (about 30 minutes on 2 cores)
  python bench/run_all.py --quick              # small corpora, 2 rounds: a smoke test of the scripts
  python bench/run_all.py --only check,fix     # some suites: plugin, check, fix, scaling, adversarial, lsp
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import adversarial
import check_speed
import fix_speed
import lsp_latency
import plugin_overhead
import scaling
import tools
from common import BENCH, Context, Table
from corpus import write_corpus

SUITES = {"plugin": plugin_overhead, "check": check_speed, "fix": fix_speed, "scaling": scaling,
          "adversarial": adversarial, "lsp": lsp_latency}
PACKAGES = ("mkdocs-house-tables", "mkdocs", "mkdocs-material", "markdown", "pymdown-extensions", "beautifulsoup4",
            "cmarkgfm")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; --quick changes the defaults (explicit options still win)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="100-page corpora, 2 rounds, short timeouts")
    parser.add_argument("--only", default=",".join(SUITES), help="comma-separated suites (default: all)")
    parser.add_argument("--pages", type=int, help="pages for check and fix (default 2000)")
    parser.add_argument("--build-pages", type=int, help="pages for the MkDocs builds (default 500)")
    parser.add_argument("--scaling", help="comma-separated corpus sizes (default 500,1000,2000,4000)")
    parser.add_argument("--pairs", type=int, help="rounds of every comparison (default 5)")
    parser.add_argument("--adversarial-rounds", type=int, help="rounds per adversarial file (default 3)")
    parser.add_argument("--timeout", type=float, help="seconds before an adversarial run is stopped (default 30)")
    parser.add_argument("--out", type=Path, default=BENCH / "out", help="work directory (default bench/out)")
    args = parser.parse_args(argv)
    quick = {"pages": 100, "build_pages": 50, "scaling": "50,100,200,400", "pairs": 2, "adversarial_rounds": 1,
             "timeout": 10.0}
    full = {"pages": 2000, "build_pages": 500, "scaling": "500,1000,2000,4000", "pairs": 5,
            "adversarial_rounds": 3, "timeout": 30.0}
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    unknown = set(args.only.split(",")) - set(SUITES)
    if unknown:
        parser.error(f"unknown suite {sorted(unknown)[0]!r} (suites: {', '.join(SUITES)})")
    return args


def log(message: str) -> None:
    """Progress on stderr, with the time of day."""
    print(f"{time.strftime('%H:%M:%S')} {message}", file=sys.stderr, flush=True)


def prepare_corpora(out: Path, wanted: set[tuple[int, bool]]) -> None:
    """Write each corpus (pages, mdx) that is missing or was written by another version of bench/corpus.py."""
    stamp = (BENCH / "corpus.py").read_text(encoding="utf-8")
    for pages, mdx in sorted(wanted):
        directory = out / "corpus" / f"{'mdx' if mdx else 'md'}-{pages}"
        marker = directory / ".generator"
        if marker.exists() and marker.read_text(encoding="utf-8") == stamp:
            continue
        log(f"writing {directory}")
        shutil.rmtree(directory, ignore_errors=True)
        write_corpus(directory, pages, mdx=mdx)
        marker.write_text(stamp, encoding="utf-8")


def isolate_bytecode(out: Path) -> None:
    """Let every Python process of the run cache its bytecode under out/pycache (also when the environment says
    not to write bytecode), so no run pays for compiling the sources that the warm-up compiled."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(out / "pycache")


def machine(found: tools.Tools) -> dict[str, str]:
    """The machine, the interpreter and the versions of everything measured."""
    facts = {"cpu": _cpu_model(), "cores": str(os.cpu_count()), "memory": _memory(), "os": platform.platform(),
             "python": platform.python_version()}
    for name in PACKAGES:
        try:
            facts[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            facts[name] = "not installed"
    facts.update(found.versions)
    facts["house-tables commit"] = _commit()
    facts["load average at start"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return facts


def _commit() -> str:
    """The commit measured (with -dirty when the work tree has changes)."""
    done = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=BENCH, capture_output=True, text=True)
    return done.stdout.strip() or "?"


def _cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (or the platform's processor string)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def _memory() -> str:
    """Total memory from /proc/meminfo."""
    try:
        kilobytes = int(Path("/proc/meminfo").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return "?"
    return f"{kilobytes / 2**20:.0f} GiB"


def write_results(out: Path, facts: dict[str, str], tables: list[Table], args: argparse.Namespace,
                  elapsed: float) -> str:
    """results.md and results.json under out; returns the Markdown."""
    settings = {k: v for k, v in vars(args).items() if k != "out"}
    lines = ["## Machine and versions", "", *[f"- {key}: {value}" for key, value in facts.items()],
             f"- load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
             f"- run: `{' '.join(sys.argv)}` — {elapsed / 60:.0f} minutes, settings {settings}", ""]
    text = "\n".join(lines) + "\n" + "\n".join(table.markdown() for table in tables)
    (out / "results.md").write_text(text, encoding="utf-8")
    document = {"machine": facts, "settings": settings, "elapsed_seconds": elapsed,
                "tables": [{"title": t.title, "header": t.header, "rows": t.rows, "notes": t.notes, "data": t.data}
                           for t in tables]}
    (out / "results.json").write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return text


def warm_up(ctx: Context) -> None:
    """One untimed pass of each program on a tiny corpus: bytecode compiled, files in the page cache."""
    small = ctx.corpus(min(ctx.scaling))
    site = ctx.scratch("warm-up")
    commands = [ctx.cli("check", small), ctx.cli("check", small, serial=True)]
    for theme in plugin_overhead.THEMES:
        for plugin in (False, True):
            commands.append([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                             plugin_overhead.site_config(site, small, theme, plugin)])
    if ctx.tools.mdformat is not None:
        commands.append([ctx.tools.mdformat, "--check", small])
    for argv in commands:
        subprocess.run([str(a) for a in argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    """Run the chosen suites and print the result tables."""
    args = arguments(argv)
    started = time.perf_counter()
    out = args.out.resolve()
    isolate_bytecode(out)
    scaling_sizes = tuple(int(size) for size in args.scaling.split(","))
    sizes = {args.pages, args.build_pages, *scaling_sizes}
    prepare_corpora(out, {(pages, False) for pages in sizes} | {(args.pages, True)})
    found = tools.install(out / "tools", log)
    ctx = Context(out, args.pages, args.build_pages, scaling_sizes, args.pairs, args.timeout,
                  args.adversarial_rounds, found, log)
    facts = machine(found)
    log("warming up")
    warm_up(ctx)
    tables: list[Table] = []
    for name in args.only.split(","):
        tables += SUITES[name].run(ctx)
        write_results(out, facts, tables, args, time.perf_counter() - started)  # partial results survive a stop
    print(write_results(out, facts, tables, args, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
