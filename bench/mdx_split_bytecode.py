"""Compare the bytecode of every function of the one-module mdx scanner (parsing/mdx.py at a git revision) with
the same function in the package parsing/mdx/: a pure move compiles to the same instructions.

Usage: python bench/mdx_split_bytecode.py [REV]   (default 056daf0, the last one-module commit; exit 1 on a difference)

Why: CPython 3.11 compiles `NAME.search(...)` differently when NAME is bound by an import (LOAD_ATTR, a bound method
per call) than when it is assigned (LOAD_METHOD); the split first cost the scanner 1% more instructions that way.
"""

from __future__ import annotations

import dis
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "plugin" / "house_tables" / "parsing" / "mdx"
FLOW_PARTS = ("_Flow", "_FlowSteps", "_TableRule", "_JsxRule", "_FenceRule", "_EsmRule")  # _Flow's methods' homes


def functions(source: str, name: str) -> dict[str, types.CodeType]:
    """Every function's code object in a module's source, by qualified name."""
    found: dict[str, types.CodeType] = {}
    pending = [compile(source, name, "exec")]
    while pending:
        for const in pending.pop().co_consts:
            if isinstance(const, types.CodeType):
                found[const.co_qualname] = const
                pending.append(const)
    return found


def instructions(code: types.CodeType) -> list[tuple[str, str]]:
    """Opcodes and arguments, without jump targets (offsets move with the code around) or nested code's address."""
    return [(op.opname, "" if op.argrepr.startswith("<code object") else op.argrepr)
            for op in dis.get_instructions(code) if "JUMP" not in op.opname and op.opname != "FOR_ITER"]


def moved_name(name: str, package: dict[str, types.CodeType]) -> str:
    """Where a function of the one module lives in the package (a _Flow method may live in one of its bases)."""
    if name in package:
        return name
    owner, _, method = name.partition(".")
    homes = [f"{part}.{method}" for part in FLOW_PARTS if owner == "_Flow" and f"{part}.{method}" in package]
    return homes[0] if len(homes) == 1 else name


def main() -> int:
    """Print each function whose instructions differ; exit 1 if any does or is missing."""
    rev = sys.argv[1] if len(sys.argv) > 1 else "056daf0"
    old_source = subprocess.run(["git", "show", f"{rev}:plugin/house_tables/parsing/mdx.py"], cwd=ROOT,
                                check=True, capture_output=True, text=True).stdout
    old = functions(old_source, "mdx.py")
    new: dict[str, types.CodeType] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        new.update(functions(path.read_text(encoding="utf-8"), path.name))
    differ = 0
    for name, code in sorted(old.items()):
        if name in FLOW_PARTS:
            continue  # the class body itself: its methods are compared one by one
        home = moved_name(name, new)
        if home not in new or instructions(code) != instructions(new[home]):
            differ += 1
            print(f"differs: {name} ({home})")
    print(f"{len(old) - 1} functions compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
