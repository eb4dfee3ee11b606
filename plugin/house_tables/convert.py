"""Converting every pipe table of a source to the house style, each verified before it is used."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .collector import cycle_collector_paused
from .config import CROSS_REFERENCE_MARKER, WIKI_LINK_MARKER, Config
from .conformance import HandTable, Review, review
from .decisions import settle
from .diagnostics import not_verified
from .directives import Directive
from .macros import EXTRA_DATA_PLUGIN, MACROS_PLUGIN, JinjaSyntax
from .model import Cell, Diagnostic, Dialect, PlacedTable, Position, Span, Table
from .parsing import scan
from .parsing.cjk import cjk_friendly_differs
from .parsing.house_form import MAX_NESTING, depth_over
from .parsing.mdx.autolinks import protocol_email
from .parsing.nesting import nesting_problem
from .parsing.pymd import in_markdown_html, markdown_for, page_markdown
from .plan import hand_table_tags, included_hand_findings
from .rendering.fast import enabled
from .rendering.fragments import (
    RENDERED_ALIKE_TOGETHER,
    canonical,
    first_table_cells,
    rebuilt_source,
    reference_definitions,
    render_gfm,
    render_python_markdown,
    tables_rendered_together,
)
from .rendering.jsx_html import jsx_cells_to_html, jsx_to_html
from .rendering.layout import Grid, render_lines
from .rendering.page import first_difference, page_view, render_md_page
from .rendering.protect import (
    TOKEN_START,
    as_written,
    piece_in_url,
    protect,
    protect_rows,
    restore,
    tags_end_links,
    token,
    unwrapped,
)
from .source import BOM, Source
from .widths import column_widths, visible_text

_LIST_MARKER = re.compile(r"[-*+]|\d{1,9}[.)]")


@dataclass(frozen=True)
class Converted:
    """One table that was converted: where it was, and how many cells were verified."""

    table: Table | HandTable
    cells: int
    output: tuple[str, ...]  # the house-style lines, without the table's indentation
    widths: tuple[int, ...] = ()  # the percents its columns were given (a `plain` table writes no colgroup)
    normalised: bool = False  # a hand-written table brought to the house style (not a pipe table converted)

    @property
    def lines(self) -> int:
        """How many lines the converted table has."""
        return len(self.output)


@dataclass
class Conversion:
    """The result of converting one source."""

    text: str
    tables: tuple[Table, ...] = ()  # every pipe table the scan found, converted or not
    elsewhere: tuple[PlacedTable, ...] = ()  # the tables the page shows that are not its file's own (never converted)
    converted: list[Converted] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    hand: Review = field(default_factory=Review)  # the page's hand-written tables

    @property
    def cells(self) -> int:
        """Cells verified in all converted pipe tables."""
        return sum(item.cells for item in self.converted if not item.normalised)

    @property
    def hand_counts(self) -> tuple[int, int, int]:
        """Hand-written tables: in the house style already, normalised, left alone (declined ones included)."""
        normalised = sum(item.normalised for item in self.converted)
        return (self.hand.conforming, normalised,
                self.hand.alone + len(self.hand.normalisable) - normalised)

    def in_new_text(self, diagnostic: Diagnostic) -> Diagnostic:
        """A finding about the original text, at its place in the converted text (converted tables above it
        changed the number of lines)."""
        line = diagnostic.span.start.line
        return diagnostic.down(sum(item.lines - (item.table.end_line - item.table.start_line + 1)
                                   for item in self.converted if item.table.end_line < line))

    def summary(self) -> str:
        """`8 tables, 116 cells verified` (`; 2 hand-written tables normalised` when there are)."""
        tables = sum(not item.normalised for item in self.converted)
        normalised = len(self.converted) - tables
        text = f"{tables} table{'s' * (tables != 1)}, {self.cells} cell{'s' * (self.cells != 1)} verified"
        return text + (f"; {normalised} hand-written table{'s' * (normalised != 1)} normalised" if normalised else "")


@dataclass(frozen=True)
class Engine:
    """How cells are rendered for a dialect (and which independent engine verifies them)."""

    dialect: Dialect
    extensions: tuple[str, ...] | None = None
    configs: dict | None = None
    directives: bool = True  # MDX reads `:::name` containers (Docusaurus), see scan_mdx
    commonmark: bool = False  # ... as CommonMark (Docusaurus' markdown.format 'md'), see scan_mdx

    def render(self, source: str) -> str:
        """HTML of a Markdown source in this dialect."""
        if self.dialect is Dialect.MDX:
            return render_gfm(source)
        return render_python_markdown(source, *self.stack())

    def stack(self) -> tuple[tuple[str, ...], dict]:
        """The `.md` extensions and their configs (MkDocs' stack unless given)."""
        from .parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS

        return self.extensions or MKDOCS_EXTENSIONS, MKDOCS_EXTENSION_CONFIGS if self.configs is None else self.configs

    def page(self, text: str, front_matter: bool) -> Shown:
        """What a reader sees of a whole `.md` page as the site (with the plugin) builds it, comparable."""
        return Shown(self._page(text, front_matter).html)

    def definitions(self, text: str, front_matter: bool) -> str:
        """The page's definitions a table's cells need when rendered on their own (references; for `.md` also
        abbreviations and footnotes), each as its own paragraph."""
        if self.dialect is Dialect.MDX:
            return reference_definitions(text)
        return self._page(text, front_matter).definitions

    def _page(self, text: str, front_matter: bool):
        return render_md_page(text.removeprefix(BOM), *self.stack(), front_matter=front_matter)


class Shown:
    """A rendered page as compared: equal when readers see the same (page_view). The same HTML is the same page
    without viewing it (page_view is a function of the HTML alone; fast paths); other HTML is viewed, once."""

    __slots__ = ("_view", "html")

    def __init__(self, html: str):
        self.html = html
        self._view: str | None = None

    def view(self) -> str:
        """The page as page_view shows it."""
        if self._view is None:
            self._view = page_view(self.html)
        return self._view

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shown):
            return NotImplemented
        return (enabled() and self.html == other.html) or self.view() == other.view()

    __hash__ = None  # compared only


def _difference(before: Shown, after: Shown) -> str:
    """Where two pages first differ as readers see them (first_difference of their views)."""
    return first_difference(before.view(), after.view())


