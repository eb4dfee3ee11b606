"""mkdocs_parts against MkDocs' own modules: a site read with the copies (no MkDocs configuration machinery imported)
is the site read with MkDocs' YAML loader and option types — every field, and every refusal word for word — and a
page's front matter is read alike."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables import mkdocs_parts
from house_tables.config import ConfigError
from house_tables.files import LazySpec
from house_tables.site import load_site

from sites import EXTENSIONS, PythonName, _Dumper

EXAMPLES = int(os.environ.get("HOUSE_TABLES_FUZZ", "400"))  # `make fuzz` sets more
ENV_NAME = "HOUSE_TABLES_SITE_PARTS_TEST"
ROOT = Path(__file__).resolve().parents[1]
# paths under docs_dir that the exclusions are asked about
PROBES = ("index.md", ".hidden.md", "a/.b/c.md", "templates/x.md", "a/templates/x.md", "templates", "drafts/d.md",
          "x.tmp", "keep.md", "a/b/keep.md", "sub/page.md", "README.md", "a b/c.md")

NAMES = ("toc", "tables", "fenced_code", "admonition", "attr_list", "md_in_html", "footnotes", "abbr", "def_list",
         "extra", "meta", "sane_lists", "pymdownx.superfences", "pymdownx.tabbed", "pymdownx.details",
         "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.snippets", "pymdownx.arithmatex",
         "markdown.extensions.toc", "markdown.extensions.toc:TocExtension", "markdown.extensions.toc:Nothing",
         "no_such_extension", "os", "", "house_tables", "house_tables.extension", "markdown_tables_extended",
         "pymdownx", "toc:TocExtension")
OPTIONS = (None, {}, {"permalink": True}, {"alternate_style": True}, {"title": "Contents"}, {"bogus_key": 1},
           {"toc_depth": "2-3"}, {"baselevel": "x"}, {"permalink": "#", "toc_depth": 3}, "text", 3, [1, 2], True,
           {"custom_fences": [{"name": "mermaid", "class": "mermaid",
                               "format": PythonName("pymdownx.superfences.fence_code_format")}]},
           {"emoji_index": PythonName("no.such.module")}, {"check_paths": True}, {"linenums": True})
EXCLUDES = (None, "", "drafts/\n*.tmp\n!keep.md\n", "*.md\n!/index.md", "/sub/", "a b/", "***", "\\", "!", "[",
            "a/**/b\n", ["x"], 3, True, "templates/\n.hidden.md")


def _entry():
    name = st.sampled_from(NAMES)
    return st.one_of(name, st.builds(lambda key, value: {key: value}, name, st.sampled_from(OPTIONS)),
                     st.just({}), st.just({"toc": None, "tables": None}), st.sampled_from([3, None, ["toc"]]))


def _extensions():
    return st.one_of(st.lists(_entry(), max_size=6),
                     st.dictionaries(st.sampled_from(NAMES), st.sampled_from(OPTIONS), max_size=4),
                     st.dictionaries(st.sampled_from([1, 2.5, None, True]), st.sampled_from(OPTIONS), max_size=2),
                     st.sampled_from(["toc", 3, None, True, ("toc",)]))


def _plugins():
    entry = st.one_of(st.sampled_from(["search", "house-tables", "macros", "autorefs", "include-markdown",
                                       "ezlinks", 3]),
                      st.builds(lambda options: {"house-tables": options},
                                st.sampled_from([None, {}, {"enabled": False}, {"level": "error"}, [1]])),
                      st.builds(lambda options: {"macros": options},
                                st.sampled_from([None, {"render_by_default": False, "force_render_paths": "a/*.md"},
                                                 {"j2_variable_start_string": "<<"}])))
    return st.one_of(st.none(), st.lists(entry, max_size=4),
                     st.dictionaries(st.sampled_from(["search", "house-tables", "macros"]), st.none(), max_size=2))


@st.composite
def configs(draw) -> dict:
    """An mkdocs.yml's mapping (some keys left out)."""
    config = {"site_name": draw(st.sampled_from(["s", "Site", ""]))}
    optional = {
        "markdown_extensions": _extensions(),
        "exclude_docs": st.sampled_from(EXCLUDES),
        "docs_dir": st.sampled_from(["docs", "pages", "", None, "../elsewhere", 3]),
        "use_directory_urls": st.sampled_from([True, False, None, "no", 0]),
        "plugins": _plugins(),
    }
    for key, strategy in optional.items():
        if draw(st.booleans()):
            config[key] = draw(strategy)
    return config


