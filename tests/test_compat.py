"""Compatibility: MkDocs with the material theme, ProperDocs, plain Python-Markdown; MkDocs' `-q --strict` bug."""

import logging
import shutil
import subprocess
import sys
from pathlib import Path

import markdown

from house_tables.extension import HouseTablesExtension

from mkdocs_process import build, warnings

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "site_fixtures" / "positions"
EXPECTED = (POSITIONS / "expected-warnings.txt").read_text(encoding="utf-8").splitlines()


def _site(tmp_path: Path, theme: str = "mkdocs") -> Path:
    """A copy of the positions site with the given theme."""
    site = tmp_path / "positions"
    shutil.copytree(POSITIONS, site)
    config = site / "mkdocs.yml"
    config.write_text(config.read_text().replace("theme: mkdocs", f"theme: {theme}"))
    return site


def test_material_theme_same_warnings_and_house_tables(tmp_path):
    """With mkdocs-material (admonitions, content tabs, details) the findings and tables are the same."""
    result = build(_site(tmp_path, "material"), tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert warnings(result) == EXPECTED
    html = (tmp_path / "out" / "containers" / "index.html").read_text(encoding="utf-8")
    assert html.count("border-collapse: collapse") == 5


def test_properdocs_same_warnings(tmp_path):
    """ProperDocs (the maintained fork) loads the plugin and reports the same positions."""
    site = _site(tmp_path)
    command = [sys.executable, "-m", "properdocs", "build", "-f", str(site / "mkdocs.yml"), "-d", str(tmp_path / "o")]
    result = subprocess.run(command, cwd=site, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert warnings(result) == EXPECTED


def test_plain_python_markdown_extension(caplog):
    """`markdown_extensions: [house_tables]` alone converts tables and logs to an mkdocs.* logger."""
    md = markdown.Markdown(extensions=["tables", "admonition", HouseTablesExtension(style="plain")])
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        html = md.convert("!!! note\n\n    | a | b |\n    |---|--:|\n    | **1** | 2 |\n")
    assert '<div class="admonition note">' in html and "<table>" in html
    assert '<td style="text-align: right">2</td>' in html and "<strong>1</strong>" in html
    assert [(r.name, r.levelname) for r in caplog.records] == [("mkdocs.plugins.house_tables", "WARNING")]
    assert caplog.records[0].getMessage().startswith("<markdown>:3:5: HT001 pipe table (2 columns, 1 row)")


def test_extension_by_entry_point_name():
    """The entry point `house_tables` is what `markdown_extensions: [house_tables]` loads."""
    html = markdown.markdown("| a | b |\n|---|---|\n| 1 | 2 |\n", extensions=["tables", "house_tables"])
    assert "border-collapse: collapse" in html


def test_extension_listed_before_tables_and_align_attribute():
    """Listed before `tables` (or with `use_align_attribute`), the page's own table processor still records."""
    source = "| a | b |\n|:-:|---|\n| `x|y` | 2 |\n"
    first = markdown.markdown(source, extensions=["house_tables", "tables"])
    assert first.count("border-collapse: collapse") == 1 and "<code>x|y</code>" in first
    aligned = markdown.markdown(source, extensions=["tables", "house_tables"],
                                extension_configs={"tables": {"use_align_attribute": True}})
    assert 'align="center"' not in aligned and "text-align: center" in aligned


def test_mkdocs_quiet_strict_bug_and_the_cli_gate(tmp_path):
    """MkDocs' own bug: `-q --strict` exits 0 despite warnings; `house-tables check` is the CI gate."""
    site = _site(tmp_path)
    assert build(site, tmp_path / "a", "--strict").returncode == 1
    assert build(site, tmp_path / "b", "-q", "--strict").returncode == 0  # the bug: warnings not counted
    check = subprocess.run([sys.executable, "-m", "house_tables", "check", str(site / "docs")],
                           capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert check.returncode == 1


def test_extension_levels_keep_error_codes_errors(caplog):
    """`level: info` lowers HT001 to INFO, but HT008 (a bad directive, error severity) stays an ERROR; `levels`
    sets one code's level, `ignore` drops it — the CLI's rule (config.reported_level)."""
    text = "<!-- house-tables: widths=1 -->\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| c | d |\n|---|---|\n| 3 |\n"
    md = markdown.Markdown(extensions=["tables", HouseTablesExtension(level="info", levels={"HT003": "ignore"})])
    with caplog.at_level(logging.INFO, logger="mkdocs"):
        md.convert(text)
    levels = sorted((r.getMessage().split()[1], r.levelname) for r in caplog.records)
    assert levels == [("HT001", "INFO"), ("HT001", "INFO"), ("HT008", "ERROR")]