def convert(text: str, dialect: Dialect | str, config: Config | None = None, *, form: str = "jsx",
            extensions: tuple[str, ...] | None = None, configs: dict | None = None,
            cross_check: bool = False, front_matter: bool = False,
            template_markers: tuple[str, ...] = (), jsx_refused: tuple[str, str] | None = None,
            rewrite: Callable[[str], str] | None = None, refused: tuple[str, str] | None = None,
            directives: bool = True, contexts: Callable[[str], list[tuple[str, str]]] | None = None,
            commonmark: bool = False, jinja: JinjaSyntax | None = None,
            cjk_refused: tuple[str, str] | None = None) -> Conversion:
    """Every pipe table of text in the house style (form "jsx" or "html"); unverifiable tables stay.
    cross_check adds HT007 where the other dialect reads a table differently. template_markers: what opens a
    template expression in the site's pages (Site.template_markers); a table whose new lines would hold more of one
    than its old lines stays, with HT009. jsx_refused: why the page's host would show no house JSX table (an MkDocs
    site without the plugin, a Docusaurus page read as CommonMark) and what to do, as (reason, hint): with the JSX
    form, every table then stays, with HT009 giving both. rewrite: what the site's hooks make of a page's text before
    Markdown reads it (on_page_markdown, site.markdown_rewriter): the page is verified as rewritten. refused: why
    no table of the file may change, in any form (a page includes lines of it), as (reason, hint). directives: MDX
    reads `:::name` containers (Docusaurus), not text (Mintlify). contexts: the other pages that show this file's
    text (a snippet), as (their including line, their text) with a given text of this file in them
    (site.pages_including): each must show the same too, since there the file's tables read that page's link
    references, footnotes and abbreviations. commonmark: the host reads the page as CommonMark, its `<table>`s as
    HTML (plan.plan_page). jinja: how the site's macros plugin reads the page, when it surely renders it as a
    template and a raw block may be written there: a house table holding the plugin's delimiters is then written
    inside a raw block (or as it is, in a raw block already); rewrite then reads the page as the plugin renders it
    (JinjaSyntax.view), which verifies it. cjk_refused: why a table stays whose
    cells the host reads by the CJK-friendly amendments otherwise than CommonMark (parsing.cjk), as (reason, hint):
    house-tables reads cells as CommonMark, and would write them so."""
    engine = Engine(Dialect(dialect), extensions, configs, directives, commonmark)
    with cycle_collector_paused():
        return _convert(text, engine, config, form, cross_check, front_matter, template_markers,
                        refused or (jsx_refused if form == "jsx" else None), rewrite, contexts, commonmark, jinja,
                        cjk_refused)


def _convert(text: str, engine: Engine, config: Config | None, form: str, cross_check: bool, front_matter: bool,
             template_markers: tuple[str, ...], jsx_refused: tuple[str, str] | None = None,
             rewrite: Callable[[str], str] | None = None, contexts=None, commonmark: bool = False,
             jinja: JinjaSyntax | None = None, cjk_refused: tuple[str, str] | None = None) -> Conversion:
    """convert() with the cycle collector paused."""
    config = config or Config()
    extensions, configs = engine.extensions, engine.configs
    result = scan(text, engine.dialect, extensions=extensions, configs=configs, cross_check=cross_check,
                  front_matter=front_matter, directives=engine.directives, rewrite=rewrite,
                  commonmark=engine.commonmark)
    source = Source.parse(text)
    findings, chosen = settle(result.tables, source.lines, result.diagnostics)
    if rewrite is not None:
        chosen = _with_tables_as_written(chosen, result.tables, text, source, engine, front_matter)
    included: list = []
    tags = hand_table_tags(text, engine.dialect, result, extensions=extensions, configs=configs,
                           front_matter=front_matter, rewrite=rewrite, commonmark=commonmark, included=included)
    hand = review(source.lines, tags, config)
    diagnostics = [*findings, *hand.findings]
    if included:  # the findings of a snippet's hand-written tables, which the build reports among the page's
        diagnostics = sorted([*diagnostics, *included_hand_findings(text, included, config)], key=Diagnostic.order)
    conversion = Conversion(text, result.tables, result.elsewhere, diagnostics=diagnostics, hand=hand)
    if jsx_refused:
        conversion.diagnostics.extend(not_verified(table.span, *jsx_refused) for table, _ in chosen)
        chosen = []
    if cjk_refused:
        chosen = _read_alike(chosen, conversion, cjk_refused)
    replacements: list[tuple[Table, list[str]]] = []
    definitions = engine.definitions(text, front_matter) if chosen else ""
    references = _references([table for table, _ in chosen], source, definitions, engine, text, front_matter)
    for table, directive in chosen:
        lines = _convert_table(table, directive, source, definitions, engine, config, form, conversion, references,
                               markdown_urls=commonmark and form == "html")
        if lines is not None:
            replacements.append((table, lines))
    for item in hand.normalisable:  # cells byte for byte by construction (conformance._keeps_cells)
        conversion.converted.append(Converted(item.table, item.table.cells, tuple(item.lines), item.widths,
                                              normalised=True))
        replacements.append((item.table, item.lines))
    replacements.sort(key=lambda replacement: replacement[0].start_line)
    if template_markers:
        readers = {marker.text: marker.plugins for marker in template_markers}
        kinds = {marker.text: marker.kind for marker in template_markers}
        replacements = _outside_templates(replacements, source, readers, conversion, jinja, form, kinds)
    replacements = _page_verified(replacements, source, engine, front_matter, result.tables, conversion, rewrite,
                                  contexts, form)
    conversion.diagnostics.extend(_made_by_statements(result.elsewhere, source, template_markers,
                                                      conversion.diagnostics))
    conversion.text = _splice(source, replacements) if replacements else text
    conversion.diagnostics.sort(key=Diagnostic.order)
    return conversion


