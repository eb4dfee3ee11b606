"""Real `mkdocs build` subprocesses on the sites in site_fixtures/: warnings at file:line:col, strict mode."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bs4 import BeautifulSoup

from house_tables.convert import convert

from mkdocs_process import build, warnings

ROOT = Path(__file__).resolve().parents[1]
SITES = ROOT / "site_fixtures"


def test_positions_point_into_the_files_on_disk(tmp_path):
    """Front matter, MultiMarkdown meta, BOM+CRLF, containers and an earlier text-changing plugin."""
    site = SITES / "positions"
    result = build(site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    expected = (site / "expected-warnings.txt").read_text(encoding="utf-8").splitlines()
    assert warnings(result) == expected


def test_pages_show_house_tables(tmp_path):
    """Every pipe table of a page is rendered in the house style (containers included)."""
    result = build(SITES / "positions", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    soup = BeautifulSoup((tmp_path / "out" / "containers" / "index.html").read_text(encoding="utf-8"), "html.parser")
    tables = soup.select("div[role=main] table, .col-md-9 table") or soup.find_all("table")
    house = [t for t in tables if "border-collapse: collapse" in t.get("style", "")]
    assert len(house) == 5
    assert soup.find("div", class_="admonition").find("table") in house


def _copy(site: Path, tmp_path: Path) -> Path:
    """A writable copy of a fixture site."""
    target = tmp_path / site.name
    shutil.copytree(site, target)
    return target


def test_strict_fails_while_pipe_tables_remain_and_passes_once_converted(tmp_path):
    """`mkdocs build --strict` exits 1 with pipe tables; after converting the sources it exits 0."""
    site = _copy(SITES / "positions", tmp_path)
    assert build(site, tmp_path / "before", "--strict").returncode == 1
    for page in (site / "docs").glob("*.md"):
        raw = page.read_bytes().decode("utf-8")
        page.write_bytes(convert(raw, "python-markdown").text.encode("utf-8"))
    after = build(site, tmp_path / "after", "--strict")
    assert after.returncode == 0, after.stderr
    assert warnings(after) == []


def test_hand_written_jsx_renders_like_the_converted_pipe_table(tmp_path):
    """The JSX form written into a source renders, in MkDocs, exactly the HTML the pipe table got."""
    site = _copy(SITES / "positions", tmp_path)
    build(site, tmp_path / "pipe")
    for page in (site / "docs").glob("*.md"):
        page.write_text(convert(page.read_text(encoding="utf-8"), "python-markdown").text, encoding="utf-8")
    build(site, tmp_path / "jsx")
    for name in ("containers", "crlf-bom", "front-matter"):
        pipe = (tmp_path / "pipe" / name / "index.html").read_text(encoding="utf-8")
        jsx = (tmp_path / "jsx" / name / "index.html").read_text(encoding="utf-8")
        assert _tables(jsx) == _tables(pipe)


def _tables(html: str) -> list[str]:
    """Each table's HTML, whitespace between tags collapsed."""
    return [re.sub(r">\s+<", "><", str(t)) for t in BeautifulSoup(html, "html.parser").find_all("table")]


def test_level_info_lets_strict_pass(tmp_path):
    """`level: info` (gradual adoption): findings are logged at INFO, strict passes."""
    site = _copy(SITES / "positions", tmp_path)
    config = site / "mkdocs.yml"
    config.write_text(config.read_text().replace("  - house-tables\n", "  - house-tables:\n      level: info\n"))
    result = build(site, tmp_path / "out", "--strict")
    assert result.returncode == 0, result.stderr
    assert "HT001" in result.stderr


def test_a_table_the_engine_cut_from_a_line_still_fails_strict(tmp_path):
    """An unclosed quote in md_in_html makes the engine build a table from a cut line (`<div>x` of `<div>x</div>`):
    the build, `check` and the page agree that a pipe table is there (HT014), and nothing is converted."""
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "mkdocs.yml").write_text("site_name: cut\nmarkdown_extensions: [tables, md_in_html]\n"
                                     "plugins: [house-tables]\n", encoding="utf-8")
    page = site / "docs" / "index.md"
    page.write_text('<div markdown>\n| a | b |\n|---|---|\n| c | <a href=" |\n</div>\n| f | <a href=" |\n'
                    "<div>x</div>\n", encoding="utf-8")
    result = build(site, tmp_path / "out", "--strict")
    assert result.returncode == 1
    assert [line.split(" HT014 ")[0] for line in warnings(result)] == ["house_tables: docs/index.md:2:1:"]
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "<td>&lt;div&gt;x</td>" not in html and "<td><div>x</td>" in html  # the engine's own cut row
    before = page.read_bytes()
    assert convert(before.decode("utf-8"), "python-markdown").text == before.decode("utf-8")


def _finding_lines(lines: list[str]) -> list[str]:
    """`path:line:col: HTnnn message` of each finding among printed lines (a build's log or check's text)."""
    return sorted(match[1] for match in map(re.compile(r"^(?:WARNING\s+-\s+house_tables: )?(\S+:\d+:\d+: HT\d{3} .*)$")
                                             .match, lines) if match)


