"""The JSON output's `tables` list names every table the build reports, where check's text output and the build
report it: the file's own tables, a table a hook changed in a row (no constant place in the file: it was left out
of the list, though reported), a snippet's table (at its line in the snippet) and a table a hook made (at the line
that made it)."""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sites import build_site, run_cli, write_site
from strategies import site_page, snippet_files

HOOK = """def on_page_markdown(markdown, **kwargs):
    return markdown.replace("{version}", "1.2.3").replace("{{ table }}", "| m | n |\\n|---|---|\\n| 7 | 8 |")
"""
PAGE = ("# H\n\n| what | value |\n|---|---|\n| version | {version} |\n\n| c | d |\n|---|---|\n| 1 | 2 |\n\n"
        '--8<-- "part.md"\n\nBetween.\n\n{{ table }}\n\nEnd.\n')
PART = "Part.\n\n| p | q |\n|---|---|\n| 3 | 4 |\n| 5 | 6 |\n"
_PLACE = re.compile(r"^(?:house_tables: )?(\S+?):(\d+):\d+: HT001 ")


def _site(tmp_path):
    config = write_site(tmp_path / "site", {"index.md": PAGE}, files={"hooks.py": HOOK, "snippets/part.md": PART})
    config.write_text(config.read_text(encoding="utf-8") + "hooks: [hooks.py]\n", encoding="utf-8")
    return config


def _places(lines: list[str]) -> list[tuple[str, int]]:
    """(path, line) of every HT001 of text output or a build's log, in their order."""
    return [(match[1], int(match[2])) for match in map(_PLACE.match, lines) if match]


@pytest.mark.parametrize("verify", [False, True])
def test_the_json_tables_are_the_tables_the_build_reports(tmp_path, verify):
    config = _site(tmp_path)
    built = sorted(_places(build_site(config, tmp_path / "out").findings()))
    assert built == [("docs/index.md", 3), ("docs/index.md", 7), ("docs/index.md", 15), ("snippets/part.md", 3)]
    options = ("--verify",) if verify else ()
    _, text = run_cli(tmp_path / "site", "check", *options, "docs")
    _, output = run_cli(tmp_path / "site", "check", *options, "--format", "json", "docs")
    document = json.loads("\n".join(output))
    assert _places(text) == built  # listed in this order
    assert [(table["path"], table["line"]) for table in document["tables"]] == built
    assert [(table["line"], table["end_line"], table["columns"], table["rows"]) for table in document["tables"]] == [
        (3, 5, 2, 1), (7, 9, 2, 1), (15, 15, 2, 1), (3, 6, 2, 2)]


def test_fix_lists_the_tables_it_left(tmp_path):
    """After fix, the tables the page still shows: the one the hook changes (refused, HT009), the hook's own, the
    snippet's (the snippet is not among the paths fixed)."""
    _site(tmp_path)
    _, output = run_cli(tmp_path / "site", "fix", "--format", "json", "docs")
    document = json.loads("\n".join(output))
    _, text = run_cli(tmp_path / "site", "check", "docs")
    assert [(table["path"], table["line"]) for table in document["tables"]] == _places(text) == [
        ("docs/index.md", 3), ("docs/index.md", 30), ("snippets/part.md", 3)]


@settings(max_examples=max(15, int(os.environ.get("HOUSE_TABLES_FUZZ", "15")) // 100), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(site_page(callouts=True), snippet_files(), st.booleans())
def test_generated_pages_list_a_table_for_every_pipe_table_finding(page, files, token):
    """Generated pages (strategies.site_page: snippets, containers, callouts, raw tables), read through a hook (and
    a row it changes): the JSON lists a table at the path and line of each HT001 of the text output, in its order."""
    if token:
        page += "\n| t | v |\n|---|---|\n| version | {version} |\n"
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        config = write_site(root, {"index.md": page}, files={**files, "hooks.py": HOOK})
        config.write_text(config.read_text(encoding="utf-8") + "hooks: [hooks.py]\n", encoding="utf-8")
        _, text = run_cli(root, "check", "docs")
        _, output = run_cli(root, "check", "--format", "json", "docs")
    document = json.loads("\n".join(output))
    assert [(table["path"], table["line"]) for table in document["tables"]] == _places(text)