def _made_by_statements(elsewhere: tuple[PlacedTable, ...], source: Source, template_markers: tuple,
                        diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """HT009 for each table the page shows at its own lines only once a template plugin has run a statement there,
    which fix, converting the tables the file holds as written, leaves: the build and check report its HT001, and
    fix said nothing of why it stays. Two cases: a statement line right above the table's first line (as written the
    block is a paragraph; rendered, the line is gone and the block a table), and a table the statement makes at its
    own line (a loop's later rounds). A table that already has its HT009 keeps it alone."""
    statements = [marker for marker in template_markers if marker.kind == "statement"]
    refused = {d.span.start.line for d in diagnostics if d.code == "HT009"}
    found = []
    for placed in elsewhere:
        if not statements or placed.path is not None or placed.line in refused:
            continue
        reason = _statement_reason(placed, source.lines, statements)
        if reason is not None:
            found.append(not_verified(Span(Position(placed.line, 1), Position(placed.end_line, 1)), *reason))
            refused.add(placed.line)  # one reason for every table made at a line (TRaSH's loops: 102 at one line)
    return found


def _statement_reason(placed: PlacedTable, lines: tuple[str, ...], statements: list) -> tuple[str, str] | None:
    """Why fix leaves a table placed at the page's lines that a template statement makes a table (reason, hint), or
    None when no statement line is where the table is made."""
    if placed.line > len(lines):  # past the file's end (pasted text, placed after the last line)
        return None
    if placed.end_line == placed.line:  # text the plugin made at this line: a loop's later round
        marker = _statement_in(lines[placed.line - 1], statements)
        if marker is None:
            return None
        return (f"the site's {_plugins(marker.plugins)} makes the tables reported at this line where the "
                f"{marker.text!r} statement on it runs (a loop's later rounds, a condition), and no lines of the file "
                "hold them as shown: fix converts the tables a file holds", "write the tables out in the file, or "
                "leave them as the template makes them")
    above = lines[placed.line - 2] if placed.line >= 2 else ""
    marker = _statement_in(above, statements)
    if marker is None:
        return None
    return (f"a template statement directly above the table (line {placed.line - 1}: {above.strip()!r}) makes it a "
            f"paragraph as written, which the build shows as a table once the site's {_plugins(marker.plugins)} has "
            "run the statement: put a blank line between them", "put a blank line between the statement and the "
            "table, then run fix again")


def _statement_in(line: str, statements: list):
    """The first template statement marker a line holds, or None (an include-markdown directive is that plugin's,
    which pastes before the template plugins run: _assembled_when_pasted says why such a table stays)."""
    if "include-markdown" in line:
        return None
    return next((marker for marker in statements if marker.text in line), None)


def _read_alike(chosen, conversion: Conversion, refusal: tuple[str, str]) -> list:
    """chosen without the tables a cell of which the host's CJK-friendly reading reads otherwise (each stays, with
    HT009 giving refusal's reason and hint)."""
    kept = []
    for table, directive in chosen:
        if any(cjk_friendly_differs(cell.text) for row in (table.header, *table.body) for cell in row.cells):
            conversion.diagnostics.append(not_verified(table.span, *refusal))
        else:
            kept.append((table, directive))
    return kept


def _with_tables_as_written(chosen, tables: tuple[Table, ...], text: str, source: Source, engine: Engine,
                            front_matter: bool) -> list:
    """chosen, and the tables of the page as written that the page as the site's hooks and plugins rewrite it has
    at no line of the file (a hook replaced text in one of their lines): each is tried like the others, and the
    page's verification through the hooks keeps it as written, with HT009 saying what the hook reads otherwise,
    unless its house table shows the same."""
    written = scan(text, engine.dialect, extensions=engine.extensions, configs=engine.configs,
                   front_matter=front_matter, directives=engine.directives, commonmark=engine.commonmark)
    taken = [(table.start_line, table.end_line) for table in tables]
    extra = [(table, directive) for table, directive in settle(written.tables, source.lines, written.diagnostics)[1]
             if not any(start <= table.end_line and table.start_line <= end for start, end in taken)]
    return sorted([*chosen, *extra], key=lambda pair: pair[0].start_line) if extra else chosen


def _outside_templates(replacements, source: Source, readers: dict[str, tuple[str, ...]], conversion: Conversion,
                       jinja: JinjaSyntax | None = None, form: str = "jsx", kinds: dict[str, str] | None = None):
    """The replacements whose new lines open no more template expressions than the lines they replace, and keep
    every one those lines open; each other table stays as written, with HT009 (the site's template plugin would
    read the house table's `{{` as its own and turn the page into an error or other text, or would no longer
    expand the expression a cell held, now escaped: a build MkDocs runs, which fix's render cannot see). With jinja
    (the site's macros plugin renders the page), a house table that opens only the plugin's delimiters is written
    inside a raw block instead (_in_raw_block). An HTML-form table whose pipe table holds the plugin's template
    syntax outside a raw block stays too (_template_in_html). readers: each marker, and the plugins that read it (named
    by HT009); kinds: what each opens (TemplateMarker.kind)."""
    markers = tuple(readers)
    normalised = {id(item.table) for item in conversion.converted if item.normalised}
    kept, page = [], []

    def read():  # the page as the plugin reads it, once
        if not page:
            page.append(jinja.read(source.normalized()))
        return page[0]
    in_template = read if jinja is not None else None
    for table, lines in replacements:
        old = "\n".join(source.lines[table.start_line - 1 : table.end_line])
        new = "\n".join(lines)
        opened = [marker for marker in markers if new.count(marker) > old.count(marker)]
        if not opened and form == "html" and id(table) not in normalised:
            opened = [marker for marker in [_shown_as_text(new, markers)] if marker is not None]
        lost = next((marker for marker in markers if marker not in _ESCAPED_MARKERS
                     and new.count(marker) < old.count(marker)), None)
        if not opened and lost is None:
            placed = _template_in_html(table, old, readers, in_template) if form == "html" else None
            if placed is None:
                kept.append((table, lines))
                continue
        elif jinja is not None and lost is None and all(readers[marker] == (MACROS_PLUGIN,) for marker in opened):
            placed = _in_raw_block(table, lines, old, jinja, read(), readers)
            if not isinstance(placed, Diagnostic):
                kept.append((table, placed))
                _written(conversion, table, placed)
                continue
        else:
            placed = (_not_outside_templates(table, opened[0], readers[opened[0]]) if opened
                      else _template_lost(table, lost, readers[lost], (kinds or {}).get(lost, "expression")))
        conversion.diagnostics.append(placed)
        conversion.converted = [item for item in conversion.converted if item.table is not table]
    return kept


def _template_in_html(table: Table, old: str, readers: dict[str, tuple[str, ...]], read) -> Diagnostic | None:
    """HT009 for a pipe table whose lines hold the site's template syntax (a cell's `{{ product }}`, a macro call)
    that the site's macros plugin renders (outside a raw block; read: the page as the plugin reads it, when it
    surely renders it): in the HTML form that syntax is kept and still rendered, but its output lands in raw HTML,
    where Markdown no longer reads it (a value of `**new**` or `[a](b.md)` would show as written), and that output
    is the site's, unknown here. None when the table holds none."""
    held = next((marker for marker in readers if marker not in _ESCAPED_MARKERS and marker in old), None)
    if held is None or (read is not None and read().placement(table.start_line, table.end_line) == "raw"):
        return None
    return not_verified(table.span, f"the site's {_plugins(readers[held])} would render the {held!r} template "
                        "syntax in the pipe table, whose output the house table would hold in raw HTML, where "
                        "Markdown does not read it", "convert this table by hand, keeping the template syntax as it is")


def _in_raw_block(table: Table, lines: list[str], old: str, jinja: JinjaSyntax, page,
                  readers: dict[str, tuple[str, ...]]) -> list[str] | Diagnostic:
    """The house table's lines as the site's macros plugin gives them back as written: inside a raw block (its tags
    on lines of their own, which the plugin renders as blank lines), or as they are where the pipe table is in one
    already; or HT009 when that cannot be (the page is no template the plugin renders, the pipe table's lines hold
    template syntax, the house table's could end the raw block)."""
    if page.problem is not None:
        return not_verified(table.span, f"the site's macros plugin cannot render this page ({page.problem}): no "
                            "house table can be verified in it", "correct the page's template, or convert this "
                            "table by hand")
    placement = page.placement(table.start_line, table.end_line)
    if placement is None:
        held = next((marker for marker in jinja.markers if marker in old), None)
        if held is not None:
            return _template_lost(table, held, readers.get(held, (MACROS_PLUGIN,)),
                                  jinja.kinds[held])
        return not_verified(table.span, "the pipe table is inside the site's macros plugin's template syntax "
                            "(an expression, a statement or a comment)", "convert this table by hand")
    if jinja.opens_statement(lines):
        return _not_outside_templates(table, jinja.markers[1], readers.get(jinja.markers[1], (MACROS_PLUGIN,)))
    return jinja.wrapped(lines) if placement == "data" else lines


def _written(conversion: Conversion, table: Table, lines: list[str]) -> None:
    """The converted table's lines as written (with a raw block's tags)."""
    conversion.converted = [replace(item, output=tuple(lines)) if item.table is table else item
                            for item in conversion.converted]


# The markers that are what a house cell holds for text a plugin would read (not a template's own delimiter).
_ESCAPED_MARKERS = (CROSS_REFERENCE_MARKER, WIKI_LINK_MARKER)

# What the HTML form holds instead: the brackets as they are, in raw HTML, where autorefs reads nothing and a
# wiki-link plugin's Markdown link would show as text.
_SHOWN_BRACKETS = {CROSS_REFERENCE_MARKER: "][", WIKI_LINK_MARKER: "[["}
_CODE_OR_TAG = re.compile(r"<code\b.*?</code>|<[^>]*>", re.DOTALL)


def _shown_as_text(html_lines: str, markers: tuple[str, ...]) -> str | None:
    """The marker of a pipe table's `[title][identifier]` or `[[page]]` that its HTML-form lines show as text
    (outside code): the site's autorefs or wiki-link plugin read it in the pipe table, and would not in raw HTML."""
    text = _CODE_OR_TAG.sub("", html_lines)
    return next((marker for marker in markers if marker in _SHOWN_BRACKETS and _SHOWN_BRACKETS[marker] in text), None)


# What the plugin does with what a marker opens (JinjaSyntax.kinds).
_DONE = {"expression": "expand", "statement": "run", "comment": "drop"}


def _template_lost(table: Table, lost: str, plugins: tuple[str, ...], kind: str = "expression") -> Diagnostic:
    """HT009 for a table whose cell holds template syntax (an expression, a statement or a comment: kind) the house
    cell would hold escaped, as text."""
    return not_verified(table.span, f"the site's {_plugins(plugins)} would {_DONE.get(kind, 'expand')} the {lost!r} "
                        f"{kind} in the pipe table, which the house table holds as text", "convert this table by hand, "
                        f"keeping the {kind} as it is")


def _not_outside_templates(table: Table, opened: str, plugins: tuple[str, ...]) -> Diagnostic:
    """HT009 for a table whose house form a site plugin would read otherwise than its pipe form."""
    if opened == CROSS_REFERENCE_MARKER:
        return not_verified(table.span, "the site's autorefs plugin would link a '[title][identifier]' reference in "
                            "the pipe table, which the house table holds as text", "write the reference as an HTML "
                            "link in the cell, or convert this table by hand")
    if opened == WIKI_LINK_MARKER:
        return not_verified(table.span, "the site's wiki-link plugin would link a '[[page]]' wiki link in the pipe "
                            "table, which the house table holds as text", "write it as a Markdown link in the cell, "
                            "or convert this table by hand")
    return not_verified(table.span, f"the site's {_plugins(plugins)} would read {opened!r} in the house table as a "
                        "template", f"{_other_delimiters(plugins)}, or convert this table by hand")


# Where a Jinja-rendering plugin of MkDocs takes its delimiters from.
_DELIMITER_OPTIONS = {MACROS_PLUGIN: "j2_variable_start_string (and block/comment strings)",
                      EXTRA_DATA_PLUGIN: "jinja_options' variable_start_string (and block/comment strings)"}


def _plugins(names: tuple[str, ...]) -> str:
    """The plugins that read a template marker, as HT009 names them: "macros plugin", "macros and markdownextradata
    plugins"."""
    return f"{names[0]} plugin" if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]} plugins"


