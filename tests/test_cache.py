"""check's result cache: a cached run says exactly what an uncached run says, every part of the key invalidates,
a damaged cache is a miss, concurrent runs do not corrupt it, and fix never uses it."""

from __future__ import annotations

import argparse
import marshal
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli import AFTER_TEXT, PAGE, ROOT, SHORT_ROW, TABLE, cli_run, write

import house_tables
from house_tables import cache, cli, observed
from house_tables.settings import Settings

from strategies import documents

FORMATS = ("text", "json", "github", "sarif")


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A scratch directory that is the current directory, with its own cache directory (not inside it)."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv(cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    return work


@pytest.fixture
def parsed(monkeypatch) -> list:
    """The text of every page check parses (a cached page is not parsed)."""
    seen = []
    real = cli._lazy("plan_page")

    def plan_page(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(cli, "plan_page", plan_page)
    return seen


def site(root: Path) -> None:
    """Pages with pipe tables, findings of several codes, an MDX page, and a clean page."""
    write(root / "docs" / "index.md", PAGE)
    write(root / "docs" / "short.md", SHORT_ROW)
    write(root / "docs" / "guide" / "page.mdx", AFTER_TEXT)
    write(root / "docs" / "guide" / "plain.md", "# No table\n")
    write(root / "docs" / "guide" / "two.md", f"{TABLE}\ntext\n\n{TABLE}")


def runs(capsys, *argv: str) -> tuple:
    """(uncached, first cached, second cached) outcomes of the same command."""
    return (cli_run(capsys, *argv, "--no-cache"), cli_run(capsys, *argv), cli_run(capsys, *argv))


@pytest.mark.parametrize("form", FORMATS)
def test_a_cached_run_says_exactly_what_an_uncached_run_says(here, capsys, parsed, form):
    site(here)
    uncached, cold, warm = runs(capsys, "check", "--format", form, "docs")
    assert uncached == cold == warm
    assert uncached[0] == 1
    assert len(parsed) == 10  # five pages, parsed by --no-cache and by the first cached run only


@pytest.mark.parametrize("argv", [("-v",), ("--verify",), ("--cross-check",), ("--form", "html"),
                                  ("--dialect", "mdx"), ("--exclude", "docs/guide")])
def test_options_give_the_same_output_cached(here, capsys, argv):
    site(here)
    write(here / ".house-tables.toml", 'level = "info"\nlevels = {HT002 = "error"}\n')
    uncached, cold, warm = runs(capsys, "check", *argv, "docs")
    assert uncached == cold == warm


def test_a_clean_tree_exits_0_cached(here, capsys, parsed):
    write(here / "docs" / "a.md", "# Nothing\n")
    assert runs(capsys, "check", "docs") == ((0, "no findings in 1 file; configuration: defaults\n", ""),) * 3
    assert len(parsed) == 2


def test_an_edited_file_is_read_again(here, capsys, parsed):
    page = write(here / "docs" / "a.md", TABLE)
    first = cli_run(capsys, "check", "docs")
    info = os.stat(page)
    page.write_text(TABLE.replace("| 1 | 2 |", "| 1 |   "), encoding="utf-8")  # same size
    os.utime(page, ns=(info.st_atime_ns, info.st_mtime_ns))  # and the same mtime
    assert cli_run(capsys, "check", "docs") == cli_run(capsys, "check", "--no-cache", "docs") != first
    assert len(parsed) == 3


def test_a_trusted_stat_skips_reading_and_a_write_still_invalidates(here, capsys, parsed, monkeypatch):
    """With no racy window (RACY_NS 0), an unchanged stat is trusted; a same-size write with the mtime set back still
    changes the ctime, so the file is read again."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    page = write(here / "docs" / "a.md", TABLE)
    before = cli_run(capsys, "check", "docs")
    reads = []
    monkeypatch.setattr(cli, "file_bytes", lambda path: reads.append(path) or cache.file_bytes(path))
    assert cli_run(capsys, "check", "docs") == before and reads == []  # the stat said: unchanged
    info = os.stat(page)
    os.utime(page, ns=(info.st_atime_ns, info.st_mtime_ns))  # ctime changes, bytes do not: read, hashed, a hit
    assert cli_run(capsys, "check", "docs") == before and len(reads) == 1 and len(parsed) == 1
    page.write_text(TABLE.replace("| 1 | 2 |", "| 1 |   "), encoding="utf-8")
    os.utime(page, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert cli_run(capsys, "check", "docs") == cli_run(capsys, "check", "--no-cache", "docs")
    assert len(parsed) == 3


def test_a_just_written_file_is_never_trusted_by_its_stat(here, capsys, monkeypatch):
    """Inside the racy window the entry keeps no stat: the next run hashes the bytes."""
    write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    reads = []
    monkeypatch.setattr(cli, "file_bytes", lambda path: reads.append(path) or cache.file_bytes(path))
    cli_run(capsys, "check", "docs")
    assert reads == ["docs/a.md"]


def test_a_changed_options_file_invalidates(here, capsys, parsed):
    write(here / "docs" / "a.md", SHORT_ROW)
    write(here / ".house-tables.toml", 'level = "warning"\n')
    first = cli_run(capsys, "check", "docs")
    write(here / ".house-tables.toml", 'level = "error"\nlevels = {HT001 = "ignore"}\n')
    second = cli_run(capsys, "check", "docs")
    assert second == cli_run(capsys, "check", "--no-cache", "docs") and second != first
    assert len(parsed) == 3


def test_a_new_options_file_nearer_the_page_invalidates(here, capsys, parsed):
    write(here / "docs" / "sub" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    write(here / "docs" / ".house-tables.toml", 'levels = {HT001 = "ignore"}\n')
    assert cli_run(capsys, "check", "docs") == (0, "no findings in 1 file; configuration: docs/.house-tables.toml\n",
                                                "")
    assert len(parsed) == 2


def test_a_changed_markdown_stack_invalidates(here, capsys, parsed):
    """An mkdocs.yml's extension config changes what is a table: the pages are read again, and the warm run of the
    new configuration loads no mkdocs.yml."""
    write(here / "mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - admonition\n")
    write(here / "docs" / "a.md", f"!!! note\n\n    {TABLE.replace(chr(10), chr(10) + '    ')}\n")
    first = runs(capsys, "check", "docs")
    write(here / "mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - toc:\n      permalink: true\n")
    second = runs(capsys, "check", "docs")
    assert len(set(first)) == 1 and len(set(second)) == 1 and first[0] != second[0]
    assert len(parsed) == 4


def test_a_warm_run_loads_no_site(here, capsys, monkeypatch):
    write(here / "mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - admonition\n")
    write(here / "docs" / "a.md", TABLE)
    first = cli_run(capsys, "check", "docs")

    def refuse(*_args, **_kwargs):
        raise AssertionError("the mkdocs.yml was loaded")

    monkeypatch.setattr("house_tables.settings.Sites.load", refuse)
    assert cli_run(capsys, "check", "docs") == first


def test_a_warm_run_leaves_out_what_mkdocs_builds_as_no_page(here, capsys, monkeypatch):
    """exclude_docs and MkDocs' default (`.*`, `/templates/`): the recorded settings select the same files."""
    write(here / "mkdocs.yml", "site_name: s\nexclude_docs: |\n  drafts/\n")
    for name in ("a.md", "drafts/d.md", "templates/t.md", ".hidden.md", "sub/b.md"):
        write(here / "docs" / name, TABLE)
    expected = cli_run(capsys, "check", "--no-cache", "docs")
    assert cli_run(capsys, "check", "docs") == expected
    monkeypatch.setattr("house_tables.settings.Sites.load", lambda *_: (_ for _ in ()).throw(AssertionError("load")))
    write(here / "docs" / "drafts" / "new.md", TABLE)  # a new file, decided by the recorded matcher
    assert cli_run(capsys, "check", "docs") == expected
    assert "drafts" not in expected[1] and "templates" not in expected[1] and "a.md" in expected[1]


def test_a_mintignore_is_part_of_the_key(here, capsys, monkeypatch):
    """A Mintlify project's .mintignore (added, changed, removed) decides which pages a cached run reads, as an
    uncached run does; the recorded settings leave out what it and Mintlify's defaults leave out."""
    write(here / "docs.json", '{"$schema": "https://mintlify.com/docs.json", "name": "x"}\n')
    for name in ("a.mdx", "drafts/d.mdx", "README.md", "guide/b.md"):
        write(here / name, TABLE)
    outputs = []
    for ignore in (None, "drafts/\n", "guide/\n!README.md\n", None):
        if ignore is None:
            (here / ".mintignore").unlink(missing_ok=True)
        else:
            write(here / ".mintignore", ignore)
        expected = cli_run(capsys, "check", "--no-cache", ".")
        assert cli_run(capsys, "check", ".") == expected
        assert cli_run(capsys, "check", ".") == expected  # the recorded settings
        outputs.append(expected)
    assert outputs[0] == outputs[3] and len({str(output) for output in outputs}) == 3
    assert "README.md" not in str(outputs[0]) and "drafts" not in str(outputs[1]) and "README.md" in str(outputs[2])


def test_an_inherited_file_is_part_of_the_key(here, capsys, parsed):
    write(here / "base.yml", "markdown_extensions:\n  - admonition\n")
    write(here / "mkdocs.yml", "INHERIT: base.yml\nsite_name: s\n")
    write(here / "docs" / "a.md", f"!!! note\n\n    {TABLE.replace(chr(10), chr(10) + '    ')}\n")
    first = cli_run(capsys, "check", "docs")
    write(here / "base.yml", "markdown_extensions:\n  - toc\n")
    second = cli_run(capsys, "check", "docs")
    assert second == cli_run(capsys, "check", "--no-cache", "docs") and first != second


@pytest.mark.parametrize("extra", ["  - pymdownx.snippets:\n      auto_append: [x.md]\n", "hooks: [hook.py]\n",
                                   "  - toc:\n      title: !ENV [TITLE, Contents]\n", "plugins: [markdownextradata]\n"])
def test_an_mkdocs_yml_that_depends_on_more_than_bytes_is_not_cached(here, capsys, parsed, extra):
    write(here / "hook.py", "def on_config(config):\n    return config\n")
    write(here / "x.md", "")
    markdown = "" if extra.startswith(("hooks", "plugins")) else "markdown_extensions:\n"
    write(here / "mkdocs.yml", f"site_name: s\n{extra if not markdown else markdown + extra}")
    write(here / "docs" / "a.md", TABLE)
    uncached, cold, warm = runs(capsys, "check", "docs")
    assert uncached == cold == warm and len(parsed) == 3


def test_a_page_with_a_snippet_is_read_every_time(here, capsys, parsed):
    write(here / "mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: [docs]\n")
    write(here / "docs" / "part.md", "# Part\n")
    write(here / "docs" / "a.md", '--8<-- "part.md"\n')
    write(here / "docs" / "b.md", TABLE)
    cli_run(capsys, "check", "docs")
    write(here / "docs" / "part.md", TABLE)  # a.md's own bytes are unchanged
    assert cli_run(capsys, "check", "docs") == cli_run(capsys, "check", "--no-cache", "docs")
    assert parsed.count('--8<-- "part.md"\n') == 3 and parsed.count(TABLE) == 4  # b.md: cached after the first


def test_a_file_a_page_includes_that_mkdocs_builds_as_no_page_is_read_alike_warm(here, capsys):
    """An excluded snippet a page includes, and an excluded file include-markdown pastes, are read (the recorded
    settings say whether the site includes files): a warm run says what a cold one says, also after the snippet's
    page stops including it and after the pasted file changes."""
    write(here / "mkdocs.yml", "site_name: s\nexclude_docs: parts/\nplugins: [include-markdown]\nmarkdown_extensions:\n"
          "  - tables\n  - pymdownx.snippets:\n      base_path: [docs]\n")
    write(here / "docs" / ".snippets" / "part.md", TABLE)
    write(here / "docs" / "parts" / "pasted.md", TABLE.replace("a", "c"))  # not the snippet's: each has one place
    write(here / "docs" / "a.md", '--8<-- ".snippets/part.md"\n\n{% include-markdown "parts/pasted.md" %}\n')
    cold = cli_run(capsys, "check", "--no-cache", "docs")
    assert cli_run(capsys, "check", "docs") == cli_run(capsys, "check", "docs") == cold
    assert [line.split(" HT")[0] for line in cold[1].splitlines()[:-1]] == [
        "docs/.snippets/part.md:1:1:", "docs/parts/pasted.md:1:1:"]
    write(here / "docs" / "a.md", '{% include-markdown "parts/pasted.md" %}\n')
    write(here / "docs" / "parts" / "pasted.md", "Text.\n\n" + TABLE)
    changed = cli_run(capsys, "check", "--no-cache", "docs")
    assert cli_run(capsys, "check", "docs") == changed
    assert [line.split(" HT")[0] for line in changed[1].splitlines()[:-1]] == ["docs/parts/pasted.md:3:1:"]


def test_the_dialect_is_part_of_the_key(here, capsys, parsed):
    write(here / "docs" / "a.md", AFTER_TEXT)
    markdown = cli_run(capsys, "check", "docs")
    mdx = cli_run(capsys, "check", "--dialect", "mdx", "docs")
    assert mdx == cli_run(capsys, "check", "--dialect", "mdx", "--no-cache", "docs") and mdx != markdown
    assert cli_run(capsys, "check", "docs") == markdown
    assert len(parsed) == 4  # one entry per file: the run in MDX replaced the first


def test_the_version_is_part_of_the_key(here, capsys, parsed, monkeypatch):
    write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    cli_run(capsys, "check", "docs")
    monkeypatch.setattr(house_tables, "__version__", house_tables.__version__ + ".post1")
    cli_run(capsys, "check", "docs")
    assert len(parsed) == 2


def test_an_installed_distribution_is_part_of_the_key(here, capsys, parsed, tmp_path, monkeypatch):
    packages = tmp_path / "lib" / "site-packages"
    (packages / "markdown-3.0.dist-info").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(packages))
    write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    (packages / "markdown-3.0.dist-info").rename(packages / "markdown-3.1.dist-info")
    cli_run(capsys, "check", "docs")
    assert len(parsed) == 2


