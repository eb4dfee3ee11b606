"""What a MkDocs build with the plugin pays for at import (docs/benchmarks.md, the ninth round): the records the
build's modules define are NamedTuples and plain classes, Row and Review the dataclasses left (a frozen dataclass
compiles six methods when its module is imported, ≈ 3.6 M instructions: 20 of them were over half of the plugin's
imports); two large patterns are compiled on first use, the first tested only on a line that begins with `<`."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from house_tables.parsing import locate

from sites import write_site

# The dataclasses left on the build's path: Row (LazyRow, which makes its cells when read and keeps them in its
# __dict__, is one; a tuple could not) and Review (reviews are compared).
ALLOWED = {"house_tables.model.Row", "house_tables.model.Review"}

_BUILD = """
import dataclasses, json, sys
made = []
process = dataclasses._process_class
def noted(cls, *args, **kwargs):
    made.append(f"{cls.__module__}.{cls.__qualname__}")
    return process(cls, *args, **kwargs)
dataclasses._process_class = noted
from mkdocs.__main__ import cli
try:
    cli(["build", "-f", sys.argv[1]], standalone_mode=False)
finally:
    print(json.dumps([name for name in made if name.startswith("house_tables.")]))
"""


def test_a_build_defines_no_other_dataclasses(tmp_path):
    """A build of pages with tables (converted, a finding on a short row, a directive) imports every module the
    plugin's pages need; none of them defines a dataclass outside ALLOWED."""
    pages = {"index.md": "# Home\n\n| a | b |\n|---|---|\n| 1 |\n",
             "other.md": "<!-- house-tables: widths=30,70 -->\n| x | y |\n|:--|--:|\n| <b>1</b> | &amp; |\n"}
    config = write_site(tmp_path, pages)
    done = subprocess.run([sys.executable, "-c", _BUILD, str(config)], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    assert "HT003" in done.stderr  # the plugin ran and reported
    made = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "house_tables.model.Row" in made  # the count sees the build's modules
    assert made <= ALLOWED, made - ALLOWED


_LINES = st.lists(st.sampled_from(["<", ">", "/", "!--", "div", "DiV", "span", "p", "pre", " ", "\t", "a", "x"]),
                  max_size=8).map("".join)


@given(_LINES)
def test_block_html_test_is_the_pattern(line):
    """The test on first use (only lines beginning with `<`, the pattern from re's cache) is the compiled pattern's
    match at the line's start."""
    assert locate._block_html(line) == (re.compile(locate._BLOCK_HTML, re.IGNORECASE).match(line) is not None)
