"""The engine's own render of one file, as a whole process: what issue 13's allowance for `fix` is measured against
("`fix` < 1 s, or within 1.5× of the engine's own render of the same cells where that alone exceeds 1 s").

- `.md`: Python-Markdown with the Markdown stack of the site's mkdocs.yml, as MkDocs builds it: MkDocs' own
  extensions (toc, tables, fenced_code) and then `markdown_extensions` with their configs. Run as
  `python bench/engine_render.py MKDOCS_YML FILE [--plugin]`; with `--plugin`, and the house-tables plugin listed in
  the mkdocs.yml, the plugin's Markdown extension is added last as the plugin adds it (its options given): how the
  site's build renders a page `fix` wrote, its house JSX tables built and reviewed (without it they are raw HTML).
- `.mdx`: the MDX 3 compiler with remark-gfm (`@mdx-js/mdx` `compile`), in node, with the packages the tests
  install (tests/node_modules, `make install`).

Interpreter start and imports are included, as they are in the timed `fix`.
"""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
TESTS = BENCH.parent / "tests"
MKDOCS_BUILTINS = ("toc", "tables", "fenced_code")  # MkDocs adds these to every site's markdown_extensions
# `node --input-type=module -e` resolves packages from its working directory: tests/, where `make install` put them.
MDX_COMPILE = """
import {readFileSync} from 'node:fs'
import {compile} from '@mdx-js/mdx'
import remarkGfm from 'remark-gfm'
const text = readFileSync(process.argv[1], 'utf8')
try {
  await compile(text, {remarkPlugins: [remarkGfm]})
} catch (error) {
  console.error(String(error).slice(0, 200))
  process.exit(3)
}
"""
MDX_FAILED = 3  # the compiler rejected the file (an unclosed expression or tag): timed all the same


PLUGIN = "house-tables"
PLUGIN_OPTIONS = ("style", "widths", "custom_style", "level", "levels")  # what the plugin gives its extension


def command(path: Path, site_config: Path, plugin: bool = False) -> tuple[list[str], Path | None]:
    """The command that renders path with its engine, and the directory to run it in (plugin: see --plugin)."""
    if path.suffix == ".mdx":
        return ["node", "--input-type=module", "-e", MDX_COMPILE, str(path.resolve())], TESTS
    return [sys.executable, str(Path(__file__).resolve()), str(site_config.resolve()), str(path.resolve()),
            *(["--plugin"] if plugin else [])], None


def stack(site_config: Path) -> tuple[list[str], dict]:
    """MkDocs' Markdown extensions and their configs for a mkdocs.yml (names in order, builtins first)."""
    import yaml

    listed = yaml.safe_load(site_config.read_text(encoding="utf-8")).get("markdown_extensions") or []
    names, configs = list(MKDOCS_BUILTINS), {}
    for item in listed:
        name, config = next(iter(item.items())) if isinstance(item, dict) else (item, None)
        if name not in names:
            names.append(name)
        if config:
            configs[name] = config
    return names, configs


def plugin_options(site_config: Path) -> dict | None:
    """The house-tables plugin's options in a mkdocs.yml ({} when listed bare), None when it is not listed."""
    import yaml

    for item in yaml.safe_load(site_config.read_text(encoding="utf-8")).get("plugins") or []:
        name, options = next(iter(item.items())) if isinstance(item, dict) else (item, None)
        if name == PLUGIN:
            return {key: value for key, value in (options or {}).items() if key in PLUGIN_OPTIONS}
    return None


def main() -> int:
    """Render FILE with the stack of MKDOCS_YML (output discarded)."""
    import markdown

    site_config, path = Path(sys.argv[1]), Path(sys.argv[2])
    names, configs = stack(site_config)
    extensions: list = list(names)
    options = plugin_options(site_config) if "--plugin" in sys.argv[3:] else None
    if options is not None:
        from house_tables.extension import HouseTablesExtension

        extension = HouseTablesExtension(**options)
        extension.settings.sink = lambda level, message: None  # the build logs findings; not timed here
        extensions.append(extension)
    markdown.Markdown(extensions=extensions, extension_configs=configs).convert(path.read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
