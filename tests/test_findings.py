"""One place builds a finding: every Diagnostic is made by diagnostics.py (one function per code, message text in one
place), the same finding reads the same in both dialects, and the build's log line and `check`'s line are one form."""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import markdown
import pytest

from house_tables.extension import HouseTablesExtension
from house_tables.parsing import scan

PACKAGE = Path(__file__).resolve().parent.parent / "plugin" / "house_tables"


def test_only_diagnostics_py_constructs_a_diagnostic():
    """No module but diagnostics.py calls Diagnostic(...) (a new finding elsewhere would drift in wording; the
    language server's protocol type, `types.Diagnostic`, is another class)."""
    makers = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
            if called == "Diagnostic":
                makers.add(path.relative_to(PACKAGE).as_posix())
    assert makers == {"diagnostics.py"}


@pytest.mark.parametrize(("header", "delimiter"), [("| a | b | c |", "|---|---|"), ("| a |", "|---|---|")])
def test_a_delimiter_mismatch_reads_the_same_in_both_dialects(header, delimiter):
    """HT004's message differs only in the engine it names (it once said "1 cells" in one dialect)."""
    text = f"{header}\n{delimiter}\n| 1 | 2 |\n"
    messages = {dialect: [d.message for d in scan(text, dialect).diagnostics if d.code == "HT004"]
                for dialect in ("python-markdown", "mdx")}
    assert len(messages["mdx"]) == len(messages["python-markdown"]) == 1
    assert messages["mdx"][0].replace("MDX", "ENGINE") == messages["python-markdown"][0].replace("Python-Markdown",
                                                                                                 "ENGINE")
    assert " 1 cells" not in messages["mdx"][0]


def test_the_build_log_line_and_the_check_line_are_one_form(tmp_path, caplog):
    """The extension's logged finding and `check`'s text line for the same text are the same string."""
    from sites import run_cli

    text = "Text\n| a | b |\n|---|---|\n\n| c | d |\n|---|---|\n| 1 |\n"
    (tmp_path / "page.md").write_text(text, encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.house_tables"):
        markdown.markdown(text, extensions=["tables", HouseTablesExtension()])
    logged = sorted(record.getMessage().replace("<markdown>", "page.md") for record in caplog.records)
    _, output = run_cli(tmp_path, "check", "page.md")
    assert logged == sorted(line for line in output if " HT0" in line) and len(logged) == 3