def test_build_and_check_name_the_same_files_when_mkdocs_yml_is_in_a_subdirectory(tmp_path):
    """mkdocs.yml in docs/ with its pages in docs/docs/ (as mealie's): `mkdocs build -f docs/mkdocs.yml` and
    `house-tables check docs` from the repository's root, and both from docs/, name each finding at the same
    file:line:col, relative to the current directory — a page's table and a snippet's, in text and JSON."""
    repo = tmp_path / "repo"
    (repo / "docs" / "docs").mkdir(parents=True)
    (repo / "docs" / "snippets").mkdir()
    (repo / "docs" / "mkdocs.yml").write_text(
        "site_name: t\ndocs_dir: docs\nplugins: [house-tables]\nmarkdown_extensions:\n  - tables\n"
        f"  - pymdownx.snippets: {{base_path: ['{repo / 'docs' / 'snippets'}']}}\n", encoding="utf-8")
    (repo / "docs" / "docs" / "index.md").write_text(
        "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n--8<-- \"part.md\"\n", encoding="utf-8")
    (repo / "docs" / "snippets" / "part.md").write_text("Part.\n\n| p | q |\n|---|---|\n| 3 | 4 |\n", encoding="utf-8")
    message = "HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"
    for here, config, pages, prefix in ((repo, "docs/mkdocs.yml", "docs", "docs/"), (repo / "docs", "mkdocs.yml",
                                                                                      "docs", "")):
        built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", config, "-d", str(tmp_path / "out")],
                               cwd=here, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        checked = subprocess.run([sys.executable, "-m", "house_tables", "check", "--no-cache", pages], cwd=here,
                                 capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        as_json = subprocess.run([sys.executable, "-m", "house_tables", "check", "--no-cache", "--format", "json",
                                  pages], cwd=here, capture_output=True, text=True, timeout=300,
                                 stdin=subprocess.DEVNULL)
        expected = [f"{prefix}docs/index.md:3:1: {message}", f"{prefix}snippets/part.md:3:1: {message}"]
        assert _finding_lines(built.stderr.splitlines()) == expected, built.stderr
        assert _finding_lines(checked.stdout.splitlines()) == expected, checked.stdout + checked.stderr
        document = json.loads(as_json.stdout)
        assert sorted(f"{d['path']}:{d['line']}:{d['column']}: {d['code']} {d['message']}"
                      for d in document["diagnostics"]) == expected


def test_a_site_whose_hook_reads_page_sources_builds_as_without_the_plugin(tmp_path):
    """MkDocs warns about every site where two plugins handle on_page_read_source (`Multiple 'on_page_read_source'
    handlers can't work`): the plugin handles no such event, so a site whose hook reads its pages' sources keeps
    its log and its pages (the hook's source, not the file's, is what MkDocs renders)."""
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "docs" / "index.md").write_text("# On disk\n", encoding="utf-8")
    (site / "hooks.py").write_text("def on_page_read_source(page, config):\n    return '# From the hook\\n'\n",
                                   encoding="utf-8")
    logs, pages = [], []
    for plugins in ("[]", "[house-tables]"):
        (site / "mkdocs.yml").write_text(f"site_name: t\nhooks: [hooks.py]\nplugins: {plugins}\n", encoding="utf-8")
        result = build(site, tmp_path / plugins, "--strict")
        assert result.returncode == 0, result.stderr
        logs.append([line for line in result.stderr.splitlines() if not line.startswith("INFO")])
        pages.append(BeautifulSoup((tmp_path / plugins / "index.html").read_text(encoding="utf-8"), "html.parser"))
    assert logs[1] == logs[0] == []
    assert pages[1].find("h1").get_text() == pages[0].find("h1").get_text() == "From the hook"


def test_a_source_a_hook_serves_is_not_taken_for_the_file_even_of_its_size(tmp_path):
    """The plugin places findings by the file's text, which it takes from what MkDocs read where that is as long as
    the file (plugin._file_text); a source a hook serves instead is not the file's even when it has the file's size:
    its table is placed at the file's line holding it, as check places it."""
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    lines = ["# A", "", "Text.", "", "| a | b |", "|---|---|", "| 1 | 2 |"]
    (site / "docs" / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    served = "\n".join([*lines[4:], "", "x" * 10]) + "\n"  # the table first, then a line no file holds: the same size
    assert len(served) == len("\n".join(lines) + "\n")
    (site / "hooks.py").write_text(f"def on_page_read_source(page, config):\n    return {served!r}\n", encoding="utf-8")
    (site / "mkdocs.yml").write_text("site_name: t\nhooks: [hooks.py]\nplugins: [house-tables]\n", encoding="utf-8")
    result = build(site, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert [line.split(": HT001")[0] for line in warnings(result)] == ["house_tables: docs/index.md:5:1"]


def test_a_page_that_is_not_utf8_stops_the_build_in_one_line_at_its_place(tmp_path):
    """MkDocs stops on a page that is not UTF-8 with a traceback; the plugin reports the first such byte at
    file:line:col instead, the place check reports, and the build aborts cleanly (exit 1, no traceback)."""
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "mkdocs.yml").write_text("site_name: t\nplugins: [house-tables]\n", encoding="utf-8")
    (site / "docs" / "index.md").write_text("# T\n", encoding="utf-8")
    (site / "docs" / "bad.md").write_bytes(b"\xef\xbb\xbf# Bad\r\n\r\n| \xc3\xa9 | caf\xe9 |\n")
    result = build(site, tmp_path / "out")
    line = "docs/bad.md:3:10: not valid UTF-8 (invalid continuation byte: byte 0xe9)"
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"ERROR   -  house_tables: {line}" in result.stderr.splitlines()
    checked = subprocess.run([sys.executable, "-m", "house_tables", "check", "--no-cache", "docs"], cwd=site,
                             capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert checked.stderr.splitlines() == [line]
