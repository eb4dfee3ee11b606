"""`house-tables lsp`: time from a `didChange` to the `publishDiagnostics` of that version, on a 5,000-row table
(`.md` and `.mdx`) and a 500-line page of the benchmark corpus; on the page, from a change to the code
actions (which need fix's whole conversion of the new version); and on the table, from a change to its
diagnostics while the conversion of the version before runs (the change stops it).

The server waits DEBOUNCE seconds after a change before it checks (a newer change restarts the wait); the
table shows the time with it and without it. The editor is tests/lsp_client.py (pygls' client, the server a
real process over stdio), each change a full-document change, as the server asks for.

Usage: python bench/lsp_latency.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, Context, Table, seconds
from corpus import md_page

from house_tables.lsp.server import DEBOUNCE

sys.path.insert(0, str(ROOT / "tests"))  # the test editor: one client for the tests and this benchmark
from lsp_client import Editor

ROWS = 5000
PAGE_LINES = 500


def big_table(rows: int = ROWS) -> str:
    """A 4-column table of `rows` body rows with inline Markdown in its cells."""
    body = [f"| `opt-{i}` | **{i}** | a [link](page-{i}.md) | some words here {i} |" for i in range(rows)]
    return "\n".join(["# Options", "", "| name | value | see | note |", "|---|--:|---|---|", *body]) + "\n"


def corpus_page(lines: int = PAGE_LINES) -> str:
    """The corpus's pages one after another, cut at the first blank line after `lines` lines."""
    text, index = [], 0
    while len(text) < lines:
        text += md_page(1, index).splitlines()
        index += 1
    end = next((i for i in range(lines, len(text)) if not text[i].strip()), len(text))
    return "\n".join(text[:end]) + "\n"


def edited(text: str, round_: int) -> str:
    """The text with its first line changed (a new version each round; the tables stay where they are)."""
    first, rest = text.split("\n", 1)
    return f"{first} {round_}\n{rest}"


def change_to_diagnostics(editor: Editor, path: Path, text: str, rounds: int) -> list[float]:
    """Seconds from each change to its diagnostics."""
    editor.open(path, text)
    times = []
    for round_ in range(1, rounds + 1):
        start = time.perf_counter()
        editor.change(path, edited(text, round_))
        times.append(time.perf_counter() - start)
    editor.close(path)
    return times


def change_to_code_actions(editor: Editor, path: Path, text: str, rounds: int) -> list[float]:
    """Seconds from each change to the code actions for the first table (fix's conversion of that version)."""
    editor.open(path, text)
    header = next(i for i, line in enumerate(text.splitlines()) if line.lstrip(" >").startswith("|"))
    times = []
    for round_ in range(1, rounds + 1):
        start = time.perf_counter()
        editor.change(path, edited(text, round_), wait=False)
        actions = editor.code_actions(path, header)
        times.append(time.perf_counter() - start)
        assert actions, "no code action for a table"
    editor.close(path)
    return times


def change_while_converting(editor: Editor, path: Path, text: str, rounds: int) -> list[float]:
    """Seconds from a change to its diagnostics when code actions were just asked for the version before (its
    conversion, in the fix process, is stopped by the change)."""
    editor.open(path, text)
    times = []
    for round_ in range(1, rounds + 1):
        pending = editor.code_actions_later(path, 2)
        time.sleep(0.5)  # the conversion is under way
        start = time.perf_counter()
        editor.change(path, edited(text, round_))
        times.append(time.perf_counter() - start)
        pending.result()
    editor.close(path)
    return times


UNTIL = {change_to_diagnostics: "publishDiagnostics", change_to_code_actions: "codeAction answered",
         change_while_converting: "publishDiagnostics, a conversion running"}


def measure(rounds: int, log=print) -> Table:
    """Every case in one server, one after another."""
    table = Table(f"Language server: a change to its result ({rounds} rounds, debounce {seconds(DEBOUNCE)})",
                  ("document", "until", "median", "median − debounce", "max"))
    page = corpus_page()
    cases = [(f"{ROWS:,}-row table (.md)", "table.md", big_table(), change_to_diagnostics),
             (f"{ROWS:,}-row table (.mdx)", "table.mdx", big_table(), change_to_diagnostics),
             (f"{len(page.splitlines())}-line page (.md)", "page.md", page, change_to_diagnostics),
             (f"{len(page.splitlines())}-line page (.md)", "page.md", page, change_to_code_actions),
             (f"{ROWS:,}-row table (.md)", "table.md", big_table(), change_while_converting)]
    editor = Editor()
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for name, file_name, text, case in cases:
                until = UNTIL[case]
                log(f"lsp: {name}, {until}")
                path = Path(scratch) / file_name
                path.write_text(text, encoding="utf-8")
                times = case(editor, path, text, rounds)
                median = statistics.median(times)
                table.rows.append((name, until, seconds(median), seconds(median - DEBOUNCE), seconds(max(times))))
                table.data[f"{name}, {until}"] = times
    finally:
        editor.stop()
    table.notes.append("Each round changes the first line; the times include the debounce, the JSON-RPC round trip "
                       "and, for code actions, fix's verified conversion of the whole page.")
    return table


def run(ctx: Context) -> list[Table]:
    """The suite, as bench/run_all.py runs it."""
    return [measure(max(ctx.pairs * 2, 4), ctx.log)]


def main(argv: list[str] | None = None) -> int:
    """Run the cases and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10, help="changes per case (default 10)")
    args = parser.parse_args(argv)
    print(measure(args.rounds, log=lambda message: print(message, file=sys.stderr)).markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