def _other_delimiters(plugins: tuple[str, ...]) -> str:
    """The hint for a house table one of the plugins would read as a template: each one's delimiter options."""
    options = [f"the {name} plugin's {_DELIMITER_OPTIONS[name]}" for name in plugins if name in _DELIMITER_OPTIONS]
    return f"set {' and '.join(options) or 'its delimiters'} to other delimiters"


def _page_verified(replacements, source: Source, engine: Engine, front_matter: bool, tables: tuple[Table, ...],
                   conversion: Conversion, rewrite=None, contexts=None,
                   form: str = "jsx") -> list[tuple[Table, list[str]]]:
    """The replacements under which the whole page reads as it did. For `.md`: rendered as the site renders it,
    it shows what it showed (house styles aside). For `.mdx`: read as MDX reads it (the scanner, measured against
    the compiler), every table not converted is still there, row for row, and no new one appears (cells are
    verified one by one already). When all replacements together change the page, each table is tried in turn
    and those that change it are left as written, with HT009 naming the first difference. contexts: the other
    pages that show this file (convert's), which must read as they did too."""
    if not replacements:
        return replacements
    changes = _page_change(source, engine, front_matter, tables, rewrite)
    if contexts is not None and engine.dialect is not Dialect.MDX:
        changes = _with_contexts(changes, source, engine, contexts)
    if changes(replacements) is None:
        return replacements
    accepted: list[tuple[Table, list[str]]] = []
    for table, lines in replacements:
        difference = changes([*accepted, (table, lines)])
        if difference is None:
            accepted.append((table, lines))
            continue
        if form == "jsx" and _in_markdown_html(table, source, engine, front_matter):
            difference = (f"the table is inside an HTML block md_in_html reads as Markdown (`<div markdown>`), where "
                          f"no house JSX table is rendered: `house-tables fix --form html` converts it ({difference})")
        conversion.diagnostics.append(not_verified(table.span, difference))
        conversion.converted = [item for item in conversion.converted if item.table is not table]
    return accepted


