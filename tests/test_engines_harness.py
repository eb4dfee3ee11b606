"""The engine harness reproduces the engine outputs recorded in engine_matrix/cases.json."""

import pytest

from engines import MdxEngine, MdxTimeout, pymd_tables
from project_data import engine_cases

CORE = ("header", "rows", "align")


CASES = engine_cases()
IDS = [c["id"] for c in CASES]


def _md_only(tables: list[dict] | None, keys: tuple) -> list[dict] | None:
    """Markdown tables reduced to keys; None stays None (the engine failed)."""
    if tables is None:
        return None
    return [{k: t[k] for k in keys} for t in tables if t["source"] == "md"]


@pytest.fixture(scope="module")
def mdx_results(mdx_engine) -> dict:
    """MDX tables of every case, rendered in one pipelined batch."""
    return dict(zip(IDS, mdx_engine.tables_many([c["md"] for c in CASES]), strict=True))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_pymd_mkdocs_matches_recording(case):
    want = _md_only(case["results"]["pymd_mkdocs"]["tables"], CORE)
    assert _md_only(pymd_tables(case["md"]), CORE) == want


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_mdx_matches_recording(case, mdx_results):
    recorded = case["results"]["mdx"]
    want = _md_only(recorded["tables"], (*CORE, "lines")) if recorded["ok"] else None
    assert _md_only(mdx_results[case["id"]], (*CORE, "lines")) == want


def test_mdx_single_requests_match_batch(mdx_engine, mdx_results):
    for case in CASES[:20]:
        assert mdx_engine.tables(case["md"]) == mdx_results[case["id"]]


def test_mdx_server_survives_bad_documents(mdx_engine):
    table = "| a |\n|---|\n| 1 |\n"
    docs = ["{1+}", "{(() => { throw new Error('boom') })()}", "{console.log('noise')}\n\n" + table, table]
    got = mdx_engine.tables_many(docs)
    assert got[:2] == [None, None]
    assert got[2] == [{"source": "md", "lines": [3, 5], "align": [None], "header": ["a"], "rows": [["1"]]}]
    assert got[3] == [{"source": "md", "lines": [1, 3], "align": [None], "header": ["a"], "rows": [["1"]]}]


def test_mdx_timeout_restarts_server():
    """A document that never finishes raises MdxTimeout, and the restarted server answers the next one."""
    engine = MdxEngine()
    try:
        assert engine.tables("x") == []
        engine.timeout = 1.0
        with pytest.raises(MdxTimeout):
            engine.tables("{(() => { while (true) {} })()}")
        engine.timeout = 60.0  # the restarted server needs its start-up time, longer on a loaded machine
        assert engine.tables("| a |\n|---|\n") is not None
    finally:
        engine.close()
