"""Differential property tests: our tables equal what the real engines render, on generated documents.

`make test` runs a few hundred examples per dialect; `make fuzz` sets HOUSE_TABLES_FUZZ=20000.
"""

import os

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from differential import as_docusaurus_gives_it, check_mdx, check_python_markdown
from engines import SITE_EXTENSION_CONFIGS
from strategies import colon_documents, commonmark_documents, directive_documents, documents

EXAMPLES = int(os.environ.get("HOUSE_TABLES_FUZZ", "300"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(documents())
# md_in_html cuts `<div>x</div>` after an unclosed quote: a table row that is no line of the text (HT014)
@example('---\ntitle: T\n---\n\n|  |\n|---|\ntext line\n<div markdown>\n|  |  |  |  |\n---|---|---|---\n'
         '|  |  |  | <a href=" |\ntext line\n</div>\n|  |  |  |  |\n|---|\n|  |  |  | <a href=" |\n<div>x</div>\n')
def test_python_markdown_dialect_equals_python_markdown(text):
    """Same tables, alignment, shape and rendered cells as Python-Markdown with the MkDocs stack."""
    check_python_markdown(text)


@SETTINGS
@given(documents())
def test_mdx_dialect_equals_mdx(mdx_engine, text):
    """Same tables, lines, alignment, shape and rendered cells as MDX 3 + remark-gfm (documents MDX compiles)."""
    expected = mdx_engine.tables(text)
    assume(expected is not None)  # MDX cannot compile this document: no reading to agree with, counted as discarded
    check_mdx(mdx_engine, text, expected)


@SETTINGS
@given(st.one_of(documents(), colon_documents()), st.booleans())
# A `:::` under a `:::note` nested in a `:::note` closes both: the table after it ends at no `:::` (a row of it)
@example(text=":::\n\n:::note\n\n:::note\n\n:::\n\n| a |\n|---|\n:::\n\n", directives=True)
def test_mdx_dialect_equals_mdx_with_and_without_directives(mdx_engine, text, directives):
    """The same with `:::name` lines read as Docusaurus reads them (container directives) and as text (Mintlify,
    plain MDX: a `:::` under a table is a row of it there)."""
    expected = mdx_engine.tables(as_docusaurus_gives_it(text) if directives else text, directives=directives)
    assume(expected is not None)
    check_mdx(mdx_engine, text, expected, directives=directives)


@SETTINGS
@given(directive_documents())
# What a directive container holds is a document of its own, its closing fence looked for first on each line:
# a `:::` in a fence inside it closes it (no table: its rows are code) ...
@example(text=":::note\n\n```\n:::\n```\n\n| a |\n|---|\n| 1 |\n:::\n")
# ... a `:::` in a block quote inside it does not (the table ends at the container's own fence) ...
@example(text=":::note\n\n> :::\n\n| a |\n|---|\n:::\n")
# ... it takes no lazy line (the table after the quote holding it is one), and is opened and closed at any indent
@example(text="> :::note\n> | a |\n> |---|\n| b |\n|---|\n")
@example(text="    :::note\n| a |\n|---|\n:::\n| b |\n|---|\n")
@example(text=":::note\n- x\n:::\n| a |\n|---|\n")
# Docusaurus makes `:::kw Title` a container only at a line's start or after quote markers (its preprocessor's
# pattern): in a list item it is text, and the `:::` under the table is a row of it
@example(text="- :::tip Title\n  | a |\n  |---|\n  :::\n  | b |\n")
@example(text="> :::tip Title\n> | a |\n> |---|\n> :::\n> | b |\n")
# Text outside a container cites a footnote defined in it only when the container came first (micromark reads
# nested documents level by level, after the text around them)
@example(text="See [^n].\n\n:::note\n[^n]: | a |\n    |---|\n:::\n")
@example(text=":::note\nSee [^n].\n:::\n\n:::note\n:::note\n[^n]: | a |\n    |---|\n:::\n")
@example(text=":::note\n:::note\nSee [^n].\n:::\n:::\n\n:::note\n:::note\n[^n]: | a |\n    |---|\n:::\n")
def test_mdx_directive_containers_nested_equal_mdx(mdx_engine, text):
    """Directive containers nested in and around quotes, lists, footnote definitions and fences: the same tables
    as Docusaurus' MDX (remark-directive) gives."""
    expected = mdx_engine.tables(as_docusaurus_gives_it(text))
    assume(expected is not None)
    check_mdx(mdx_engine, text, expected)


@SETTINGS
@given(documents())
def test_python_markdown_dialect_equals_python_markdown_with_pygments(text):
    """The same with Pygments on, as sites run it (fences with options are fences only then)."""
    check_python_markdown(text, SITE_EXTENSION_CONFIGS)


@SETTINGS
@given(st.one_of(commonmark_documents(), documents(), directive_documents()))
# (each example below reads otherwise as MDX, the reading these pages had before)
# Indented 4 columns, a table is indented code; in a paragraph, its header row is the paragraph's text
@example(text="    | a | b |\n    |---|---|\n    | 1 | 2 |\n")
@example(text="text\n    | a |\n|---|\n")
# More than 4 spaces after a list marker: the item's content is indented code
@example(text="-     | a |\n      |---|\n")
# A container's marker 4 columns in is no marker (text of a paragraph)
@example(text="    > | a |\n> |---|\n")
# HTML blocks: basic (`<div>`, `<details>`) and complete (a lone tag of any name) up to a blank line, raw (`<pre>`)
# and comments up to their end: the tables in them are raw HTML; `<div>` ends a table, as a row it is HTML
@example(text="<div>\n| a |\n|---|\n</div>\n")
@example(text="<details>\n| a |\n|---|\n")
@example(text='<Foo bar="1" />\n| a |\n|---|\n')
@example(text="<pre>\n| a |\n|---|\n</pre>\n")
@example(text="<!-- c\n| a |\n|---|\n-->\n")
@example(text="| a |\n|---|\n<div> | x\n")
# What MDX reads as an expression or ESM is text: a row, a paragraph the table's header row interrupts
@example(text="| a |\n|---|\n{x}\n")
@example(text="{\n| a |\n|---|\n}\n")
@example(text="export const a = 1\n| a |\n|---|\n")
# Complete HTML interrupting a quote's paragraph on a lazy line ends at the next lazy line: the table after it is one
@example(text="> | a |\n|---|\n<Tabs>\n| a |\n|---|\n")
def test_mdx_dialect_read_as_commonmark_equals_mdx_format_md(mdx_engine, text):
    """Pages Docusaurus reads as CommonMark (markdown.format 'md', or 'detect' for `.md`): the same tables as MDX
    compiling them with format 'md' (micromark's CommonMark + GFM + container directives): indented code and HTML
    blocks hold no table, `<`, `{` and `import` lines that are no HTML are text."""
    expected = mdx_engine.tables(as_docusaurus_gives_it(text), form="md")
    assume(expected is not None)
    check_mdx(mdx_engine, text, expected, form="md")