# Texts YAML or MkDocs' loader read in their own ways: tags, errors, mappings that are no mapping.
RAW_TEXTS = (
    "", "# nothing\n", "[1, 2]\n", "just a string\n", "INHERIT\n", "{unclosed\n", "site_name: s\n  bad: indent\n",
    "site_name: !relative\n", "site_name: !relative $config_dir/x\n", "x: !!python/name:os.path.join\n",
    "x: !!python/name:no.such.thing\n", "x: !!python/object/apply:len [[1, 2]]\n", "x: !unknown_tag y\n",
    f"markdown_extensions: !ENV [{ENV_NAME}, [toc, admonition]]\n",
    f"markdown_extensions:\n  - toc:\n      title: !ENV [{ENV_NAME}, Contents]\n",
    f"markdown_extensions:\n  - toc:\n      permalink: !ENV {ENV_NAME}\n",
    f"docs_dir: !ENV [{ENV_NAME}, docs]\n", "x: !ENV\n", "x: !ENV []\n", "x: !ENV {a: 1}\n",
    "markdown_extensions:\n  - toc:\n      permalink: true\n      permalink: false\n", "a: &x 1\nb: *y\n",
    "\ufeffsite_name: s\n", "site_name: s\r\nmarkdown_extensions: [toc]\r\n", "---\nsite_name: s\n---\nb: 2\n",
    "site_name: s\n...\n", "\t- tab\n", "INHERIT: 3\n", "INHERIT: [a]\n", "INHERIT: .\n",
    "site_name: \x07\n",
)


@st.composite
def site_files(draw) -> tuple[str, str | None, str | None]:
    """(mkdocs.yml's text, base.yml's text or None, the environment variable's value or None)."""
    def text(config: dict) -> str:
        return yaml.dump(config, Dumper=_Dumper, allow_unicode=True)

    own = draw(st.one_of(configs().map(text), st.sampled_from(RAW_TEXTS)))
    base = None
    if draw(st.booleans()):
        parent = draw(st.sampled_from(["base.yml", "missing.yml", "sub", "../base.yml"]))
        own = f"INHERIT: {parent}\n" + (own if own.strip().startswith(("site_name", "markdown", "docs", "use",
                                                                       "plugins", "exclude")) else "")
        base = draw(st.one_of(configs().map(text), st.sampled_from(RAW_TEXTS)))
    env = draw(st.sampled_from([None, "", "toc", "[toc, tables]", "true", "3", "Title", "no_such_extension"]))
    return own, base, env


def _site_outcome(config_file: Path, mkdocs_modules: bool):
    """What load_site gives (each field, the exclusions as the patterns and what they match) or raises."""
    try:
        site = load_site(config_file, "mkdocs.yml", mkdocs_modules=mkdocs_modules)
    except ConfigError as error:
        return "refused", str(error)
    except Exception as error:  # whatever MkDocs' path raises, the copies must raise alike
        return "raised", type(error).__name__, str(error)
    excluded = site.excluded.spec if isinstance(site.excluded, LazySpec) else site.excluded
    return ("site", site.extensions, site.extension_configs, site.docs_dir, site.use_directory_urls,
            site.plugin_options, site.template_markers, site.macros, site.extension_options, site.rewrites_markdown,
            site.include_markdown, [(pattern.pattern, pattern.include) for pattern in excluded.patterns],
            [excluded.match_file(probe) for probe in PROBES])


