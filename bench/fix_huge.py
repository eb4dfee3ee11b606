"""`house-tables fix --jobs 1` on a fresh copy of each adversarial file: wall, CPU (one process, interpreter start
included), optionally instructions (callgrind), and a checksum of the file fix wrote (compare two checkouts). The
`.md` files lie beside the benchmark corpus's mkdocs.yml (its Markdown stack, the plugin listed), as in
bench/adversarial.py: without it fix would read them with MkDocs' defaults (no md_in_html, superfences, ...).

Usage: python bench/fix_huge.py [--checkout DIR] [--versus DIR] [--callgrind] [--repeat N] [--only STEM] [--engine]
  --checkout DIR  run DIR/plugin's house_tables (default: this checkout)
  --versus DIR    also run DIR/plugin's, alternated with the checkout's run by run (least CPU of each side; on a
                  loaded machine only alternated figures compare)
  --callgrind     count instructions of each run (valgrind --tool=callgrind; slow)
  --engine        also time the engine's own render of each file, in one process with interpreter start:
                  Python-Markdown with the benchmark site's extensions (.md), cmark-gfm (.mdx; what fix's MDX
                  reference engine is)
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from corpus import write_adversarial, write_site_config

ENGINE = """
import sys
from pathlib import Path
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.rendering.fragments import render_gfm, render_python_markdown
text = Path(sys.argv[1]).read_text(encoding="utf-8")
if sys.argv[1].endswith(".mdx"):
    render_gfm(text)
else:
    render_python_markdown(text, MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS)
"""


def run(command: list[str], env: dict[str, str], timeout: float | None = None) -> tuple[float, float, int]:
    """Wall and CPU seconds of one child, and its exit code (-1: stopped after timeout seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        code = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False,
                              timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        code = -1
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), code


def instructions(command: list[str], env: dict[str, str], scratch: Path) -> int:
    """callgrind's instruction count of one run."""
    out = scratch / "cg.out"
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    found = re.search(r"Collected : (\d+)", result.stderr)
    out.unlink(missing_ok=True)
    return int(found.group(1)) if found else -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--engine", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--versus", type=Path)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(args.checkout.resolve() / "plugin")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    other = {**env, "PYTHONPATH": str(args.versus.resolve() / "plugin")} if args.versus else None
    with tempfile.TemporaryDirectory(prefix="fix-huge-") as name:
        scratch = Path(name)
        paths = write_adversarial(scratch / "md", ".md") + write_adversarial(scratch / "mdx", ".mdx")
        write_site_config(scratch / "md")  # the `.md` files are read with the corpus's site, as bench/adversarial.py's
        for path in paths:
            if args.only and not any(stem in path.name for stem in args.only):
                continue
            copy = path.parent / f"copy-{path.name}"  # beside the site configuration (the .md files)
            command = [sys.executable, "-m", "house_tables", "fix", "--jobs", "1", str(copy)]
            best = versus = (float("inf"), float("inf"), 0)
            for _ in range(args.repeat):
                if other:
                    shutil.copyfile(path, copy)
                    versus = min(versus, run(command, other), key=lambda r: r[1])
                    versus_out = zlib.crc32(copy.read_bytes())
                shutil.copyfile(path, copy)
                best = min(best, run(command, env), key=lambda r: r[1])
            line = f"{path.name:34} fix wall {best[0]:6.2f} s  cpu {best[1]:6.2f} s  exit {best[2]}"
            line += f"  out {zlib.crc32(copy.read_bytes()):08x}"
            if other:
                line += f"  | versus: cpu {versus[1]:6.2f} s  exit {versus[2]}  out {versus_out:08x}"
            if args.callgrind:
                shutil.copyfile(path, copy)
                line += f"  instr {instructions(command, env, scratch) / 1e9:7.3f} G"
            if args.engine:
                engine = [sys.executable, "-c", ENGINE, str(path)]
                times = min(run(engine, env, timeout=30) for _ in range(args.repeat))
                line += (f"  engine wall {times[0]:5.2f} s cpu {times[1]:5.2f} s" if times[2] == 0
                         else "  engine stopped after 30 s")
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
