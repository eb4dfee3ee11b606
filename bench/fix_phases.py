"""Where `house-tables fix FILE` spends its instructions: the two page renders verification needs, the house tables
built inside the page after, and everything else, counted by callgrind in one process.

The command runs as `python -m house_tables fix --no-cache FILE` does, under valgrind's callgrind, from an empty
directory; callgrind client requests (bench/plugin_phases.py's helper) split the count at each entry and exit of
the wrapped functions, and each piece is credited to the innermost one running:

  outside fix's conversion   interpreter start, imports, the site's settings, the CLI and its output (what an empty
                             file's fix costs, plus reading and writing this one)
  page render #k             rendering.page.render_md_page, each call apart (the page before is #1, the page after
                             #2; a call that finds the page rendered already costs nothing)
  house tables in render #k  the extension's HouseTableRenderer in that render (hand-written house tables built
                             and reviewed: in the page after, the tables fix wrote); their conformance review
                             apart (": review")
  page view                  rendering.page.page_view (what a reader sees, compared when the HTML differs)
  fix's own work             the rest of convert_text: the scan, planning, the cells' JSX, read-back, splicing

With --stages each page render is split further by Python-Markdown's stage (each preprocessor, the block parser,
each tree processor and postprocessor by its registered name, and "convert": the serializer and convert's own
code), and fix's own work by step (the scan, the page's hand-written tables, the references the page's render
gives, each table's house form: its cells' JSX and widths, the read-back, the lines; the splice). Each call of a
step is a callgrind dump: on a page of thousands of tables that is tens of thousands of dumps (40 minutes and 1.5 GB
for tables-2000-one-reference.md on a loaded machine), so split such a page without --stages.

The bound for `fix` with whole-page verification is "outside" + every page render with the house tables built in
it (the page after as the build shows it): what is left when fix's own work costs nothing.

Usage: python bench/fix_phases.py FILE... [--checkout DIR] [--work DIR] [--stages]
       (a `.md` FILE is read with the mkdocs.yml beside it: write the adversarial files with bench/corpus.py and its
       site configuration as bench/fix_huge.py does)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from plugin_phases import dumped_counts, helper, quiet_directory

SCRIPT = str(Path(__file__).resolve())


# fix's own steps, split apart with --stages: convert's function (looked up in its module) and the label
FIX_STEPS = (("scan", "fix: scan"), ("hand_table_tags", "fix: the page's hand-written tables (where)"),
             ("review", "fix: the page's hand-written tables (review)"),
             ("_references", "fix: the tables' cells from the page's render"),
             ("_convert_table", "fix: each table's house form (rest)"), ("_grid", "fix: cells' JSX and widths"),
             ("_read_back", "fix: read-back of the JSX"), ("render_lines", "fix: the house table's lines"),
             ("_splice", "fix: splice"))


def inside(library: str, path: str, stages: bool = False) -> None:
    """fix of path, dumping callgrind's counts at each entry and exit of the wrapped functions."""
    import contextlib
    import ctypes
    import runpy

    dump = ctypes.CDLL(library).dump
    dump.argtypes = [ctypes.c_char_p]
    from house_tables import cli, convert, extension
    from house_tables.rendering import page

    running = ["outside fix's conversion"]
    renders = [0]

    def wrapped(function, label):
        def wrapper(*args, **kwargs):
            name = label() if callable(label) else label
            dump(running[-1].encode())
            running.append(name)
            try:
                return function(*args, **kwargs)
            finally:
                dump(running.pop().encode())
        return wrapper

    def render_label() -> str:
        renders[0] += 1
        return f"page render #{renders[0]}"

    cli.convert_text = wrapped(cli.convert_text, "fix's own work")
    convert.render_md_page = wrapped(convert.render_md_page, render_label)
    convert.page_view = wrapped(convert.page_view, "page view")
    extension.HouseTableRenderer.run = wrapped(extension.HouseTableRenderer.run,
                                               lambda: f"house tables in render #{renders[0]}")
    extension.HandTables.review = wrapped(extension.HandTables.review,
                                          lambda: f"house tables in render #{renders[0]}: review")
    if stages:
        for name, label in FIX_STEPS:
            setattr(convert, name, wrapped(getattr(convert, name), label))
        page._page_markdown = _staged(page._page_markdown, wrapped, lambda: renders[0])
    sys.argv = ["house_tables", "fix", "--no-cache", path]
    with contextlib.suppress(SystemExit):  # the CLI's exit code is not what is measured
        runpy.run_module("house_tables", run_name="__main__", alter_sys=True)
    dump(running[-1].encode())


def _staged(page_markdown, wrapped, render):
    """page_markdown whose Markdown instances count each stage apart (wrapped once per instance)."""
    def staged(*args, **kwargs):
        md = page_markdown(*args, **kwargs)
        if not getattr(md, "staged_for_phases", False):
            md.staged_for_phases = True
            for kind, registry in (("pre", md.preprocessors), ("tree", md.treeprocessors),
                                   ("post", md.postprocessors)):
                for name, processor in list(registry._data.items()):  # by registered name
                    processor.run = wrapped(processor.run, lambda k=kind, n=name: f"render #{render()}: {k} {n}")
            md.parser.parseDocument = wrapped(md.parser.parseDocument, lambda: f"render #{render()}: block parser")
            md.convert = wrapped(md.convert, lambda: f"render #{render()}: convert (serializer, own code)")
        return md
    return staged


def measure(path: Path, work: Path, library: Path, checkout: Path,
            stages: bool = False) -> tuple[dict[str, int], int]:
    """Instructions per piece of one fix of a fresh copy of path (beside it), and the process's total."""
    copy = path.with_name(f"phases-{os.getpid()}-{path.name}")  # two runs on one file at once: two copies
    copy.write_bytes(path.read_bytes())
    out = work / f"{path.stem}.cg"
    for old in work.glob(out.name + "*"):
        old.unlink()
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(checkout / "plugin")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode, as an installed package has it, kept apart under work
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    flags = ["--stages"] if stages else []
    subprocess.run([sys.executable, SCRIPT, "--inside", str(library), str(copy), *flags], capture_output=True, env=env,
                   cwd=quiet_directory(work), check=False)  # bytecode written first
    copy.write_bytes(path.read_bytes())
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, SCRIPT, "--inside",
            str(library), str(copy), *flags]
    subprocess.run(argv, capture_output=True, text=True, check=True, env=env, cwd=quiet_directory(work))
    counts = dumped_counts(work, out)
    copy.unlink()
    return counts, sum(counts.values())


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--inside":
        inside(sys.argv[2], sys.argv[3], "--stages" in sys.argv[4:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--work", type=Path)
    parser.add_argument("--stages", action="store_true", help="split renders by stage and fix's work by step")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="fix-phases-"))
    work.mkdir(parents=True, exist_ok=True)
    library = helper(work)
    for path in args.files:
        counts, total = measure(path.resolve(), work, library, args.checkout.resolve(), args.stages)
        print(f"{path.name}: {total / 1e6:,.0f} M instructions")
        renders = sum(v for k, v in counts.items()
                      if k.startswith(("page render", "house tables in render", "render #")))
        outside = counts.get("outside fix's conversion", 0) + counts.get("exit", 0)
        for piece, count in sorted(counts.items(), key=lambda item: -item[1]):
            print(f"  {piece:50} {count / 1e6:10,.0f} M")
        print(f"  bound (outside + page renders){'':20}    {(outside + renders) / 1e6:10,.0f} M "
              f"= {(outside + renders) / total:.0%} of the whole")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
