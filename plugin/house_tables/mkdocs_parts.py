"""The parts of MkDocs that reading a site's mkdocs.yml and a page's front matter need, without importing MkDocs'
configuration machinery.

site.load_site reads an mkdocs.yml with MkDocs' YAML loader (`!ENV`, `INHERIT`), its `markdown_extensions` option
type and its `exclude_docs` option type. Importing those (mkdocs.config.config_options) imports MkDocs' theme,
plugin and utility modules and with them jinja2, babel, click and importlib.metadata: ≈ 310 M instructions, a quarter
of `check`'s start-up on a 2,000-page site (one core idle meanwhile), none of it used to read the file. A page's
front matter is read with mkdocs.utils.meta, whose package (mkdocs.utils) imports click and importlib.metadata too.

Here the same functions run without those imports:
- yaml_load, markdown_extensions and excluded_docs are MkDocs' own code (mkdocs.utils.yaml's yaml_load and
  get_yaml_loader, MarkdownExtensions.run_validation with reduce_list, PathSpec.run_validation and the default
  exclusion of mkdocs.structure.files), copied; where MkDocs raises its ConfigurationError or ValidationError they
  raise Refusal with the same message;
- page_meta is mkdocs/utils/meta.py itself, loaded from its file without its package.
They are used only when MkDocs' files are the very ones this was written against (applies: each file's SHA-256,
MkDocs 1.6.1); with any other version site.py and the page reading import MkDocs' own.
"""

from __future__ import annotations

import os
import sys

# the SHA-256 of each MkDocs 1.6.1 file whose code is copied here (or loaded: utils/meta.py)
_WRITTEN_FOR = {
    "utils/yaml.py": "358663c1d3d5bac5186d15f539c4fd7e06ee84f0e92bae905a768553f80de036",
    "utils/__init__.py": "defbc7a36700da5045cdeea84beada12aed38ca9d9bea8c7883ede6cb80370aa",
    "utils/meta.py": "8eace32c6adef88abb95951eee90ba6b8c13bd8f65c500f6200e60c0a41d85e2",
    "config/config_options.py": "f4204eb188edb55e2f4ef8b27f77a3434b7380b2e11885a0891a81de57d05330",
    "config/base.py": "5e1af02b4a3a859be3000973c4d1be1e9c26b088e2f10c813052e92c7648684e",
    "structure/files.py": "4132e55a63c61e9a3494d9d913f2689a2f6096a811fc6641117adb35861726e4",
    "exceptions.py": "7dce70e20d6f06cf77140a166158d6cbb6593d70d5aa8414f71790966819973d",
}
_APPLIES: list[bool] = []  # the answer, once per process


class Refusal(Exception):
    """What MkDocs raises as a ConfigurationError (yaml_load) or a ValidationError (the option types), with the same
    message: str() of either is its message."""


def applies() -> bool:
    """Whether the installed MkDocs' files are those the code here was copied from (read and hashed once per
    process)."""
    if not _APPLIES:
        _APPLIES.append(_same_files())
    return _APPLIES[0]


def _same_files() -> bool:
    import hashlib

    try:
        root = _mkdocs_root()
        for relative, digest in _WRITTEN_FOR.items():
            with open(os.path.join(root, *relative.split("/")), "rb") as file:
                if hashlib.sha256(file.read()).hexdigest() != digest:
                    return False
    except (ImportError, OSError, TypeError):  # no MkDocs, or no file of it to read
        return False
    return True


def _mkdocs_root() -> str:
    """The directory of the mkdocs package (its __init__ only sets its version)."""
    import mkdocs

    return os.path.dirname(mkdocs.__file__)


def is_configuration_error(error: BaseException) -> bool:
    """Whether an error is MkDocs' ConfigurationError, or a Refusal standing for one (without importing MkDocs'
    exceptions: when that module was never imported, none of its errors can have been raised)."""
    if isinstance(error, Refusal):
        return True
    exceptions = sys.modules.get("mkdocs.exceptions")
    return exceptions is not None and isinstance(error, exceptions.ConfigurationError)


# ------------------------------------------------------------------ mkdocs.utils.yaml


def get_yaml_loader():
    """mkdocs.utils.yaml.get_yaml_loader() (no `config`: no `!relative` tag)."""
    import yaml
    import yaml_env_tag

    class Loader(yaml.Loader):
        """
        Define a custom loader derived from the global loader to leave the
        global loader unaltered.
        """

    Loader.add_constructor('!ENV', yaml_env_tag.construct_env_tag)
    return Loader


