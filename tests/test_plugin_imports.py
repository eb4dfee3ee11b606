"""What a MkDocs build with the plugin pays for at import (docs/benchmarks.md, the ninth and thirteenth rounds): the
records the build's modules define are NamedTuples and plain classes, no dataclass (a frozen dataclass compiles six
methods when its module is imported, ≈ 3.6 M instructions: 20 of them were over half of the plugin's imports); the
patterns the build's modules define are compiled on first use (LazyPattern); check's own modules are not imported."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from house_tables.parsing import locate

from sites import write_site

# Modules only check and fix read a page with (its block loop, its section parser, MkDocs' page reader).
CHECK_ONLY = {"house_tables.parsing.sections", "house_tables.parsing.blockloop", "house_tables.parsing.bigblock",
              "house_tables.mkdocs_parts"}

_BUILD = """
import dataclasses, json, re, sys
made, compiled = [], []
process = dataclasses._process_class
def noted(cls, *args, **kwargs):
    made.append(f"{cls.__module__}.{cls.__qualname__}")
    return process(cls, *args, **kwargs)
dataclasses._process_class = noted
compile_ = re._compile
def compiling(pattern, flags):  # a pattern compiled at a house_tables module's top level
    frame = sys._getframe(2)
    if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__", "").startswith("house_tables."):
        compiled.append(f"{frame.f_globals['__name__']}:{frame.f_lineno}")
    return compile_(pattern, flags)
re._compile = compiling
from mkdocs.__main__ import cli
try:
    cli(["build", "-f", sys.argv[1]], standalone_mode=False)
finally:
    modules = [name for name in sys.modules if name.startswith("house_tables.")]
    print(json.dumps([[name for name in made if name.startswith("house_tables.")], compiled, modules]))
"""


def test_a_build_imports_no_dataclass_no_pattern_no_check_module(tmp_path):
    """A build of pages with tables (converted, a finding on a short row, a directive) imports every module the
    plugin's pages need; none of them defines a dataclass or compiles a pattern at its top level, and none of
    check's own modules is imported."""
    pages = {"index.md": "# Home\n\n| a | b |\n|---|---|\n| 1 |\n",
             "other.md": "<!-- house-tables: widths=30,70 -->\n| x | y |\n|:--|--:|\n| <b>1</b> | &amp; |\n"}
    config = write_site(tmp_path, pages)
    done = subprocess.run([sys.executable, "-c", _BUILD, str(config)], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    assert "HT003" in done.stderr  # the plugin ran and reported
    made, compiled, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"house_tables.model", "house_tables.parsing.pymd", "house_tables.rendering.restyle"} <= set(modules)
    assert made == []
    assert compiled == [], compiled
    assert not CHECK_ONLY & set(modules), CHECK_ONLY & set(modules)


def test_a_lazy_pattern_is_the_pattern():
    """A LazyPattern answers as the compiled pattern does, before and after its first use."""
    from house_tables.patterns import LazyPattern

    lazy, compiled = LazyPattern(r"(a+)|(b)", re.IGNORECASE), re.compile(r"(a+)|(b)", re.IGNORECASE)
    assert lazy.groups == compiled.groups == 2
    for text in ("", "aAb", "xbx", "ba"):
        assert lazy.sub("-", text) == compiled.sub("-", text)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
        assert bool(lazy.match(text)) == bool(compiled.match(text))


_LINES = st.lists(st.sampled_from(["<", ">", "/", "!--", "div", "DiV", "span", "p", "pre", " ", "\t", "a", "x"]),
                  max_size=8).map("".join)


@given(_LINES)
def test_block_html_test_is_the_pattern(line):
    """The test on first use (only lines beginning with `<`, the pattern from re's cache) is the compiled pattern's
    match at the line's start."""
    assert locate._block_html(line) == (re.compile(locate._BLOCK_HTML, re.IGNORECASE).match(line) is not None)
