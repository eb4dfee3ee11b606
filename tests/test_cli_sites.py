"""The command line reads each page with its own site's configuration: the nearest mkdocs.yml above it (no plugin
entry needed), its Markdown stack with options, INHERIT, front matter removed as MkDocs does, and text that
pymdownx.snippets includes; and `check` then says what the build says."""

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from differential import as_docusaurus_gives_it
from engines import extract_tables
from page_compare import normalized
from sites import build_site, check_site, run_cli, unstyled, write_site

TABLE = "| a | b |\n|---|---|\n| 1 | 2 |\n"
FENCED = '# T\n\n```yaml hl_lines="1"\n| p | q |\n|---|---|\n```\n\n' + TABLE


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_fence_options_are_fences_and_the_summary_names_the_configuration(tmp_path):
    """A fence with options hides nothing after it and shows no table inside it; no mkdocs.yml: the defaults."""
    _write(tmp_path / "a.md", FENCED)
    code, lines = check_site(tmp_path, "a.md")
    assert code == 1
    assert lines == ["a.md:8:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
                     "1 finding (1 pipe table) in 1 file; configuration: defaults"]


def test_each_page_is_read_with_its_nearest_site(tmp_path):
    """Two sites in one repository: an indented table under `!!! note` is a table where admonition is loaded and
    code where it is not; a site without a house-tables plugin entry is fine."""
    page = "# P\n\n!!! note\n\n    " + TABLE.replace("\n", "\n    ").rstrip() + "\n"
    _write(tmp_path / "one" / "mkdocs.yml", "site_name: one\nmarkdown_extensions: [admonition]\n")
    _write(tmp_path / "two" / "mkdocs.yml", "site_name: two\n")
    _write(tmp_path / "one" / "docs" / "p.md", page)
    _write(tmp_path / "two" / "docs" / "p.md", page)
    _, lines = check_site(tmp_path, ".")
    assert lines[:-1] == ["one/docs/p.md:5:5: HT001 pipe table (2 columns, 1 row) — the house style forbids "
                          "Markdown pipe tables"]
    assert lines[-1].endswith("configuration: one/mkdocs.yml (Markdown stack), two/mkdocs.yml (Markdown stack)")


def test_inherited_markdown_extensions_are_read(tmp_path):
    """INHERIT: the parent's markdown_extensions apply, as MkDocs merges them."""
    _write(tmp_path / "base.yml", "markdown_extensions: [admonition]\n")
    _write(tmp_path / "site" / "mkdocs.yml", "INHERIT: ../base.yml\nsite_name: s\n")
    _write(tmp_path / "site" / "docs" / "p.md", "!!! note\n\n    " + TABLE.replace("\n", "\n    ").rstrip() + "\n")
    _, lines = check_site(tmp_path / "site", "docs")
    assert lines[0].startswith("docs/p.md:3:5: HT001 ")


def test_front_matter_is_removed_as_mkdocs_does(tmp_path):
    """Positions in the file, front matter counted; a table glued to the front matter is still a table."""
    _write(tmp_path / "mkdocs.yml", "site_name: s\n")
    _write(tmp_path / "docs" / "p.md", "---\ntitle: T\n---\n" + TABLE)
    _, lines = check_site(tmp_path)
    assert lines[0].startswith("docs/p.md:4:1: HT001 ")


def test_tables_from_snippets_are_reported_where_the_build_reports_them(tmp_path):
    """A snippet inside a fence hides no table; a snippet's table is reported at its own file, like the build."""
    page = '# P\n\n```python\n--8<-- "long.py"\n```\n\n' + TABLE + '\n--8<-- "part.md"\n'
    files = {"snippets/long.py": "x = 1\n" * 30, "snippets/part.md": "Text.\n\n  " + TABLE.replace("\n", "\n  ")}
    site = write_site(tmp_path, {"index.md": page}, files=files)
    built = build_site(site, tmp_path / "site")
    _, lines = check_site(tmp_path)
    assert lines[:-1] == [f.removeprefix("house_tables: ") for f in built.findings()]
    assert [line.split(" HT")[0] for line in lines[:-1]] == ["docs/index.md:7:1:", "snippets/part.md:3:3:"]


HOOK = '''import re
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor


class TabOption(Preprocessor):
    def run(self, lines):
        return [re.sub(r'^(```\\w+) tab="[^"]*"$', r"\\1", line) for line in lines]


class TabOptions(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(TabOption(), "tab_option", 100)


def on_config(config, **kwargs):
    config.markdown_extensions.append(TabOptions())
'''


def test_the_sites_hooks_add_their_markdown_extensions_as_in_the_build(tmp_path):
    """A hook's on_config adds a preprocessor that makes ```` ```toml tab="a" ```` a fence (as a real site does):
    check sees the table after it, exactly where the build reports it. A hook that fails is one line."""
    page = '# T\n\n```toml tab="a"\nx = 1\n```\n\n' + TABLE + '\n```toml\ny = 2\n```\n'
    config = write_site(tmp_path, {"index.md": page}, extensions=["pymdownx.superfences"], snippets=False)
    config.write_text(config.read_text(encoding="utf-8") + "hooks: [hooks.py]\n", encoding="utf-8")
    _write(tmp_path / "hooks.py", HOOK)
    built = build_site(config, tmp_path / "site")
    code, lines = check_site(tmp_path)
    assert [f.removeprefix("house_tables: ") for f in built.findings()] == lines[:-1]
    assert lines[:-1] == ["docs/index.md:7:1: HT001 pipe table (2 columns, 1 row) — the house style forbids "
                          "Markdown pipe tables"]
    _write(tmp_path / "failing_hook.py", "def on_config(config, **kwargs):\n    raise RuntimeError('no tomlkit')\n")
    config.write_text(config.read_text(encoding="utf-8").replace("[hooks.py]", "[failing_hook.py]"), encoding="utf-8")
    code, lines = check_site(tmp_path)
    assert code == 2 and lines == [
        "no findings in 0 files; 1 path could not be read; configuration: none could be read"]


DOCUSAURUS_PAGE = """# Page

Intro line
| a | b |
|---|---|
| 1 | 2 |

:::note

| c | d |
|---|---|
| 3 | 4 |
:::

after the note

<details>

| e | f |
|---|---|
| 5 | 6 |

</details>

- item
| not | a table for MDX |
"""


@pytest.mark.parametrize("host", ["docusaurus.config.js", "docs.json"])
def test_docusaurus_and_mintlify_md_pages_are_read_as_mdx(tmp_path, mdx_engine, host):
    """A Docusaurus (docusaurus.config.js) or Mintlify (docs.json) repository: `check .` from its root reads `.md`
    as MDX, as the host does (a table right after a paragraph line, `:::` admonitions, `<details>`, a lazy line
    after a list item), and finds exactly the tables the MDX compiler builds; the summary says so."""
    config = {"docusaurus.config.js": "export default {title: 'site', presets: []};\n",
              "docs.json": '{"$schema": "https://mintlify.com/docs.json", "name": "site"}\n'}[host]
    _write(tmp_path / host, config)
    _write(tmp_path / "docs" / "page.md", DOCUSAURUS_PAGE)
    _write(tmp_path / "docs" / "other.mdx", DOCUSAURUS_PAGE)
    (compiled,) = mdx_engine.render_many([DOCUSAURUS_PAGE])
    lines = [t["lines"][0] for t in extract_tables(compiled["html"]) if t["source"] == "md"]
    code, output = check_site(tmp_path, ".")
    found = sorted((line.split(":")[0], int(line.split(":")[1])) for line in output if " HT001 " in line)
    assert found == sorted((f"docs/{name}", line) for name in ("other.mdx", "page.md") for line in lines)
    assert len(lines) == 3 and code == 1
    assert output[-1].endswith(f"configuration: {host} (.md as MDX)")