def _in_markdown_html(table: Table, source: Source, engine: Engine, front_matter: bool) -> bool:
    """Whether the site's md_in_html reads the table inside an HTML block (`<div markdown>`): it parses the house
    table's `<table>` there with its HTML parser before any block processor runs, so the house table is not rendered
    (README's known limit), and the page changes; the HTML form is raw HTML, shown as written there."""
    if engine.dialect is not Dialect.PYTHON_MARKDOWN:
        return False
    text = source.normalized()
    page = page_markdown(text) if front_matter else text
    return in_markdown_html(page, source.lines[table.start_line - 1], *engine.stack())


def _page_change(source: Source, engine: Engine, front_matter: bool, tables: tuple[Table, ...], rewrite=None):
    """A function from replacements to how they change the page (a message), or None when they do not. With
    rewrite (the site's hooks' on_page_markdown), the page is compared as those hooks make it, as MkDocs builds it."""
    if engine.dialect is Dialect.MDX:
        def changes(replacements) -> str | None:
            replaced = {id(table) for table, _ in replacements}
            kept = [_cell_texts(table) for table in tables if id(table) not in replaced]
            scanned = scan(_splice(source, replacements), Dialect.MDX, directives=engine.directives,
                           commonmark=engine.commonmark)
            after = [_cell_texts(table) for table in scanned.tables]
            if after == kept:
                return _swallowing(replacements, tables, scanned.html_blocks) if engine.commonmark else None
            first = next((k for k, (a, b) in enumerate(zip(kept, after)) if a != b), min(len(kept), len(after)))
            return (f"the other tables would change: {len(kept)} left as written, {len(after)} read after it"
                    f" (the first that differs is number {first + 1})")
        return changes

    def view(text: str) -> Shown:
        return engine.page(text if rewrite is None else rewrite(text), front_matter)

    try:
        before = view(_splice(source, []))
    except Exception as error:  # the site's own hook, run here on this page: nothing can be verified without it
        failed = _hook_failed(error)
        return lambda _replacements: failed
    again: list[Shown] = []  # the unchanged page rendered once more, only once a change is seen

    def changes(replacements) -> str | None:
        try:
            after = view(_splice(source, replacements))
            if after == before:  # views made here, in the try, as when view made them
                return None
        except Exception as error:
            return _hook_failed(error)
        if not again:
            again.append(view(_splice(source, [])))
        if again[0] != before:  # an extension that writes a random id (neoteroi.projects' Gantt plans)
            return (f"the site's Markdown extensions render this page differently each time "
                    f"({_difference(before, again[0])}): no change to it can be verified")
        if rewrite is not None and _unchanged_without(source, replacements, engine, front_matter):
            return (f"{getattr(rewrite, 'rewriter', 'a hook or plugin of the site')} rewrites pages' Markdown "
                    f"(on_page_markdown) and reads the pipe table otherwise than the house table: "
                    f"{_difference(before, after)}")
        return f"the page would change: {_difference(before, after)}"
    return changes


def _with_contexts(changes, source: Source, engine: Engine, contexts):
    """changes, and then how the replacements change each other page that shows this file's text (a snippet):
    there the file's tables read that page's link references, footnotes and abbreviations, which its own page
    lacks (a `[title][ref]` cell, text on this page, is written escaped and lost its link there)."""
    shown: list[tuple[str, Shown]] = []
    try:
        pages = contexts(_splice(source, []))
    except Exception as error:  # a page showing it cannot be read here (include-markdown cannot paste a file)
        failed = (f"a page that shows this file cannot be read here ({type(error).__name__}: {error}): no change to "
                  "it can be verified")
        return lambda replacements: changes(replacements) or failed
    for place, text in pages:
        try:
            shown.append((place, engine.page(text, True)))
        except Exception as error:  # that page fails here (a snippet it names is missing): its build fails too
            failed = (f"{place} shows this file, and that page cannot be rendered here ({type(error).__name__}: "
                      f"{error}): no change to it can be verified")
            return lambda replacements: changes(replacements) or failed

    def changes_everywhere(replacements) -> str | None:
        difference = changes(replacements)
        if difference is not None or not shown:
            return difference
        for (place, before), (_, text) in zip(shown, contexts(_splice(source, replacements))):
            after = engine.page(text, True)
            if after != before:
                return f"{place} shows this file, and that page would change: {_difference(before, after)}"
        return None
    return changes_everywhere


def _unchanged_without(source: Source, replacements, engine: Engine, front_matter: bool) -> bool:
    """Whether the replacements keep the page as it is when no hook rewrites it (then a hook made the difference)."""
    return engine.page(_splice(source, replacements), front_matter) == engine.page(_splice(source, []), front_matter)


def _hook_failed(error: Exception) -> str:
    """HT009's reason when the site's hooks cannot rewrite the page here (they ran in MkDocs' build only)."""
    return (f"a hook or plugin of the site rewrites pages' Markdown (on_page_markdown) and failed on this page here "
            f"({type(error).__name__}: {error}): no change to it can be verified")


def _swallowing(replacements, tables: tuple[Table, ...], html_blocks: dict[int, int]) -> str | None:
    """In a page read as CommonMark, why the HTML form of a pipe table would change what follows it: its `<table>`
    opens an HTML block, which runs to a blank line, so a line right under the table (a heading, a quote, a list
    item) would become raw HTML too; None when every such block ends with its table."""
    pipe_tables, shift = {id(table) for table in tables}, 0
    for table, lines in replacements:
        start = table.start_line + shift
        shift += len(lines) - (table.end_line - table.start_line + 1)
        if id(table) in pipe_tables and html_blocks.get(start, start + len(lines) - 1) > start + len(lines) - 1:
            return (f"the HTML form would take line {table.end_line + 1} into its HTML block (in CommonMark an HTML "
                    "block runs to a blank line): put a blank line after the table")
    return None


def _cell_texts(table: Table) -> tuple[tuple[str, ...], ...]:
    """A table as its rows of cell texts (where it is aside)."""
    return tuple(tuple(cell.text for cell in row.cells) for row in (table.header, *table.body))


