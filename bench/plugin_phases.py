"""The plugin's overhead in instructions, split by phase of the whole `mkdocs build` process.

Each build runs under valgrind's callgrind in a fresh process (`python bench/plugin_phases.py --inside CONFIG`),
which marks the phases' ends with callgrind client requests (a two-line C helper compiled here with `cc`:
CALLGRIND_DUMP_STATS_AT), so each phase's instructions are counted apart; their sum is the whole process, from the
interpreter's start to its exit. Phases:

  start          interpreter start, importing mkdocs' command line (and, with --preimport, every house_tables
                 module a build of these pages imports)
  load_config    mkdocs.yml read and validated: plugins loaded (`import house_tables.plugin`), extensions loaded
  config..nav    on_config (the plugin installs its extension), on_pre_build, files, theme, nav
  pages          every page read and rendered from Markdown (on_page_markdown, Python-Markdown with the extension,
                 on_page_content); the plugin's modules that only a table needs are imported on the first table
  templates      on_env, static files copied, theme templates rendered, pages written, anchors validated
  post_build     on_post_build
  exit           on_shutdown and the interpreter's exit

Bytecode: like bench/plugin_instructions.py, house_tables' own bytecode is compiled first (an installed package has
it); the builds run with PYTHONHASHSEED=0 (counts move ~0.5% with the seed).

Usage: python bench/plugin_phases.py WITHOUT.yml WITH.yml [--work DIR] [--preimport]
       python bench/plugin_phases.py WITHOUT.yml WITH.yml --cpu ROUNDS   (CPU seconds per phase, no callgrind)
       python bench/plugin_phases.py WITH.yml --hooks   (instructions inside house-tables' hooks, of the whole build)
       (configurations from bench/plugin_overhead.site_config, e.g. written by bench/plugin_instructions.py; the
       builds run from an empty directory under --work)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = str(Path(__file__).resolve())

PHASES = ("start", "load_config", "config..nav", "pages", "templates", "post_build", "exit")
HELPER_C = """#include <valgrind/callgrind.h>
void dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
void toggle(void) { CALLGRIND_TOGGLE_COLLECT; }
"""


def helper(directory: Path) -> Path:
    """The helper library that asks callgrind to dump its counts (compiled once into directory)."""
    library = directory / "plugin_phases_dump.so"
    if not library.exists():
        source = directory / "plugin_phases_dump.c"
        source.write_text(HELPER_C, encoding="utf-8")
        subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    return library


# ------------------------------------------------------------------ inside the measured process


def inside(config: str, library: str, preimport: bool) -> None:
    """Build config with MkDocs' own command line, dumping callgrind's counts at the end of each phase (without a
    library: printing the process's CPU seconds at the end of each phase, as JSON on stdout)."""
    import ctypes
    import json
    import time

    if library:
        dump = ctypes.CDLL(library).dump
        dump.argtypes = [ctypes.c_char_p]
    else:
        seconds: dict[str, float] = {}

        def dump(name: bytes) -> None:
            seconds[name.decode()] = time.process_time()
    if preimport:
        import_all_house_tables()
    import mkdocs.config
    from mkdocs.__main__ import cli
    from mkdocs.commands import build
    from mkdocs.plugins import PluginCollection

    marked: set[str] = set()

    def mark(phase: str) -> None:
        if phase not in marked:
            marked.add(phase)
            dump(phase.encode())

    def after(function, phase):
        def wrapper(*args, **kwargs):
            result = function(*args, **kwargs)
            mark(phase)
            return result
        return wrapper

    def before(function, phase):
        def wrapper(*args, **kwargs):
            mark(phase)
            return function(*args, **kwargs)
        return wrapper

    mkdocs.config.load_config = after(mkdocs.config.load_config, "load_config")
    build._populate_page = before(build._populate_page, "config..nav")
    PluginCollection.on_env = before(PluginCollection.on_env, "pages")
    PluginCollection.on_post_build = after(before(PluginCollection.on_post_build, "templates"), "post_build")
    mark("start")
    try:
        cli(["build", "-q", "-f", config], standalone_mode=False)
    finally:
        mark("post_build")  # in case the build stopped early: the rest is counted as exit
        if not library:
            print(json.dumps(seconds))


def inside_hooks(config: str, library: str) -> None:
    """Build config with collection on only inside house-tables' hooks (bench/plugin_share.py's list), started
    with --collect-atstart=no: callgrind's total is then the hooks' instructions, what plugin_share times."""
    import contextlib
    import ctypes

    from mkdocs.__main__ import cli
    from plugin_share import HOOKS

    toggle = ctypes.CDLL(library).toggle
    depth = [0]

    def counted(cls: type, name: str) -> None:
        original = getattr(cls, name)

        def wrapper(*args, **kwargs):
            if depth[0]:
                return original(*args, **kwargs)
            depth[0] = 1
            toggle()
            try:
                return original(*args, **kwargs)
            finally:
                toggle()
                depth[0] = 0

        setattr(cls, name, wrapper)

    for cls, name in HOOKS:
        counted(cls, name)
    with contextlib.suppress(SystemExit):
        cli(["build", "-q", "-f", config], standalone_mode=False)


def import_all_house_tables() -> None:
    """Import what a build with tables imports of house_tables (the plugin and the modules loaded on first use)."""
    import importlib

    for name in ("house_tables.plugin", "house_tables.decisions", "house_tables.rendering.restyle",
                 "house_tables.widths", "house_tables.mapping", "house_tables.parsing.locate",
                 "house_tables.rendering.layout", "house_tables.diagnostics"):
        importlib.import_module(name)


# ------------------------------------------------------------------ outside: run and read the counts


def measure(config: Path, work: Path, library: Path, preimport: bool = False) -> dict[str, int]:
    """Instructions per phase of one build of config under callgrind."""
    out = work / f"{config.stem}{'-preimport' if preimport else ''}.cg"
    for old in work.glob(out.name + "*"):
        old.unlink()
    env = {**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")}
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, SCRIPT, "--inside",
            str(config.resolve()), "--library", str(library), *(["--preimport"] if preimport else [])]
    subprocess.run(argv, capture_output=True, text=True, check=True, env=env, cwd=quiet_directory(work))
    return dumped_counts(work, out)


def dumped_counts(work: Path, out: Path) -> dict[str, int]:
    """Instructions by the name each callgrind dump of out (out, out.1, ...) was asked for by (the rest: "exit")."""
    counts: dict[str, int] = {}
    for part in work.glob(out.name + "*"):
        text = part.read_text(encoding="utf-8", errors="replace")
        trigger = re.search(r"^desc: Trigger: (.*)$", text, re.M).group(1)
        total = int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))
        phase = trigger.split("Client Request: ", 1)[1].strip() if "Client Request" in trigger else "exit"
        counts[phase] = counts.get(phase, 0) + total
    return counts