def test_the_nearest_options_file_governs_each_file(tmp_path, monkeypatch):
    """`.house-tables.toml` and `pyproject.toml` [tool.house-tables] are found from each file upwards, the nearest
    wins (nothing merged), `.house-tables.toml` over `pyproject.toml` in one directory, a `pyproject.toml` without
    the table is passed over; `-v` says which configuration read which files with which options."""
    _write(tmp_path / "pyproject.toml", '[tool.house-tables]\nlevel = "info"\n')
    _write(tmp_path / "a.md", TABLE)
    _write(tmp_path / "team" / "pyproject.toml", '[project]\nname = "x"\n')  # no table: passed over
    _write(tmp_path / "team" / "b.md", TABLE)
    _write(tmp_path / "strict" / ".house-tables.toml", 'level = "error"\n')
    _write(tmp_path / "strict" / "pyproject.toml", '[tool.house-tables]\nlevel = "ignore"\n')
    _write(tmp_path / "strict" / "c.md", TABLE)
    from house_tables.cli import run

    out, err = io.StringIO(), io.StringIO()
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["check", "--jobs", "1", "--format", "json", "-v", "."])
    levels = {d["path"]: d["severity"] for d in json.loads(out.getvalue())["diagnostics"]}
    assert levels == {"a.md": "info", "team/b.md": "info", "strict/c.md": "error"} and code == 1
    verbose = sorted(err.getvalue().splitlines())
    assert verbose == [
        "house-tables: configuration pyproject.toml [tool.house-tables]: 2 files; options: level='info'",
        "house-tables: configuration strict/.house-tables.toml: 1 file; options: level='error'",
    ]


def test_dialects_per_path_and_the_order_of_dialect_choices(tmp_path):
    """`dialects` globs (first match) over `dialect`, over the host, over the suffix; `--dialect` over all."""
    page = "Text\n" + TABLE  # a table after a paragraph line: MDX renders it, Python-Markdown does not (HT005)
    _write(tmp_path / ".house-tables.toml", 'dialect = "python-markdown"\ndialects = {"mdx/**/*.md" = "mdx"}\n')
    _write(tmp_path / "docusaurus.config.js", "export default {title: 'x'};\n")
    for name in ("mdx/deep/a.md", "b.md", "c.mdx"):
        _write(tmp_path / name, page)
    _, output = run_cli(tmp_path, "check", ".")
    codes = {line.split(":")[0]: line.split(" ")[1] for line in output if " HT" in line}
    assert codes == {"mdx/deep/a.md": "HT001", "b.md": "HT005", "c.mdx": "HT005"}
    _, output = run_cli(tmp_path, "check", "--dialect", "mdx", ".")
    assert {line.split(" ")[1] for line in output if " HT" in line} == {"HT001"}
    (tmp_path / ".house-tables.toml").unlink()
    _, output = run_cli(tmp_path, "check", ".")  # the host: Docusaurus reads .md as MDX
    assert {line.split(" ")[1] for line in output if " HT" in line} == {"HT001"}


@pytest.mark.parametrize(("config", "note"), [
    ("export default {markdown: {format: 'detect'}};", "markdown.format 'detect': .md read as CommonMark"),
    ("module.exports = {markdown: {\n  // format: 'md',\n  mermaid: true}};", None),
    ("export default {markdown: {format: process.env.FORMAT}};", "markdown.format 'process.env.FORMAT' not understood"),
    ("export default {blog: {format: 'md'}, markdown: {mdx1Compat: {comments: true}}};", None),
    ("export default {'markdown': {'format': 'mdx' /* default */}};", None),
])
def test_docusaurus_markdown_format_is_read_without_running_javascript(tmp_path, config, note):
    """The `markdown: {format}` of docusaurus.config.js, read by a small object-literal reader: comments and other
    objects' `format` keys do not count; a value that is not a string literal is said to be not understood."""
    _write(tmp_path / "docusaurus.config.js", config + "\n")
    _write(tmp_path / "docs" / "a.md", TABLE)
    _, output = run_cli(tmp_path, "check", ".")
    summary = output[-1]
    assert summary.endswith("(.md as MDX)") if note is None else note in summary


def test_docs_beside_the_docusaurus_site_are_its_pages(tmp_path):
    """`website/docusaurus.config.js` reading `path: '../docs'` (docs kept beside the site, as many repositories
    do): the pages in docs/ are that site's, .md read as MDX; a sibling directory no config reads is not."""
    config = ("export default {presets: [['classic', {docs: {path: '../docs', sidebarPath: './sidebars.js'}}]],\n"
              "  plugins: [['@docusaurus/plugin-content-docs', {id: 'community', path: './community'}]]};\n")
    _write(tmp_path / "website" / "docusaurus.config.js", config)
    page = "Text\n" + TABLE  # MDX: a table; Python-Markdown: none (HT005)
    for name in ("docs/guide/a.md", "notes/b.md", "website/community/c.md"):
        _write(tmp_path / name, page)
    _, output = run_cli(tmp_path, "check", ".")
    codes = {line.split(":")[0]: line.split(" ")[1] for line in output if " HT" in line}
    assert codes == {"docs/guide/a.md": "HT001", "notes/b.md": "HT005", "website/community/c.md": "HT001"}


def test_files_mkdocs_builds_as_no_page_are_not_read(tmp_path):
    """MkDocs builds no page of docs/templates/, dotfiles or what `exclude_docs` names (they are snippets and
    templates, shown only where a page includes them): check reads the pages the build reads — its findings are the
    build's — and fix leaves the others byte for byte, even when pre-commit passes them one by one. (Kometa keeps a
    header-only pipe table in docs/templates/ whose rows an including page adds: converting it broke 62 pages.)"""
    header_only = "| Variable | Description |\n|:--|:--|"
    pages = {"index.md": "# Page\n\n" + TABLE, "templates/head.md": header_only + "\n", ".draft.md": TABLE,
             "parts/row.md": TABLE, "kept/page.md": "# Kept\n\n" + TABLE}
    config = write_site(tmp_path, pages, extensions=["tables"], snippets=False)
    config.write_text(config.read_text(encoding="utf-8") + "exclude_docs: |\n  parts/\n", encoding="utf-8")
    built = build_site(config, tmp_path / "site")
    code, lines = check_site(tmp_path)
    assert code == 1 and [f.removeprefix("house_tables: ") for f in built.findings()] == lines[:-1]
    assert [line.split(":")[0] for line in lines[:-1]] == ["docs/index.md", "docs/kept/page.md"]
    assert lines[-1].startswith("2 findings (2 pipe tables) in 2 files")
    not_pages = ["docs/templates/head.md", "docs/.draft.md", "docs/parts/row.md"]
    before = {name: (tmp_path / name).read_bytes() for name in not_pages}
    assert run_cli(tmp_path, "fix", *not_pages)[1][-1].startswith("0 files fixed")
    run_cli(tmp_path, "fix", "docs")
    assert {name: (tmp_path / name).read_bytes() for name in not_pages} == before
    assert "<table" in (tmp_path / "docs/index.md").read_text(encoding="utf-8")


MINTLIFY = '{"$schema": "https://mintlify.com/docs.json", "name": "site"}\n'


def test_files_mintlify_leaves_out_are_not_read(tmp_path):
    """Mintlify builds no file its defaults (README.md, CHANGELOG.md, .claude/, node_modules/, ...) or the
    project's .mintignore (gitignore patterns beside docs.json, `!` re-includes) leave out: check reads the pages
    the site publishes, and fix leaves the others byte for byte, even named on the command line (agent notes and
    READMEs with pipe tables are common in Mintlify repositories)."""
    _write(tmp_path / "docs.json", MINTLIFY)
    _write(tmp_path / ".mintignore", "# drafts stay in the repository\ndrafts/\n*.draft.mdx\nAGENTS.md\n"
                                     "!drafts/ready.mdx\n!api/README.md\n")
    not_pages = ["README.md", "CHANGELOG.md", "AGENTS.md", ".claude/skills/x.md", "drafts/a.mdx", "guide/b.draft.mdx",
                 "node_modules/pkg/doc.md", "guide/tmp/c.mdx"]
    pages = ["index.mdx", "guide/page.md", "api/README.md", "drafts/ready.mdx"]
    for name in not_pages + pages:
        _write(tmp_path / name, "# T\n\n" + TABLE)
    code, lines = check_site(tmp_path, ".")
    assert code == 1 and sorted(line.split(":")[0] for line in lines[:-1]) == sorted(pages)
    before = {name: (tmp_path / name).read_bytes() for name in not_pages}
    assert run_cli(tmp_path, "fix", *not_pages[:3])[1][-1].startswith("0 files fixed")
    run_cli(tmp_path, "fix", ".")
    assert {name: (tmp_path / name).read_bytes() for name in not_pages} == before
    assert all("<table" in (tmp_path / name).read_text(encoding="utf-8") for name in pages)


