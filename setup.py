"""Packaging for mkdocs-house-tables."""

from pathlib import Path

from setuptools import find_packages, setup

setup(
    name="mkdocs-house-tables",
    version="0.1.0",
    description="Find Markdown pipe tables exactly where Python-Markdown and MDX find them, "
    "and convert them to a house table style.",
    long_description=Path(__file__).with_name("README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    license="MIT",
    python_requires=">=3.10",
    package_dir={"": "plugin"},
    packages=find_packages("plugin"),
    install_requires=[
        "mkdocs>=1.5",
        "markdown>=3.5",
        "pymdown-extensions>=10.0",
        "beautifulsoup4>=4.12",
        "cmarkgfm>=2024.1.14",
        "tinycss2>=1.3",  # custom_style values are parsed as CSS colours and lengths
        "tomli>=1.1; python_version < '3.11'",
        "pygls>=2.0,<3",  # `house-tables lsp`: the language server (JSON-RPC, document sync, position encodings)
        "lsprotocol>=2025.0.0",  # the protocol's types, as pygls 2 uses them
    ],
    extras_require={
        "test": [
            "pytest>=7",
            "hypothesis>=6.100",
            "cmarkgfm>=2024.1.14",
            "ruff>=0.5",
            "mkdocs-material>=9.5",
            "properdocs>=1.6.7",
            "properdocs-theme-mkdocs>=1.6",
            "zensical==0.0.73",  # the Zensical host test (tests/test_zensical.py)
            "mkdocs-macros-plugin>=1.0",  # a site whose pages are Jinja templates (tests/test_public_sites.py)
            "mkdocs-autorefs>=1.0",  # a site with cross-references (tests/test_public_sites.py)
            "mkdocs-roamlinks-plugin>=0.3",  # a site with [[wiki links]] (tests/test_public_sites.py)
            "markdown-tables-extended>=0.1.3",  # another reader of pipe tables (tests/test_public_sites.py)
            "mkdocs-markdownextradata-plugin>=0.2.5",  # pages its Jinja renders too (tests/test_public_sites.py)
            "mkdocs-include-markdown-plugin>=7.0",  # pages that paste files (tests/test_public_sites.py)
            "mkdocs-static-i18n>=1.2",  # a site built once per language (tests/test_public_sites.py)
            "mdx_include>=1.4",  # pages that include files by `{!path!}` (tests/test_public_sites.py)
            "markdown-include>=0.8",  # the same syntax, another extension (the same test)
            "mkdocs-table-reader-plugin>=3.0",  # pipe tables a plugin makes of data files (tests/test_public_sites.py)
            "mkdocs-monorepo-plugin>=1.0",  # docs of several sub-projects in one site (tests/test_public_sites.py)
            "mkdocs-callouts>=1.9",  # `> [!NOTE]` callouts made admonitions (tests/test_callout_plugins.py)
            "mkdocs-github-admonitions-plugin>=0.1.1",  # GitHub/GitLab alerts made admonitions (the same tests)
            "markdown-exec>=1.8",  # text a plugin converts on its own during a page (tests/test_nested_renders.py)
            "mkdocstrings[python]>=0.25",  # docstrings converted on their own during a page (the same tests)
        ],
    },
    entry_points={
        "console_scripts": ["house-tables = house_tables.replay:main"],
        "mkdocs.plugins": ["house-tables = house_tables.plugin:HouseTablesPlugin"],
        "properdocs.plugins": ["house-tables = house_tables.plugin:HouseTablesPlugin"],
        "markdown.extensions": ["house_tables = house_tables.extension:HouseTablesExtension"],
    },
    classifiers=[
        "Programming Language :: Python :: 3",
        "Framework :: MkDocs",
        "Topic :: Documentation",
    ],
)
