"""A deterministic corpus of realistic MkDocs pages (and an MDX variant), plus adversarial files.

Page `i` depends only on the seed and `i`, so a 500-page corpus is the first 500 pages of a 4,000-page one.

Usage: python bench/corpus.py DEST [--pages 2000] [--seed 1] [--mdx] [--adversarial]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

PAGES_PER_SECTION = 50
WORDS = (
    "build", "deploy", "cache", "token", "model", "layer", "index", "query", "shard", "replica", "latency", "batch",
    "schema", "field", "record", "stream", "window", "commit", "branch", "merge", "review", "plugin", "theme",
    "page", "site", "table", "column", "row", "header", "cell", "value", "option", "config", "default", "limit",
    "timeout", "retry", "backoff", "policy", "region", "zone", "cluster", "node", "pod", "service", "route",
)
# The Markdown stack of the benchmark's MkDocs builds (bench/plugin_overhead.py), and the one `house-tables check`
# reads the corpus with: the corpus carries it in its own mkdocs.yml, so check does not depend on where the corpus
# lies (check reads a page with the nearest configuration above it: under bench/out that was this repository's).
EXTENSIONS = """markdown_extensions:
  - toc
  - tables
  - admonition
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
  - attr_list
  - md_in_html
"""
SITE_FILE = "mkdocs.yml"
LANGUAGES = ("python", "bash", "yaml", "json", "text")
ADMONITIONS = ("note", "tip", "warning", "info", "example")


# ------------------------------------------------------------------ inline text


def words(rng: random.Random, low: int, high: int) -> str:
    """A few plain words."""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def inline(rng: random.Random) -> str:
    """A short run of text with one piece of inline markup, sometimes."""
    text = words(rng, 1, 4)
    roll = rng.random()
    if roll < 0.15:
        return f"**{text}**"
    if roll < 0.25:
        return f"*{text}*"
    if roll < 0.45:
        return f"`{rng.choice(WORDS)}_{rng.randint(1, 99)}()`"
    if roll < 0.55:
        return f"[{text}](../{rng.choice(WORDS)}/#{rng.choice(WORDS)})"
    return text


def sentence(rng: random.Random) -> str:
    """A sentence of inline runs."""
    text = " ".join(inline(rng) for _ in range(rng.randint(3, 7)))
    return text[0].upper() + text[1:] + "."


def paragraph(rng: random.Random) -> list[str]:
    """A paragraph of 2-5 sentences wrapped at about 100 characters."""
    lines, line = [], ""
    for part in " ".join(sentence(rng) for _ in range(rng.randint(2, 5))).split(" "):
        if line and len(line) + len(part) > 100:
            lines.append(line)
            line = part
        else:
            line = f"{line} {part}" if line else part
    return [*lines, line]


# ------------------------------------------------------------------ tables


def cell(rng: random.Random, column: int) -> str:
    """One cell: words, numbers, inline code, links, escaped pipes."""
    roll = rng.random()
    if column == 0:
        return f"`{rng.choice(WORDS)}`" if roll < 0.5 else words(rng, 1, 2)
    if roll < 0.25:
        return str(rng.randint(0, 10_000))
    if roll < 0.4:
        return f"`{rng.choice(WORDS)}={rng.randint(1, 9)}`"
    if roll < 0.5:
        return f"[{rng.choice(WORDS)}](https://example.com/{rng.choice(WORDS)})"
    if roll < 0.56:
        return f"{rng.choice(WORDS)} \\| {rng.choice(WORDS)}"
    if roll < 0.62:
        return f"**{rng.choice(WORDS)}**"
    if roll < 0.65:
        return ""
    return words(rng, 1, 5)


def row(cells: list[str], outer: bool) -> str:
    """A pipe row, with or without the outer pipes."""
    inner = " | ".join(cells)
    return f"| {inner} |" if outer else inner


def table(rng: random.Random) -> list[str]:
    """A pipe table of 2-8 columns and 2-60 rows (mostly short); about 6% are malformed."""
    columns = rng.randint(2, 8)
    rows = min(60, 2 + int(rng.expovariate(1 / 8)))
    outer = rng.random() < 0.85
    align = [rng.choice(("---", "---", ":---", "---:", ":---:")) for _ in range(columns)]
    lines = [row([words(rng, 1, 2).title() for _ in range(columns)], outer), row(align, outer)]
    lines += [row([cell(rng, c) for c in range(columns)], outer) for _ in range(rows)]
    return malformed(rng, lines, columns) if rng.random() < 0.06 else lines


def malformed(rng: random.Random, lines: list[str], columns: int) -> list[str]:
    """Break a table the ways people do: a short row, a long row, a bad delimiter row, no blank line above."""
    kind = rng.choice(("short", "long", "delimiter", "glued"))
    if kind == "short":
        lines[-1] = row(["x"] * max(1, columns - 1), True)
    elif kind == "long":
        lines[-1] = row(["x"] * (columns + 1), True)
    elif kind == "delimiter":
        lines[1] = row(["---"] * (columns + 1), True)
    else:
        lines.insert(0, "The table below follows this line directly:")
    return lines


def fake_table() -> list[str]:
    """Table-looking text that is not a table."""
    return ["| not | a | table |", "|-----|---|-------|", "| just | text | here |"]


# ------------------------------------------------------------------ blocks


def indented(lines: list[str], prefix: str = "    ") -> list[str]:
    """Lines indented for a container body (blank lines stay blank)."""
    return [prefix + line if line else "" for line in lines]


def bullet_list(rng: random.Random) -> list[str]:
    """A bullet list, sometimes nested, sometimes ordered."""
    ordered = rng.random() < 0.3
    lines = []
    for n in range(1, rng.randint(2, 6) + 1):
        lines.append(f"{n}. {sentence(rng)}" if ordered else f"- {sentence(rng)}")
        if rng.random() < 0.2:
            lines += [f"    - {inline(rng)}" for _ in range(rng.randint(1, 3))]
    return lines


def code_block(rng: random.Random, fence: str = "```") -> list[str]:
    """Fenced code; one in four holds table-looking text."""
    if rng.random() < 0.25:
        return [f"{fence}text", *fake_table(), fence]
    language = rng.choice(LANGUAGES)
    body = [f"{rng.choice(WORDS)}_{i} = {rng.choice(WORDS)}({rng.randint(0, 9)})  # {words(rng, 2, 5)}"
            for i in range(rng.randint(3, 14))]
    return [f"{fence}{language}", *body, fence]


def admonition(rng: random.Random, body: list[str]) -> list[str]:
    """An admonition (or a collapsible one) wrapping a body indented by four spaces."""
    marker = rng.choice(("!!!", "!!!", "???"))
    return [f'{marker} {rng.choice(ADMONITIONS)} "{words(rng, 1, 3).title()}"', "", *indented(body)]


def tabs(rng: random.Random, body: list[str]) -> list[str]:
    """Content tabs (pymdownx.tabbed), the body in the second tab."""
    first = [f'=== "{words(rng, 1, 1).title()}"', "", *indented(paragraph(rng))]
    return [*first, "", f'=== "{words(rng, 1, 1).title()}"', "", *indented(body)]


# ------------------------------------------------------------------ pages


def md_table_block(rng: random.Random) -> list[str]:
    """A table at the top level, in an admonition or in a tab."""
    roll = rng.random()
    body = table(rng)
    if roll < 0.15:
        return admonition(rng, [*paragraph(rng)[:1], "", *body])
    if roll < 0.3:
        return tabs(rng, body)
    return body


def md_block(rng: random.Random) -> list[str]:
    """Any other block of a MkDocs page."""
    roll = rng.random()
    if roll < 0.45:
        return paragraph(rng)
    if roll < 0.65:
        return bullet_list(rng)
    if roll < 0.85:
        return code_block(rng)
    if roll < 0.95:
        return admonition(rng, paragraph(rng))
    return ["> " + line for line in paragraph(rng)]


def page_tables(rng: random.Random) -> int:
    """How many tables a page has: 1.5 on average."""
    return rng.choice((0, 1, 1, 1, 2, 2, 2, 3))


def body(rng: random.Random, block: Callable, table_block: Callable, heading: str) -> list[str]:
    """Sections of blocks with the page's tables placed among them."""
    sections = rng.randint(3, 6)
    places = sorted(rng.randrange(sections) for _ in range(page_tables(rng)))
    lines: list[str] = []
    for s in range(sections):
        lines += [f"{heading} {words(rng, 2, 4).title()}", ""]
        for _ in range(rng.randint(1, 4)):
            lines += [*block(rng), ""]
        for _ in range(places.count(s)):
            lines += [*table_block(rng), ""]
    return lines


