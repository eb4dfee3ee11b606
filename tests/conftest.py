"""Shared fixtures for the house-tables tests."""

import pytest

from engines import MdxEngine


@pytest.fixture(scope="session")
def mdx_engine():
    """One MDX server for the whole test session."""
    engine = MdxEngine()
    yield engine
    engine.close()


@pytest.fixture(autouse=True)
def own_cache_dir(tmp_path_factory, monkeypatch):
    """Each test's `check` runs keep their cache in a directory of their own, outside the test's files (a run then
    starts with an empty cache, as a test expects; tests of the cache set their own)."""
    monkeypatch.setenv("HOUSE_TABLES_CACHE_DIR", str(tmp_path_factory.mktemp("house-tables-cache")))


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