def _write(path: Path, text: str | None) -> None:
    if text is not None:
        path.write_text(text, encoding="utf-8")


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(site_files())
def test_a_site_read_with_mkdocs_parts_is_the_site_mkdocs_modules_read(tmp_path_factory, files):
    own, base, env = files
    root = tmp_path_factory.mktemp("site")
    (root / "sub").mkdir()
    _write(root / "mkdocs.yml", own)
    _write(root / "base.yml", base)
    saved = os.environ.pop(ENV_NAME, None)
    try:
        if env is not None:
            os.environ[ENV_NAME] = env
        fast = _site_outcome(root / "mkdocs.yml", mkdocs_modules=False)
        slow = _site_outcome(root / "mkdocs.yml", mkdocs_modules=True)
    finally:
        os.environ.pop(ENV_NAME, None)
        if saved is not None:
            os.environ[ENV_NAME] = saved
    assert fast == slow


@pytest.mark.parametrize("which", range(3))
def test_known_sites_read_with_mkdocs_parts_are_read_as_mkdocs_modules_read_them(tmp_path, which):
    """The repository's mkdocs.yml, the benchmark corpus' and the stack of tests/sites.py (`!!python/name:`)."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from corpus import EXTENSIONS as CORPUS_EXTENSIONS
    finally:
        sys.path.remove(str(ROOT / "bench"))
    if which == 0:
        config_file = ROOT / "mkdocs.yml"
    else:
        config_file = tmp_path / "mkdocs.yml"
        text = (f"site_name: corpus\n{CORPUS_EXTENSIONS}plugins:\n  - house-tables\n" if which == 1 else
                yaml.dump({"site_name": "s", "markdown_extensions": EXTENSIONS, "plugins": ["search", "house-tables"]},
                          Dumper=_Dumper))
        config_file.write_text(text, encoding="utf-8")
    fast = _site_outcome(config_file, mkdocs_modules=False)
    assert fast[0] == "site"
    assert fast == _site_outcome(config_file, mkdocs_modules=True)


FRONT = st.sampled_from(["---\n", "---", "...\n", "title: x\n", "Title: a b\n", "    more\n", "\tmore\n", "\n", "\r\n",
                         "key: [1, 2]\n", "a: {b\n", "- item\n", "x", "# h\n", "|a|b|\n", " key: v\n", "\r", "Key:\n"])


@settings(max_examples=EXAMPLES, deadline=None, database=None)
@given(st.lists(FRONT, max_size=12).map("".join))
def test_page_meta_reads_front_matter_as_mkdocs_utils_meta(text):
    from mkdocs.utils import meta

    assert mkdocs_parts.page_meta().get_data(text) == meta.get_data(text)


def test_mkdocs_parts_apply_to_the_mkdocs_they_were_copied_from():
    """The copies are used with MkDocs 1.6.1's files only: another file's digest keeps MkDocs' own modules. (An
    upgrade of the pinned MkDocs fails here: compare the copied functions with the new files, then update
    _WRITTEN_FOR.)"""
    mkdocs_parts._APPLIES.clear()
    assert mkdocs_parts.applies()
    saved = dict(mkdocs_parts._WRITTEN_FOR)
    mkdocs_parts._WRITTEN_FOR["utils/yaml.py"] = "another"
    mkdocs_parts._APPLIES.clear()
    try:
        assert not mkdocs_parts.applies()
    finally:
        mkdocs_parts._WRITTEN_FOR.clear()
        mkdocs_parts._WRITTEN_FOR.update(saved)
        mkdocs_parts._APPLIES.clear()
    assert mkdocs_parts.applies()


def test_reading_a_site_imports_no_mkdocs_configuration_machinery(tmp_path):
    """In a fresh process: load_site and a page's front matter import neither mkdocs.config nor mkdocs.utils (nor
    jinja2, click or babel through them)."""
    import subprocess
    import sys

    (tmp_path / "mkdocs.yml").write_text("site_name: s\nmarkdown_extensions:\n  - toc:\n      permalink: true\n"
                                         "exclude_docs: drafts/\n", encoding="utf-8")
    script = ("import sys; from pathlib import Path; from house_tables.site import load_site; "
              "from house_tables.parsing.pymd import page_markdown; "
              f"load_site(Path({str(tmp_path / 'mkdocs.yml')!r})); page_markdown('---\\na: 1\\n---\\ntext\\n'); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'click', 'babel') "
              "or m in ('mkdocs.config', 'mkdocs.utils')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
