"""The diagnostics fixtures: tests/fixtures/diagnostics/<case>.md|.mdx and the expected <case>.warnings.

A `<case>.both.md` fixture is also read as MDX (cross_check=True), which adds HT007; a
`<case>.convert.md` fixture is converted, and its findings are the conversion's (HT008-HT010).

Run as a script (`make fixtures`) to rewrite every .warnings file from the current output, then review the diff.
That is a separate command on purpose: a test run never writes the files it compares with.
"""

from pathlib import Path

from house_tables.convert import convert
from house_tables.parsing import scan

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "diagnostics"
SOURCES = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".md", ".mdx"))


def expected_file(path: Path) -> Path:
    """The .warnings file that holds a fixture's expected findings."""
    return path.with_name(path.name.rsplit(".", 1)[0] + ".warnings")


def findings(path: Path) -> str:
    """The findings of a fixture, one `line:col: CODE message` per line."""
    dialect = "mdx" if path.suffix == ".mdx" else "python-markdown"
    text = path.read_text(encoding="utf-8")
    if ".convert." in path.name:
        result = convert(text, dialect)
    else:
        result = scan(text, dialect, cross_check=".both." in path.name)
    return "".join(f"{d.position}: {d.code} {d.message}\n" for d in result.diagnostics)


def rewrite(sources, expected, produce) -> None:
    """Rewrite each source's expected file from what produce gives now, naming the ones that changed."""
    for path in sources:
        target, text = expected(path), produce(path)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            print(f"rewrote {target.relative_to(FIXTURES.parents[2])}")


def main() -> None:
    """Rewrite every .warnings file from the current findings and name the ones that changed."""
    rewrite(SOURCES, expected_file, findings)


if __name__ == "__main__":
    main()
