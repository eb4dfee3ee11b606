"""The tools house-tables is compared with, installed once under bench/out/tools (pinned, outside the project venv).

- mdformat + mdformat-tables (bench/requirements-tools.txt) in their own virtual environment;
- markdownlint-cli2 (bench/package.json, bench/package-lock.json) with `npm ci`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
MARKDOWNLINT_RULES = {"default": False, "MD055": True, "MD056": True, "MD058": True}  # the table rules only


@dataclass(frozen=True)
class Tools:
    """Paths of the comparison tools (None when not installed) and their versions."""

    mdformat: Path | None
    markdownlint: Path | None
    markdownlint_config: Path | None
    versions: dict[str, str]


def install(root: Path, log=print) -> Tools:
    """Install what is missing under root (idempotent), then describe what is there."""
    root.mkdir(parents=True, exist_ok=True)
    _install_mdformat(root / "venv", log)
    _install_markdownlint(root / "node", log)
    return locate(root)


def _install_mdformat(venv: Path, log) -> None:
    """A venv with the pinned mdformat and mdformat-tables."""
    requirements = BENCH / "requirements-tools.txt"
    stamp = venv / ".installed"
    if stamp.exists() and stamp.read_text() == requirements.read_text():
        return
    log(f"installing mdformat into {venv}")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-r", str(requirements)],
                   check=True)
    stamp.write_text(requirements.read_text())


def _install_markdownlint(node: Path, log) -> None:
    """markdownlint-cli2 from the lock file, when npm is available."""
    lock = BENCH / "package-lock.json"
    stamp = node / ".installed"
    if stamp.exists() and stamp.read_text() == lock.read_text():
        return
    if shutil.which("npm") is None:
        log("npm not found: markdownlint-cli2 is left out")
        return
    log(f"installing markdownlint-cli2 into {node}")
    node.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(BENCH / name, node / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=node, check=True)
    stamp.write_text(lock.read_text())


def locate(root: Path) -> Tools:
    """The installed tools, a markdownlint-cli2 configuration with only the table rules, and versions."""
    mdformat = root / "venv" / "bin" / "mdformat"
    markdownlint = root / "node" / "node_modules" / ".bin" / "markdownlint-cli2"
    config = root / "table-rules.markdownlint-cli2.jsonc"
    config.write_text(json.dumps({"config": MARKDOWNLINT_RULES}, indent=2) + "\n")
    tools = Tools(mdformat if mdformat.exists() else None, markdownlint if markdownlint.exists() else None,
                  config, {})
    return Tools(tools.mdformat, tools.markdownlint, config, versions(tools))


def versions(tools: Tools) -> dict[str, str]:
    """Version strings of the comparison tools (and node)."""
    found: dict[str, str] = {}
    if tools.mdformat is not None:
        python = tools.mdformat.parent / "python"
        found["mdformat"] = _output([python, "-m", "pip", "show", "mdformat"], "Version: ")
        found["mdformat-tables"] = _output([python, "-m", "pip", "show", "mdformat-tables"], "Version: ")
    if tools.markdownlint is not None:
        found["markdownlint-cli2"] = _output([tools.markdownlint, "--help"], "markdownlint-cli2 ")
        found["node"] = _output(["node", "--version"], "")
    return found


def _output(argv: list, prefix: str) -> str:
    """The first output line starting with prefix, without it (markdownlint-cli2 --help exits 2)."""
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True)
    for line in (done.stdout + done.stderr).splitlines():
        if line.startswith(prefix):
            return line[len(prefix):].strip()
    return "?"