def _convert_table(table, directive, source, definitions, engine, config, form, conversion,
                   references: dict, markdown_urls: bool = False) -> list[str] | None:
    """The house-style lines for one table, or None (with an HT009 diagnostic) when it does not verify.
    markdown_urls: the host resolves some URLs only in Markdown (see _markdown_only_url)."""
    too_deep = _too_deeply_nested(table) or (_not_nested(table) if engine.dialect is Dialect.PYTHON_MARKDOWN
                                             else _linked_otherwise(table))
    if too_deep:
        conversion.diagnostics.append(not_verified(*too_deep))
        return None
    if engine.dialect is Dialect.MDX:  # cells rebuilt with MDX syntax kept aside, compared with cmark-gfm's
        fragments = _fragments(table, definitions, engine)
        problem = _verify(table, source, definitions, engine, fragments)
    else:  # Python-Markdown's own cells of the table as written: the output is the reference itself
        fragments, problem = _engine_fragments(table, source, definitions, engine, references)
    measured = fragments  # widths from what the cells show: a footnote reference is its number, as the build reads
    if fragments is not None and form == "jsx" and engine.dialect is not Dialect.MDX:
        fragments = fragments.with_footnote_references()
    if problem:
        conversion.diagnostics.append(not_verified(*problem))
        return None
    try:
        grid = _grid(table, fragments, config, directive, form, measured, engine.dialect is Dialect.MDX)
    except ValueError as error:  # JsxError: HTML that JSX cannot express
        conversion.diagnostics.append(not_verified(table.span, f"not converted: {error}", "convert it by hand"))
        return None
    problem = _read_back(table, grid, fragments) if form == "jsx" else None
    if markdown_urls and problem is None:
        problem = _markdown_only_url(table, grid)
    if problem:
        conversion.diagnostics.append(not_verified(*problem))
        return None
    lines = render_lines(grid, config.style, form)
    conversion.converted.append(Converted(table, table.columns * (len(table.body) + 1), tuple(lines), grid.widths))
    return lines


# A link's or image's URL in a cell's HTML (the HTML form writes attribute values with `"`).
_CELL_URL = re.compile(r'<(a|img)\b[^>]*?\s(?:href|src)="([^"]*)"')
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def _markdown_only_url(table: Table, grid: Grid) -> tuple[Span, str, str] | None:
    """Why a table stays in a page Docusaurus reads as CommonMark, in the HTML form: Docusaurus resolves a Markdown
    link to a file (`./page.md` to its route, `./file.pdf` to a bundled asset) and bundles a Markdown image in remark
    plugins that see Markdown link and image nodes only; a raw HTML `<a>` or `<img>` keeps the URL as written (a
    broken link). Its theme's components draw both alike, so a link to a route (`/docs/x`, `../x`) is the same."""
    import html

    for row in (grid.header, *grid.body):
        for cell in row:
            for name, written in _CELL_URL.findall(cell):
                url = html.unescape(written)
                path = url.split("#")[0].split("?")[0]
                if url.startswith(("#", "//")) or _SCHEME.match(url) or not (name == "img" or "." in
                                                                                 path.rsplit("/", 1)[-1]):
                    continue
                broken = "image" if name == "img" else "link"
                return (table.span, f"Docusaurus resolves `{url}` only in Markdown: in the HTML form it would stay "
                        f"as written, a broken {broken}", "rename the page to .mdx, or give it the front matter "
                        "`format: mdx` (the JSX form keeps links and images Markdown)")
    return None


def _too_deeply_nested(table: Table) -> tuple[Span, str] | None:
    """A cell whose tags nest deeper than MAX_NESTING (counted in one pass over its text), as a finding. A row whose
    cells are all pieces of a text holding no more `<` than that is passed over without making its cells (fast
    paths): depth_over reads no cell of it."""
    fast = enabled()
    for row in (table.header, *table.body):
        written = row.written if fast else None
        if written is not None and written.count("<") <= MAX_NESTING:
            continue
        for cell in row.cells:
            deepest = depth_over(cell.text, MAX_NESTING)
            if deepest is not None:
                return cell.span, f"not converted: tags nested {deepest} deep in this cell (at most {MAX_NESTING})"
    return None


def _not_nested(table: Table) -> tuple[Span, str, str] | None:
    """A cell whose raw HTML does not nest (parsing.nesting), as a finding: the house form would write it balanced,
    and the built page's search index reads HTML as written."""
    found = _first_cell_with(table, "<", nesting_problem)
    return None if found is None else (
        found[0].span, f"not converted: the cell's HTML does not nest ({found[1]}); the house table would write it "
        "balanced, and the search index reads it as written", "close the cell's tags")


def _linked_otherwise(table: Table) -> tuple[Span, str, str] | None:
    """A `.mdx` cell with an address MDX links otherwise than cmark-gfm (parsing.mdx.autolinks), as a finding."""
    found = _first_cell_with(table, ":", protocol_email)
    return None if found is None else (
        found[0].span, f"not converted: MDX (remark-gfm) links only the address of {found[1]!r} and shows the prefix "
        "as text; the house table would link the whole", "write it as a link, [user@example.com](mailto:"
        "user@example.com), or convert this table by hand")


def _first_cell_with(table: Table, needed: str, problem: Callable[[str], str | None]) -> tuple[Cell, str] | None:
    """The first cell whose text problem() finds something in, and what; a row whose text holds no needed character
    is passed over without making its cells (fast paths)."""
    for row in (table.header, *table.body):
        written = row.written if enabled() else None
        if written is not None and needed not in written:
            continue
        for cell in row.cells:
            found = problem(cell.text)
            if found is not None:
                return cell, found
    return None


def _fragments(table: Table, definitions: str, engine: Engine) -> Fragments | None:
    """Each cell's HTML as the engine renders it in a table rebuilt from our cells (MDX syntax kept aside)."""
    rows = [[cell.text for cell in table.header.cells], *table.grid_texts()]
    protected = [[protect(cell) if engine.dialect is Dialect.MDX else (cell, []) for cell in row] for row in rows]
    texts = [[tags_end_links(cell, kept) for cell, kept in row] for row in protected]
    html = first_table_cells(unwrapped(engine.render(rebuilt_source(texts, table.align, definitions))))
    if html is None:
        return None
    return Fragments(html, [[kept for _, kept in row] for row in protected])


_FOOTNOTE_REFERENCE_START = '<sup id="fnref'
_FOOTNOTE_REFERENCE = re.compile(_FOOTNOTE_REFERENCE_START + r'\d*[:-][^"]*"><a class="footnote-ref" href="#fn[:-]'
                                 r'([^"]+)">[^<]*</a></sup>')


def _kept(pieces: list[str], piece: str) -> str:
    """The token that stands for piece (added to pieces) until the cell is written."""
    pieces.append(piece)
    return token(len(pieces) - 1)


