"""The plugin's overhead in instructions: `mkdocs build` under valgrind's callgrind, with `plugins: []` and with
`plugins: [house-tables]`, same corpus, same extensions (bench/plugin_overhead.py's configurations).

Instruction counts do not move with the machine's load, so one build per side is enough.

Usage: python bench/plugin_instructions.py DOCS_DIR WORK_DIR [--theme mkdocs] [--fixed]
       python bench/plugin_instructions.py --typical PAGES DOCS_DIR   (writes a "typical site" corpus: the
       benchmark corpus's pages with one table on one page in four, 0.25 tables per page, instead of 1.5)
  (the table-dense DOCS_DIR from `bench/corpus.py DOCS_DIR --pages 150`)
--fixed: the site as `house-tables fix` leaves it (a copy of DOCS_DIR under WORK_DIR, every table it converts in the
  house JSX form, which the plugin renders in every build from then on), built with the plugin, against DOCS_DIR as it
  was, built without it: what a site that adopted house-tables costs against the site before.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from plugin_overhead import site_config


def compile_package() -> None:
    """Write house_tables' bytecode, as an installed package has it: with PYTHONDONTWRITEBYTECODE set (as here)
    every build would otherwise compile the package's source again, which no user's build does."""
    import compileall

    import house_tables

    compileall.compile_dir(str(Path(house_tables.__file__).parent), quiet=1)


def instructions(config: Path, out: Path) -> int:
    """Instructions of one `mkdocs build` of config under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED", "0")}  # counts move ~0.5% with the seed
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-m",
                           "mkdocs", "build", "-q", "-f", str(config.resolve())], capture_output=True, text=True,
                          check=True, env=env, cwd=quiet_directory(out.parent))
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def quiet_directory(work: Path) -> Path:
    """An empty directory to run a build in: `python -m` puts the current directory first on sys.path, and the
    import system lists it once; a directory of thousands of entries (/tmp on a shared machine) adds 30-130 M
    instructions that change from run to run as its entries do."""
    directory = work / "cwd"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def fixed_copy(docs: Path, work: Path) -> Path:
    """A copy of docs under work with every table `house-tables fix` converts converted (its configuration: the
    corpus's mkdocs.yml, which lists the plugin)."""
    fixed = work / "fixed"
    shutil.rmtree(fixed, ignore_errors=True)
    shutil.copytree(docs, fixed)
    subprocess.run([sys.executable, "-m", "house_tables", "fix", str(fixed)], check=False,
                   cwd=quiet_directory(work), stdout=subprocess.DEVNULL)
    return fixed


def write_typical(dest: Path, pages: int) -> None:
    """The corpus's pages with 0.25 tables per page (a site whose tables are a few reference pages)."""
    import corpus

    corpus.page_tables = lambda rng: 1 if rng.random() < 0.25 else 0
    corpus.write_corpus(dest, pages)


def main() -> int:
    """Print both counts and the overhead."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("docs", type=Path)
    parser.add_argument("work", type=Path, nargs="?")
    parser.add_argument("--theme", default="mkdocs")
    parser.add_argument("--only-with", action="store_true", help="build only with the plugin (the build without it "
                        "does not run house-tables: its count does not change with house-tables' code)")
    parser.add_argument("--typical", type=int, metavar="PAGES", help="write a typical-site corpus to DOCS_DIR")
    parser.add_argument("--fixed", action="store_true", help="with the plugin, the site as `house-tables fix` "
                        "leaves it (see above)")
    args = parser.parse_args()
    if args.typical:
        write_typical(args.docs, args.typical)
        return 0
    args.work.mkdir(parents=True, exist_ok=True)
    compile_package()
    counts = {}
    pages = {False: args.docs.resolve(), True: fixed_copy(args.docs.resolve(), args.work) if args.fixed
             else args.docs.resolve()}
    for plugin in (True,) if args.only_with else (False, True):
        config = site_config(args.work, pages[plugin], args.theme, plugin)
        counts[plugin] = instructions(config, args.work / f"{config.stem}.cg")
    if args.only_with:
        print(f"{args.docs}{' (fixed)' if args.fixed else ''} theme {args.theme}: with {counts[True]:,}")
        return 0
    without, with_ = counts[False], counts[True]
    print(f"{args.docs}{' (with: fixed)' if args.fixed else ''} theme {args.theme}: without {without:,} with {with_:,} "
          f"overhead {with_ - without:,} = {with_ / without - 1:+.2%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
