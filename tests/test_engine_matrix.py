"""The committed engine matrix is the one cases_src.py describes (else `make cases` has not been run)."""

from project_data import case_sources, engine_cases


def test_matrix_records_every_case_of_cases_src_in_order():
    """Same ids, groups, notes and exact inputs, in the same order: an edited case needs a regenerated matrix."""
    recorded = [(c["id"], c["group"], c["note"], c["md"]) for c in engine_cases()]
    assert recorded == [tuple(case) for case in case_sources()]


def test_matrix_has_every_engine_for_every_case():
    """Each case carries all six engines' results, so no comparison in the suite runs against a missing engine."""
    engines = {"pymd", "pymd_mkdocs", "cmarkgfm", "markdown_it", "mdx", "remark_md"}
    assert [c["id"] for c in engine_cases() if set(c["results"]) != engines] == []
