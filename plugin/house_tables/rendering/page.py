"""Whole pages, rendered as the site renders them, for `fix` to verify that a converted page shows what the
original showed: every cell and everything outside the tables, house-table styles and colgroups aside.

A `.md` page is rendered by Python-Markdown with the site's extensions (footnotes, emoji, snippets, ...) and the
package's own `house_tables` extension, which builds house JSX tables exactly as the MkDocs plugin does. MkDocs'
link and image resolution rewrites `<a href>` and `<img src>` of the element tree only (raw HTML keeps what was
written): the links of the tree are marked, so a link moved into raw HTML is a difference, and two pages whose
marked trees are equal are equal once MkDocs resolved them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import markdown
from markdown.treeprocessors import Treeprocessor
from markdown.util import AMP_SUBSTITUTE

from .css import canonical_style
from .fast import enabled
from .raw_blocks import with_stand_ins
from .simple_html import VOID, Element, escape_text, parse, unknown_references_literal

if TYPE_CHECKING:
    from bs4 import NavigableString

_TABLE_PARTS = ("table", "thead", "tbody", "tfoot", "tr", "th", "td")
_BETWEEN_TAGS = re.compile(r">\s+<")
_WHITESPACE = re.compile(r"[ \t\n\r\f]+")
_BLOCKS = frozenset(("td", "th", "p", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "div"))
_INSTANCES: dict[tuple, markdown.Markdown] = {}


@dataclass(frozen=True)
class RenderedPage:
    """A `.md` page as the site renders it, and the definitions Python-Markdown collected from it."""

    html: str
    definitions: str  # reference, abbreviation and footnote definitions, one per paragraph, in Markdown
    read: str = ""  # the text the block parser read (includes expanded), and where its house JSX tables begin
    hand_tags: tuple = ()
    # Each top-level pipe table's HTML as Python-Markdown wrote it (before MkDocs' links were marked and the house
    # style added: see _TreeLinks), by its first line in the text read: (its last line, the HTML)
    tables: dict = field(default_factory=dict)
    references: dict = field(default_factory=dict)  # the link reference definitions Python-Markdown read
    included: dict = field(default_factory=dict)  # the lines of each file an include (a snippet) put into read


_LAST: list[tuple[tuple, RenderedPage]] = []  # the page rendered last (convert asks for it twice, fix's check once)


def render_md_page(text: str, extensions: tuple, configs: dict, *, front_matter: bool = False) -> RenderedPage:
    """A `.md` page as the site (with the house-tables plugin) renders it."""
    key = (text, tuple(map(str, extensions)), repr(sorted(configs.items())), front_matter)
    if _LAST and _LAST[0][0] == key:
        return _LAST[0][1]
    md = _page_markdown(extensions, configs)
    links = md.treeprocessors["house_tables_tree_links"]
    links.captured = {}
    try:
        html = md.convert(_page_text(text) if front_matter else text)
    finally:
        captured, links.captured = links.captured, None
    converter = _converter(md)
    rendered = RenderedPage(html, _definitions(md), converter.text, tuple(converter.hand_tags),
                            _own_tables(md, converter.located, captured, converter.text), dict(md.references),
                            dict(converter.included))
    _LAST[:] = [(key, rendered)]
    return rendered


def _converter(md: markdown.Markdown):
    """The house_tables extension's preprocessor of a page Markdown instance (what it read of the last page): md's
    own, not the extension's last (a fence markdown-exec converts registers the extension in a Markdown of its own
    while the page is converted, and the extension's converter is then that one's)."""
    return md.preprocessors["house_tables"]


@dataclass(frozen=True)
class IncludedHandTables:
    """The hand-written tables a page shows from included text (a snippet): where their `<table` tags are in the text
    the page was read as, which no line of the page's file holds, and what places that text's lines in files."""

    tags: tuple
    read: str  # the text the block parser read (includes expanded)
    mapped: dict  # each line of read that is a line of the page's file -> that line
    included: dict  # the lines of each file an include put into read


def house_table_tags(text: str, extensions: tuple, configs: dict, *, front_matter: bool = False,
                     rewritten: str | None = None, included: list | None = None) -> tuple:
    """Where each hand-written table of a `.md` page's file begins (Positions; HtmlTableTag for a raw HTML table):
    the page is rendered as the site renders it (rewritten: the text as the site's hooks and plugins make it), and
    the house JSX tables the extension's own block processor claimed and the raw HTML tables the page passes
    through are mapped back to the file's lines. A table from a snippet, with no line of its own in the file, is
    left out; included receives those (an IncludedHandTables), whose findings the build reports in their file."""
    from ..mapping import column_shift, line_map, lines_of

    page = text if rewritten is None else rewritten
    key = (page, tuple(map(str, extensions)), repr(sorted(configs.items())), front_matter)
    if enabled() and _LAST and _LAST[0][0] == key:  # `fix` has just rendered the page it checks again
        read, hand_tags, files = _LAST[0][1].read, _LAST[0][1].hand_tags, _LAST[0][1].included
    else:  # code is never a hand-written table (its `<` are escaped): no need to pay for Pygments here
        md = _page_markdown(extensions, configs, highlighting=not enabled())
        md.convert(_page_text(page) if front_matter else page)
        converter = _converter(md)
        read, hand_tags, files = converter.text, converter.hand_tags, converter.included
    mapped = line_map(text, read)
    outside = tuple(tag for tag in sorted(hand_tags) if tag.line not in mapped)
    if outside and included is not None:
        included.append(IncludedHandTables(outside, read, mapped, dict(files)))
    if not hand_tags or rewritten is None:
        return tuple(type(tag)(mapped[tag.line], tag.column) for tag in sorted(hand_tags)
                     if tag.line in mapped)  # HtmlTableTag stays one
    ours, theirs = lines_of(text), lines_of(read)  # a tag a plugin moved into another container: its column
    return tuple(type(tag)(mapped[tag.line], tag.column + column_shift(ours[mapped[tag.line] - 1],
                                                                       theirs[tag.line - 1]))
                 for tag in sorted(hand_tags) if tag.line in mapped)


def _page_markdown(extensions: tuple, configs: dict, *, highlighting: bool = True) -> markdown.Markdown:
    """The reset Markdown instance for a stack plus the house_tables extension, built once (without highlighting:
    fences stashed as empty code, for finding the hand-written tables only)."""
    from ..extension import HouseTablesExtension
    from ..parsing.pymd import with_mkdocs_relpath

    # The working directory too: extensions resolve relative paths against it when built (snippets' base_path)
    key = (tuple(map(str, extensions)), repr(sorted(configs.items())), os.getcwd(), highlighting)
    md = _INSTANCES.get(key)
    if md is None:
        if len(_INSTANCES) >= 8:
            _INSTANCES.clear()
        extension = HouseTablesExtension()
        extension.settings.sink = lambda level, message: None  # findings are the scan's business here
        md = _INSTANCES[key] = markdown.Markdown(extensions=[*extensions, extension], extension_configs=configs)
        md.treeprocessors.register(_TreeLinks(md), "house_tables_tree_links", 0)
        with_mkdocs_relpath(md)
        with_stand_ins(md)  # raw tables read as short stand-ins where that is provably the same (raw_blocks)
        if not highlighting:
            from ..parsing.pymd import without_highlighting

            without_highlighting(md)
    md.reset()
    return md


class _TreeLinks(Treeprocessor):
    """Marks the links and images of the element tree, which MkDocs resolves and validates (`page.md` becomes
    `page/`), unlike those in raw HTML, which it leaves as written: a link that moves from Markdown into raw
    HTML shows as a difference. Before that, when render_md_page asks (captured is a dict), each top-level pipe
    table is written as Python-Markdown alone would write it: every tree processor but this one and the house
    style's (which only adds attributes and a colgroup) has run."""

    captured: dict | None = None

    def run(self, root) -> None:
        if self.captured is not None:
            record = _converter(self.md).record
            built = {id(element) for element in record.elements} if record is not None else set()
            self.captured.update((id(child), self.md.serializer(child)) for child in root
                                 if child.tag == "table" and id(child) in built)
        for element in root.iter():
            attribute = {"a": "href", "img": "src"}.get(element.tag)
            if attribute in element.attrib and _resolved_by_mkdocs(element.get(attribute)):
                element.set(attribute, TREE_LINK + element.get(attribute))


def _resolved_by_mkdocs(url: str) -> bool:
    """Whether MkDocs rewrites (and validates) a URL of the tree: a relative path, not `https:`, `//host`,
    `/absolute`, a bare `#anchor`, or an email autolink's `mailto:` (Python-Markdown writes it as entities whose `&`
    is its AMP_SUBSTITUTE until the page is serialised: no scheme shows; MkDocs leaves it by that character) (see
    mkdocs.structure.pages._RelativePathTreeprocessor)."""
    if AMP_SUBSTITUTE in url:
        return False
    parts = urlsplit(url)
    return not (parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"))


TREE_LINK = "mkdocs-resolves:"


def _own_tables(md: markdown.Markdown, located: list[tuple], captured: dict, text: str) -> dict:
    """The captured tables' HTML once the page's postprocessors ran (raw HTML put back: one pass over all of them,
    apart by a paragraph of a word the page does not hold), by first line: (last line, HTML)."""
    tables = [(table, captured[id(element)]) for table, element in located if id(element) in captured]
    if not tables:
        return {}
    everything = text + "".join(written for _, written in tables)  # raw HTML put back comes from the text
    word = next(f"HouseTablesApart{k}" for k in range(len(everything) + 1) if f"HouseTablesApart{k}" not in everything)
    html = f"<p>{word}</p>".join(written for _, written in tables)
    for processor in md.postprocessors:
        html = processor.run(html)
    pieces = html.split(f"<p>{word}</p>")
    if len(pieces) != len(tables):
        return {}
    return {table.start_line: (table.end_line, piece.strip()) for (table, _), piece in zip(tables, pieces)}


def _page_text(text: str) -> str:
    """The Markdown MkDocs renders for a page's file (front matter removed)."""
    from ..parsing.pymd import page_markdown

    return page_markdown(text)


def _definitions(md: markdown.Markdown) -> str:
    """What a cell rendered on its own needs from its page, as Python-Markdown itself read it: link reference
    definitions (from anywhere: blockquotes, list items, titles on the next line), abbreviations, footnotes."""
    from ..extension import page_footnotes

    lines = [f"[{label}]: {url}{_title(title)}" for label, (url, title) in md.references.items()]
    for extension in md.registeredExtensions:
        lines += [f"*[{abbr}]: {title}" for abbr, title in getattr(extension, "abbrs", {}).items()]
    footnotes = page_footnotes(md)
    lines += [f"[^{label}]: ." for label in (footnotes.footnotes if footnotes is not None else ())]
    return "".join(f"\n{line}\n" for line in lines)


def _title(title: str | None) -> str:
    """A reference definition's title, quoted with a character it does not hold."""
    if not title:
        return ""
    quote = next((q for q in ('"', "'") if q not in title), None)
    return f" {quote}{title}{quote}" if quote else f" ({title})"


# The last page view made (fast paths only): fix views the page before and the page after its tables were converted,
# and the plugin renders a pipe table as the HTML its house table renders to, so the two pages are often the same
# HTML. A function of the HTML alone.
_LAST_VIEW: list[tuple[str, str]] = []


def page_view(html: str) -> str:
    """What a reader sees of a page, in a comparable form: table styles, alignment attributes and colgroups (what
    the house style adds) and comments removed, whitespace between tags collapsed, one block per line. The same
    HTML twice in a row is viewed once (fast paths)."""
    if not enabled():
        return _page_view(html)
    if not (_LAST_VIEW and _LAST_VIEW[0][0] == html):
        _LAST_VIEW[:] = [(html, _page_view(html))]
    return _LAST_VIEW[0][1]


def _page_view(html: str) -> str:
    """page_view, made."""
    html = unknown_references_literal(html)
    simple = parse(html) if enabled() else None
    shown = _simple_shown(Element("[document]", {}, simple)) if simple is not None else _soup_shown(html)
    flat = _BETWEEN_TAGS.sub("><", shown).strip()
    return re.sub(r"(</(?:p|h[1-6]|table|tr|li|pre|div|blockquote)>)", r"\1\n", flat)


def _simple_shown(parent: Element, pre: bool = False) -> str:
    """What _soup_shown gives, for the children of an element of a simple tree (the tree bs4 would build, with no
    comments): colgroups dropped, the texts they separated joined, each text collapsed unless in a `<pre>`."""
    contents: list = []
    for child in parent.contents:
        if isinstance(child, Element) and child.name == "colgroup":
            continue
        if isinstance(child, str) and contents and isinstance(contents[-1], str):
            contents[-1] += child
        else:
            contents.append(child)
    out = []
    for index, child in enumerate(contents):
        if isinstance(child, str):
            before = contents[index - 1] if index else None
            last = index == len(contents) - 1
            shown = child if pre else _collapsed_text(child, before is None, getattr(before, "name", "") == "br",
                                                      last, parent.name)
            out.append(escape_text(shown))
            continue
        attrs = child.attrs
        if child.name in _TABLE_PARTS:
            attrs = {name: value for name, value in attrs.items() if name not in ("style", "align")}
        # as bs4 writes them (a simple tree's value needs no escape), a style as its declarations (see _soup_shown)
        written = "".join(f' {name}="{canonical_style(value) if name == "style" else value}"'
                          for name, value in sorted(attrs.items()))
        if child.name in VOID:
            out.append(f"<{child.name}{written}/>")
        else:
            out.append(f"<{child.name}{written}>{_simple_shown(child, pre or child.name == 'pre')}</{child.name}>")
    return "".join(out)


def _soup_shown(html: str) -> str:
    """The page as bs4 writes it once comments, colgroups and table styles are gone and texts are collapsed."""
    from bs4 import BeautifulSoup, Comment  # only here: its import costs more than most pages (see fragments)

    soup = BeautifulSoup(html, "html.parser")
    for comment in soup.find_all(string=lambda node: isinstance(node, Comment)):
        comment.extract()
    for group in soup.find_all("colgroup"):
        group.decompose()
    for element in soup.find_all(_TABLE_PARTS):
        element.attrs.pop("style", None)
        element.attrs.pop("align", None)
    for element in soup.find_all(style=True):  # a style as its declarations: `a: b;` shows what `a:b` shows
        element["style"] = canonical_style(element["style"])
    soup.smooth()  # text on both sides of a removed comment is one text
    places: dict[int, dict[int, int]] = {}  # per parent, where each child is (replace_with searches: quadratic)
    for text in soup.find_all(string=True):
        if not _inside_pre(text):
            _replace_text(text, _collapsed(text), places)
    return str(soup)


def _inside_pre(text: NavigableString) -> bool:
    """Whether a text has a `<pre>` element among its ancestors (as `find_parent("pre")`, without its filters)."""
    parent = text.parent
    while parent is not None:
        if parent.name == "pre":
            return True
        parent = parent.parent
    return False


def _replace_text(text: NavigableString, shown: str, places: dict[int, dict[int, int]]) -> None:
    """`text.replace_with(shown)` with the text's index in its parent looked up once per parent, not searched
    (a replacement keeps every sibling's index). A plain text already as shown stays (the same output)."""
    from bs4 import NavigableString

    if type(text) is NavigableString and str(text) == shown:
        return
    parent = text.parent
    place = places.get(id(parent))
    if place is None:
        place = places[id(parent)] = {id(child): index for index, child in enumerate(parent.contents)}
    index = place[id(text)]
    text.extract(_self_index=index)
    new = NavigableString(shown)
    parent.insert(index, new)
    place[id(new)] = index


def _collapsed(text: NavigableString) -> str:
    """A text's whitespace as a browser shows it: runs as one space, none after a line break or at the start or
    end of a block (cells, paragraphs, list items)."""
    before, parent = text.previous_sibling, text.parent
    return _collapsed_text(str(text), before is None, getattr(before, "name", "") == "br", text.next_sibling is None,
                           parent.name if parent is not None else None)


def _collapsed_text(text: str, first: bool, after_break: bool, last: bool, parent: str | None) -> str:
    """_collapsed of a text: whether it is its parent's first child, follows a `<br>`, is the last child."""
    shown = _WHITESPACE.sub(" ", text)
    if (first and parent in _BLOCKS) or after_break:
        shown = shown.lstrip(" ")
    if last and parent in _BLOCKS:
        shown = shown.rstrip(" ")
    return shown


def first_difference(before: str, after: str, context: int = 40, names: tuple[str, str] = ("before", "after")) -> str:
    """Where two page views first differ: `before '…x…', after '…y…'` (or as names calls them) with a little context
    on each side (found in linear time: the common prefix and suffix, never a diff of two whole pages)."""
    start = len(os.path.commonprefix([before, after]))  # noqa: RUF071 (characters, not paths)
    if start == len(before) == len(after):
        return "no difference"
    tail = len(os.path.commonprefix([before[start:][::-1], after[start:][::-1]]))  # noqa: RUF071
    first = max(0, start - context)
    return (f"{names[0]} {_excerpt(before, first, start, len(before) - tail, context)!r}, "
            f"{names[1]} {_excerpt(after, first, start, len(after) - tail, context)!r}")


def _excerpt(text: str, first: int, start: int, end: int, context: int) -> str:
    """text from first to a little after the differing part [start, end) (a long part is cut, marked `…`)."""
    if end - start > 3 * context:
        return text[first : start + 3 * context] + "…"
    return text[first : end + context]
