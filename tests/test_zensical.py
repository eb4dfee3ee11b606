"""Zensical (the installable 0.0.x) runs the `house_tables` Markdown extension: findings name the page's file and its
lines on disk (Zensical strips front matter before Python-Markdown sees the page), the tables get the house
style, and what Zensical's `--strict` does with the findings is pinned (it does not count them)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bs4 import BeautifulSoup

from sites import check_site, house_styled, run_cli, unstyled

ZENSICAL = Path(sys.executable).with_name("zensical")
FINDING = re.compile(r"^(?:\S+ +-  house_tables: )?(\S+:\d+:\d+: HT\d{3} .*)$")

PAGES = {
    "index.md": "---\ntitle: Home\n---\n\n# Home\n\nText.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    "guide/setup.md": ("# Setup\n\n!!! note\n\n    | x | y |\n    |---|---|\n    | 3 |\n\n"
                       "<table><tr><td>raw</td></tr></table>\n\nText\n| p | q |\n|---|---|\n"),
}


def _write(root: Path) -> None:
    (root / "zensical.toml").write_text(
        '[project]\nsite_name = "Z"\n'
        'markdown_extensions = { admonition = {}, tables = {}, house_tables = {} }\n', encoding="utf-8")
    for name, text in PAGES.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _build(root: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(ZENSICAL), "build", "--clean", *options], cwd=root, capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL, check=False)


def _findings(output: str) -> list[str]:
    return sorted(match.group(1) for line in output.splitlines() if (match := FINDING.match(line.strip())))


def test_zensical_findings_name_the_file_and_agree_with_check(tmp_path):
    """Every finding of the build names the page's file (docs/...) at its line on disk — front matter counted —
    and the build's findings are exactly `house-tables check docs`'s."""
    _write(tmp_path)
    built = _build(tmp_path)
    found = _findings(built.stdout + built.stderr)
    code, checked = check_site(tmp_path, "docs")
    assert built.returncode == 0 and code == 1
    assert found == _findings("\n".join(checked))
    assert "docs/index.md:9:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables" \
        in found
    assert any(line.startswith("docs/guide/setup.md:7:5: HT003 ") for line in found)
    assert any(line.startswith("docs/guide/setup.md:12:1: HT005 ") for line in found)
    assert not any("<markdown>" in line for line in (built.stdout + built.stderr).splitlines())


def test_zensical_renders_the_house_style_and_leaves_raw_html_alone(tmp_path):
    """The pipe tables Zensical renders carry the house style; a raw HTML table is as written."""
    _write(tmp_path)
    assert _build(tmp_path).returncode == 0
    index = BeautifulSoup((tmp_path / "site" / "index.html").read_text(encoding="utf-8"), "html.parser")
    setup = BeautifulSoup((tmp_path / "site" / "guide" / "setup" / "index.html").read_text(encoding="utf-8"),
                          "html.parser")
    (table,) = index.select("article table") or index.select("table")
    assert "border-collapse: collapse" in table.get("style", "") and table.find("colgroup") is not None
    raw = [t for t in setup.find_all("table") if t.get_text(strip=True) == "raw"]
    assert len(raw) == 1 and raw[0].get("style") is None and raw[0].find("colgroup") is None


def test_zensical_strict_does_not_count_the_findings(tmp_path):
    """Zensical 0.0.73's `--strict` counts its own warnings only: with findings logged the build still exits 0, so
    the gate in CI is `house-tables check` (exit 1), as the README says."""
    _write(tmp_path)
    built = _build(tmp_path, "--strict")
    assert built.returncode == 0 and _findings(built.stdout + built.stderr)


# D4Vinci/Scrapling's docs: a zensical.toml and no mkdocs.yml, the pymdownx extensions as nested tables, functions
# named as strings (Zensical resolves them), the READMEs beside the pages left out by exclude_docs.
TOML_SITE = '''[project]
site_name = "Z"
exclude_docs = """
README*.md
"""
[project.markdown_extensions.admonition]
[project.markdown_extensions.pymdownx.superfences]
[project.markdown_extensions.pymdownx.tabbed]
alternate_style = true
[project.markdown_extensions.pymdownx.emoji]
emoji_index = "zensical.extensions.emoji.twemoji"
emoji_generator = "zensical.extensions.emoji.to_svg"
[project.markdown_extensions.tables]
'''
TOML_PAGES = {
    "index.md": ('# T\n\n=== "One"\n\n    | a | b |\n    |---|---|\n    | [x](other.md) | :smile: |\n\n'
                 "| c | d |\n|:--|--:|\n| `1` | 2 |\n"),
    "other.md": "# Other\n",
    "README_DE.md": "# Liesmich\n\n| e | f |\n|---|---|\n| 5 | 6 |\n",
}


def _write_toml_site(root: Path, *, house_tables: bool) -> None:
    extension = "[project.markdown_extensions.house_tables]\n" if house_tables else ""
    root.mkdir(parents=True, exist_ok=True)
    (root / "zensical.toml").write_text(TOML_SITE + extension, encoding="utf-8")
    for name, text in TOML_PAGES.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _built_and_checked(tmp_path: Path, write) -> tuple[Path, Path, list[str], tuple[int, list[str]]]:
    """The site write makes, built without house_tables (plain) and with it (house): the two directories, the house
    build's findings and `check docs` run there."""
    plain, house = tmp_path / "plain", tmp_path / "house"
    write(plain, house_tables=False)
    assert _build(plain).returncode == 0
    write(house, house_tables=True)
    built = _build(house)
    return plain, house, _findings(built.stdout + built.stderr), check_site(house, "docs")


