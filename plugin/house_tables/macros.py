"""mkdocs-macros-plugin's reading of a page: a Jinja template, rendered before Markdown reads it.

A house table whose form holds the plugin's delimiters (the JSX form's `style={{...}}`) would open an expression
there; fix writes it inside a `{% raw %}` block (with the site's block delimiters), which the plugin gives back as
written, and verifies the page as the plugin renders it (JinjaSyntax.rendered: Jinja's own lexer, with the site's
`j2_*` options, decides what is text). check, fix and the language server read such a page through the same view
(JinjaSyntax.view), so that they find the tables the build finds: a tag's line is blank once rendered."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from . import mkdocs_parts

# What opens an expression, a statement and a comment, and the options that change them (the plugin's defaults are
# Jinja's); the statement's end too, for the raw block's own tags.
_STARTS = (("j2_variable_start_string", "{{"), ("j2_block_start_string", "{%"), ("j2_comment_start_string", "{#"))
_BLOCK_END = ("j2_block_end_string", "%}")
# What each of those opens (JinjaSyntax.kinds), as HT009 names it.
_KINDS = ("expression", "statement", "comment")

# Tokens of Jinja's lexer (jinja2.lexer.tokeniter) that are the template's text, and the raw block's own tags.
_DATA, _RAW_BEGIN, _RAW_END, _VARIABLE_BEGIN, _VARIABLE_END = "data", "raw_begin", "raw_end", "variable_begin", \
    "variable_end"
_NEWLINE = re.compile(r"\r\n|\r|\n")
# An expression's stand-in in the rendered page: its value is the site's (its modules' and variables'), unknown here;
# private-use characters, so that no text of the page reads as one.
_OPEN, _CLOSE = "\ue000", "\ue001"

_ENVIRONMENTS: dict = {}

# The names under `plugins:` of the MkDocs plugins that render pages as Jinja templates (site.py reads their options;
# HT009 names them): mkdocs-macros-plugin, before Markdown, its `j2_*` options its Jinja syntax (JinjaSyntax); and
# mkdocs-markdownextradata-plugin (on_page_markdown, the config's `extra` and its data files as variables), with
# Jinja's delimiters unless its `jinja_options` say otherwise; a template error fails the build (TRaSH-Guides/Guides
# runs it beside the macros plugin, whose delimiters are `[[`).
MACROS_PLUGIN, EXTRA_DATA_PLUGIN = "macros", "markdownextradata"


@dataclass(frozen=True)
class JinjaSyntax:
    """How the site's macros plugin reads a page: the `j2_*` options of its entry, which it passes to
    jinja2.Environment (without the prefix, those with a value)."""

    options: tuple[tuple[str, object], ...] = ()
    in_stack: bool = False  # the site's Markdown stack renders the templates itself (Zensical's macros extension)

    @classmethod
    def of(cls, options: dict, in_stack: bool = False) -> JinjaSyntax:
        """The syntax of a `macros` entry's options."""
        return cls(tuple(sorted((key, tuple(value) if isinstance(value, list) else value)
                                for key, value in options.items()
                                if isinstance(key, str) and key.startswith("j2_") and value)), in_stack)

    def _option(self, key: str, default: str) -> str:
        return str(dict(self.options).get(key) or default)

    @property
    def markers(self) -> tuple[str, ...]:
        """What opens an expression, a statement and a comment."""
        return tuple(self._option(key, default) for key, default in _STARTS)

    @property
    def kinds(self) -> dict[str, str]:
        """What each marker opens, as HT009 names it: "expression", "statement" or "comment" (the first, where two
        of the site's delimiters are the same)."""
        kinds: dict[str, str] = {}
        for marker, kind in zip(self.markers, _KINDS):
            kinds.setdefault(marker, kind)
        return kinds

    def wrapped(self, lines: list[str]) -> list[str]:
        """lines inside a raw block, its tags on lines of their own and blank lines between: read as written (by
        check, the language server), each tag is a paragraph of its own and the house table a block, also inside a
        list item or a tab, where an HTML block right under a paragraph's line would be part of it."""
        start, end = self._option(*_STARTS[1]), self._option(*_BLOCK_END)
        return [f"{start} raw {end}", "", *lines, "", f"{start} endraw {end}"]

    def opens_statement(self, lines: list[str]) -> bool:
        """Whether lines hold what opens a statement (which could end a raw block around them)."""
        start = self._option(*_STARTS[1])
        return any(start in line for line in lines)

    def environment(self):
        """The plugin's jinja2.Environment, as far as reading goes (its options; no loader, globals or filters).
        Raises what jinja2 raises for options it refuses (an extension that cannot be imported)."""
        environment = _ENVIRONMENTS.get(self.options)
        if environment is None:
            import jinja2

            environment = _ENVIRONMENTS[self.options] = jinja2.Environment(
                **{key.removeprefix("j2_"): list(value) if isinstance(value, tuple) else value
                   for key, value in self.options}
            )
        return environment

    def read(self, text: str) -> TemplatePage:
        """The page as the plugin reads it: whether it can render it, and what each line is in its template."""
        front, body = _body(text)
        offset = front.count("\n")
        try:
            environment = self.environment()
            environment.parse(body)
        except Exception as error:  # jinja2's TemplateSyntaxError, or an option or extension it refuses
            line = getattr(error, "lineno", None)
            where = f"line {line + offset}: " if isinstance(line, int) else ""
            return TemplatePage(f"{where}{type(error).__name__}: {error}", {})
        kinds: dict[int, set[str]] = {}
        raw = False
        for line, kind, value in environment.lexer.tokeniter(body, None):
            if kind in (_RAW_BEGIN, _RAW_END):
                raw = kind == _RAW_BEGIN
            name = ("raw" if raw else "data") if kind == _DATA else "template"
            last = line + value.count("\n") - value.endswith("\n")  # a line break ends its line, not the next
            for number in range(line, max(line, last) + 1):
                kinds.setdefault(number + offset, set()).add(name)
        return TemplatePage(None, kinds)

    def view(self) -> Callable[[str], str] | None:
        """What the build reads of a page the plugin renders (check's and fix's reading, fix's verification), as a
        function of the text the plugin is given (the page with include-markdown's files pasted, and with what the
        plugins listed before it made: site.markdown_rewriter runs it at its place): the text as the plugin renders
        it (rendered), or as given where it cannot render it (the build shows an error instead of it). None where the
        site's Markdown stack renders the templates itself (Zensical: its render is the stack's)."""
        return None if self.in_stack else self._viewed

    def _viewed(self, text: str) -> str:
        return text if self.read(text).problem is not None else self.rendered(text)

    def rendered(self, text: str) -> str:
        """The page as the plugin renders it, front matter kept: raw blocks give their text, statements and comments
        nothing, each expression a stand-in (its source between private-use characters); whitespace control
        (`-`, the site's trim_blocks, lstrip_blocks) and newlines as Jinja's lexer has them."""
        front, body = _body(text)
        pieces, expression = [], None
        for _, kind, value in self.environment().lexer.tokeniter(body, None):
            if kind == _DATA:
                pieces.append(value)
            elif kind == _VARIABLE_BEGIN:
                expression = [value]
            elif expression is not None:
                expression.append(value.rstrip() if kind == _VARIABLE_END else value)
                if kind == _VARIABLE_END:
                    pieces.append(_OPEN + "".join(expression).replace("\n", " ") + _CLOSE)
                    expression = None
        return front + "".join(pieces)


@dataclass(frozen=True)
class TemplatePage:
    """A page as the macros plugin reads it (JinjaSyntax.read)."""

    problem: str | None  # why the plugin cannot render it (it shows an error instead), or None
    kinds: dict[int, set[str]]  # per line (1-based, in the file): "data", "raw" (in a raw block), "template"

    def placement(self, start: int, end: int) -> str | None:
        """What lines start..end are: "data" (text the plugin renders), "raw" (inside a raw block already), or None
        (a line holds an expression, a statement, a comment or a raw block's tag, or the lines are of both kinds)."""
        found = set().union(*(self.kinds.get(number, {"data"}) for number in range(start, end + 1)))
        return next(iter(found)) if len(found) == 1 and "template" not in found else None


def _body(text: str) -> tuple[str, str]:
    """The page as MkDocs reads it (no BOM, `\\n` newlines), cut into its YAML front matter (with the blank lines
    after it) and what MkDocs gives the plugin, its Markdown."""
    text = _NEWLINE.sub("\n", text.removeprefix("\ufeff"))
    body = mkdocs_parts.page_meta().get_data(text)[0]
    return text[: len(text) - len(body)], body
