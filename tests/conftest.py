"""Shared fixtures for the house-tables tests."""

import pytest

from engines import MdxEngine


@pytest.fixture(scope="session")
def mdx_engine():
    """One MDX server for the whole test session."""
    engine = MdxEngine()
    yield engine
    engine.close()


@pytest.fixture
def pool_sizes(monkeypatch) -> list:
    """The size (max_workers) of every process pool the command line starts, recorded; the pools are real."""
    from house_tables import cli

    sizes = []

    class Pool(cli.ProcessPoolExecutor):
        """Records the pool's size, then makes the real pool."""

        def __init__(self, *args, **kwargs):
            sizes.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(cli, "ProcessPoolExecutor", Pool)
    return sizes