def test_a_zensical_toml_without_the_extension_keeps_its_tables(tmp_path):
    """The command line knew no zensical.toml: such a site was read with "configuration: defaults", and fix wrote
    JSX tables that Zensical's build, whose stack lists no house_tables, passed on as raw HTML (`style={{...}}`:
    no styles, no alignment). zensical.toml is the site's configuration now: fix leaves the tables (HT009)."""
    _write_toml_site(tmp_path, house_tables=False)
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert code == 1 and lines[-1].endswith("configuration: zensical.toml (Markdown stack)")
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == TOML_PAGES["index.md"]
    assert _build(tmp_path).returncode == 0
    assert "style={{" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_a_zensical_toml_site_is_read_with_its_stack(tmp_path):
    """With house_tables in zensical.toml, check reads the pages with its stack and its exclude_docs, as the build
    does: the table under a content tab is found (MkDocs' usual stack reads it as code), README_DE.md is no page.
    fix converts both tables and the rebuilt page shows what the site showed without house-tables (the link
    resolved, the emoji drawn), house styles aside."""
    plain, tmp_path, found, (code, checked) = _built_and_checked(tmp_path, _write_toml_site)
    assert found == _findings("\n".join(checked)) and len(found) == 2
    assert checked[-1] == "2 findings (2 pipe tables) in 2 files; configuration: zensical.toml (Markdown stack with " \
                          "house_tables)"
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert (code, lines[-1]) == (0, "1 file fixed (2 tables, 8 cells verified), 1 unchanged; no findings left in 2 "
                                    "files; configuration: zensical.toml (Markdown stack with house_tables)")
    rebuilt = _build(tmp_path)
    assert rebuilt.returncode == 0 and _findings(rebuilt.stdout + rebuilt.stderr) == []
    after = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert len(house_styled(BeautifulSoup(after, "html.parser"))) == 2
    assert unstyled(after) == unstyled((plain / "site" / "index.html").read_text(encoding="utf-8"))


def test_a_zensical_toml_without_markdown_extensions_is_read_with_zensical_defaults(tmp_path):
    """Without `markdown_extensions` Zensical renders pages with its own default stack (admonition, tabbed,
    details, def_list, ...), not MkDocs': check finds the tables the built pages show, the one in a note and the
    one under a content tab among them (MkDocs' usual stack reads both as code)."""
    (tmp_path / "zensical.toml").write_text('[project]\nsite_name = "Z"\n', encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        '# T\n\n!!! note\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n\n=== "One"\n\n    | c | d |\n'
        "    |---|---|\n    | 3 | 4 |\n\n| e | f |\n|---|---|\n| 5 | 6 |\n", encoding="utf-8")
    assert _build(tmp_path).returncode == 0
    built = BeautifulSoup((tmp_path / "site" / "index.html").read_text(encoding="utf-8"), "html.parser")
    code, checked = check_site(tmp_path, "docs")
    assert code == 1
    assert len(built.select("article table") or built.find_all("table")) == 3
    assert [line.split(" HT001 ")[0] for line in checked[:-1]] == [
        "docs/index.md:5:5:", "docs/index.md:11:5:", "docs/index.md:15:1:"]