@dataclass(frozen=True)
class Fragments:
    """Rendered cells (header row first) and, per cell, the MDX pieces their tokens stand for."""

    html: list[list[str]]
    kept: list[list[list[str]]]

    def restored(self) -> list[list[str]]:
        """The HTML with MDX pieces put back (what the cell shows, for comparison)."""
        return [[restore(cell, kept) for cell, kept in zip(row, kepts)] for row, kepts in zip(self.html, self.kept)]

    def read_as_html(self) -> list[list[str]]:
        """The HTML each cell's JSX must read back as: the engine's HTML with every MDX piece read as MDX reads
        it (`className` is `class`, `{'x'}` is x), as in the JSX the pieces are verbatim."""
        from .rendering.jsx_html import jsx_to_html

        return [[restore(cell, kept, [jsx_to_html(piece) for piece in kept]) if kept else cell
                 for cell, kept in zip(row, kepts)] for row, kepts in zip(self.html, self.kept)]

    def with_footnote_references(self) -> Fragments:
        """Python-Markdown's footnote references kept as `[^label]`, which the house table makes the page's own
        reference again (numbered and linked back by the footnotes extension, however often it is cited)."""
        html, kept = [], []
        for row, kept_row in zip(self.html, self.kept):
            html.append([])
            kept.append([])
            for cell, pieces in zip(row, kept_row):
                pieces = list(pieces)
                if _FOOTNOTE_REFERENCE_START in cell:  # (a cell without one is searched no further)
                    cell = _FOOTNOTE_REFERENCE.sub(lambda m, p=pieces: _kept(p, f"[^{m.group(1)}]"), cell)
                html[-1].append(cell)
                kept[-1].append(pieces)
        return Fragments(html, kept)

    def jsx(self, as_markdown: bool = False) -> list[list[str]]:
        """Each cell as JSX, MDX pieces verbatim (as_markdown: see html_to_jsx)."""
        from .rendering.jsx import html_to_jsx

        return [[restore(_escaped_before_pieces(html_to_jsx(cell, as_markdown)), kept)
                 for cell, kept in zip(row, kepts)] for row, kepts in zip(self.html, self.kept)]


_BACKSLASHES_BEFORE_PIECE = re.compile("(\\\\+)(?=" + TOKEN_START + ")")


def _escaped_before_pieces(jsx: str) -> str:
    """A backslash that is text right before a kept MDX piece (`<kbd>`, `{x}`) would escape the piece's first
    character once the piece is back: the serialiser saw a token there, so it wrote the backslash bare (a run
    of 2k+1 is k escaped backslashes and a bare one). The bare one is escaped too."""
    if TOKEN_START not in jsx and enabled():  # no piece (a 1 MB cell of text is not searched for one)
        return jsx
    return _BACKSLASHES_BEFORE_PIECE.sub(lambda m: m.group(1) + "\\" if len(m.group(1)) % 2 else m.group(1), jsx)


def _engine_fragments(table, source, definitions, engine,
                      references: dict) -> tuple[Fragments | None, tuple[Span, str] | None]:
    """The engine's cells for the original table lines, if they have the shape of our table (references: those
    rendered already, by table id)."""
    reference = references[id(table)] if id(table) in references else _reference(table, source, definitions, engine)
    if reference is None:
        return None, (table.span, "the engine renders no table from these lines on their own")
    fragments = Fragments(reference, [[[] for _ in row] for row in reference])
    rows = _shown_rows(table, engine)
    return fragments, _shape_problem(table, [[""] * table.columns for _ in range(rows)], reference)


def _references(tables: list[Table], source: Source, definitions: str, engine: Engine, text: str,
                front_matter: bool) -> dict:
    """The `.md` tables' references (_reference), by table id, where they are known without a render of their own:
    the page's own rendering of a table where _page_references shows it is the same, else one render of the rest
    together where tables_rendered_together can give each what its own render gives; the others are rendered on
    their own. A table too deeply nested is never rendered (_convert_table declines it first)."""
    if engine.dialect is Dialect.MDX or not tables:
        return {}
    wanted = [table for table in tables if not _too_deeply_nested(table)]
    references = _page_references(wanted, source, definitions, engine, text, front_matter)
    rest = [table for table in wanted if id(table) not in references]
    together = tables_rendered_together([_original_rows(table, source) for table in rest], *engine.stack(),
                                        definitions) if len(rest) > 1 else None
    for table, cells in zip(rest, together or ()):
        references[id(table)] = None if cells is None else cells[: _shown_rows(table, engine)]
    return references


def _page_references(tables: list[Table], source: Source, definitions: str, engine: Engine, text: str,
                     front_matter: bool) -> dict:
    """The cells of each table as the page's render (the one the definitions came from) wrote it, where that is
    what the table's lines give rendered on their own with the definitions: the extensions are ones under which a
    table block is rendered alike wherever it is (fragments.RENDERED_ALIKE_TOGETHER), the table is at the page's
    top level (no container around it), the text the page's block parser read is the file's (same lines), the page
    read the table over the same lines as the scan, the lines hold no tab (expanded from the line's start), no toc
    marker (the page's own table of contents) and no `<` (the raw HTML preprocessor reads the whole page: a tag left
    open before or in the table runs on to a quote elsewhere and hides what a line starts), and the definitions
    rendered alone make nothing and define exactly the page's references."""
    extensions, configs = engine.stack()
    if not tables or not enabled() or not all(name in RENDERED_ALIKE_TOGETHER for name in extensions):
        return {}
    page = engine._page(text, front_matter)
    if not page.tables or page.read != text.removeprefix(BOM) or not _same_references(definitions, page, engine):
        return {}
    marker = next((configs.get(name, {}).get("marker", "[TOC]") for name in ("toc", "markdown.extensions.toc")
                   if name in extensions), "")
    references = {}
    for table in tables:
        end, html = page.tables.get(table.start_line, (None, ""))
        lines = source.lines[table.start_line - 1 : table.end_line]
        if end != table.end_line or any("\t" in line or "<" in line or (marker and marker in line) for line in lines):
            continue
        cells = first_table_cells(html)
        references[id(table)] = None if cells is None else cells[: _shown_rows(table, engine)]
    return references


def _same_references(definitions: str, page, engine: Engine) -> bool:
    """Whether the definitions rendered on their own make nothing and define the page's link references."""
    md = markdown_for(*engine.stack())
    return md.convert(definitions) == "" and md.references == page.references


def _reference(table, source, definitions, engine) -> list[list[str]] | None:
    """Cells of the engine's rendering of the original table lines on their own (header row first); in `.mdx`
    the MDX pieces of each row (JSX tags, `{expressions}`) are kept aside as for our cells."""
    rows, kept = _original_rows(table, source), []
    if engine.dialect is Dialect.MDX:
        rows, kept = protect_rows(rows)
    cells = first_table_cells(unwrapped(engine.render(tags_end_links(rows, kept) + definitions)))
    if cells is None:
        return None
    return [[restore(cell, kept) for cell in row] for row in cells[: _shown_rows(table, engine)]]


def _shown_rows(table: Table, engine: Engine) -> int:
    """Rows the engine shows for the table, header included: Python-Markdown gives a table without body rows
    one empty row, which the converted table keeps."""
    return max(len(table.body), 1 if engine.dialect is Dialect.PYTHON_MARKDOWN else 0) + 1