def md_page(seed: int, index: int) -> str:
    """A MkDocs page: maybe front matter, a title, sections."""
    rng = random.Random(f"{seed}:{index}")
    lines: list[str] = []
    if rng.random() < 0.3:
        lines += ["---", f"title: {words(rng, 2, 4).title()}", f"tags: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]",
                  "---", ""]
    lines += [f"# {words(rng, 2, 5).title()}", "", *paragraph(rng), ""]
    lines += body(rng, md_block, md_table_block, "##")
    return "\n".join(lines)


def mdx_table_block(rng: random.Random) -> list[str]:
    """A table at the top level or inside a JSX component (MDX has no indented containers)."""
    if rng.random() < 0.25:
        return ['<Tabs>', f'<TabItem value="{rng.choice(WORDS)}">', "", *table(rng), "", "</TabItem>", "</Tabs>"]
    return table(rng)


def mdx_block(rng: random.Random) -> list[str]:
    """Any other block of an MDX page: paragraphs, lists, code, JSX, expressions."""
    roll = rng.random()
    if roll < 0.45:
        return paragraph(rng)
    if roll < 0.6:
        return bullet_list(rng)[:1]
    if roll < 0.8:
        return code_block(rng)
    if roll < 0.9:
        return [f'<Callout type="{rng.choice(ADMONITIONS)}">', "", *paragraph(rng), "", "</Callout>"]
    return [f"{{/* {words(rng, 2, 5)} */}}", f"Version {{props.version}}: {sentence(rng)}"]