# MkDocs plugins Zensical emulates with Markdown extensions of its own: `callouts` is `pymdownx.quotes` with callouts
# there, `include-markdown` is pymdownx.snippets with an adapter. check read them as MkDocs plugins: callouts made it
# load the zensical.toml as an mkdocs.yml (an internal error on every page), and the table a page includes was missed.
EMULATED_TOML = '''[project]
site_name = "Z"
markdown_extensions = { admonition = {}, tables = {}HOUSE }
[project.plugins.callouts]
[project.plugins.include-markdown]
'''
EMULATED_PAGES = {
    "index.md": ("# Home\n\n> [!NOTE]\n> | a | b |\n> |---|---|\n> | 1 | [o](other.md) |\n\n"
                 "> [!TIP] A title\n> Text\n>\n> | c | d |\n> |---|---|\n> | 3 | 4 |\n\n"
                 '{% include-markdown "../includes/part.md" %}\n'),
    "other.md": "# Other\n\n| e | f |\n|:--|--:|\n| 5 | 6 |\n",
    "../includes/part.md": "| g | h |\n|---|---|\n| 7 | 8 |\n",
}


def _write_emulated_site(root: Path, *, house_tables: bool) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "zensical.toml").write_text(EMULATED_TOML.replace("HOUSE", ", house_tables = {}" if house_tables else ""),
                                        encoding="utf-8")
    for name, text in EMULATED_PAGES.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_plugins_zensical_emulates_are_read_as_zensical_reads_them(tmp_path):
    """check reads the Markdown stack Zensical's own reader makes of zensical.toml, the extensions it makes of the
    plugins it emulates included: its findings are the build's (the callouts' tables, the included file's), and the
    pages fix rewrites show what they showed, house styles aside."""
    plain, tmp_path, found, (code, checked) = _built_and_checked(tmp_path, _write_emulated_site)
    assert code == 1 and found == _findings("\n".join(checked))
    assert sorted(line.split(" HT001 ")[0] for line in found) == [
        "docs/index.md:11:3:", "docs/index.md:4:3:", "docs/other.md:3:1:", "includes/part.md:1:1:"]
    code, lines = run_cli(tmp_path, "fix", "docs", "includes")
    assert code == 0, lines
    rebuilt = _build(tmp_path)
    assert rebuilt.returncode == 0 and _findings(rebuilt.stdout + rebuilt.stderr) == []
    for page in ("index.html", "other/index.html"):
        after = (tmp_path / "site" / page).read_text(encoding="utf-8")
        assert unstyled(after) == unstyled((plain / "site" / page).read_text(encoding="utf-8"))
    assert len(house_styled(BeautifulSoup((tmp_path / "site" / "index.html").read_text(encoding="utf-8"),
                                          "html.parser"))) == 3


def test_a_zensical_toml_zensical_cannot_read_is_one_line(tmp_path):
    """Zensical's own reader refuses the file: one line naming it, no traceback, nothing read."""
    (tmp_path / "zensical.toml").write_text('[project]\nsite_name = "Z"\nplugins = 3\n', encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "house_tables", "check", "docs"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["zensical.toml: ConfigurationError: plugins must be a list or mapping"]


MACROS_TOML = ('[project]\nsite_name = "Z"\nmarkdown_extensions = { tables = {}, house_tables = {} }\n'
               '[project.extra]\nproduct = "Kluster"\n[project.plugins.macros]\n')
MACROS_PAGE = "# Welcome {{ product }}\n\n| a | b |\n|---|---|\n| 1 | `x` |\n\nPrice {{ product }}.\n"


def test_a_zensical_site_with_macros_gets_its_tables_in_raw_blocks(tmp_path):
    """Zensical renders a page's Jinja in a preprocessor of its stack (its emulation of mkdocs-macros-plugin): fix
    refused the table (HT009, the house table's `{{`); it writes it inside a raw block now, verified by the stack's
    own rendering (no second one before it: the page turned into "Macro Syntax Error" there), and the page built
    after shows what it showed."""
    (tmp_path / "zensical.toml").write_text(MACROS_TOML, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(MACROS_PAGE, encoding="utf-8")
    assert _build(tmp_path).returncode == 0
    before = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert run_cli(tmp_path, "fix", "docs")[0] == 0
    assert "{% raw %}\n\n<table" in (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    assert _build(tmp_path).returncode == 0
    after = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Welcome Kluster" in after and unstyled(after) == unstyled(before)
