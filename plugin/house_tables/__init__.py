"""house-tables: find Markdown pipe tables as Python-Markdown and MDX do, and convert them."""

__version__ = "0.1.0"
