"""Shared fixtures for the house-tables tests."""

import jinja2
import pytest
from jinja2.bccache import Bucket
from mkdocs.theme import Theme

from engines import MdxEngine


@pytest.fixture(scope="session")
def mdx_engine():
    """One MDX server for the whole test session."""
    engine = MdxEngine()
    yield engine
    engine.close()


class CompiledTemplates(jinja2.BytecodeCache):
    """Theme templates compiled once for the whole session, kept in memory. Every in-process MkDocs build makes a new
    Jinja environment and compiled the theme's templates again: about two thirds of a small site's build. Jinja
    checks each template's source checksum before it uses the code kept, so a changed template compiles anew."""

    def __init__(self):
        self.code: dict[str, bytes] = {}

    def get_bucket(self, environment, name, filename, source):
        """Jinja's bucket, its key also naming the environment's extensions (i18n's tags compile otherwise)."""
        extensions = ",".join(sorted(environment.extensions))
        bucket = Bucket(environment, self.get_cache_key(f"{name}|{extensions}", filename),
                        self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket):
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket):
        self.code[bucket.key] = bucket.bytecode_to_string()


@pytest.fixture(autouse=True, scope="session")
def compiled_templates():
    """MkDocs builds in this process share the theme templates Jinja compiled (subprocess builds compile their own)."""
    cache = CompiledTemplates()
    get_env = Theme.get_env

    def get_env_sharing_compiled_templates(theme):
        env = get_env(theme)
        env.bytecode_cache = cache
        return env

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Theme, "get_env", get_env_sharing_compiled_templates)
        yield cache


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
