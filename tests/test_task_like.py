"""The tasks of one run made from each settings' first task (cli._like) are the tasks Task() makes: for generated
trees of files under options files, MkDocs sites and MDX hosts, and every command line that makes tasks, each
task equals Task()'s, with the same fields in the same order, the same objects, and pickles to the same bytes."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables import cli
from house_tables.settings import Configurations

EXAMPLES = int(os.environ.get("HOUSE_TABLES_FUZZ", "150"))  # `make fuzz` sets more

CONFIGURATIONS = (
    None,
    ("mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - admonition\n"),
    ("mkdocs.yml", "site_name: s\ndocs_dir: .\nplugins:\n  - house-tables:\n      level: error\n"),
    ("mkdocs.yml", "site_name: s\nmarkdown_extensions:\n  - house_tables:\n      widths: equal\n"),
    ("mkdocs.yml", "site_name: s\nplugins:\n  - macros\n  - house-tables\n"),
    (".house-tables.toml", 'dialects = { "*.md" = "mdx" }\n'),
    (".house-tables.toml", 'exclude = ["skip*.md"]\nlevel = "error"\n'),
    ("pyproject.toml", '[tool.house-tables]\ndialect = "mdx"\n'),
    ("docusaurus.config.js", "module.exports = { markdown: { format: 'detect' } };\n"),
    ("docs.json", '{"$schema": "https://mintlify.com/docs.json"}\n'),
)
FILES = ("a.md", "b.mdx", "c.markdown", "skip1.md", "d.MD", "index.md")
COMMANDS = (["check"], ["check", "--verify"], ["check", "--cross-check"], ["check", "--dialect", "mdx"],
            ["check", "--dialect", "python-markdown", "--form", "html"], ["check", "--form", "html", "--verify"],
            ["fix"], ["fix", "--diff"], ["fix", "--check"])


@st.composite
def trees(draw) -> list[tuple[str, tuple[str, str] | None, list[str]]]:
    """Directories (nested: each under the one before it, or beside), each with a configuration file or none, and
    its Markdown files."""
    count = draw(st.integers(1, 4))
    tree, parent = [], "root"
    for index in range(count):
        directory = f"{parent if draw(st.booleans()) else 'root'}/d{index}"
        tree.append((directory, draw(st.sampled_from(CONFIGURATIONS)),
                     draw(st.lists(st.sampled_from(FILES), min_size=1, max_size=4, unique=True))))
        parent = directory
    return tree


def _reference_tasks(args, root: Path) -> list:
    """The tasks of the files under root, each made by Task() with its settings found from its path (settings_for),
    without a cache."""
    from house_tables.files import GlobSet, Selection, discover

    resolver = cli.Resolver(Configurations(), None)
    found = discover([str(root)], Selection(GlobSet((), Path.cwd())))
    problems, refused, tasks = [], set(), []
    for path, real in zip(found.files, found.resolved):
        own = cli._settings(resolver.settings_for, path, problems, refused)
        if own is not None and own.selects(path, real):
            slot = cli._slot(args, path, own, resolver, args.command == "fix" and not (args.diff or args.check),
                             bool(getattr(args, "diff", False)), problems, refused)
            if slot is not None:
                tasks.append(slot)
    return tasks


def _run_tasks(args, monkeypatch) -> list:
    """The tasks execute hands to process_all (each processed as it would be: execute reads every result)."""
    handed: list = []

    def process_all(tasks, progress, jobs=None):
        handed.extend(tasks)
        for task in tasks:
            yield cli.process(task)

    monkeypatch.setattr(cli, "process_all", process_all)
    cli.execute(args, cli.Resolver(Configurations(), None))
    return handed


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees(), st.sampled_from(COMMANDS))
def test_the_tasks_a_run_makes_are_the_tasks_task_makes(tmp_path_factory, tree, command):
    """execute's loop (each file's settings looked up by the directory discovery names, tasks of one settings made
    like the first) against Task() with settings_for(path) for every file."""
    base = tmp_path_factory.mktemp("tree")
    for directory, configuration, files in tree:
        folder = base / directory
        folder.mkdir(parents=True, exist_ok=True)
        if configuration is not None:
            (folder / configuration[0]).write_text(configuration[1], encoding="utf-8")
        for name in files:
            (folder / name).write_text("| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
    args = cli.parser().parse_args([*command, "--no-cache", "--diff" if command == ["fix"] else "--no-cache",
                                    str(base / "root")])
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast = _run_tasks(args, monkeypatch)
    slow = _reference_tasks(args, base / "root")
    assert len(fast) == len(slow)
    for one, other in zip(fast, slow):
        assert type(one) is cli.Task
        assert one == other
        assert list(one.__dict__) == list(other.__dict__)
        assert pickle.dumps(one) == pickle.dumps(other)


# A walked file's name: never "." (a directory entry of its own directory, which pathlib's join drops)
NAMES = st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)), min_size=1,
                max_size=6).filter(lambda name: name != ".")
DIRECTORIES = st.lists(st.sampled_from(["", "/", "//", ".", "..", "a", "b c", "a/", "/a", "./a", "a//b", "a/./b",
                                        "a/../b", "é", "-x"]), min_size=1, max_size=4).map("".join)


@settings(max_examples=EXAMPLES * 10, deadline=None, database=None)
@given(DIRECTORIES, NAMES)
def test_a_walked_files_directory_is_its_parent_and_its_real_path_the_join(directory, name):
    """Discovery names a walked file's directory str(directory) (parent_of the file, as settings_for finds it) and
    joins its resolved path by string (os.path.join)."""
    from house_tables.files import _joined, parent_of

    walked = Path(directory or ".")
    assert parent_of(walked / name) == str(walked)
    assert _joined(directory, name) == os.path.join(directory, name)


DOCS_DIRS = st.sampled_from(["/", "/docs", "/a/docs", "/a/docs/", "//docs", "/a/../docs", "/a/./docs", "docs", ".",
                             "/a//docs", "/docs/sub"])
REALS = st.one_of(st.none(), st.builds(lambda head, tail: head + tail,
                                       st.sampled_from(["/", "/docs", "/docs/", "/a/docs", "/a/docs/", "//docs/",
                                                        "/docsx", "/a/docsx/", "docs/", "", "/a"]),
                                       st.sampled_from(["", "x.md", "sub/y.md", "/z.md", "../w.md"])))


@settings(max_examples=EXAMPLES * 10, deadline=None, database=None)
@given(DOCS_DIRS, REALS)
def test_a_files_place_under_docs_dir_is_found_as_under_finds_it(docs_dir, real):
    """Settings.selects' test with docs_dir's strings made once (site.docs_prefix) against _under's."""
    from house_tables.settings import _in_docs, _under
    from house_tables.site import Site

    site = Site(config_file=Path("/a/mkdocs.yml"), extensions=(), extension_configs={}, docs_dir=Path(docs_dir),
                use_directory_urls=True, plugin_options=None)
    path = Path(real or "page.md")
    assert _in_docs(site, path, real) == _under(path, site.docs_dir, real)
