"""Text a plugin converts on its own while a page is built, with the page's Markdown extensions: markdown-exec converts
a fence's output (and an `md exec` fence's text), mkdocstrings each docstring. The build reports their tables (the
house-tables extension is one of the extensions), but no line of the page holds them: they are reported at line 1 of
the page, saying whose text holds them and at which of its lines (the build placed them at the text's own line, as
if it were the page's). check reads the page's own text, and a nested conversion does not change what it reads."""

from __future__ import annotations

from sites import PythonName, build_site, run_cli, write_site

MODULE = '''"""A module.

| Option | Meaning |
|---|---|
| `a` | the first |
"""


def f(x):
    """Do f.

    Text first.

    | x | f(x) |
    |---|---|
    | 1 | 2 |
    """
'''

PAGE = (
    "# T\n\n"
    "| a | b |\n|---|---|\n| 1 | 2 |\n\n"
    '```python exec="1"\nprint("| c | d |\\n|---|---|\\n| 3 | 4 |")\n```\n\n'
    '```md exec="1"\nText.\n| e | f |\n|---|---|\n| 5 | 6 |\n```\n\n'
    "::: mod\n"
)


def _nested(by: str, line: int, code: str = "HT001 pipe table (2 columns, 1 row) — the house style forbids "
            "Markdown pipe tables") -> str:
    return (f"house_tables: docs/index.md:1:1: {code} (in text {by} converted on its own while this page was built, "
            f"at its line {line}; no line of the page holds it)")


NEAR_MISS = "HT005 this table follows a line of text directly: Python-Markdown renders no table"


def test_tables_a_plugin_converts_on_its_own_are_reported_at_line_1_naming_the_text(tmp_path):
    """markdown-exec's and mkdocstrings' tables: line 1 of the page, whose text and at which line (the build said
    `docs/index.md:3:1` for the docstring table, a line of the page that holds the page's own table)."""
    config = write_site(tmp_path / "site", {"index.md": PAGE}, files={"pkg/mod.py": MODULE}, snippets=False)
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("plugins:\n- search\n", "plugins:\n- search\n- markdown-exec\n- mkdocstrings:\n"
                                   "    handlers:\n      python:\n        paths: [pkg]\n"), encoding="utf-8")
    build = build_site(config, tmp_path / "out")
    assert sorted(build.findings()) == sorted([
        "house_tables: docs/index.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown "
        "pipe tables",
        _nested("markdown_exec", 1), _nested("markdown_exec", 2, NEAR_MISS),
        _nested("mkdocstrings", 3), _nested("mkdocstrings", 5)])
    code, lines = run_cli(tmp_path / "site", "check", "docs")
    assert code == 1
    assert [line for line in lines if ": HT" in line] == [
        "docs/index.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"]


CUSTOM_FENCE = {"pymdownx.superfences": {"custom_fences": [
    {"name": "md", "class": "md", "format": PythonName("markdown_exec.formatter"),
     "validator": PythonName("markdown_exec.validator")}]}}


def test_a_fence_converted_while_check_reads_the_page_leaves_its_hand_tables(tmp_path):
    """A site that makes markdown-exec a fence of pymdownx.superfences (its documented set-up without the plugin):
    check converts the page with that stack, the fence's Markdown is converted inside it, and check read the
    hand-written tables of the fence's text instead of the page's (the table the build reports left alone, check
    did not see)."""
    page = ('# T\n\n```md exec="1"\n| e | f |\n|---|---|\n| 5 | 6 |\n```\n\n'
            "<table>\n<tr><td>x</td></tr>\n</table>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    config = write_site(tmp_path / "site", {"index.md": page}, extensions=["tables", CUSTOM_FENCE], snippets=False)
    build = build_site(config, tmp_path / "out")
    own = [line.removeprefix("house_tables: ") for line in build.findings() if "no line of the page" not in line]
    code, lines = run_cli(tmp_path / "site", "check", "docs")
    assert code == 1
    assert [line for line in lines if ": HT" in line] == own == [
        "docs/index.md:10:1: HT013 hand-written table left alone: <tr> is not one element on its own line",
        "docs/index.md:13:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"]
    assert len(build.findings()) == 3  # and the fence's table, at line 1 of the page

