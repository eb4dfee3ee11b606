"""Fixture files: tests/fixtures/diagnostics/<case>.md|.mdx -> <case>.warnings (one finding per line).

A `<case>.both.md` fixture is also read as MDX (cross_check=True), which adds HT007; a
`<case>.convert.md` fixture is converted, and its findings are the conversion's (HT008-HT010).
Set HOUSE_TABLES_REGEN=1 to write the .warnings files from the current output (then review the diff).
"""

import os
from pathlib import Path

import pytest

from house_tables.codes import CODES
from house_tables.convert import convert
from house_tables.parsing import scan

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "diagnostics"
SOURCES = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".md", ".mdx"))


def _findings(path: Path) -> str:
    """The findings of a fixture, one `line:col: CODE message` per line."""
    dialect = "mdx" if path.suffix == ".mdx" else "python-markdown"
    text = path.read_text(encoding="utf-8")
    if ".convert." in path.name:
        result = convert(text, dialect)
    else:
        result = scan(text, dialect, cross_check=".both." in path.name)
    return "".join(f"{d.position}: {d.code} {d.message}\n" for d in result.diagnostics)


@pytest.mark.parametrize("path", SOURCES, ids=[p.name for p in SOURCES])
def test_fixture_warnings(path):
    """The findings equal the fixture's .warnings file."""
    expected = path.with_name(path.name.rsplit(".", 1)[0] + ".warnings")
    if os.environ.get("HOUSE_TABLES_REGEN"):
        expected.write_text(_findings(path), encoding="utf-8")
    assert _findings(path) == expected.read_text(encoding="utf-8")


def test_every_code_has_a_fixture():
    """Each stable code appears in at least one fixture's expected warnings."""
    seen = "".join(p.read_text(encoding="utf-8") for p in FIXTURES.glob("*.warnings"))
    assert [code for code in CODES if f" {code} " not in seen] == []
