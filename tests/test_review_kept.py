"""Differential: a table's conformance review kept within `reviews_kept` (what `fix` uses while it converts a file
and checks the new text) is the review made afresh, whatever the page, tags, configuration and order of calls."""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_conformance import DRIFTS, HTML_STYLE, JSX_STYLE, _drift, house_tables

from house_tables.config import Config
from house_tables.conformance import review, reviews_kept
from house_tables.model import HtmlTableTag, Position

EXAMPLES = max(150, int(os.environ.get("HOUSE_TABLES_FUZZ", "150")) // 4)
DIRECTIVES = ["", "{/* house-tables: off */}", "<!-- house-tables: widths=equal -->", "{/* house-tables: bad */}",
              "<!-- house-tables: widths=30,70 -->", "text"]
CONFIGS = [Config(), Config.of("plain"), Config.of(widths="equal")]


@st.composite
def blocks(draw) -> list[str]:
    """A house table (JSX or HTML), maybe drifted, maybe under a directive (with or without a blank line)."""
    form = draw(st.sampled_from(["jsx", "html"]))
    lines = draw(house_tables(form))
    for how, where in draw(st.lists(st.tuples(st.sampled_from(DRIFTS), st.integers(0, 50)), max_size=2)):
        lines = _drift(lines, how, where, JSX_STYLE if form == "jsx" else HTML_STYLE)
    indent = draw(st.sampled_from(["", "  ", "> "]))
    directive = draw(st.sampled_from(DIRECTIVES))
    above = [directive, *([""] if draw(st.booleans()) else [])] if directive else []
    return [indent + line for line in [*above, *lines]], form


@st.composite
def pages(draw) -> tuple[tuple[str, ...], list[Position]]:
    """A page's lines and the tags of its tables (the `<table` lines), some dropped, some reordered."""
    lines, tags = [draw(st.sampled_from(["# T", "", "text"]))], []
    for block, form in draw(st.lists(blocks(), min_size=1, max_size=4)):
        lines.append("")
        start = len(lines)
        lines.extend(block)
        for index in range(start, len(lines)):
            if lines[index].lstrip(" >").startswith("<table"):
                column = len(lines[index]) - len(lines[index].lstrip(" >")) + 1
                tags.append((HtmlTableTag if form == "html" else Position)(index + 1, column))
                break
    tags = draw(st.permutations(tags)) if draw(st.booleans()) else tags
    return tuple(lines), draw(st.lists(st.sampled_from(tags), max_size=6)) if draw(st.booleans()) else tags


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pages(), min_size=1, max_size=2),
       st.lists(st.tuples(st.integers(0, 1), st.sampled_from(CONFIGS), st.integers(0, 2),
                          st.sampled_from([None, *DIRECTIVES]), st.booleans()), min_size=1, max_size=6))
def test_reviews_kept_are_the_reviews(drawn, calls):
    """Reviews within reviews_kept, in any order (the same page again, shifted down, with other directives above the
    same tables, another configuration, JSX tags read as HTML tables and back), equal fresh ones field for field."""
    pages = [(_variant(*drawn[k % len(drawn)], shift, directive), _moved(drawn[k % len(drawn)][1], shift, flip), config)
             for k, config, shift, directive, flip in calls]
    fresh = [review(*page) for page in pages]
    with reviews_kept():
        kept = [review(*page) for page in [*pages, *pages]]
    assert kept == fresh + fresh


def _variant(lines: tuple[str, ...], tags: list[Position], shift: int, directive: str | None) -> tuple[str, ...]:
    """The page shifted down, and the line right above each table replaced with directive (None: as it is)."""
    lines = list(lines)
    for tag in tags if directive is not None else ():
        if tag.line >= 2:
            lines[tag.line - 2] = directive
    return ("",) * shift + tuple(lines)


def _moved(tags: list[Position], shift: int, flip: bool) -> list[Position]:
    """The tags shifted down; flip: each read as the other form (Position and HtmlTableTag are equal tuples)."""
    other = {Position: HtmlTableTag, HtmlTableTag: Position}
    return [(other[type(tag)] if flip else type(tag))(tag.line + shift, tag.column) for tag in tags]
