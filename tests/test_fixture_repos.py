"""Repositories as users have them (site_fixtures/repos): a Docusaurus site, a Mintlify site, an MkDocs repository
with a nested site that INHERITs a shared configuration. `house-tables check .` from the repository root reads each
page as its host does — the tables it reports are the tables the host renders (the MDX compiler; `mkdocs build`
with the plugin) — and the pre-commit hooks and the GitHub Actions step work there unchanged."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engines import extract_tables
from sites import build_site, run_cli

ROOT = Path(__file__).resolve().parent.parent
REPOS = ROOT / "site_fixtures" / "repos"
FINDING = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<code>HT\d{3}) ")
BIN = Path(sys.executable).parent


def _copy(name: str, tmp_path: Path) -> Path:
    return Path(shutil.copytree(REPOS / name, tmp_path / name))


def _pages(root: Path) -> list[str]:
    """The Markdown files of a repository, as `git ls-files` lists them."""
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*")
                  if path.suffix in (".md", ".mdx") and "node_modules" not in path.parts)


def _tables(lines: list[str]) -> list[tuple[str, int]]:
    """(path, line) of every HT001 in output lines."""
    return sorted((m["path"], int(m["line"])) for m in map(FINDING.match, lines) if m and m["code"] == "HT001")


def _findings(lines: list[str]) -> list[str]:
    return sorted(line for line in lines if FINDING.match(line))


@pytest.mark.parametrize(("repo", "host"), [("docusaurus", "docusaurus.config.js"), ("mintlify", "docs.json")])
def test_check_from_the_root_finds_the_tables_the_mdx_compiler_builds(tmp_path, mdx_engine, repo, host):
    """Every `.md` and `.mdx` page is MDX there: `check .` reports exactly the tables the compiler makes (after a
    paragraph line, in `:::` admonitions, in `<details>` and JSX components; none after a lazy list line)."""
    root = _copy(repo, tmp_path)
    pages = _pages(root)
    compiled = mdx_engine.render_many([(root / page).read_text(encoding="utf-8") for page in pages])
    expected = sorted((page, table["lines"][0]) for page, result in zip(pages, compiled)
                      for table in extract_tables(result["html"]) if table["source"] == "md")
    code, output = run_cli(root, "check", ".")
    assert _tables(output) == expected and len(expected) >= 4
    assert code == 1 and output[-1].endswith(f"configuration: {host} (.md as MDX)")


def test_check_from_the_root_says_what_each_nested_mkdocs_site_builds(tmp_path):
    """Two sites in one repository (the nested one INHERITs base.yml): `check .` from the root gives, file for file,
    the findings of `mkdocs build` of each site, with each site's plugin entry's gitignore-style excludes
    (`draft.md` at any depth, `old/`, `**/generated-*.md`) and none from the other site's."""
    root = _copy("mkdocs-nested", tmp_path)
    built = []
    for site in ("", "tools/cli"):
        build = build_site(root / site / "mkdocs.yml", tmp_path / "out" / (site or "root"))
        prefix = f"{site}/" if site else ""
        built += [prefix + line.split("house_tables: ", 1)[1] for line in build.findings()]
    code, output = run_cli(root, "check", ".")
    assert _findings(output) == sorted(built) and code == 1
    paths = {path for path, _ in _tables(output)}
    assert paths == {"docs/index.md", "docs/team/roles.md", "docs/ref/api.md", "tools/cli/docs/index.md",
                     "tools/cli/docs/draft.md"}
    assert any(line.startswith("docs/index.md:11:5: HT003 ") for line in output)  # under `!!! note`: admonition


def test_the_same_globs_select_the_same_pages_in_a_toml_file(tmp_path):
    """The plugin entry's excludes, written in a .house-tables.toml in docs_dir instead (same base), select the same
    pages through the command line as through the build."""
    root = _copy("mkdocs-nested", tmp_path)
    (root / "mkdocs.yml").unlink()
    entry = yaml.safe_load((REPOS / "mkdocs-nested" / "mkdocs.yml").read_text(encoding="utf-8"))
    excludes = entry["plugins"][0]["house-tables"]["exclude"]
    (root / "docs" / ".house-tables.toml").write_text(f"exclude = {excludes!r}\n".replace("'", '"'), encoding="utf-8")
    _, output = run_cli(root, "check", "docs")
    assert {path for path, _ in _tables(output)} == {"docs/index.md", "docs/team/roles.md", "docs/ref/api.md"}


def _hooks() -> dict[str, dict]:
    return {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))}


def _run_hook(hook: dict, root: Path) -> subprocess.CompletedProcess:
    """A hook as pre-commit runs it: its entry, then the repository's files its `files` pattern takes, from the
    repository root (the console script on PATH, as in pre-commit's environment)."""
    files = [page for page in _pages(root) if re.search(hook["files"], page)]
    environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run([*shlex.split(hook["entry"]), *hook.get("args", []), *files], cwd=root, env=environment,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL, check=False)


@pytest.mark.parametrize("repo", ["docusaurus", "mintlify", "mkdocs-nested"])
def test_the_pre_commit_check_hook_works_unchanged_in_each_repository(tmp_path, repo):
    """`house-tables-check` as pre-commit runs it (no args) gives `check .`'s findings: files named one by one are
    read with their own host's configuration (MDX for Docusaurus' .md) and their site's excludes."""
    root = _copy(repo, tmp_path)
    _, expected = run_cli(root, "check", ".")
    hooked = _run_hook(_hooks()["house-tables-check"], root)
    assert hooked.returncode == 1 and _findings(hooked.stdout.splitlines()) == _findings(expected)


def test_the_pre_commit_fix_hook_converts_docusaurus_md_pages_as_mdx(tmp_path):
    """`house-tables-fix` in a Docusaurus repository writes the JSX form into `.md` pages (pre-commit then fails the
    commit because files changed); a second run changes nothing."""
    root = _copy("docusaurus", tmp_path)
    first = _run_hook(_hooks()["house-tables-fix"], root)
    text = (root / "docs" / "intro.md").read_text(encoding="utf-8")
    assert first.returncode == 0 and "style={{" in text and "| Flag |" not in text  # pre-commit fails on the change
    after = {page: (root / page).read_bytes() for page in _pages(root)}
    _run_hook(_hooks()["house-tables-fix"], root)
    assert after == {page: (root / page).read_bytes() for page in _pages(root)}


def test_the_github_actions_step_annotates_docusaurus_pages_where_mdx_has_tables(tmp_path):
    """`house-tables check --format github docs/` from the root: one annotation per finding of `check docs/`."""
    root = _copy("docusaurus", tmp_path)
    _, text = run_cli(root, "check", "docs/")
    code, github = run_cli(root, "check", "--format", "github", "docs/")
    annotated = sorted((m["file"], int(m["line"])) for line in github
                       if (m := re.match(r"::(?:warning|error) file=(?P<file>[^,]+),line=(?P<line>\d+)", line)))
    assert code == 1 and annotated == sorted((m["path"], int(m["line"])) for m in map(FINDING.match, text) if m)
