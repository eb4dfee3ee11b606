"""Shared fixtures for the house-tables tests."""

import pytest

from engines import MdxEngine


@pytest.fixture(scope="session")
def mdx_engine():
    """One MDX server for the whole test session."""
    engine = MdxEngine()
    yield engine
    engine.close()
