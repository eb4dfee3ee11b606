"""The conformance fixtures: tests/fixtures/conformance/<case>.mdx (hand-written JSX tables with every kind of drift,
and pages that must be left alone), <case>.md (raw HTML tables in a `.md` page of an MkDocs site) and
<case>.expected, what `fix` makes of each page.

Run as a script (`make fixtures` runs it) to rewrite every .expected file from the current output, then review the
diff; a test run never writes the files it compares with.
"""

from pathlib import Path

from house_tables.convert import convert

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "conformance"
MDX_SOURCES = sorted(FIXTURES.glob("*.mdx"))
MD_SOURCES = sorted(FIXTURES.glob("*.md"))
SOURCES = MDX_SOURCES + MD_SOURCES


def dialect(path: Path) -> str:
    """The engine that reads a fixture: MDX for `.mdx`, Python-Markdown (MkDocs' stack) for `.md`."""
    return "mdx" if path.suffix == ".mdx" else "python-markdown"


def expected_file(path: Path) -> Path:
    """The file holding what fix makes of a fixture."""
    return path.with_suffix(".expected")


def fixed(path: Path) -> str:
    """The page as `fix` writes it."""
    return convert(path.read_text(encoding="utf-8"), dialect(path)).text


def main() -> None:
    """Rewrite every .expected file and name the ones that changed."""
    from diagnostics_fixtures import rewrite

    rewrite(SOURCES, expected_file, fixed)


if __name__ == "__main__":
    main()