def test_a_mintignore_that_cannot_be_decoded_refuses_its_configuration(tmp_path, monkeypatch):
    """One line naming the file, exit 2, nothing of that project read (what it leaves out is unknown)."""
    _write(tmp_path / "project" / "docs.json", MINTLIFY)
    (tmp_path / "project" / ".mintignore").write_bytes(b"drafts/\n\xff\n")
    _write(tmp_path / "project" / "index.mdx", TABLE)
    _write(tmp_path / "other" / "page.md", TABLE)
    from house_tables.cli import run

    out, err = io.StringIO(), io.StringIO()
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["check", "--jobs", "1", "."])
    assert code == 2
    assert [line.split(":")[0] for line in out.getvalue().splitlines() if " HT001 " in line] == ["other/page.md"]
    assert err.getvalue().startswith("project/.mintignore:2:1: cannot read: not valid UTF-8")
    assert len(err.getvalue().splitlines()) == 1


def test_one_process_reads_each_site_s_snippets_from_its_own_directory(tmp_path, monkeypatch, capsys):
    """A long-lived process (the language server) checking two sites with the same configuration, one after the
    other from each site's directory: snippets' relative base_path is each site's own (it is resolved against the
    working directory when the Markdown instance is built, so an instance is not shared across directories)."""
    from house_tables import cli

    config = "site_name: S\nmarkdown_extensions:\n  - tables\n  - pymdownx.snippets:\n      base_path: [docs]\n"
    for name, part in (("one", "Intro.\n\n" + TABLE), ("two", "No table.\n")):
        _write(tmp_path / name / "mkdocs.yml", config)
        _write(tmp_path / name / "docs" / "part.md", part)
        _write(tmp_path / name / "docs" / "page.md", '# Page\n\n--8<-- "part.md"\n')
    found = {}
    for name in ("one", "two"):
        monkeypatch.chdir(tmp_path / name)
        found[name] = (cli.run(["check", "--no-cache", "docs/page.md"]), capsys.readouterr().out.splitlines()[0])
    assert found["one"] == (1, "docs/part.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids "
                               "Markdown pipe tables")
    assert found["two"] == (0, "no findings in 1 file; configuration: mkdocs.yml (Markdown stack)")


COMMONMARK = ("Docusaurus reads this page as CommonMark ({}), where a JSX table is no table")


def test_docusaurus_pages_read_as_commonmark_get_no_jsx_table(tmp_path, mdx_engine):
    """Under markdown.format 'detect' Docusaurus reads `.md` as CommonMark, where a JSX table is no table (MDX's
    `md` format drops it: compiled below); fix wrote the JSX form there all the same. Now such a page keeps its
    table, with HT009 (check --verify says so too); `.mdx` pages, and a `.md` page whose front matter says
    `format: mdx`, are converted. Under the default format, a page's front matter `mdx: {format: md}` (the older
    key) makes it CommonMark too."""
    _write(tmp_path / "docusaurus.config.js", "export default {title: 'x', markdown: {format: 'detect'}};\n")
    pages = {"a.md": "# A\n\n" + TABLE, "b.mdx": "# B\n\n" + TABLE, "c.md": "---\nformat: mdx\n---\n\n" + TABLE}
    for name, text in pages.items():
        _write(tmp_path / "docs" / name, text)
    for command in (("check", "--verify"), ("fix",)):
        code, output = run_cli(tmp_path, *command, "docs")
        refused = [line for line in output if " HT009 " in line]
        assert (code, refused) == (1, ["docs/a.md:3:1: HT009 " + COMMONMARK.format("markdown.format 'detect'")])
    assert (tmp_path / "docs" / "a.md").read_text(encoding="utf-8") == pages["a.md"]
    converted = (tmp_path / "docs" / "b.mdx").read_text(encoding="utf-8")
    assert converted.startswith("# B\n\n<table style={{")
    assert (tmp_path / "docs" / "c.md").read_text(encoding="utf-8").startswith("---\nformat: mdx\n---\n\n<table ")
    as_mdx, as_commonmark = (mdx_engine.render_many([converted], form)[0]["html"] for form in ("mdx", "md"))
    assert "<table" in as_mdx and "<table" not in as_commonmark
    _write(tmp_path / "docusaurus.config.js", "export default {title: 'x'};\n")
    _write(tmp_path / "docs" / "d.md", "---\nmdx:\n  format: md\n---\n\n" + TABLE)
    code, output = run_cli(tmp_path, "fix", "docs/d.md")
    assert (code, output[1]) == (1, "docs/d.md:6:1: HT009 " + COMMONMARK.format("its front matter's format 'md'"))


def test_front_matter_format_is_docusaurus_only(tmp_path):
    """`format: md` in the front matter of an MkDocs page means nothing to MkDocs: its table is converted."""
    write_site(tmp_path, {"index.md": "---\nformat: md\n---\n\n" + TABLE}, snippets=False)
    code, output = run_cli(tmp_path, "fix", "docs")
    assert (code, output[0]) == (0, "docs/index.md: 1 table, 4 cells verified")


# A page of a Docusaurus site, its tables where CommonMark and MDX disagree: indented 4 columns (code in CommonMark),
# in a `<div>` HTML block (raw HTML in CommonMark, JSX holding a table in MDX), under lines MDX reads as JSX or an
# expression (text in CommonMark), in an admonition, a quote and a list.
COMMONMARK_PAGE = """# Page

| a | b |
|---|---|
| 1 | 2 |

    | code | c |
    |------|---|

<div>
| raw | r |
|-----|---|
</div>

<details>

| shown | s |
|-------|---|

</details>

:::note

| noted | n |
|-------|---|

:::

> | quoted | q |
> |--------|---|

- item

  | listed | l |
  |--------|---|
"""
COMMONMARK_ONLY = """<Card title="x"
| after | jsx |
|-------|-----|

{
| after | brace |
|-------|-------|

<!-- a comment -->
| after | comment |
|-------|---------|
"""


def _compiler_table_lines(mdx_engine, text: str, form: str) -> list[int]:
    """The first line of each table MDX (format form) finds in a page, its front matter blanked as Docusaurus
    takes it off (lines kept)."""
    if text.startswith("---\n"):
        end = text.index("\n---\n", 3) + 5
        text = "\n" * text.count("\n", 0, end) + text[end:]
    return sorted(table["lines"][0] for table in mdx_engine.tables(as_docusaurus_gives_it(text), form=form))


@pytest.mark.parametrize("markdown_format", ["detect", "md"])
def test_docusaurus_commonmark_site_tables_are_the_compilers(tmp_path, mdx_engine, markdown_format):
    """A Docusaurus site under markdown.format 'detect' (`.md` is CommonMark, `.mdx` MDX) or 'md' (every page
    CommonMark), some pages choosing their format in their front matter: check (text and JSON), check --verify and
    fix --form html find on every page exactly the tables MDX compiling it in the page's format finds; after fix,
    the tables left are again exactly the compiler's."""
    _write(tmp_path / "docusaurus.config.js", f"export default {{markdown: {{format: '{markdown_format}'}}}};\n")
    pages = {"a.md": COMMONMARK_PAGE + "\n" + COMMONMARK_ONLY, "b.mdx": COMMONMARK_PAGE,
             "c.md": "---\nformat: mdx\n---\n\n" + COMMONMARK_PAGE,
             "d.mdx": "---\nformat: md\n---\n\n" + COMMONMARK_PAGE}
    formats = {"a.md": "md", "b.mdx": "mdx" if markdown_format == "detect" else "md", "c.md": "mdx", "d.mdx": "md"}
    for name, text in pages.items():
        _write(tmp_path / "docs" / name, text)

    def compiled() -> dict[str, list[int]]:
        texts = {name: (tmp_path / "docs" / name).read_text(encoding="utf-8") for name in pages}
        return {f"docs/{name}": _compiler_table_lines(mdx_engine, texts[name], formats[name]) for name in pages}

    def reported(*command: str) -> dict[str, list[int]]:
        output = run_cli(tmp_path, *command, "docs")[1]
        found = {f"docs/{name}": [] for name in pages}
        for line in output:
            if " HT001 " in line:
                path, number = line.split(":")[:2]
                found[path].append(int(number))
        return found

    expected = compiled()
    assert len(expected["docs/a.md"]) == 8 and len(expected["docs/c.md"]) == 7  # the page's two readings differ
    assert reported("check") == expected
    assert reported("check", "--verify") == expected
    as_json = json.loads("\n".join(run_cli(tmp_path, "check", "--format", "json", "docs")[1]))
    by_page = {f"docs/{name}": [] for name in pages}
    for table in as_json["tables"]:
        by_page[table["path"]].append(table["line"])
    assert by_page == expected
    run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert reported("check") == compiled()


