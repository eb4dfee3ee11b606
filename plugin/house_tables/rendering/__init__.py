"""Rendering converted tables: JSX for MDX sources, HTML for MkDocs builds."""
