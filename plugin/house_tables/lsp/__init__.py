"""The language server (`house-tables lsp`): check's findings, fix's conversions and table hovers in an editor."""

from __future__ import annotations


def serve(form: str = "jsx", verify: bool = False, cross_check: bool = False) -> int:
    """Run the server over stdio with `check`'s and `fix`'s options (pygls is imported only when it runs)."""
    from .analysis import Options
    from .server import serve as run

    return run(Options(form, verify, cross_check))