# Hosts that compile `.md` as CommonMark and `.mdx` as MDX: their config file, whether they read `:::note` containers,
# whether the HTML form shows in a `.md` page (Fumadocs and Vocs compile it with MDX's md format without rehype-raw,
# which drops raw HTML; Rspress adds rehype-raw, and regroups the paragraphs its `:::tip` lines make: no syntax).
SUFFIX_HOSTS = {
    "starlight": ("astro.config.mjs", "import starlight from '@astrojs/starlight';\n"
                  "export default {integrations: [starlight()]};\n", True, True),
    "astro": ("astro.config.mjs", "export default {};\n", False, True),
    "nextra": ("next.config.mjs", "import nextra from 'nextra';\nexport default nextra({})({});\n", False, True),
    "fumadocs": ("source.config.ts", "import {defineDocs} from 'fumadocs-mdx/config';\n"
                 "export const docs = defineDocs({dir: 'content/docs'});\n", False, False),
    "vocs": ("vocs.config.ts", "import {defineConfig} from 'vocs';\nexport default defineConfig({});\n", True, False),
    "rspress": ("rspress.config.ts", "import {defineConfig} from '@rspress/core';\nexport default defineConfig({});\n",
                False, True),
}
# A `:::note` right under a table: a row of it where `:::` is text, the aside's opening where Starlight reads asides.
ASIDE_UNDER_TABLE = "| x | y |\n|---|---|\n:::note\n| in | aside |\n:::\n"


@pytest.mark.parametrize("host", SUFFIX_HOSTS)
def test_md_pages_of_hosts_compiling_by_suffix_are_read_as_commonmark(tmp_path, mdx_engine, host):
    """Astro (Starlight's docs) renders a `.md` page with its own Markdown, Nextra (its default format 'detect'),
    fumadocs-mdx, Vocs (foundry-rs/book's introduction/getting-started.md: the table vanished after fix) and Rspress
    with MDX's md format: CommonMark and GFM, no MDX; `.mdx` with MDX. check read `.md` as
    Python-Markdown (an indented or `<div>` table reported, one under JSX-like lines not), and fix wrote a JSX table
    there, which CommonMark takes for raw HTML: `style={{...}}` attributes a browser cannot read, cells' Markdown no
    longer read (or the table dropped, where raw HTML is). Now check finds on each page exactly the tables the
    compiler finds in the page's format (Starlight's `:::note` asides read as containers), fix leaves a `.md` page's
    tables as written with HT009, and fix --form html converts them where the host shows raw HTML."""
    name, config, directives, shows_html = SUFFIX_HOSTS[host]
    _write(tmp_path / name, config)
    pages = {"a.md": COMMONMARK_PAGE + "\n" + COMMONMARK_ONLY + "\n" + ASIDE_UNDER_TABLE,
             "b.mdx": COMMONMARK_PAGE + "\n" + ASIDE_UNDER_TABLE}
    docs = tmp_path / "src" / "content" / "docs"
    for page, text in pages.items():
        _write(docs / page, text)
    expected = {f"src/content/docs/{page}": sorted(
        table["lines"] for table in mdx_engine.tables(text, directives=directives, form=page[-2:]))
        for page, text in pages.items()}
    assert len(expected["src/content/docs/a.md"]) == 9
    first, last = expected["src/content/docs/a.md"][-1]  # the aside ends the table, or `:::note` is a row of it
    assert (last - first == 1) == directives
    found = {path: [] for path in expected}
    for table in json.loads("\n".join(run_cli(tmp_path, "check", "--format", "json", "src")[1]))["tables"]:
        found[table["path"]].append([table["line"], table["end_line"]])
    assert found == expected
    code, output = run_cli(tmp_path, "fix", "src")
    refused = {line.split(" HT009 ")[1] for line in output if " HT009 " in line}
    host_name = {"starlight": "Astro", "astro": "Astro", "nextra": "Nextra", "fumadocs": "Fumadocs", "vocs": "Vocs",
                 "rspress": "Rspress"}[host]
    assert code == 1 and refused == {f"{host_name} reads a .md page as CommonMark, where a JSX table is no table"}
    assert (docs / "a.md").read_text(encoding="utf-8") == pages["a.md"]
    assert (docs / "b.mdx").read_text(encoding="utf-8") != pages["b.mdx"]
    run_cli(tmp_path, "fix", "--form", "html", "src")
    assert ((docs / "a.md").read_text(encoding="utf-8") != pages["a.md"]) == shows_html


def test_nextra_with_format_mdx_reads_md_pages_as_mdx(tmp_path):
    """Nextra's `mdxOptions.format: 'mdx'` makes `.md` pages MDX: fix writes them the JSX form (no CommonMark refusal),
    and a page's front matter `format: md` (Docusaurus' alone) changes nothing."""
    _write(tmp_path / "next.config.mjs", "import nextra from 'nextra';\n"
           "export default nextra({mdxOptions: {format: 'mdx'}})({});\n")
    _write(tmp_path / "docs" / "a.md", "---\nformat: md\n---\n\n" + TABLE)
    code, output = run_cli(tmp_path, "fix", "docs")
    assert code == 0 and output[-1].endswith("(.md as MDX; mdxOptions.format 'mdx': .md as MDX (Nextra))"), output
    assert "style={{" in (tmp_path / "docs" / "a.md").read_text(encoding="utf-8")


# Cells whose emphasis the CJK-friendly amendments read otherwise (strong, struck there; text in CommonMark), and cells
# they read alike (the closing `**` of `**粗体**，` may also open there, with nothing after it to close).
CJK_PAGE = ("# 表格\n\n| 名称 | 说明 |\n| --- | --- |\n| 这是**“引号”**文本 | a |\n\n"
            "| 键 | 值 |\n| --- | --- |\n| 中**文**字 | **粗体**， |\n| *斜体*的 | d |\n\n"
            "| 删除 | b |\n| --- | --- |\n| 这是~~“删”~~文 | c |\n")


def test_rspress_tables_whose_cjk_emphasis_the_host_reads_otherwise_stay(tmp_path, mdx_engine):
    """Rspress reads emphasis with remark-cjk-friendly (markdown.cjkFriendlyEmphasis, on by default): in
    `这是**“引号”**文本` the `**` are strong there, text in CommonMark. fix wrote the cell as house-tables reads it,
    `这是\\*\\*“引号”\\*\\*文本`, and the page showed the asterisks. Now such a table stays, with HT009; a table whose
    cells the amendments read alike is converted, and the page shows the same outside the tables (compiled with
    remark-cjk-friendly, as Rspress compiles it)."""
    _write(tmp_path / "rspress.config.ts", "export default {};\n")
    page = tmp_path / "docs" / "zh" / "a.mdx"
    _write(page, CJK_PAGE)
    code, output = run_cli(tmp_path, "fix", "docs")
    fixed = page.read_text(encoding="utf-8")
    before, after = (mdx_engine.render_many([text], cjk=True)[0]["html"] for text in (CJK_PAGE, fixed))
    assert before.count("<strong>") == 3 and before.count("<del>") == 1
    assert normalized(after, drop_styles=True) == normalized(before, drop_styles=False)
    assert code == 1 and sum(" HT009 Rspress reads emphasis beside CJK text" in line for line in output) == 2
    assert "| 这是**“引号”**文本 | a |" in fixed and "| 这是~~“删”~~文 | c |" in fixed and "| 中**文**字 |" not in fixed


RSPRESS_CJK_OFF = ("import { defineConfig } from '@rspress/core';\n\nexport default defineConfig({\n"
                   "  root: 'docs',\n  markdown: {\n    showLineNumbers: true, // cjkFriendlyEmphasis: true\n"
                   "    cjkFriendlyEmphasis: false,\n  },\n});\n")


