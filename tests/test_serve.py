"""`mkdocs serve` in a subprocess: the preview shows converted tables and re-warns correctly on each rebuild."""

import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site_fixtures" / "serve"


def _free_port() -> int:
    """A free localhost port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A running `mkdocs serve` whose stderr lines are collected."""

    def __init__(self, site: Path, *extra: str):
        self.port = _free_port()
        command = [sys.executable, "-m", "mkdocs", "serve", "-f", str(site / "mkdocs.yml"),
                   "-a", f"127.0.0.1:{self.port}", *extra]
        self.proc = subprocess.Popen(command, cwd=site, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Collect stderr."""
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, predicate, timeout: float = 60) -> None:
        """Poll until predicate() is true."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.2)
        raise AssertionError("timed out; server said:\n" + "\n".join(self.lines))

    def page(self, path: str = "") -> str:
        """The served page (empty while not available)."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=5) as response:
                return response.read().decode("utf-8")
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop the server."""
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _warnings(lines: list[str]) -> list[str]:
    """house-tables findings among server lines."""
    return [line.split("house_tables: ", 1)[1] for line in lines if "house_tables: " in line]


def _serve(tmp_path: Path, *extra: str) -> tuple[Server, Path]:
    """A server on a fresh copy of the serve site, once its first build is served."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server = Server(site, *extra)
    server.wait_for(lambda: "border-collapse: collapse" in server.page())
    return server, site


def _edit_and_wait(server: Server, page: Path, text: str, marker: str, path: str = "") -> list[str]:
    """Write page, wait until the preview shows marker, return the lines logged since the edit."""
    before = len(server.lines)
    page.write_text(text, encoding="utf-8")
    server.wait_for(lambda: marker in server.page(path))
    server.wait_for(lambda: any("Reloading" in line or "Built" in line or "built in" in line
                                for line in server.lines[before:]))
    time.sleep(0.5)
    return server.lines[before:]


def test_serve_previews_and_rewarns_at_the_new_line(tmp_path):
    """After an edit moves the table down, the preview is converted and the warning names the new line."""
    server, site = _serve(tmp_path)
    try:
        assert _warnings(server.lines).count("docs/index.md:3:1: HT001 pipe table (2 columns, 1 row) — the house "
                                             "style forbids Markdown pipe tables") == 1
        text = "# Serve\n\nA new paragraph.\n\nAnother.\n\n| name | value |\n|------|------:|\n| omega | 1 |\n"
        after = _edit_and_wait(server, site / "docs" / "index.md", text, "omega")
        found = _warnings(after)
        assert [w for w in found if w.startswith("docs/index.md")] == [
            "docs/index.md:7:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"]
        assert len([w for w in found if w.startswith("docs/other.md")]) == 1  # unchanged page, reported once
        assert "border-collapse: collapse" in server.page()
    finally:
        server.stop()


def test_serve_dirty_keeps_the_warnings_of_unchanged_pages(tmp_path):
    """With --dirty only the edited page is rebuilt, yet every page's findings are reported once."""
    server, site = _serve(tmp_path, "--dirty")
    try:
        text = "# Serve\n\n| name | value |\n|------|------:|\n| zeta | 1 |\n"
        after = _warnings(_edit_and_wait(server, site / "docs" / "index.md", text, "zeta"))
        assert sorted(w.split(":")[0] for w in after) == ["docs/index.md", "docs/other.md"]
    finally:
        server.stop()


def test_serve_strict_keeps_previewing(tmp_path):
    """`serve --strict` does not abort on house-tables findings: the preview follows every edit."""
    server, site = _serve(tmp_path, "--strict")
    try:
        text = "# Serve\n\n| name | value |\n|------|------:|\n| kappa | 1 |\n"
        after = _edit_and_wait(server, site / "docs" / "index.md", text, "kappa")
        assert any("HT001" in line and "INFO" in line for line in after)
        assert not any("Aborted" in line for line in server.lines)
    finally:
        server.stop()
