"""Sites whose plugins rewrite a page's Markdown before Python-Markdown reads it: mkdocs-callouts and
mkdocs-github-admonitions-plugin make a `> [!NOTE]` callout (and GitLab's `>>> [!tip]` block) an admonition whose
body is indented by four spaces. A table right under the callout's first line is a table in the build (an
admonition's body), where the page as written is a quote whose text runs into the table's rows (no table).

check and fix read the page as those plugins make it, and place what they find on the file's own lines; the build
places its findings there too (not at the callout, as "text a plugin made"). fix converts the tables under the
file's own `> ` prefixes, and the site built after it shows what it showed."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.config import Config
from house_tables.convert import convert

from sites import build_site, run_cli, unstyled, write_site
from strategies import site_page, snippet_files

CALLOUTS = (
    "# Callouts\n\n"
    "> [!NOTE]\n> | a | b |\n> |---|--:|\n> | 1 | [home](index.md) |\n\n"
    "> [!WARNING] Careful\n> Text first.\n>\n> | c | d |\n> |---|---|\n> | `x\\|y` | **2** |\n\n"
    "> plain quote\n>\n> | e | f |\n> |---|---|\n> | 5 | 6 |\n\n"
    "- item\n\n    > [!TIP]\n    > | g | h |\n    > |---|---|\n    > | 7 | 8 |\n\n"
    "> [!NOTE]\n> A note without a table.\n\n"
    "Text[^1] after.\n\n[^1]: A footnote.\n"
)
GITLAB = "\n>>> [!tip] Title\n| i | j |\n|---|---|\n| 9 | 10 |\n>>>\n"
PAGES = {"callouts": {"index.md": CALLOUTS},
         "gh-admonitions": {"index.md": CALLOUTS + GITLAB}}
# What each plugin makes of the page: gh-admonitions reads a callout at the start of a line only, so the one in
# the list item stays a quote whose text runs into the rows (no table, HT005, in check and in the build alike).
FOUND = {"callouts": ["4:3: HT001", "11:3: HT001", "17:3: HT001", "24:7: HT001"],
         "gh-admonitions": ["4:3: HT001", "11:3: HT001", "17:3: HT001", "24:7: HT005", "36:1: HT001"]}


def _site(root: Path, plugin: str, *, house: bool = True, pages: dict | None = None, files: dict | None = None) -> Path:
    """A site whose plugins are the rewriting plugin, then house-tables (or not)."""
    config = write_site(root, pages or PAGES[plugin], plugin=house, files=files)
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("plugins:\n- search\n", f"plugins:\n- search\n- {plugin}\n"), encoding="utf-8")
    assert f"- {plugin}\n" in config.read_text(encoding="utf-8")
    return config


def _place(finding: str) -> str:
    """`4:3: HT001` of `docs/index.md:4:3: HT001 pipe table ...`."""
    where, code = finding.split()[:2]
    return f"{where.removeprefix('docs/index.md:')} {code}"


def _logged(build) -> list[str]:
    """The build's findings as check prints them (path:line:col: CODE message)."""
    return sorted(line.removeprefix("house_tables: ") for line in build.findings())


@pytest.mark.parametrize("plugin", sorted(PAGES))
def test_check_reads_the_page_as_the_plugin_makes_it(tmp_path, plugin):
    """Every table under a callout is a table, found at its own line and column of the file, by check and by the
    build alike (check said HT005 under `> [!NOTE]`: a quote's text running into the rows; the build placed its
    findings at column 1 as text no file holds)."""
    config = _site(tmp_path / "site", plugin)
    build = build_site(config, tmp_path / "out")
    code, lines = run_cli(tmp_path / "site", "check", "docs")
    found = sorted(line for line in lines if ": HT" in line)
    assert code == 1
    assert found == _logged(build)
    assert sorted(map(_place, found)) == sorted(FOUND[plugin])