def test_rspress_with_cjk_friendly_emphasis_off_is_read_as_commonmark(tmp_path, mdx_engine):
    """`markdown: { cjkFriendlyEmphasis: false }` takes remark-cjk-friendly out of Rspress' pipeline (@rspress/core
    mdx/options.ts): the site reads emphasis beside CJK text as CommonMark, as house-tables does. fix refused the
    tables as if it were on; now it converts them, and the page compiled as that site compiles it (without the
    amendments) shows the same: the asterisks CommonMark leaves as text stay text."""
    _write(tmp_path / "rspress.config.ts", RSPRESS_CJK_OFF)
    page = tmp_path / "docs" / "zh" / "a.mdx"
    _write(page, CJK_PAGE)
    code, output = run_cli(tmp_path, "fix", "docs")
    fixed = page.read_text(encoding="utf-8")
    before, after = (mdx_engine.render_many([text], cjk=False)[0]["html"] for text in (CJK_PAGE, fixed))
    assert code == 0 and output[-1].endswith("(.md read as CommonMark (Rspress); markdown.cjkFriendlyEmphasis false)")
    assert "| " not in fixed and before.count("<strong>") == 2 and "这是**“引号”**文本" in after
    assert normalized(after, drop_styles=True) == normalized(before, drop_styles=False)


@pytest.mark.parametrize("markdown", ["cjkFriendlyEmphasis: true", "cjkFriendlyEmphasis: !process.env.PLAIN",
                                      "shiki: { cjkFriendlyEmphasis: false }", "/* cjkFriendlyEmphasis: false */"])
def test_rspress_cjk_friendly_emphasis_not_surely_off_is_on(tmp_path, markdown):
    """Anything but the literal `false` as markdown's own cjkFriendlyEmphasis is Rspress' default, on: the tables
    it reads otherwise stay (the config is JavaScript, not run)."""
    _write(tmp_path / "rspress.config.ts", f"export default {{ markdown: {{ {markdown} }} }};\n")
    _write(tmp_path / "docs" / "zh" / "a.mdx", CJK_PAGE)
    code, output = run_cli(tmp_path, "fix", "docs")
    assert code == 1 and sum(" HT009 Rspress reads emphasis beside CJK text" in line for line in output) == 2


def test_a_house_table_holding_table_tags_in_code_spans_is_in_the_house_style(tmp_path, mdx_engine):
    """biomejs/website's linter/html/rules.mdx: a cell `The scope prop should be used only on `<th>` elements.`.
    fix converted the table, and check then read the house table it wrote as hand-written and not a grid (HT013
    'several cells on one line': the `<th>` in the code span taken for a cell), so check failed on fix's own output
    for ever. A code span in a JSX cell is text: the table is in the house style, and the page shows the same."""
    page = ("# Rules\n\n| Rule | Description |\n| --- | --- |\n| a | used only on `<th>` elements |\n"
            "| b | a ``<td>`x`<tr>`` |\n")
    _write(tmp_path / "docs" / "a.mdx", page)
    assert run_cli(tmp_path, "fix", "docs")[0] == 0
    fixed = (tmp_path / "docs" / "a.mdx").read_text(encoding="utf-8")
    before, after = (mdx_engine.render_many([text])[0]["html"] for text in (page, fixed))
    assert "<code>&lt;th&gt;</code>" in after
    assert normalized(after, drop_styles=True) == normalized(before, drop_styles=False)
    code, output = run_cli(tmp_path, "check", "docs")
    assert code == 0 and output == ["no findings in 1 file; hand-written tables: 1 in the house style, 0 drifting, 0 "
                                    "left alone; configuration: defaults"]


@pytest.mark.parametrize("code_span", ["`<table>`", "`</table>`", "``</td></tr></table>``", "\\``</table>`"])
def test_a_house_table_holding_a_table_tag_in_a_code_span_is_reviewed_whole(tmp_path, mdx_engine, code_span):
    """A cell `use `<table>` here`: the review counted the code span's `<table>` as a table opened inside, found
    no end to the house table fix had written, and reviewed nothing (check: no hand-written table at all); a
    `</table>` there ended the table on that line, and the rows below it were not read. Either way a row that
    drifted later passed check. A code span in a JSX cell is text: the whole table is reviewed. (An escaped
    backtick opens no code span, and the one after it does.)"""
    page = f"# Rules\n\n| a | b |\n| --- | --- |\n| x | use {code_span} here |\n| y | z |\n"
    _write(tmp_path / "docs" / "a.mdx", page)
    assert run_cli(tmp_path, "fix", "docs")[0] == 0
    fixed = (tmp_path / "docs" / "a.mdx").read_text(encoding="utf-8")
    before, after = (mdx_engine.render_many([text])[0]["html"] for text in (page, fixed))
    assert "table&gt;</code> here" in after  # the code span, shown as text
    assert normalized(after, drop_styles=True) == normalized(before, drop_styles=False)
    assert run_cli(tmp_path, "check", "docs") == (0, [
        "no findings in 1 file; hand-written tables: 1 in the house style, 0 drifting, 0 left alone; "
        "configuration: defaults"])
    row = '<td style={{padding: "9px 12px", fontWeight: 500, backgroundColor: "rgba(255,255,255,0.02)"}}>y</td>'
    assert row in fixed
    _write(tmp_path / "docs" / "a.mdx", fixed.replace(row, row.replace('"9px 12px"', '"3px"')))
    code, output = run_cli(tmp_path, "check", "docs")
    assert code == 1 and output[0] == 'docs/a.mdx:20:7: HT012 <td> column 1 has padding "3px", not "9px 12px"'
    assert run_cli(tmp_path, "fix", "docs")[0] == 0
    assert (tmp_path / "docs" / "a.mdx").read_text(encoding="utf-8") == fixed


def test_mdx_tables_with_an_address_after_mailto_stay(tmp_path, mdx_engine):
    """`mailto:user@example.com` in an `.mdx` cell: remark-gfm links the address alone and shows `mailto:` as text,
    cmark-gfm (which fix verified the cells with) links the whole, so the compiled page showed one link
    `mailto:user@example.com` (and `xmpp:u@e.com/res`'s target became xmpp: from mailto:). Such tables stay, HT009
    at the cell; a bare address (a link in both, and in the house table's JSX) and one in a link's destination
    convert, and the compiled page is the same."""
    page = ("# Contact\n\n| a | b |\n| --- | --- |\n| x | write to mailto:user@example.com |\n\n"
            "| c | d |\n| --- | --- |\n| y | (xmpp:u@example.com/res) |\n\n"
            "| e | f |\n| --- | --- |\n| z | user@example.com, [us](mailto:u@example.com), `mailto:a@b.c` |\n")
    _write(tmp_path / "docs" / "a.mdx", page)
    code, output = run_cli(tmp_path, "fix", "docs")
    fixed = (tmp_path / "docs" / "a.mdx").read_text(encoding="utf-8")
    before, after = (mdx_engine.render_many([text])[0]["html"] for text in (page, fixed))
    assert normalized(after, drop_styles=True) == normalized(before, drop_styles=False)
    assert 'mailto:<a href="mailto:user@example.com">user@example.com</a>' in after
    assert code == 1 and [line.split(" not converted")[0] for line in output if " HT009 " in line] == [
        "docs/a.mdx:5:7: HT009", "docs/a.mdx:9:7: HT009"]
    assert fixed.count("| --- | --- |") == 2 and '[{"user@example.com"}](<mailto:user@example.com>)' in fixed


def test_a_next_config_without_nextra_is_no_host(tmp_path):
    """A Next.js app's next.config.* (no Nextra named) says nothing of its `.md` files: read by their suffix."""
    _write(tmp_path / "next.config.mjs", "export default {};\n")
    _write(tmp_path / "docs" / "a.md", TABLE)
    assert run_cli(tmp_path, "check", "docs")[1][-1].endswith("configuration: defaults")


def test_html_form_keeps_a_table_whose_html_block_would_take_the_next_line(tmp_path, mdx_engine):
    """In a page Docusaurus reads as CommonMark, the HTML form's `<table>` opens an HTML block, which runs to a blank
    line: a heading or a quote right under a pipe table would become raw HTML with it. fix --form html leaves such
    a table as written, with HT009, and converts one a blank line follows; the page then shows the same outside its
    tables (compiled in format 'md', where this server drops raw HTML)."""
    _write(tmp_path / "docusaurus.config.js", "export default {markdown: {format: 'detect'}};\n")
    page = "# P\n\n| a |\n|---|\n# H\n\n| b |\n|---|\n> q\n\n| c |\n|---|\n\nend\n"
    _write(tmp_path / "docs" / "a.md", page)
    _, output = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert [line.split(": HT009 ")[0] for line in output if " HT009 " in line] == ["docs/a.md:3:1", "docs/a.md:7:1"]
    fixed = (tmp_path / "docs" / "a.md").read_text(encoding="utf-8")
    assert fixed.startswith(page[:page.index("| c |")] + "<table ")
    before, after = (mdx_engine.render_many([text], "md")[0]["html"] for text in (page, fixed))

    def outside_tables(html: str) -> str:
        return re.sub(r"<table.*?</table>", "", html, flags=re.DOTALL)

    assert outside_tables(after) == outside_tables(before) and "<blockquote>" in outside_tables(after)


