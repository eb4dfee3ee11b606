"""Small MkDocs sites written to a directory and built in-process by MkDocs itself (a real build: the site's
extensions, the theme, link resolution and validation, search), with and without the house-tables plugin."""

from __future__ import annotations

import io
import json
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from bs4 import BeautifulSoup, Comment
from mkdocs.commands.build import build
from mkdocs.config import load_config

_BUILD_DATE = re.compile(r"Build Date UTC : [^\n]*")  # the one line that differs between two builds


class PythonName(str):
    """A `!!python/name:` value in mkdocs.yml (as sites write `emoji_index`)."""


class _Dumper(yaml.SafeDumper):
    """yaml's safe dumper, writing PythonName values as `!!python/name:` tags."""


_Dumper.add_representer(PythonName, lambda dumper, value: dumper.represent_scalar(
    f"tag:yaml.org,2002:python/name:{value}", ""))

EXTENSIONS = [
    "admonition", "footnotes", "abbr", "attr_list", "md_in_html", "pymdownx.details", "pymdownx.highlight",
    "pymdownx.superfences", {"pymdownx.tabbed": {"alternate_style": True}}, {"toc": {"permalink": True}},
    {"pymdownx.emoji": {"emoji_index": PythonName("material.extensions.emoji.twemoji"),
                        "emoji_generator": PythonName("material.extensions.emoji.to_svg")}},
    "pymdownx.inlinehilite",
]


@dataclass
class Build:
    """One build's pages (path under site_dir -> HTML), its log lines and its search index."""

    pages: dict[str, str]
    log: list[str]
    search: str

    def warnings(self, prefix: str = "") -> list[str]:
        """WARNING lines (without the level), those starting with prefix."""
        return [line[len("WARNING:"):] for line in self.log if line.startswith("WARNING:" + prefix)]

    def findings(self) -> list[str]:
        """The plugin's findings, as logged (any level)."""
        return [line.split(":", 1)[1] for line in self.log if line.split(":", 1)[1].startswith("house_tables: ")]

    def main(self, page: str) -> BeautifulSoup:
        """The content area of a built page."""
        soup = BeautifulSoup(self.pages[page], "html.parser")
        return soup.select_one("div[role=main]") or soup.select_one("article") or soup.body


def write_site(root: Path, pages: dict[str, str], *, files: dict[str, str] | None = None, plugin: bool = True,
               extensions: list | None = None, snippets: bool = True, theme: str = "mkdocs",
               use_directory_urls: bool = True, plugin_options: dict | None = None) -> Path:
    """A site directory: docs/<page> for each page, other files (snippets, images) as given, and mkdocs.yml."""
    for name, text in {**{f"docs/{k}": v for k, v in pages.items()}, **(files or {})}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    stack = list(EXTENSIONS if extensions is None else extensions)
    if snippets:
        stack.append({"pymdownx.snippets": {"base_path": [str(root / "snippets"), str(root / "docs")]}})
    config = {
        "site_name": "t", "docs_dir": "docs", "site_dir": "site", "theme": {"name": theme},
        "use_directory_urls": use_directory_urls, "markdown_extensions": stack,
        "plugins": ["search", *([{"house-tables": plugin_options or {}}] if plugin else [])],
        "validation": {"links": {"not_found": "warn", "anchors": "warn"}},
    }
    (root / "mkdocs.yml").write_text(yaml.dump(config, Dumper=_Dumper, sort_keys=False), encoding="utf-8")
    return root / "mkdocs.yml"


def build_site(config_file: Path, site_dir: Path) -> Build:
    """Build with MkDocs (in this process, from the directory of mkdocs.yml, as `mkdocs build` is usually run: the
    findings name files relative to the current directory) and collect every page, the log and the search index."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s:%(message)s"))
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    before = os.getcwd()
    os.chdir(config_file.parent)
    try:
        build(load_config(os.path.join(before, config_file), site_dir=os.path.join(before, site_dir)))
    finally:
        os.chdir(before)
        logger.removeHandler(handler)
    pages = {str(p.relative_to(site_dir)): _BUILD_DATE.sub("", p.read_text(encoding="utf-8"))
             for p in site_dir.rglob("*.html")}
    index = site_dir / "search" / "search_index.json"
    search = index.read_text(encoding="utf-8") if index.exists() else ""
    log = [line for line in stream.getvalue().splitlines() if not line.startswith(("INFO:", "DEBUG:"))]
    return Build(pages, log, search)


def build_both(root: Path, pages: dict[str, str], **options) -> tuple[Build, Build]:
    """The same site built without and with the plugin."""
    without = build_site(write_site(root / "plain", pages, plugin=False, **options),
                         root / "plain" / "site")
    with_plugin = build_site(write_site(root / "house", pages, plugin=True, **options),
                             root / "house" / "site")
    return without, with_plugin




def unstyled(html: str) -> str:
    """A page without what the house style adds to pipe tables (colgroups and table/row/cell styles), and without
    HTML comments (which no reader sees: a comment in a cell is a `{/* */}` JSX comment in the house form)."""
    soup = BeautifulSoup(html, "html.parser")
    for comment in soup.find_all(string=lambda node: isinstance(node, Comment)):
        comment.extract()
    for group in soup.find_all("colgroup"):
        group.decompose()
    for element in soup.find_all(["table", "tr", "th", "td"]):
        element.attrs.pop("style", None)
    flat = re.sub(r">\s+<", "><", str(soup))
    # Whitespace at the edges of a cell is not shown (a removed comment can leave some), and outside <pre> a run of
    # spaces and tabs shows as one space (a tab in a cell: expanded by Python-Markdown, kept in a house table).
    flat = re.sub(r"(<t[dh]\b[^>]*>)\s+|\s+(</t[dh]>)", lambda m: m.group(1) or m.group(2), flat)
    # Nor is whitespace at the end of a paragraph or another block (a line break before `</p>`: a paragraph a raw
    # HTML block interrupts keeps the line's break, one a table interrupts does not).
    flat = re.sub(r"\s+(</(?:p|li|dd|dt|h[1-6]|blockquote|div)>)", r"\1", flat)
    return "".join(part if _PRE.fullmatch(part) else re.sub(r"[ \t]+", " ", part) for part in _PRE.split(flat))


_PRE = re.compile(r"(<pre\b.*?</pre>)", re.DOTALL)


def search_texts(search: str) -> list[tuple[str, str]]:
    """(location, text) of every search index entry, whitespace collapsed."""
    docs = json.loads(search)["docs"] if search else []
    return [(d["location"], " ".join(d["text"].split())) for d in docs]


def house_styled(soup) -> list:
    """The tables in the house style."""
    return [t for t in soup.find_all("table") if "border-collapse: collapse" in (t.get("style") or "")]


def check_site(root: Path, *paths: str) -> tuple[int, list[str]]:
    """`house-tables check` run (in this process) from the site's directory: exit code and output lines."""
    return run_cli(root, "check", *(paths or ("docs",)))


def run_cli(root: Path, *arguments: str) -> tuple[int, list[str]]:
    """`house-tables <arguments>` run (in this process, one job) from root: exit code and output lines."""
    import contextlib

    from house_tables.cli import run

    out, err = io.StringIO(), io.StringIO()
    before = os.getcwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run([arguments[0], "--jobs", "1", *arguments[1:]])
    finally:
        os.chdir(before)
    return code, out.getvalue().splitlines()