def mdx_page(seed: int, index: int) -> str:
    """An MDX page: imports, maybe exported metadata, a title, sections."""
    rng = random.Random(f"{seed}:mdx:{index}")
    lines = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';",
             "import Callout from '../components/Callout';", ""]
    if rng.random() < 0.3:
        lines += [f"export const meta = {{title: '{words(rng, 2, 4)}'}};", ""]
    lines += [f"# {words(rng, 2, 5).title()}", "", *paragraph(rng), ""]
    lines += body(rng, mdx_block, mdx_table_block, "##")
    return "\n".join(lines)


def page_path(index: int, suffix: str) -> Path:
    """section-NN/page-NNNN.suffix: 50 pages per directory."""
    return Path(f"section-{index // PAGES_PER_SECTION:03d}") / f"page-{index:05d}{suffix}"


def write_corpus(dest: Path, pages: int, seed: int = 1, mdx: bool = False) -> list[Path]:
    """Write the pages (and an index.md for MkDocs) and the corpus's mkdocs.yml under dest; return the page paths."""
    dest.mkdir(parents=True, exist_ok=True)
    suffix, make = (".mdx", mdx_page) if mdx else (".md", md_page)
    paths = []
    for index in range(pages):
        path = dest / page_path(index, suffix)
        path.parent.mkdir(exist_ok=True)
        path.write_text(make(seed, index) + "\n", encoding="utf-8")
        paths.append(path)
    if not mdx:
        (dest / "index.md").write_text("# Corpus\n\nGenerated pages.\n", encoding="utf-8")
    write_site_config(dest)
    return paths


def write_site_config(dest: Path) -> Path:
    """The corpus's own mkdocs.yml: the builds' Markdown stack, which check reads every page with (`.mdx` pages are
    MDX all the same; the file keeps check's start-up the same wherever the corpus is). Its docs_dir is this
    directory, so `check` and `fix` read the pages as pages of the site (`fix` keeps the tables of a file beside
    mkdocs.yml outside docs_dir); MkDocs itself would refuse that docs_dir: the builds use their own configuration
    with this directory as docs_dir and leave this file out (exclude_docs). It lists the house-tables plugin: `fix`
    writes the JSX form only into the pages of a site that shows it."""
    path = dest / SITE_FILE
    path.write_text(f"site_name: corpus\ndocs_dir: .\n{EXTENSIONS}plugins:\n  - house-tables\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------ adversarial inputs


def adversarial() -> dict[str, str]:
    """The adversarial inputs, by file stem."""
    rows = "".join(f"| {i} | `c{i}` | [l](u{i}) |\n" for i in range(5000))
    wide = "|" + "|".join(f"h{i}" for i in range(300)) + "|\n|" + "---|" * 300 + "\n"
    wide += ("|" + "|".join(f"c{i}" for i in range(300)) + "|\n") * 20
    return {
        "rows-5000": "| a | b | c |\n|---|---|---|\n" + rows,
        "columns-300": wide,
        "line-2mb": ("|`" * 1_000_000) + "\n",
        "alternating-50000": "".join("|\n" if i % 2 == 0 else "-\n" for i in range(50_000)),
        # One unbroken 1 MB token in a cell (fix was quadratic in it: 120 KB took 62 s), and 3,000 nested spans.
        "cell-token-1mb": "| a | b |\n|---|---|\n| " + "x" * 1_000_000 + " | y |\n",
        "nested-spans-3000": "| a | b |\n|---|---|\n| " + "<span>" * 3000 + "x" + "</span>" * 3000 + " | y |\n",
        # Many tables on one page each citing a reference defined once at the end (definitions read once).
        "tables-2000-one-reference": "".join(f"| t{i} | [r] |\n|---|---|\n| {i} | x |\n\n" for i in range(2000))
        + "[r]: https://example.com\n",
        "unclosed-braces": "{\n" * 20_000,  # MDX expressions that never close
        "unclosed-tags": '<a b="\n' * 20_000,  # JSX attributes that never close
    }


def write_adversarial(dest: Path, suffix: str = ".md") -> list[Path]:
    """Each adversarial input as its own file under dest."""
    dest.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, text in adversarial().items():
        path = dest / f"{stem}{suffix}"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    """Write a corpus from the command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dest", type=Path)
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mdx", action="store_true", help="write the MDX variant")
    parser.add_argument("--adversarial", action="store_true", help="write the adversarial files instead")
    args = parser.parse_args()
    if args.adversarial:
        paths = write_adversarial(args.dest, ".mdx" if args.mdx else ".md")
    else:
        paths = write_corpus(args.dest, args.pages, args.seed, args.mdx)
    print(f"{len(paths)} files under {args.dest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
