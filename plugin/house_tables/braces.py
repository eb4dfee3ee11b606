"""Files that a page of an MkDocs site includes by `{!path!}`: the mdx_include extension (typer's and FastAPI's
stack) and markdown-include's `markdown_include.include` (argo-cd's). Each pastes the file's text into the page
before any other Markdown reading, inside code blocks too, and after the macros plugin has rendered the page. There
the file's tables are read with the page's abbreviations, footnotes and link references, and a raw block fix wrote
for the macros plugin is never rendered (it shows as `{% raw %}` text). fix verifies a file as its own page, so it
leaves the tables of a file such a page includes as they are (cli._included_refusal)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlparse

from .diagnostics import shown_file
from .site import pages_holding

# The extensions, as mkdocs.yml lists them, with the name of the preprocessor each registers.
BRACE_INCLUDERS = {"mdx_include": "mdx_include", "markdown_include.include": "include"}

_FOUND: dict[Path, dict[str, tuple[str, str]]] = {}


def forget_brace_includes() -> None:
    """Read the pages' `{!path!}` lines again when next asked (see includes.forget_includes)."""
    _FOUND.clear()


def lists_brace_includer(extensions) -> bool:
    """Whether a stack lists an extension that includes files by `{!path!}`."""
    return any(name in BRACE_INCLUDERS for name in extensions or ())


def brace_includes(site) -> dict[str, tuple[str, str]]:
    """Each file (absolute path) a page of the site includes by `{!path!}` -> (the first including line,
    `docs/index.md:5`; the extension that includes it). Read once per process and site; {} without such an
    extension, or with one not installed here (the site cannot be built here either, and its build says so)."""
    found = _FOUND.get(site.config_file)
    if found is None:
        found = _FOUND[site.config_file] = _read_includes(site)
    return found


def _read_includes(site) -> dict[str, tuple[str, str]]:
    """brace_includes' work: every page under docs_dir read for `{!` lines, by each listed extension's own pattern."""
    found: dict[str, tuple[str, str]] = {}
    for name in (name for name in site.extensions if name in BRACE_INCLUDERS):
        reader = _preprocessor(name, site.extension_configs.get(name) or {})
        if reader is None:
            continue
        pattern = getattr(reader, "compiled_re", None) or _module_pattern(reader)
        bases = {os.path.abspath(reader.base_path), os.path.abspath(site.config_file.parent / reader.base_path)}
        for page, text in pages_holding(site, "{!"):
            for number, line in enumerate(text.splitlines(), 1):
                for match in pattern.finditer(line):
                    for target in _targets(match, bases):
                        found.setdefault(target, (f"{shown_file(str(page))}:{number}", name))
    return found


def _preprocessor(name: str, configs: dict):
    """The extension's preprocessor, configured as the site configures it; None when it cannot be loaded here."""
    import markdown

    try:
        md = markdown.Markdown(extensions=[name], extension_configs={name: configs})
    except Exception:  # not installed, or options it refuses: the site's build fails here too, and says why
        return None
    try:
        return md.preprocessors[BRACE_INCLUDERS[name]]  # a Registry: indexed by name, with no get()
    except KeyError:  # another extension of that name, which registers no such preprocessor
        return None


def _module_pattern(reader):
    """markdown-include's pattern, a constant of its module (mdx_include keeps its own on the preprocessor)."""
    import sys

    return sys.modules[type(reader).__module__].INC_SYNTAX


def _targets(match, bases: set[str]) -> list[str]:
    """The files an include names, as the extension resolves it against its base_path (relative to where MkDocs
    runs: the current directory, or the configuration's, as it is usually run); none for an escaped include or a
    URL."""
    groups = match.groupdict()
    if groups.get("escape"):
        return []
    path = os.path.expanduser(groups.get("path") or match.group(1))
    if urlparse(path).netloc:
        return []
    return sorted({os.path.abspath(os.path.join(base, path)) for base in bases})
