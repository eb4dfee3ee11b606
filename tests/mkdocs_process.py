"""`mkdocs build` as a real subprocess, and the warnings it prints (shared by the site tests)."""

import re
import subprocess
import sys
from pathlib import Path


def build(site: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    """Run `mkdocs build` on a site directory."""
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(site / "mkdocs.yml"), "-d", str(out), *extra]
    return subprocess.run(command, cwd=site, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)


def warnings(result: subprocess.CompletedProcess) -> list[str]:
    """The WARNING lines MkDocs printed, without the level prefix."""
    return [re.sub(r"^WARNING\s+-\s+", "", line) for line in result.stderr.splitlines() if line.startswith("WARNING")]
