"""A real browser (Debian's headless Chromium, driven by playwright-core) shows the demo's house tables."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"


def test_demo_page_renders_house_tables_in_chromium(tmp_path):
    """Column widths follow the colgroup, backgrounds alternate, the accent border and weights apply."""
    out = tmp_path / "site"
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert build.returncode == 0, build.stderr
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot = ARTIFACTS / "demo.png"
    check = subprocess.run(["node", "browser_check.mjs", (out / "index.html").as_uri(), str(screenshot)],
                           cwd=ROOT / "tests", capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stderr
    report = json.loads(check.stdout)
    assert report["found"] and report["layout"] == "fixed"
    total = report["tableWidth"]
    for col, width in zip(report["cols"], report["headerWidths"]):
        assert abs(width - total * float(col.rstrip("%")) / 100) <= 2  # px, rounding and borders
    odd, even = "rgba(255, 255, 255, 0.02)", "rgba(255, 255, 255, 0.05)"
    expected = [odd if i % 2 == 0 else even for i in range(len(report["headerBackgrounds"]))]
    assert report["headerBackgrounds"] == expected
    assert report["bodyBackgrounds"] == expected
    assert report["accent"] == "rgb(213, 88, 22)" and report["accentWidth"] == "2px"
    assert set(report["headerWeights"]) == {"700"} and report["firstColumnWeight"] == "500"
    assert screenshot.stat().st_size > 1000
