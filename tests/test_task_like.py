"""The tasks of one run made from each settings' first task (cli._like) are the tasks Task() makes: for generated
trees of files under options files, MkDocs sites and MDX hosts, and every command line that makes tasks, each
task equals Task()'s, with the same fields in the same order, the same objects, and pickles to the same bytes."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

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


def _tasks(args, root: Path, made: dict | None) -> list:
    """The tasks execute's loop makes for the files under root (without a cache)."""
    from house_tables.files import GlobSet, Selection, discover

    resolver = cli.Resolver(Configurations(), None)
    found = discover([str(root)], Selection(GlobSet((), root)))
    problems, refused, tasks = [], set(), []
    for path, real in zip(found.files, found.resolved):
        own = cli._settings(resolver.settings_for, path, problems, refused)
        if own is not None and own.selects(path, real):
            slot = cli._slot(args, path, own, resolver, args.command == "fix", bool(getattr(args, "diff", False)),
                             problems, refused, made)
            if slot is not None:
                tasks.append(slot)
    return tasks


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees(), st.sampled_from(COMMANDS))
def test_tasks_made_like_another_are_the_tasks_task_makes(tmp_path_factory, tree, command):
    base = tmp_path_factory.mktemp("tree")
    for directory, configuration, files in tree:
        folder = base / directory
        folder.mkdir(parents=True, exist_ok=True)
        if configuration is not None:
            (folder / configuration[0]).write_text(configuration[1], encoding="utf-8")
        for name in files:
            (folder / name).write_text("| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
    args = cli.parser().parse_args([*command, "--no-cache", str(base / "root")])
    made: dict = {}
    fast = _tasks(args, base / "root", made)
    slow = _tasks(args, base / "root", None)
    assert len(fast) == len(slow)
    for one, other in zip(fast, slow):
        assert type(one) is cli.Task
        assert one == other
        assert list(one.__dict__) == list(other.__dict__)
        assert all(value is other.__dict__[key] or value == other.__dict__[key] for key, value in one.__dict__.items())
        assert pickle.dumps(one) == pickle.dumps(other)