def test_records_rebuild_the_same_results(here, capsys):
    """A result rebuilt from its record equals the result check made (every field, in order)."""
    site(here)
    results = [cli.process(cli._task(argparse.Namespace(dialect=None, command="check", form="jsx", verify=True,
                                                        cross_check=True), path, Settings(), False, False))
               for path in sorted((here / "docs").rglob("*.md*"))]
    for result in results:
        rebuilt = cache.recorded_result(result.path, cache.result_record(result))
        assert (rebuilt.tables, rebuilt.findings, rebuilt.hand) == (result.tables, result.findings, result.hand)
        assert [vars(f) for f in rebuilt.findings] == [vars(f) for f in result.findings]
        assert list(map(type, rebuilt.tables + rebuilt.findings)) == list(map(type, result.tables + result.findings))
    assert sum(len(result.findings) for result in results) > 5


def test_a_damaged_cache_is_a_miss(here, capsys, tmp_path, parsed):
    site(here)
    expected = cli_run(capsys, "check", "docs")
    (stored,) = (tmp_path / "cache").glob("*.cache")
    for damage in (b"", stored.read_bytes()[: len(stored.read_bytes()) // 2], b"\x00garbage" * 10,
                   marshal.dumps((cache.FORMAT, {"docs/index.md": ("x",)}, {b"k": 3}))):
        stored.write_bytes(damage)
        assert cli_run(capsys, "check", "docs") == expected
    assert cli_run(capsys, "check", "docs") == expected
    magic, entries, configurations = marshal.loads(stored.read_bytes())
    for entry, record in ((lambda e: (e[0], e[1], None, ("x",)), lambda r: r),
                          (lambda e: e, lambda r: (r[0], 3, *r[2:])), (lambda e: e, lambda r: (*r[:-1], ((1, 2),)))):
        damaged = {path: entry(value) for path, value in entries.items()}
        records = {key: record(value) if isinstance(value, tuple) else value for key, value in configurations.items()}
        stored.write_bytes(marshal.dumps((magic, damaged, records)))
        assert cli_run(capsys, "check", "docs") == expected


def test_entries_of_deleted_files_and_unused_configurations_are_dropped(here, capsys, tmp_path):
    write(here / "docs" / "a.md", TABLE)
    gone = write(here / "docs" / "b.md", TABLE)
    write(here / ".house-tables.toml", 'level = "warning"\n')
    cli_run(capsys, "check", "docs")
    gone.unlink()
    write(here / ".house-tables.toml", 'level = "error"\n')
    expected = cli_run(capsys, "check", "--no-cache", "docs")
    assert cli_run(capsys, "check", "docs") == expected
    (stored,) = (tmp_path / "cache").glob("*.cache")
    _, entries, configurations = marshal.loads(stored.read_bytes())
    assert list(entries) == ["docs/a.md"] and len(configurations) == 1
    assert cli_run(capsys, "check", "docs") == expected


def stale_files(directory: Path) -> dict[str, Path]:
    """Files of a cache directory: cache files unwritten for 31 days, one written 29 days ago, and a stale file that
    is not a cache file (never deleted)."""
    directory.mkdir(parents=True, exist_ok=True)
    month = observed.STALE_SECONDS
    made = {}
    for name, age in (("old-engine.cache", month + 86400), ("0badc0de.replay", month + 86400),
                      ("x.cache.123.ab.tmp", month + 86400), ("recent.cache", month - 86400),
                      ("notes.txt", month + 86400)):
        path = directory / name
        path.write_bytes(b"x")
        then = time.time() - age
        os.utime(path, (then, then))
        made[name] = path
    return made


def test_a_new_cache_file_deletes_the_cache_files_unwritten_for_30_days(here, capsys, tmp_path):
    write(here / "docs" / "a.md", TABLE)
    made = stale_files(tmp_path / "cache")
    expected = cli_run(capsys, "check", "--no-cache", "docs")
    assert cli_run(capsys, "check", "docs") == expected
    kept = {path.name for path in (tmp_path / "cache").iterdir()}
    assert {"recent.cache", "notes.txt"} <= kept
    assert not {"old-engine.cache", "0badc0de.replay", "x.cache.123.ab.tmp"} & kept
    assert len([name for name in kept if name.endswith(".cache")]) == 2  # this run's and the recent one
    assert made["notes.txt"].read_bytes() == b"x"


def test_a_cache_file_rewritten_in_place_prunes_nothing(here, capsys, tmp_path):
    page = write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    stale_files(tmp_path / "cache")
    write(page, TABLE + "\ntext\n")
    cli_run(capsys, "check", "docs")
    assert (tmp_path / "cache" / "old-engine.cache").exists()


def test_an_unwritable_cache_directory_is_no_error(here, capsys, tmp_path, monkeypatch):
    write(here / "docs" / "a.md", TABLE)
    write(tmp_path / "file", "not a directory")
    expected = cli_run(capsys, "check", "--no-cache", "docs")
    assert cli_run(capsys, "check", "--cache-dir", str(tmp_path / "file" / "cache"), "docs") == expected


def test_fix_never_uses_the_cache(here, capsys, tmp_path):
    page = write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    before = {path: path.read_bytes() for path in (tmp_path / "cache").iterdir()}
    code, _, _ = cli_run(capsys, "fix", "docs")
    assert code == 0 and "<table" in page.read_text(encoding="utf-8")
    assert {path: path.read_bytes() for path in (tmp_path / "cache").iterdir()} == before
    assert cli_run(capsys, "check", "docs") == cli_run(capsys, "check", "--no-cache", "docs")


def test_the_cache_lives_beside_the_configuration(here, capsys, monkeypatch):
    monkeypatch.delenv(cache.CACHE_DIR_ENV)
    write(here / ".house-tables.toml", "")
    write(here / "docs" / "a.md", TABLE)
    monkeypatch.chdir(here / "docs")
    cli_run(capsys, "check", ".")
    directory = here / ".house-tables-cache"
    assert (directory / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    assert (directory / "CACHEDIR.TAG").read_text(encoding="utf-8").startswith("Signature: 8a477f597d28d172789f06886")
    assert len(list(directory.glob("*.cache"))) == 1


def test_without_a_configuration_the_user_cache_directory_is_used(here, capsys, tmp_path, monkeypatch):
    monkeypatch.delenv(cache.CACHE_DIR_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(cache.sys, "platform", "linux")
    write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "docs")
    assert len(list((tmp_path / "xdg" / "house-tables").glob("*.cache"))) == 1
    assert not (here / ".house-tables-cache").exists()


def test_no_cache_and_cache_dir(here, capsys, tmp_path, monkeypatch):
    write(here / "docs" / "a.md", TABLE)
    cli_run(capsys, "check", "--no-cache", "docs")
    monkeypatch.setenv(observed.NO_CACHE_ENV, "1")
    cli_run(capsys, "check", "docs")
    assert not (tmp_path / "cache").exists()
    monkeypatch.delenv(observed.NO_CACHE_ENV)
    cli_run(capsys, "check", "--cache-dir", str(tmp_path / "mine"), "docs")
    assert len(list((tmp_path / "mine").glob("*.cache"))) == 1 and not (tmp_path / "cache").exists()


def test_cached_files_start_no_process_pool(here, capsys, pool_sizes, monkeypatch):
    for index in range(40):
        write(here / "docs" / f"p{index:02}.md", TABLE)
    monkeypatch.setattr(cli, "PARALLEL_THRESHOLD", 4)
    cli_run(capsys, "check", "-j", "2", "docs")
    write(here / "docs" / "p00.md", SHORT_ROW)
    cli_run(capsys, "check", "-j", "2", "docs")
    assert pool_sizes == [2]  # one file to read again: no pool


def test_concurrent_runs_do_not_corrupt_the_cache(here, tmp_path):
    """Eight runs at once on one cache (each its own process): each prints what an uncached run prints, and the
    cache they leave gives the same again."""
    for index in range(60):
        write(here / "docs" / f"p{index:02}.md", TABLE if index % 3 else SHORT_ROW)
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin"), cache.CACHE_DIR_ENV: str(tmp_path / "cache")}
    command = [sys.executable, "-m", "house_tables", "check", "-j", "1", "docs"]
    expected = subprocess.run([*command, "--no-cache"], cwd=here, env=environment, capture_output=True, text=True,
                              timeout=120)
    for _ in range(2):  # a cold start, then runs that read and replace the file while others do
        processes = [subprocess.Popen(command, cwd=here, env=environment, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True) for _ in range(8)]
        for process in processes:
            out, err = process.communicate(timeout=120)
            assert (process.returncode, out, err) == (expected.returncode, expected.stdout, expected.stderr)
    assert not [path for path in (tmp_path / "cache").iterdir() if path.suffix == ".tmp"]
    again = subprocess.run(command, cwd=here, env=environment, capture_output=True, text=True, timeout=120)
    assert (again.returncode, again.stdout, again.stderr) == (expected.returncode, expected.stdout, expected.stderr)


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(pages=st.lists(documents(), min_size=1, max_size=4), edits=st.lists(st.integers(0, 3), max_size=3))
def test_cached_runs_equal_uncached_runs(tmp_path, capsys, monkeypatch, pages, edits):
    """Differential: generated pages, checked, some edited (or swapped), checked again: every cached run prints
    exactly what the uncached run prints."""
    root = Path(tmp_path_for(tmp_path))
    monkeypatch.chdir(root)
    monkeypatch.setenv(cache.CACHE_DIR_ENV, str(root.parent / (root.name + "-cache")))
    for index, text in enumerate(pages):
        write(root / "docs" / f"p{index}.md", text)
    for edit in [None, *edits]:
        if edit is not None:
            target = root / "docs" / f"p{edit % len(pages)}.md"
            target.write_text(pages[(edit + 1) % len(pages)] + ("\n" if edit % 2 else ""), encoding="utf-8")
        uncached = cli_run(capsys, "check", "--no-cache", "docs")
        assert cli_run(capsys, "check", "docs") == uncached
        assert cli_run(capsys, "check", "docs") == uncached


_COUNTER = iter(range(10**9))


def tmp_path_for(tmp_path: Path) -> str:
    """A fresh directory for each hypothesis example (tmp_path is shared by the examples of one test)."""
    path = tmp_path / f"example-{next(_COUNTER)}"
    path.mkdir()
    return str(path)


def test_the_recorded_settings_know_every_field():
    """A warm run selects, levels and names files with recorded settings (cache.settings_record): a field added to
    Settings, Site or MdxHost must be recorded there (or be one only parsing needs), else a warm run could select or
    report differently. This test fails until the new field is looked at."""
    from dataclasses import fields

    from house_tables.site import MdxHost, Site

    only_for_parsing = {"config", "extension_configs"}
    recorded = {"dialect", "dialects", "include", "exclude", "level", "levels", "extensions", "source", "site", "host",
                "options"}
    assert {f.name for f in fields(Settings)} == only_for_parsing | recorded
    assert {f.name for f in fields(Site)} == {"config_file", "extensions", "extension_configs", "docs_dir",
                                               "use_directory_urls", "plugin_options", "excluded",
                                               "template_markers", "extension_options", "rewrites_markdown",
                                               "include_markdown", "macros", "included_docs", "table_watchers"}
    # template_markers, rewrites_markdown, include_markdown, macros, included_docs, table_watchers: fix and --verify
    # only;
    # extension_options: made into the settings' levels and options
    assert {f.name for f in fields(MdxHost)} == {"config_file", "kind", "note", "excluded", "markdown_format",
                                                  "directives", "cjk_friendly"}
    # markdown_format, directives, cjk_friendly: fix and --verify only (their tasks are made with the settings in full)


def test_a_page_s_result_is_kept_under_the_bytes_of_the_files_include_markdown_pastes_into_it(here, capsys, parsed):
    """check reads a page as include-markdown pastes files into it (Kometa's docs paste table rows, and whole tables,
    from templates beside docs_dir): its result depends on those files' bytes too. Editing only the pasted file (the
    page's bytes and stat unchanged) gave the stale result on the next run; now the page is read again, and an
    unchanged one is not."""
    write(here / "mkdocs.yml", "site_name: s\nplugins: [include-markdown]\nmarkdown_extensions: [tables]\n")
    write(here / "templates" / "rows.md", "| `a` | first |\n| `b` | second |")
    write(here / "docs" / "a.md",
          '# A\n\n| Code | Meaning |\n|:--|:--|\n{% include-markdown "../templates/rows.md" %}\n')
    cold = cli_run(capsys, "check", "docs")
    assert cold[1].splitlines()[0] == ("docs/a.md:3:1: HT001 pipe table (2 columns, 2 rows) — the house style forbids "
                                       "Markdown pipe tables")
    parsed.clear()
    assert cli_run(capsys, "check", "docs") == cold and parsed == []  # warm: nothing read again
    write(here / "templates" / "rows.md", "| `a` | first |\n| `b` | second | extra |")
    changed = cli_run(capsys, "check", "--no-cache", "docs")
    assert changed != cold and "HT002" in changed[1]
    assert cli_run(capsys, "check", "docs") == changed
    parsed.clear()
    assert cli_run(capsys, "check", "docs") == changed and parsed == []


def test_check_pastes_a_page_once(here, capsys, monkeypatch):
    """include-markdown's pasting is most of check's time on a site that pastes (Kometa): check pasted a page for its
    scan, again for its hand-written tables (a pasted `<table>`) and, where the file has no last line ending, again
    for the cache's key (Kometa: 118 pages pasted 198 times). Now once, with the same findings."""
    from house_tables import includes

    pasted = []
    real = includes.Paster.__call__

    def paste(self, path, text):
        pasted.append(path)
        return real(self, path, text)

    monkeypatch.setattr(includes.Paster, "__call__", paste)
    write(here / "mkdocs.yml", "site_name: s\nplugins: [include-markdown]\nmarkdown_extensions: [tables, md_in_html]\n")
    write(here / "templates" / "part.md", "<table><tr><td>raw</td></tr></table>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    write(here / "docs" / "a.md", '# A\n\n{% include-markdown "../templates/part.md" %}')  # no last line ending
    output = cli_run(capsys, "check", "--no-cache", "docs")[1]
    assert output.splitlines()[:2] == [  # the pasted raw table read by the hand-written tables' pass
        "docs/a.md:3:1: HT013 hand-written table left alone: <table> is not one element on its own line (from text a "
        "plugin or Markdown extension made at this line; no file holds it; line 3 of the page as MkDocs read it)",
        "templates/part.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"]
    assert [Path(path).name for path in pasted] == ["a.md"]