# Snippets under docs_dir that MkDocs builds as no page: a dot-directory (MkDocs' default `.*`) and an excluded one.
EXCLUDED_PAGES = {
    "index.md": '# Home\n\nText.\n\n--8<-- ".snippets/part.md"\n',
    "guide.md": '# Guide\n\n!!! note\n\n    --8<-- ".snippets/part.md"\n',
    "range.md": '# Range\n\n--8<-- "parts/lines.md:3:5"\n',
    ".snippets/part.md": "| key | value |\n|:--|--:|\n| a | [the docs](https://example.com/ref) |\n| b | `2` |\n",
    "parts/lines.md": "# Lines\n\n| p | q |\n|---|---|\n| 1 | 2 |\n\n| r | s |\n|---|---|\n| 3 | 4 |\n",
}


def test_fix_converts_a_snippet_docs_dir_builds_as_no_page(tmp_path):
    """A snippet under a dot-directory of docs_dir, included whole by two pages: check reports its table at its own
    lines once per page, as the build does, and fix, which read no excluded file, left it ("1 finding left", no
    reason) while `mkdocs build --strict` kept failing. fix now converts it, verified in each page that shows it; a
    file an excluded directory holds that a page includes lines of stays (HT009 naming the including line), and
    check, like the build, reports only the table those lines show."""
    def write(root: Path, plugin: bool) -> Path:
        config = write_site(root, EXCLUDED_PAGES, plugin=plugin)
        config.write_text(config.read_text(encoding="utf-8") + "exclude_docs: parts/\n", encoding="utf-8")
        return config

    before = build_site(write(tmp_path / "plain", plugin=False), tmp_path / "plain" / "site")
    config = write(tmp_path / "house", plugin=True)
    built = build_site(config, tmp_path / "house" / "site")
    code, lines = check_site(tmp_path / "house")
    assert code == 1 and lines[:-1] == [f.removeprefix("house_tables: ") for f in built.findings()]
    assert [line.split(" HT")[0] for line in lines[:-1]] == [
        "docs/.snippets/part.md:1:1:", "docs/.snippets/part.md:1:1:", "docs/parts/lines.md:3:1:"]
    code, lines = run_cli(tmp_path / "house", "fix", "docs")
    assert code == 1 and "docs/.snippets/part.md: 1 table, 6 cells verified" in lines
    left = "includes lines of this file by a snippet line range, which would hold other lines once a table is converted"
    table = "HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"
    assert [line for line in lines if " HT" in line] == [
        f"docs/parts/lines.md:3:1: {table}", f"docs/parts/lines.md:3:1: HT009 docs/range.md:3 {left}",
        f"docs/parts/lines.md:7:1: {table}", f"docs/parts/lines.md:7:1: HT009 docs/range.md:3 {left}"]
    after = build_site(config, tmp_path / "house" / "after")
    assert [finding.split(" HT")[0] for finding in after.findings()] == ["house_tables: docs/parts/lines.md:3:1:"]
    for page in ("index.html", "guide/index.html"):
        assert unstyled(after.pages[page]) == unstyled(before.pages[page])


def test_a_snippet_named_beside_the_pages_that_include_it_is_reported_as_the_build_does(tmp_path):
    """`check docs snippets`: the snippet's table was reported once per including page and once more from the file
    itself, which the build renders as no page; now as often as the build reports it (text and JSON alike), and
    once when only the file is named."""
    site = write_site(tmp_path, {"index.md": '# A\n\n--8<-- "part.md"\n', "two.md": '# B\n\n--8<-- "part.md"\n'},
                      files={"snippets/part.md": TABLE})
    built = build_site(site, tmp_path / "site")
    code, lines = check_site(tmp_path, "docs", "snippets")
    assert code == 1 and lines[:-1] == [f.removeprefix("house_tables: ") for f in built.findings()]
    assert len(lines[:-1]) == 2 and lines[-1].startswith("2 findings (2 pipe tables) in 3 files")
    report = json.loads("\n".join(run_cli(tmp_path, "check", "--format", "json", "docs", "snippets")[1]))
    assert [table["path"] for table in report["tables"]] == ["snippets/part.md"] * 2
    assert [finding["path"] for finding in report["diagnostics"]] == ["snippets/part.md"] * 2
    assert check_site(tmp_path, "snippets")[1][:-1] == lines[:1]


def test_a_file_include_markdown_pastes_is_reported_at_its_lines_by_the_build_and_check(tmp_path):
    """mkdocs-include-markdown-plugin pastes an excluded file (and one beside docs_dir) into a page before Markdown
    runs: the build reported its table at the including line as text "no file holds it", check said nothing and fix
    left it. Now the build names the file's line, check reads the page as the plugin pastes them (the file beside
    docs_dir reported even when not named, where the build reports it), and fix converts both; the page shows what it
    showed, house styles aside."""
    pages = {"index.md": '# Home\n\n{% include-markdown "parts/part.md" %}\n\n'
                         '{% include-markdown "../includes/beside.md" %}\n',
             "parts/part.md": "Intro.\n\n| g | h |\n|:--|--:|\n| 7 | [o](../other.md) |\n",
             "other.md": "# Other\n"}
    files = {"includes/beside.md": TABLE}

    def write(root: Path, plugin: bool) -> Path:
        config = write_site(root, pages, files=files, plugin=False, snippets=False)
        entries = "[search, include-markdown, house-tables]" if plugin else "[search, include-markdown]"
        text = config.read_text(encoding="utf-8")
        text = text[:text.index("plugins:")] + f"plugins: {entries}\n" + text[text.index("validation:"):]
        config.write_text(text + "exclude_docs: parts/\n", encoding="utf-8")
        return config

    before = build_site(write(tmp_path / "plain", plugin=False), tmp_path / "plain" / "site")
    config = write(tmp_path / "house", plugin=True)
    built = [finding.removeprefix("house_tables: ") for finding in build_site(config, tmp_path / "site").findings()]
    assert [finding.split(" HT")[0] for finding in built] == ["docs/parts/part.md:3:1:", "includes/beside.md:1:1:"]
    code, lines = check_site(tmp_path / "house", "docs", "includes")
    assert code == 1 and sorted(lines[:-1]) == sorted(built)
    assert check_site(tmp_path / "house", "docs")[1][:-1] == built  # the page read as pasted, as the build reads it
    code, lines = run_cli(tmp_path / "house", "fix", "docs", "includes")
    assert code == 0, lines
    after = build_site(config, tmp_path / "after")
    assert after.findings() == [] and unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# A file a page includes that includes another (rye's docs/.includes/curl-to-bash-options.md pastes
# installer-options.md), with a table on each side of its own directive.
NESTING = "| a | b |\n|---|---|\n| 1 | 2 |\n\n{inner}\n\n| c | d |\n|---|---|\n| 3 | 4 |\n"
NESTED = {  # how a page includes docs/.inc/outer.md, how that includes docs/.inc/inner.md, the site's plugins
    "include-markdown": ('{% include-markdown ".inc/outer.md" %}', '{%\n  include-markdown "../.inc/inner.md"\n%}',
                         ["include-markdown"]),
    "snippets": ('--8<-- ".inc/outer.md"', "--8<--\n.inc/inner.md\n--8<--", []),
}


