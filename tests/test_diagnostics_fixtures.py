"""Each diagnostics fixture's findings equal its .warnings file (rewritten only by `make fixtures`, never here)."""

import pytest

from house_tables.codes import CODES

from diagnostics_fixtures import FIXTURES, SOURCES, expected_file, findings


@pytest.mark.parametrize("path", SOURCES, ids=[p.name for p in SOURCES])
def test_fixture_warnings(path):
    """The findings equal the fixture's .warnings file."""
    assert findings(path) == expected_file(path).read_text(encoding="utf-8")


def test_every_code_has_a_fixture():
    """Each stable code appears in at least one fixture's expected warnings."""
    seen = "".join(p.read_text(encoding="utf-8") for p in FIXTURES.glob("*.warnings"))
    assert [code for code in CODES if f" {code} " not in seen] == []