def hook_instructions(config: Path, work: Path, library: Path) -> tuple[int, int]:
    """(instructions inside house-tables' hooks, instructions of the whole build) of one build of config."""
    env = {**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")}
    counts = []
    for hooks in (True, False):
        out = work / f"{config.stem}-{'hooks' if hooks else 'all'}.cg"
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                *(["--collect-atstart=no"] if hooks else []), sys.executable, SCRIPT, "--inside", str(config.resolve()),
                "--library", str(library), *(["--hooks"] if hooks else [])]
        done = subprocess.run(argv, capture_output=True, text=True, check=True, env=env, cwd=quiet_directory(work))
        counts.append(int(re.search(r"Collected : (\d+)", done.stderr).group(1)))
    return counts[0], counts[1]


def cpu_phases(configs: list[Path], work: Path, rounds: int) -> dict[str, dict[str, float]]:
    """Median CPU seconds per phase of each configuration's build, the builds alternated round by round (bytecode
    cached under work/pycache, as bench/run_all.py runs them; one untimed round first)."""
    import json
    import resource
    import statistics

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    samples: dict[str, list[dict[str, float]]] = {config.stem: [] for config in configs}
    for index in range(rounds + 1):
        shift = index % len(configs)
        for config in [*configs[shift:], *configs[:shift]]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run([sys.executable, SCRIPT, "--inside", str(config.resolve()), "--library", ""],
                                  capture_output=True, text=True, check=True, env=env, cwd=quiet_directory(work))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            total = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            marks = json.loads(done.stdout.strip().splitlines()[-1])
            phases, previous = {}, 0.0
            for phase in PHASES[:-1]:
                phases[phase] = marks.get(phase, previous) - previous
                previous = marks.get(phase, previous)
            phases["exit"] = total - previous
            if index:
                samples[config.stem].append(phases)
    return {name: {phase: statistics.median(s[phase] for s in runs) for phase in PHASES}
            for name, runs in samples.items()}


