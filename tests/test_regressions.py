"""Documents the fuzzer once found disagreeing, kept as files: tests/fixtures/regressions/<case>.md|.mdx.

Each is checked against the live engine (Python-Markdown for .md, MDX for .mdx), like the fuzzer does.
"""

from pathlib import Path

import pytest

from differential import check_mdx, check_python_markdown
from engines import EXTENSION_CONFIGS, SITE_EXTENSION_CONFIGS

FILES = sorted((Path(__file__).resolve().parent / "fixtures" / "regressions").glob("*.md*"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_regression_agrees_with_its_engine(mdx_engine, path):
    """Our tables equal the engine's on a document that once made them differ."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".mdx":
        expected = mdx_engine.tables(text)
        assert expected is not None, "a regression document MDX cannot compile has nothing to agree with"
        check_mdx(mdx_engine, text, expected)
    else:  # as cases.json was recorded (no Pygments) and as sites run it (Pygments on)
        check_python_markdown(text, EXTENSION_CONFIGS)
        check_python_markdown(text, SITE_EXTENSION_CONFIGS)