@pytest.mark.parametrize("kind", NESTED)
def test_a_table_in_an_included_file_that_includes_another_is_reported_at_its_lines(tmp_path, kind):
    """The lines the build reads where an included file includes another are that other file's, not the file's:
    the build (and check, for snippets) placed the file's tables only when every line around them paired off with
    the file's, so both tables of docs/.inc/outer.md were reported at the including line of the page ("no file
    holds it" with include-markdown; "not certain" with snippets, where check then said each table twice: there
    and at the file's line). Now at the file's lines, as check says them, and fix converts them."""
    index, inner, plugins = NESTED[kind]
    pages = {"index.md": f"# Home\n\n{index}\n", ".inc/outer.md": NESTING.format(inner=inner),
             ".inc/inner.md": "Inner text.\n\n- an item\n"}

    def write(root: Path, plugin: bool) -> Path:
        config = write_site(root, pages, plugin=False, snippets=False,
                            extensions=[{"pymdownx.snippets": {"base_path": [str(root / "docs")]}}])
        text = config.read_text(encoding="utf-8")
        entries = ", ".join(["search", *plugins, *(["house-tables"] if plugin else [])])
        text = text[:text.index("plugins:")] + f"plugins: [{entries}]\n" + text[text.index("validation:"):]
        config.write_text(text, encoding="utf-8")
        return config

    before = build_site(write(tmp_path / "plain", plugin=False), tmp_path / "plain" / "site")
    config = write(tmp_path / "house", plugin=True)
    built = [finding.removeprefix("house_tables: ") for finding in build_site(config, tmp_path / "site").findings()]
    assert [finding.split(" HT")[0] for finding in built] == ["docs/.inc/outer.md:1:1:", "docs/.inc/outer.md:9:1:"]
    code, lines = check_site(tmp_path / "house")
    assert code == 1 and lines[:-1] == built
    code, lines = run_cli(tmp_path / "house", "fix", "docs")
    assert code == 0 and "docs/.inc/outer.md: 2 tables, 8 cells verified" in lines, lines
    after = build_site(config, tmp_path / "after")
    assert after.findings() == [] and unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


def test_fix_says_why_the_table_of_a_file_it_was_not_given_stays(tmp_path):
    """A page includes a file outside docs_dir (linuxserver's docs: `--8<-- "README.md"`): `fix docs` leaves that
    file's table as written, and its summary says why (it said HT001 alone, as if fix had failed); the finding is
    check's; given the file too, fix converts it and the page shows the same."""
    site = tmp_path / "site"
    shared = "A | B\n--- | ---\n`1` | 2\n"
    config = write_site(site, {"index.md": '# Home\n\n--8<-- "shared.md"\n'}, files={"snippets/shared.md": shared})
    before = build_site(config, tmp_path / "before")
    finding = ("snippets/shared.md:1:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe "
               "tables")
    code, lines = run_cli(site, "fix", "docs")
    assert (code, lines) == (1, [finding, "0 files fixed, 1 unchanged; 1 finding (1 pipe table) left in 1 file; left "
                                          "as written, in a file fix was not given: snippets/shared.md; configuration: "
                                          "mkdocs.yml"])
    assert (site / "snippets" / "shared.md").read_text(encoding="utf-8") == shared
    assert check_site(site)[1][0] == finding
    code, lines = run_cli(site, "fix", "docs", "snippets/shared.md")
    assert code == 0, lines
    assert (site / "snippets" / "shared.md").read_text(encoding="utf-8") != shared
    after = build_site(config, tmp_path / "after")
    assert after.findings() == []
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# A site shaped like Kometa's docs, whose pages mkdocs-include-markdown-plugin assembles from templates beside
# docs_dir: a table's header pasted above rows the page holds (its overlay pages' language tables), rows pasted under
# a header the page holds, a whole table in a template pasted into two pages, and a template that pastes the file
# holding a table (Kometa's award pages).
ASSEMBLED_PAGES = {
    "index.md": '# Overlays\n\nLanguages:\n\n{% include-markdown "../templates/header.md" %}\n'
                "| `en` | English | yes |\n| `de` | German | no |\n\nText.\n",
    "codes.md": '# Codes\n\n| Code | Meaning |\n|:-----|:--------|\n{% include-markdown "../templates/rows.md" %}\n'
                "\nAfter.\n",
    "sort.md": '# Sort\n\n{% include-markdown "../templates/sort.md" %}\n',
    "more.md": '# More\n\nIntro.\n\n{% include-markdown "../templates/sort.md" %}\n',
    "award.md": '---\nhide:\n  - toc\n---\n{%\n    include-markdown "../templates/award.md"\n'
                "    rewrite-relative-urls=false\n%}",
}
ASSEMBLED_FILES = {  # Kometa's templates end without a line ending, so a pasted header runs on into the page's rows
    "templates/header.md": "| Code | Language | Default |\n|:-----|:---------|:-------:|",
    "templates/rows.md": "| `a` | first |\n| `b` | second |",
    "templates/sort.md": "Sort options:\n\n| Option | Order |\n|--------|-------|\n| `title.asc` | title |\n"
                         "| `year.desc` | year |\n",
    "templates/award.md": '# Awards\n\n{% include-markdown "./values.md" %}\n',
    "templates/values.md": "| Value | Default |\n|-------|---------|\n| `limit` | 100 |\n",
}


def test_tables_include_markdown_assembles_are_reported_by_check_where_the_build_reports_them(tmp_path):
    """On Kometa the build reported 674 findings and check 197: check read each file alone, where a header without
    its pasted rows is no table, and a template beside docs_dir is no page. check now reads each page as the plugin
    pastes files into it and places each finding as the build does (the same lines, also a template pasted into two
    pages twice, and a table of a file pasted by a pasted file at that file's line, where the build placed it at the
    page's including line as text "no file holds it"). fix converts the table a template holds
    whole (verified in both pages), and leaves each table assembled across files, or in a file only a pasted file
    pastes, as written, saying why; every page shows what it showed."""
    def write(root: Path, plugin: bool) -> Path:
        config = write_site(root, ASSEMBLED_PAGES, files=ASSEMBLED_FILES, plugin=False, snippets=False)
        entries = "[search, include-markdown, house-tables]" if plugin else "[search, include-markdown]"
        text = config.read_text(encoding="utf-8")
        config.write_text(text[:text.index("plugins:")] + f"plugins: {entries}\n" + text[text.index("validation:"):],
                          encoding="utf-8")
        return config

    before = build_site(write(tmp_path / "plain", plugin=False), tmp_path / "plain" / "site")
    config = write(tmp_path / "house", plugin=True)
    built = [finding.removeprefix("house_tables: ") for finding in build_site(config, tmp_path / "site").findings()]
    assert sorted(finding.split(" HT")[0] for finding in built) == [
        "docs/codes.md:3:1:", "templates/header.md:1:1:", "templates/sort.md:3:1:", "templates/sort.md:3:1:",
        "templates/values.md:1:1:"]
    code, lines = check_site(tmp_path / "house")
    assert code == 1 and sorted(lines[:-1]) == sorted(built)
    code, lines = check_site(tmp_path / "house", "docs", "templates")  # the templates' own readings said once
    assert code == 1 and sorted(lines[:-1]) == sorted(built)
    code, lines = run_cli(tmp_path / "house", "fix", "docs", "templates")
    assert "templates/sort.md: 1 table, 6 cells verified" in lines
    why = ("HT009 this table is shown only once include-markdown pastes files into the page, and no one file holds "
           "it as shown (its rows come from more than one file, or the plugin changed the pasted text): fix converts a "
           "table within one file")
    assert {f"docs/codes.md:3:1: {why}", f"templates/header.md:1:1: {why}"} <= set(lines)
    assert ("templates/values.md:1:1: HT009 templates/award.md:3 pastes this file into the pages that paste that file "
            "(include-markdown), where fix cannot verify a converted table") in lines  # it said "no page includes it"
    for name in ("header.md", "rows.md", "values.md"):
        assert (tmp_path / "house" / "templates" / name).read_text(encoding="utf-8") == ASSEMBLED_FILES[
            f"templates/{name}"]
    assert (tmp_path / "house" / "docs" / "codes.md").read_text(encoding="utf-8") == ASSEMBLED_PAGES["codes.md"]
    after = build_site(config, tmp_path / "after")
    assert sorted(finding.split(" HT")[0] for finding in after.findings()) == [
        "house_tables: docs/codes.md:3:1:", "house_tables: templates/header.md:1:1:",
        "house_tables: templates/values.md:1:1:"]
    for page in ("index.html", "codes/index.html", "sort/index.html", "more/index.html", "award/index.html"):
        assert unstyled(after.pages[page]) == unstyled(before.pages[page])


# A site that renames include-markdown's directive (its `directives` option): no page says "include".
RENAMED_PAGE = ('# Terms\n\n| Term | Meaning |\n| --- | --- |\n| HTML | markup |\n\n| Plain | Text |\n| --- | --- |\n'
                '| a | b |\n\n| Code | Name |\n|:-----|:-----|\n{% paste "../parts/rows.md" %}\n\n'
                '{% paste "../parts/glossary.md" %}\n')