def _shape_problem(table, ours: list[list[str]], theirs: list[list[str]]) -> tuple[Span, str] | None:
    """A difference in rows or cells per row between our table and the engine's, or None."""
    if len(ours) != len(theirs) or [len(row) for row in ours] != [len(row) for row in theirs]:
        return table.span, (f"shape differs: ours {len(ours)} rows of {[len(row) for row in ours]} cells, "
                            f"the engine's {len(theirs)} of {[len(row) for row in theirs]}")
    return None


def _verify(table, source, definitions, engine, rendered: Fragments | None) -> tuple[Span, str] | None:
    """Compare our cells with the engine's rendering of the original table lines; a difference or None."""
    reference = _reference(table, source, definitions, engine)
    if rendered is None or reference is None:
        return table.span, "the engine renders no table from these lines on their own"
    fragments = rendered.restored()
    problem = _shape_problem(table, fragments, reference)
    if problem:
        return problem
    rows = (table.header, *table.body)
    for r, (ours, theirs) in enumerate(zip(fragments, reference)):
        for c, (mine, engine_cell) in enumerate(zip(ours, theirs)):
            if mine != engine_cell and canonical(mine) != canonical(engine_cell):
                where = rows[r].cells[c].span if c < len(rows[r].cells) else rows[r].span
                kept = protect_rows(_original_rows(table, source))[1] if engine.dialect is Dialect.MDX else []
                return where, f"cell {c + 1} of row {r}: " + _cell_difference(mine, engine_cell,
                                                                              rendered.kept[r][c], kept)
    return None


def _cell_difference(mine: str, theirs: str, mine_kept: list[str], their_kept: list[str]) -> str:
    """Where our cell and the engine's first differ (not their starts: a long cell's first 80 characters were alike
    on both sides), each side's MDX pieces as the user wrote them. Where only the tokens differ, a piece was linked
    into the address before it, and its token (numbered per cell on our side, per table on the engine's) left in
    the URL on purpose (restore): that piece is named."""
    ours, engine = as_written(mine, mine_kept), as_written(theirs, their_kept)
    piece = piece_in_url(mine, mine_kept) if ours == engine else None
    if piece is None:
        return first_difference(ours, engine, names=_CELL_NAMES)
    at = ours.find(piece)
    return (f"{piece!r} is linked as part of the address before it ('…{ours[max(0, at - 40): at + len(piece)]}…'), "
            "where MDX ends the address inside it")


_CELL_NAMES = ("ours", "the engine's")


def _read_back(table: Table, grid: Grid, fragments: Fragments) -> tuple[Span, str] | None:
    """Each JSX cell, read back as MDX reads it, must give the HTML it was made from (the same bytes, or failing
    that the same canonical form)."""
    rows = (table.header, *table.body)
    pairs = [list(zip(jsx_row, html_row))
             for jsx_row, html_row in zip((grid.header, *grid.body), fragments.read_as_html())]
    read = _read_all(pairs)
    for r, row in enumerate(pairs):
        for c, (jsx, fragment) in enumerate(row):
            html = read[r][c] if read is not None else jsx_to_html(jsx)
            if html != fragment and canonical(html) != canonical(fragment):
                where = rows[r].cells[c].span if c < len(rows[r].cells) else rows[r].span
                # what it reads back as too: a JSX and a fragment spelled alike can still read differently
                # (`<trade_id>`: a tag to Python-Markdown, text to a <td> line's reading)
                kept = fragments.kept[r][c]
                return where, (f"cell {c + 1} of row {r}: JSX {as_written(jsx, kept)!r} reads back as "
                               f"{as_written(html, kept)!r}, not as {as_written(fragment, kept)!r}")
    return None


def _read_all(pairs: list[list[tuple[str, str]]]) -> list[list[str]] | None:
    """Every JSX cell read back, in one render (jsx_cells_to_html); None when one of them cannot be read (then
    the cells are read one by one, in order, and the first that differs is reported as before)."""
    cells = [jsx for row in pairs for jsx, _ in row]
    try:
        read = iter(jsx_cells_to_html(cells))
    except (ValueError, IndexError):  # a JS string JSON cannot read, or a token with no text: one by one
        return None
    return [[next(read) for _ in row] for row in pairs]


def _original_rows(table: Table, source: Source) -> str:
    """The table's rows as written, from each row's first character (container markup removed)."""
    rows = []
    for row in (table.header, table.delimiter, *table.body):
        if not row.cells:
            continue
        start, end = row.span.start, row.span.end
        lines = source.lines[start.line - 1 : end.line]
        rows.append("\n".join([lines[0][start.column - 1 :], *lines[1:]]))
    return "\n".join(rows) + "\n"


def _grid(table: Table, fragments: Fragments, config: Config, directive: Directive | None, form: str,
          measured: Fragments, as_markdown: bool = False) -> Grid:
    """Cell contents in the output form, alignment and widths (from the cells as measured shows them);
    as_markdown: an MDX page's links, images and inline code stay Markdown (see html_to_jsx)."""
    shown = fragments.read_as_html()
    widths = _widths(table, shown if measured is fragments else measured.read_as_html(), config, directive)
    contents = fragments.jsx(as_markdown) if form == "jsx" else shown
    return Grid(table.align, tuple(contents[0]), tuple(tuple(row) for row in contents[1:]), tuple(widths))


def _widths(table: Table, fragments: list[list[str]], config: Config, directive: Directive | None) -> list[int]:
    """The widths for the cells' rendered HTML (header row first)."""
    return column_widths([[visible_text(row[c]) for row in fragments] for c in range(table.columns)],
                         config, directive)


def _splice(source: Source, replacements: list[tuple[Table, list[str]]]) -> str:
    """The source with each table's lines replaced (replacements in page order, none overlapping, each of at least
    one line), every other byte unchanged: the text is written once, front to back (linear in the page, however many
    tables)."""
    lines, endings = source.lines, source.endings
    pieces, position = [BOM] if source.bom else [], 0
    for table, new in replacements:
        first, last = table.start_line - 1, table.end_line - 1
        pieces += map(str.__add__, lines[position:first], endings[position:first])
        prefix = lines[first][: len(lines[first]) - len(lines[first].lstrip(" \t>"))]
        ending = endings[first] or "\n"
        pieces += [_prefixed(prefix, line) + ending for line in new[:-1]]
        pieces.append(_prefixed(prefix, new[-1]) + endings[last])
        position = last + 1
    pieces += map(str.__add__, lines[position:], endings[position:])
    return "".join(pieces)


def _prefixed(prefix: str, line: str) -> str:
    """A new line under the table's indentation or `> ` prefixes; an empty one (a raw block's blank lines) without
    trailing blanks."""
    return prefix + line if line else prefix.rstrip()
