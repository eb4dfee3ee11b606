"""Files that a page of an MkDocs site includes with mkdocs-include-markdown-plugin (`{% include-markdown "x.md" %}`,
`{% include "x.md" %}`) other than as a block of its own: inline after text, inside code, by a part (`start=`,
`end=`), or indented without the includer's indent. A house table converted there would show as text in the
including page (or be cut), which fix cannot see when it verifies the file as its own page."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .site import forget_guarded_includes, pages_holding

# What stands for a directive when the including page is rendered: plain text no extension changes.
_SENTINEL = "HouseTablesIncludeMark{}Z"

_FOUND: dict[Path, dict[str, tuple[str, str]]] = {}


def forget_includes() -> None:
    """Read how pages include files again when next asked (the language server, after a page is saved)."""
    _FOUND.clear()
    forget_guarded_includes()


def partial_includes(site) -> dict[str, tuple[str, str]]:
    """Each file (absolute path) some page includes other than as a block of its own -> (the first such including
    line, `docs/index.md:5`; how: `inline, with text on its line`, as site.guarded_includes gives them). Read once per
    process and site; {} without the plugin (Site.include_markdown: its entry's options)."""
    found = _FOUND.get(site.config_file)
    if found is None:
        found = _FOUND[site.config_file] = _partial_includes(site)
    return found


def _partial_includes(site) -> dict[str, tuple[str, str]]:
    """partial_includes' work: every page under docs_dir read for the plugin's directives (its own patterns and
    path resolution), each directive judged by _how_partial."""
    options = site.include_markdown
    if options is None:
        return {}
    try:
        from mkdocs_include_markdown_plugin import directive
    except ImportError:  # the site cannot be built here either; its build says so
        return {}
    options = options if isinstance(options, dict) else {}
    names = {**{"include": "include", "include-markdown": "include-markdown"}, **(options.get("directives") or {})}
    tags = [directive.create_include_tag(str(options.get("opening_tag") or "{%"),
                                         str(options.get("closing_tag") or "%}"), names.get(tag, tag))
            for tag in ("include", "include-markdown")]
    opening = str(options.get("opening_tag") or "{%")
    found: dict[str, tuple[str, str]] = {}
    for page, text in pages_holding(site, opening):
        matches = sorted((match for tag in tags for match in tag.finditer(text)), key=lambda match: match.start())
        if not matches:
            continue
        blocks = _alone_in_blocks(text, matches, site)
        for match, alone in zip(matches, blocks, strict=True):
            how = _how_partial(text, match, alone, options, directive)
            if how is None:
                continue
            filename = directive.parse_filename_argument(match)[0]
            try:
                paths = directive.resolve_file_paths_to_include(filename or "", str(page), str(site.docs_dir), [],
                                                                str(options.get("order") or "alpha-path"))[0]
            except Exception:  # the plugin's own errors (a bad glob, an order): the build reports them
                continue
            line = text.count("\n", 0, match.start("_includer_indent") + len(match["_includer_indent"])) + 1
            place = f"{os.path.relpath(page).replace(os.sep, '/')}:{line}"
            for path in paths:
                found.setdefault(os.path.abspath(path), (place, how))
    return found


def _how_partial(text: str, match: re.Match, alone: bool, options: dict, directive) -> str | None:
    """How a directive includes its file other than whole, as a block of its own at its place; None when it does.
    alone: the directive, rendered in its place, is a paragraph by itself (not in code, not with other text)."""
    start = match.start("_includer_indent") + len(match["_includer_indent"])
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", match.end())
    before, after = text[line_start:start], text[match.end(): len(text) if line_end < 0 else line_end]
    if before.strip(" \t") or after.strip(" \t"):
        return "inline, with text on its line"
    arguments = match["arguments"] or ""
    if any(directive.ARGUMENT_REGEXES[name]().search(arguments) or options.get(name) for name in ("start", "end")):
        return "in part (start= or end=)"
    if before and not _true(directive.ARGUMENT_REGEXES["preserve-includer-indent"]().search(arguments),
                            options.get("preserve_includer_indent", True)):
        return "indented without its indent (preserve-includer-indent false)"
    if not alone:
        return "where it is no block of its own (in code, or in a paragraph)"
    return None


def _true(argument: re.Match | None, default: object) -> bool:
    """A boolean directive argument's value (`true`/`false`), else the plugin's option."""
    if argument is None:
        return bool(default)
    return argument.group(1).lower() != "false"


def _alone_in_blocks(text: str, matches: list[re.Match], site) -> list[bool]:
    """For each directive, whether the page rendered with the site's stack, each directive replaced by a word of its
    own, shows that word as a whole paragraph: the directive's line is a block of its own, neither code nor part
    of other text. A page that cannot be rendered here counts as none."""
    import markdown

    pieces, end = [], 0
    for number, match in enumerate(matches):
        start = match.start("_includer_indent") + len(match["_includer_indent"])
        pieces += [text[end:start], _SENTINEL.format(number)]
        end = match.end()
    pieces.append(text[end:])
    try:
        html = markdown.Markdown(extensions=list(site.extensions),
                                 extension_configs=site.extension_configs).convert("".join(pieces))
    except Exception:  # the site's stack fails on the page outside a build: judge every directive partial
        return [False] * len(matches)
    return [html.count(word := _SENTINEL.format(number)) == 1 and f"<p>{word}</p>" in html
            for number in range(len(matches))]