def yaml_load(source, loader=None) -> dict:
    """mkdocs.utils.yaml.yaml_load: the YAML of a file, its INHERIT file merged under it."""
    import yaml

    loader = loader or get_yaml_loader()
    try:
        result = yaml.load(source, Loader=loader)
    except yaml.YAMLError as e:
        raise Refusal(f"MkDocs encountered an error parsing the configuration file: {e}") from None
    if result is None:
        return {}
    if 'INHERIT' in result and not isinstance(source, str):
        relpath = result.pop('INHERIT')
        abspath = os.path.normpath(os.path.join(os.path.dirname(source.name), relpath))
        if not os.path.exists(abspath):
            raise Refusal(f"Inherited config file '{relpath}' does not exist at '{abspath}'.")
        with open(abspath, 'rb') as fd:
            parent = yaml_load(fd, loader)
        import mergedeep

        result = mergedeep.merge(parent, result)
    return result


# ------------------------------------------------------------------ mkdocs.config.config_options


def markdown_extensions(value: object, builtins: list[str]) -> tuple[list, dict]:
    """MarkdownExtensions(builtins=builtins).validate(value): the extension names (builtins first, each once) and
    the options of each (its `configdata`); each extension loaded with its options once, as MkDocs checks them."""
    import markdown

    configdata: dict = {}
    if not isinstance(value, (list, tuple, dict)):
        raise Refusal('Invalid Markdown Extensions configuration')
    extensions = []
    if isinstance(value, dict):
        for ext, cfg in value.items():
            _validate_ext_cfg(ext, cfg, configdata)
            extensions.append(ext)
    else:
        for item in value:
            if isinstance(item, dict):
                if len(item) > 1:
                    raise Refusal('Invalid Markdown Extensions configuration')
                ext, cfg = item.popitem()
                _validate_ext_cfg(ext, cfg, configdata)
                extensions.append(ext)
            elif isinstance(item, str):
                extensions.append(item)
            else:
                raise Refusal('Invalid Markdown Extensions configuration')

    extensions = list(dict.fromkeys(builtins + extensions))  # utils.reduce_list

    # Confirm that Markdown considers extensions to be valid
    md = markdown.Markdown()
    for ext in extensions:
        try:
            md.registerExtensions((ext,), configdata)
        except Exception as e:
            raise Refusal(f"Failed to load extension '{ext}'.\n{_load_traceback()}{type(e).__name__}: {e}") from None
    return extensions, configdata


def _validate_ext_cfg(ext: object, cfg: object, configdata: dict) -> None:
    if not isinstance(ext, str):
        raise Refusal(f"'{ext}' is not a valid Markdown Extension name.")
    if not cfg:
        return
    if not isinstance(cfg, dict):
        raise Refusal(f"Invalid config options for Markdown Extension '{ext}'.")
    configdata[ext] = cfg


def _load_traceback() -> str:
    """The frames of the error being handled, as MarkdownExtensions words them (from the innermost up to the first
    frame without a source line)."""
    import traceback

    stack: list = []
    for frame in reversed(traceback.extract_tb(sys.exc_info()[2])):
        if not frame.line:  # Ignore frames before <frozen importlib._bootstrap>
            break
        stack.insert(0, frame)
    return ''.join(traceback.format_list(stack))


# mkdocs.structure.files._default_exclude's lines: the files MkDocs never builds as pages
DEFAULT_EXCLUDE = ('.*', '/templates/')


def default_exclude():
    """mkdocs.structure.files._default_exclude (a new one)."""
    import pathspec.gitignore

    return pathspec.gitignore.GitIgnoreSpec.from_lines(list(DEFAULT_EXCLUDE))


def path_spec(value: object):
    """PathSpec().validate(value): `exclude_docs`' gitignore lines as one matcher."""
    import pathspec.gitignore

    if not isinstance(value, str):
        raise Refusal(f'Expected a multiline string, but a {type(value)} was given.')
    try:
        return pathspec.gitignore.GitIgnoreSpec.from_lines(lines=value.splitlines())
    except ValueError as e:
        raise Refusal(str(e)) from None


# ------------------------------------------------------------------ mkdocs.utils.meta


_META: list = []  # mkdocs/utils/meta.py loaded without its package, once


def page_meta():
    """The mkdocs.utils.meta module (get_data: a page's front matter as MkDocs reads it): MkDocs' own when it is
    imported, or when MkDocs is not the version this was written for; else its file loaded alone (its imports are re
    and yaml; importing it the usual way imports mkdocs.utils first, with click and importlib.metadata)."""
    module = sys.modules.get("mkdocs.utils.meta")
    if module is not None:
        return module
    if not applies():
        from mkdocs.utils import meta

        return meta
    if not _META:
        import importlib.util

        location = os.path.join(_mkdocs_root(), "utils", "meta.py")
        spec = importlib.util.spec_from_file_location("house_tables._mkdocs_meta", location)
        loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
        _META.append(loaded)
    return _META[0]
