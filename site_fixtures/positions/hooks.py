"""Stands in for mkdocs-macros: an earlier plugin that changes the page's text before house-tables sees it."""

from mkdocs.plugins import event_priority


@event_priority(100)
def on_page_markdown(markdown, page, **kwargs):
    """On macros.md, expand a one-line macro into three lines (tables below it move down)."""
    if page.file.src_uri == "macros.md":
        return markdown.replace("{{ banner }}", "> Banner line 1\n> Banner line 2\n> Banner line 3")
    return markdown