RENAMED_FILES = {"parts/glossary.md": "*[HTML]: Hyper Text Markup Language\n", "parts/rows.md": "| `x` | ex |"}


def test_a_page_pasting_by_a_renamed_directive_is_read_and_verified_as_pasted(tmp_path):
    """check took a page for one that pastes nothing unless its text held "include", so with the directive renamed
    (`directives: {include-markdown: paste}`) it read the page as written: the table whose rows the page pastes under
    its header went unreported, where the build reports it. Now such a page is read as pasted, as the build reads
    it, and fix verifies it so (the pasting pass that used to verify it besides, includes.page_as_pasted, is gone):
    the table whose cell the pasted glossary marks as an abbreviation stays, the plain one converts, the assembled one
    stays, and the page shows what it showed."""
    def write(root: Path, plugin: bool) -> Path:
        config = write_site(root, {"index.md": RENAMED_PAGE}, files=RENAMED_FILES, plugin=False, snippets=False,
                            extensions=["abbr", "tables"])
        entries = ", ".join(["search", "{include-markdown: {directives: {include-markdown: paste}}}",
                             *(["house-tables"] if plugin else [])])
        text = config.read_text(encoding="utf-8")
        config.write_text(text[:text.index("plugins:")] + f"plugins: [{entries}]\n" + text[text.index("validation:"):],
                          encoding="utf-8")
        return config

    before = build_site(write(tmp_path / "plain", plugin=False), tmp_path / "plain" / "site")
    assert '<abbr title="Hyper Text Markup Language">HTML</abbr>' in str(before.pages["index.html"])
    config = write(tmp_path / "house", plugin=True)
    built = [finding.removeprefix("house_tables: ") for finding in build_site(config, tmp_path / "site").findings()]
    assert [finding.split(" HT")[0] for finding in built] == ["docs/index.md:3:1:", "docs/index.md:7:1:",
                                                              "docs/index.md:11:1:"]
    code, lines = check_site(tmp_path / "house")
    assert code == 1 and lines[:-1] == built
    code, lines = run_cli(tmp_path / "house", "fix", "docs")
    assert code == 1 and "docs/index.md: 1 table, 4 cells verified" in lines, lines
    assert any(line.startswith("docs/index.md:3:1: HT009 a hook or plugin of the site (include-markdown, pasting "
                               "files into this page) rewrites pages' Markdown") for line in lines), lines
    written = (tmp_path / "house" / "docs" / "index.md").read_text(encoding="utf-8")
    assert "| HTML | markup |" in written and "| a | b |" not in written and "| Code | Name |" in written
    assembled = written.splitlines().index("| Code | Name |") + 1  # where it is once the plain table is converted
    assert any(line.startswith(f"docs/index.md:{assembled}:1: HT009 this table is shown only once include-markdown "
                               "pastes") for line in lines), lines
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


def test_fix_aligns_a_page_pasted_files_change_with_its_file_once_per_text(tmp_path, monkeypatch):
    """A page include-markdown pastes files into is read as pasted, and its lines are aligned with the file's by
    content (mapping.line_map, quadratic in lines: 7.6 s for TRaSH-Guides' largest page) by every reading of the same
    text: fix's scan, its hand-written tables' and the scan of its conversion, and check's. Each pair of texts is
    aligned once now, and fix still converts the page's table and the file's, and says what is left where it did."""
    from house_tables import mapping

    aligned = []

    class Counted(mapping.SequenceMatcher):
        def __init__(self, isjunk=None, a="", b="", autojunk=True):
            aligned.append((tuple(a), tuple(b)))
            super().__init__(isjunk, a, b, autojunk)

    monkeypatch.setattr(mapping, "SequenceMatcher", Counted)
    pages = {"index.md": "# Home\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nText.\n\n"
                         '{% include-markdown "../includes/part.md" %}\n\nMore.\n\n'
                         '{% include-markdown "../includes/inline.md" %} and text\n'}
    files = {"includes/part.md": "Intro.\n\n| g | h |\n|:--|--:|\n| 7 | 8 |\n\nOutro.\n",
             "includes/inline.md": TABLE}
    config = write_site(tmp_path, pages, files=files, plugin=False, snippets=True)
    text = config.read_text(encoding="utf-8")
    config.write_text(text[:text.index("plugins:")] + "plugins: [search, include-markdown, house-tables]\n"
                      + text[text.index("validation:"):], encoding="utf-8")
    code, lines = run_cli(tmp_path, "fix", "docs", "includes")
    assert code == 1, lines
    assert {"docs/index.md: 1 table, 4 cells verified", "includes/part.md: 1 table, 4 cells verified"} <= set(lines)
    assert ("includes/inline.md:1:1: HT009 docs/index.md:13 includes this file inline, with text on its line "
            "(include-markdown), where a house table would not be read as one") in lines
    pairs = [pair for pair in aligned if len(pair[0]) > 1]  # the whole texts' (a rewritten run's lines aside)
    assert pairs and len(pairs) == len(set(pairs))


def test_fix_finds_the_directives_of_a_page_that_pastes_many_files_once(tmp_path, monkeypatch):
    """fix verifies a file include-markdown pastes whole in each page that pastes it, and read each such page's
    directives again for each file (the plugin's pattern is slow on a long page: 53 of 767 profiled s on
    TRaSH-Guides, whose pages paste up to 48 files). Each text's directives are found once now, and the files are
    converted as before, verified in the page."""
    from mkdocs_include_markdown_plugin import directive

    scanned = []

    class Counted:
        def __init__(self, pattern):
            self.pattern = pattern

        def finditer(self, text):
            scanned.append((self.pattern.pattern, text))
            return self.pattern.finditer(text)

        def __hash__(self):
            return hash(self.pattern)

        def __eq__(self, other):
            return isinstance(other, Counted) and other.pattern == self.pattern

    made = directive.create_include_tag
    monkeypatch.setattr(directive, "create_include_tag", lambda *args: Counted(made(*args)))
    parts = [f"part{number}.md" for number in range(4)]
    pages = {"index.md": "# Home\n\n" + "".join(f'{{% include-markdown "../includes/{part}" %}}\n\n' for part in parts)}
    files = {f"includes/{part}": f"| a{number} | b |\n|---|---|\n| 1 | 2 |\n" for number, part in enumerate(parts)}
    config = write_site(tmp_path, pages, files=files, plugin=False, snippets=False)
    text = config.read_text(encoding="utf-8")
    config.write_text(text[:text.index("plugins:")] + "plugins: [search, include-markdown, house-tables]\n"
                      + text[text.index("validation:"):], encoding="utf-8")
    code, lines = run_cli(tmp_path, "fix", "includes")
    assert code == 0, lines
    assert [line for line in lines if "verified" in line][:4] == [f"includes/{part}: 1 table, 4 cells verified"
                                                                  for part in parts]
    page = (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    assert len(scanned) == len(set(scanned)) and sum(text == page for _, text in scanned) == 2  # each pattern once


def test_fix_reads_the_pages_of_a_snippet_it_wrote_again_in_its_pool(tmp_path, monkeypatch):
    """After its writes fix reads again each page of a snippets site that has findings (they may be of a snippet it
    has just written): 110 of TRaSH-Guides' 538 files, one after another in the main process (25 s), where the first
    reading used a pool. Now the second reading uses the pool too, and says what the serial one said: 40 pages that
    include other.md reported its table, which fix converted, and nothing is left."""
    from house_tables import cli

    pages = {"other.md": "# Other\n\n| c | d |\n|---|---|\n| 3 | 4 |\n",
             **{f"p{number}.md": f'# Page {number}\n\n--8<-- "other.md"\n' for number in range(40)}}
    write_site(tmp_path / "site", pages)
    in_main = []
    processed = cli.process
    monkeypatch.setattr(cli, "process", lambda task: in_main.append(task.path) or processed(task))
    monkeypatch.setattr(cli, "available_cpus", lambda: 2)
    out = io.StringIO()
    monkeypatch.chdir(tmp_path / "site")
    with contextlib.redirect_stdout(out):
        code = cli.run(["fix", "--jobs", "2", "docs"])
    assert (code, out.getvalue().splitlines()) == (0, [
        "docs/other.md: 1 table, 4 cells verified",
        "1 file fixed (1 table, 4 cells verified), 40 unchanged; no findings left in 41 files; configuration: "
        "mkdocs.yml"])
    assert in_main == []  # every page read in the pool's workers, the first time and the second
