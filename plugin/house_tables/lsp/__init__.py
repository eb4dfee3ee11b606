"""The language server (`house-tables lsp`): check's findings, fix's conversions and table hovers in an editor."""

from __future__ import annotations


def serve(form: str = "jsx") -> int:
    """Run the server over stdio (pygls is imported only when the server runs)."""
    from .server import serve as run

    return run(form)