def quiet_directory(work: Path) -> Path:
    """bench/plugin_instructions.quiet_directory (imported here: the measured processes do not import it)."""
    from plugin_instructions import quiet_directory as quiet

    return quiet(work)


def table(rows: dict[str, dict[str, int]]) -> str:
    """The counts per phase (millions) of each build, and each build's difference from the first."""
    names = list(rows)
    lines = ["| phase | " + " | ".join(names) + " | " + " | ".join(f"{n} − {names[0]}" for n in names[1:]) + " |",
             "|---|" + "---:|" * (2 * len(names) - 1)]
    for phase in [*PHASES, "total"]:
        values = {n: sum(r.values()) if phase == "total" else r.get(phase, 0) for n, r in rows.items()}
        diffs = [values[n] - values[names[0]] for n in names[1:]]
        lines.append(f"| {phase} | " + " | ".join(f"{values[n] / 1e6:,.1f} M" for n in names) + " | "
                     + " | ".join(f"{d / 1e6:+,.1f} M" for d in diffs) + " |")
    return "\n".join(lines)


def main() -> int:
    """Measure the builds and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("configs", nargs="*", type=Path)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--inside", help=argparse.SUPPRESS)
    parser.add_argument("--library", help=argparse.SUPPRESS)
    parser.add_argument("--preimport", action="store_true", help="also build the last configuration with every "
                        "house_tables module imported at start (splits the imports from the pages' work)")
    parser.add_argument("--cpu", type=int, metavar="ROUNDS", help="no callgrind: median CPU seconds per phase "
                        "(user + system; the total from the kernel's count of the child), ROUNDS alternated builds")
    parser.add_argument("--hooks", action="store_true", help="count only the instructions inside house-tables' "
                        "hooks (what bench/plugin_share.py times) of the last configuration's build")
    args = parser.parse_args()
    if args.inside:
        if args.hooks:
            inside_hooks(args.inside, args.library)
        else:
            inside(args.inside, args.library, args.preimport)
        return 0
    if not args.cpu:
        from plugin_instructions import compile_package

        compile_package()
    work = (args.work or Path(tempfile.mkdtemp(prefix="plugin-phases-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    library = None if args.cpu else helper(work)
    if args.cpu:
        rows = cpu_phases(args.configs, work, args.cpu)
        print(table({name: {phase: int(value * 1e9) for phase, value in phases.items()}
                     for name, phases in rows.items()}).replace(" M", " ms").replace("(millions)", ""))
        return 0
    if args.hooks:
        hooks, total = hook_instructions(args.configs[-1], work, library)
        print(f"{args.configs[-1]}: house-tables' hooks {hooks:,} of {total:,} instructions = {hooks / total:.1%}")
        return 0
    rows = {config.stem: measure(config, work, library) for config in args.configs}
    if args.preimport:
        rows[f"{args.configs[-1].stem} (preimport)"] = measure(args.configs[-1], work, library, preimport=True)
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
