"""One schema, three front ends: every option gives the same result and, for a bad value, the same reason through
the MkDocs plugin entry, the Markdown extension and the command line's configuration files; the README's option
table is the schema's; a bad value in mkdocs.yml is one error line (plugin entry or extension entry)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config.defaults import MkDocsConfig

from house_tables.config import ConfigError
from house_tables.extension import HouseTablesExtension
from house_tables.options import EXTENSION, FILE, OPTIONS, PLUGIN, options_table
from house_tables.plugin import HouseTablesPlugin
from house_tables.settings import settings_from

ROOT = Path(__file__).resolve().parent.parent

GOOD = {
    "enabled": [True, False],
    "style": ["house", "plain"],
    "widths": ["content", "equal"],
    "custom_style": [{}, {"accent": "#123456", "backgrounds": ["#fff", "teal"]}, {"first_column_weight": None},
                     {"header_padding": "1px 2px 3px", "header_nowrap": False, "header_weight": 600}],
    "level": ["warning", "info", "error", "ignore"],
    "levels": [{}, {"HT003": "info", "HT009": "ignore"}],
    "include": [[], ["docs/", "*.md", "**/x/*.md"]],
    "exclude": [[], ["draft.md", "!keep.md"]],
    "dialect": [None, "mdx", "python-markdown"],
    "dialects": [{}, {"docs/**/*.md": "mdx"}],
}
BAD = {
    "enabled": ["yes", 1, None],
    "style": ["fancy", 3, None],
    "widths": ["auto", ["content"]],
    "custom_style": ["red", {"colour": "red"}, {"accent": "red; x"}, {"header_weight": True},
                     {"backgrounds": ["red"]}, {"body_padding": "1px; color: red"}],
    "level": ["loud", None],
    "levels": [["HT003"], {"ht003": "info"}, {"HT999": "info"}, {"HT003": "loud"}],
    "include": ["docs/*", [1], ["[z-a].md"]],
    "exclude": [None, [None]],
    "dialect": ["gfm", 2],
    "dialects": [["*.md"], {"*.md": "gfm"}, {"[z-a]": "mdx"}],
}


def _plugin(options: dict):
    """The plugin with these options: (errors as (option, reason), the extension it installs or None)."""
    plugin = HouseTablesPlugin()
    errors, _ = plugin.load_config(options)
    if errors:
        return [(key, str(error)) for key, error in errors], None
    config = MkDocsConfig()
    config.load_dict({"site_name": "x"})
    config.validate()
    plugin.on_config(config)
    return [], plugin.extension


def _effect(settings) -> tuple:
    """What an option changes in a conversion and in reporting."""
    return settings.config, settings.level, dict(settings.levels)


def test_the_readme_option_table_is_the_schemas():
    """The README's table between its markers is exactly what options_table() makes."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = re.search(r"<!-- options-table[^>]*-->\n(.*?)\n<!-- /options-table -->", readme, re.S).group(1)
    assert table == options_table()
    assert {option.name for option in OPTIONS} == set(GOOD) == set(BAD)


@pytest.mark.parametrize(("name", "value"), [(name, value) for name, values in GOOD.items() for value in values])
def test_a_good_value_has_the_same_effect_through_every_front_end(name, value):
    """The command line's settings, the extension's and the plugin's (the extension it installs) agree."""
    option = next(option for option in OPTIONS if option.name == name)
    effects = []
    if FILE in option.fronts:
        effects.append(_effect(settings_from({name: value}, "x.toml", None, FILE)))
    if EXTENSION in option.fronts:
        effects.append(_effect(HouseTablesExtension(**{name: value}).settings))
    if PLUGIN in option.fronts:
        errors, extension = _plugin({name: value})
        assert errors == []
        if extension is not None:  # enabled: false installs nothing
            effects.append(_effect(extension.settings))
        else:
            assert name == "enabled" and value is False
    assert effects and all(effect == effects[0] for effect in effects)


@pytest.mark.parametrize(("name", "value"), [(name, value) for name, values in BAD.items() for value in values])
def test_a_bad_value_gives_the_same_reason_through_every_front_end(name, value):
    """One reason, each front end's framing: `where: option: reason` in configuration files, `house_tables:
    option: reason` from the extension, MkDocs' `option 'name': reason` for the plugin."""
    option = next(option for option in OPTIONS if option.name == name)
    reasons = []
    if FILE in option.fronts:
        with pytest.raises(ConfigError) as error:
            settings_from({name: value}, "x.toml", None, FILE)
        assert str(error.value).startswith(f"x.toml: {name}: ")
        reasons.append(str(error.value).removeprefix(f"x.toml: {name}: "))
    if EXTENSION in option.fronts:
        with pytest.raises(ConfigError) as error:
            HouseTablesExtension(**{name: value})
        assert str(error.value).startswith(f"house_tables: {name}: ")
        reasons.append(str(error.value).removeprefix(f"house_tables: {name}: "))
    if PLUGIN in option.fronts:
        errors, _ = _plugin({name: value})
        assert [key for key, _ in errors] == [name]
        reasons.append(errors[0][1])
    assert reasons and all(reason == reasons[0] for reason in reasons), reasons
    assert "\n" not in reasons[0] and reasons[0]


def test_an_unknown_option_is_refused_by_every_front_end():
    """A misspelt option is an error (not a warning MkDocs would let pass), naming it."""
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        settings_from({"colour": 1}, "x.toml", None, FILE)
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        HouseTablesExtension(colour=1)
    errors, _ = _plugin({"colour": 1})
    assert [key for key, _ in errors] == ["colour"]
    with pytest.raises(ConfigError, match="unknown option 'include'"):  # the extension has no globs
        HouseTablesExtension(include=["x"])


@pytest.mark.parametrize("entry", ["plugins:\n  - house-tables:\n      levels: {HT003: loud}\n",
                                   "markdown_extensions:\n  - house_tables:\n      levels: {HT003: loud}\n"])
def test_mkdocs_build_with_a_bad_value_says_why_without_a_traceback(tmp_path, entry):
    """`mkdocs build` exits 1 with the reason, no traceback, whether the plugin or the extension has the value."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# x\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n" + entry, encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
    errors = [line for line in built.stderr.splitlines() if line.strip() and "Aborted" not in line]
    assert built.returncode == 1 and "Traceback" not in built.stderr and 'File "' not in built.stderr
    assert "HT003 must be one of warning, info, error, ignore, not 'loud'" in errors[-1]
    assert len(errors) <= 2  # the plugin: one line; the extension: MkDocs' "Failed to load extension" and why