@pytest.mark.parametrize("plugin", sorted(PAGES))
def test_fix_converts_under_callouts_and_the_site_shows_the_same(tmp_path, plugin):
    """fix converts every table, each under its own prefix in the file; the site built after it is the site built
    before it, page for page (the plugin converting at build time), and, house styles aside, the site without
    house-tables at all."""
    config = _site(tmp_path / "site", plugin)
    plain = build_site(_site(tmp_path / "plain", plugin, house=False), tmp_path / "plain-out")
    before = build_site(config, tmp_path / "before")
    tables = sum(" HT001" in place for place in FOUND[plugin])
    left = [place for place in FOUND[plugin] if " HT001" not in place]
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == (1 if left else 0), lines
    assert lines[0].startswith(f"docs/index.md: {tables} tables, ")
    written = (tmp_path / "site" / "docs" / "index.md").read_text(encoding="utf-8")
    assert written.count("|---|") == len(left)
    assert "> [!NOTE]\n> <table style={{" in written
    assert "\n<table style={{" in written if plugin == "gh-admonitions" else "    > [!TIP]\n    > <table" in written
    after = build_site(config, tmp_path / "after")
    assert after.pages == before.pages
    assert unstyled(str(after.main("index.html"))) == unstyled(str(plain.main("index.html")))
    assert len(after.main("index.html").select("div.admonition table")) == tables - 1
    code, lines = run_cli(tmp_path / "site", "check", "docs")
    found = sorted(line for line in lines if ": HT" in line)
    assert code == (1 if left else 0), lines
    assert found == _logged(after)
    assert [_place(line).split()[1] for line in found] == [place.split()[1] for place in left]
    assert f"hand-written tables: {tables} in the house style" in lines[-1]


DRIFTING = convert("| a | b |\n|---|---|\n| 1 | 2 |\n", "python-markdown", Config()).text.replace(
    "#d55816", "#d55817", 1)  # a house JSX table whose header row's border drifts
# Hand-written tables with a line mkdocs-callouts rewrites inside them (it makes a `> [!TYPE]` line `!!! type` wherever
# it stands), and a drifting one under a callout (its lines moved into the admonition's indentation: columns shift).
HAND_TABLES = (
    "# Hand\n\n<table>\n> [!NOTE]\n<tr><td>x</td></tr>\n</table>\n\ntext\n\n"
    "<table>\n  <tr>\n> [!TIP] A title\n    <td>y</td>\n  </tr>\n</table>\n\n"
    '<table style={{width: "100%"}}>\n  <tbody>\n> [!WARNING]\n    <tr>\n      <td>z</td>\n    </tr>\n  </tbody>\n'
    "</table>\n\n"
    "> [!NOTE]\n" + "".join(f"> {line}\n" for line in DRIFTING.splitlines())
)


def test_a_line_callouts_rewrites_inside_a_hand_written_table_is_quoted_as_the_file_holds_it(tmp_path):
    """The build reviewed such a table in the page as the plugin made it, quoting `!!! note` (a line no file holds,
    with the note saying so) where check quotes the file's `> [!NOTE]`: now the build reviews the table as the file
    holds it, as check does, and the two give the same findings."""
    config = _site(tmp_path / "site", "callouts", pages={"index.md": HAND_TABLES})
    build = build_site(config, tmp_path / "out")
    code, lines = run_cli(tmp_path / "site", "check", "docs")
    found = sorted(line for line in lines if ": HT" in line)
    assert code == 1
    assert found == _logged(build)
    assert sorted(found, key=lambda line: int(line.split(":")[1])) == [
        "docs/index.md:4:1: HT013 hand-written table left alone: '> [!NOTE]' is not one element on its own line",
        "docs/index.md:12:1: HT013 hand-written table left alone: '> [!TIP] A title' is not one element on its own "
        "line",
        "docs/index.md:19:1: HT013 hand-written table left alone: '> [!WARNING]' is not one element on its own line",
        'docs/index.md:33:7: HT012 header <tr> has borderBottom "2px solid #d55817", not "2px solid #d55816"']


SETTINGS = settings(max_examples=max(15, int(os.environ.get("HOUSE_TABLES_FUZZ", "15")) // 100), deadline=None,
                    database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(site_page(callouts=True), snippet_files(), st.sampled_from(sorted(PAGES)))
def test_generated_callout_pages_check_agrees_and_fix_keeps_the_page(page, files, plugin):
    """Generated pages (strategies.site_page) with pieces under callouts: check gives exactly the build's findings
    (codes, lines, columns); fix, then the build, shows the page the build showed before, house styles aside."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        config = _site(root, plugin, pages={"index.md": page}, files=files)
        before = build_site(config, root / "before")
        _, checked = run_cli(root, "check", "docs")
        code, fixed = run_cli(root, "fix", "docs")
        after = build_site(config, root / "after")
    assert sorted(line for line in checked if ": HT" in line) == _logged(before)
    assert code in (0, 1), fixed
    assert unstyled(str(after.main("index.html"))) == unstyled(str(before.main("index.html")))
