"""The documentation is the product's: its example conversion is what the code writes, its links stay inside."""

import re
from pathlib import Path

from house_tables.convert import convert

ROOT = Path(__file__).resolve().parents[1]
HOUSE_STYLE = ROOT / "docs" / "house-style.md"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _block(text: str, language: str) -> str:
    """The first fenced code block of that language."""
    return re.search(rf"```{language}\n(.*?)```", text, re.DOTALL).group(1)


def test_house_style_example_is_what_fix_writes():
    """The before/after example of docs/house-style.md, converted now, gives its after block byte for byte."""
    text = HOUSE_STYLE.read_text(encoding="utf-8")
    before, after = _block(text, "markdown"), _block(text, "jsx")
    result = convert(before, "mdx")
    assert result.text == after
    columns, rows = 2, 2
    assert len(after.splitlines()) == 10 + 2 * columns + rows * (columns + 2)


def test_readme_links_the_house_style():
    """The README sends readers to the project's own description of the style."""
    assert "](docs/house-style.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_links_stay_inside_the_repository():
    """Every relative link of the README and docs/ names a file of the repository (a user's clone has nothing
    beside it)."""
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:|#", target):
                continue  # a URL or an anchor on the same page
            path = (document.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT) and path.exists(), (document.name, target)
