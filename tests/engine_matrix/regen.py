#!/usr/bin/env python3
"""Regenerate the engine matrix: run every case of cases_src.py through the real engines and normalise the tables.

Usage (from the project root; `make cases` builds the pinned engines first):
  .venv-cases/bin/python tests/engine_matrix/regen.py             (writes cases.json)
  .venv-cases/bin/python tests/engine_matrix/regen.py --out PATH  (writes PATH instead)
  .venv-cases/bin/python tests/engine_matrix/regen.py --only ID   (prints one case, writes nothing)

The engines are pinned: requirements.txt (Python, installed into .venv-cases without Pygments, which
would change pymd_mkdocs' code blocks) and package.json/package-lock.json (npm, in tests/engine_matrix/node_modules).
With the same engines and the same Node.js the output is byte for byte the committed cases.json.

Engines (names used in cases.json):
  pymd        Python-Markdown, extensions=['tables']
  pymd_mkdocs Python-Markdown with an MkDocs(-Material)-like stack: toc, tables, fenced_code (MkDocs
              builtins) + admonition, pymdownx.details, pymdownx.superfences,
              pymdownx.tabbed(alternate_style), attr_list, md_in_html
  cmarkgfm    cmark-gfm via cmarkgfm.github_flavored_markdown_to_html, options UNSAFE|SOURCEPOS
              (extensions: table, autolink, strikethrough, tagfilter, tasklist)
  markdown_it markdown-it-py, MarkdownIt('commonmark', {'html': True}).enable(['table','strikethrough'])
  mdx         @mdx-js/mdx evaluate(format 'mdx', remark-gfm) rendered by react-dom/server
  remark_md   same pipeline with format 'md' + rehype-raw (micromark GFM without MDX syntax) - auxiliary

Normalised result per engine: {ok, error, n_tables, tables:[{source, lines, align, header, rows}], html}
  source: 'md'  = table produced by the engine's table syntax, 'raw' = raw HTML / JSX table passed through
  lines : [first, last] 1-based source lines of a 'md' table (null for pymd engines: not available)
  cells : inner HTML, canonicalised by Python's html.parser (tag names lower-cased as an HTML parser
          does, attributes sorted, void tags as <br>, character references decoded and text re-escaped so
          only & < > are entities, U+00A0 shown as &nbsp;, ASCII whitespace runs collapsed, trimmed)
  cell_attrs: only present when some cell carries attributes other than alignment (align=/text-align)
  outside: canonical HTML of everything outside tables, each top-level table replaced by [TABLE n]
  core_agree / agreement_groups compare only (header, rows, align) of every table (ERROR if it failed)
"""
import argparse
import html
import json
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import cmarkgfm
import markdown
import markdown_it
from cmarkgfm.cmark import Options as CmarkOptions
from markdown_it import MarkdownIt

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from cases_src import CASES  # noqa: E402

sys.path.insert(0, str(HERE.parent))
# The normalisation helpers the tests use (tests/engines.py: standard library and markdown only).
from engines import DROP_ATTRS, VOID, WS, MarkTablesExt, _align_of, _canon_attrs  # noqa: E402

ENGINES = ["pymd", "pymd_mkdocs", "cmarkgfm", "markdown_it", "mdx", "remark_md"]
CORE = ["pymd", "cmarkgfm", "markdown_it", "mdx"]


# ------------------------------------------------------------------ Python-Markdown
def run_pymd(src):
    md = markdown.Markdown(extensions=["tables", MarkTablesExt()])
    return {"ok": True, "html": md.convert(src), "error": None}


def run_pymd_mkdocs(src):
    md = markdown.Markdown(
        extensions=["toc", "tables", "fenced_code", "admonition", "pymdownx.details",
                    "pymdownx.superfences", "pymdownx.tabbed", "attr_list", "md_in_html",
                    MarkTablesExt()],
        extension_configs={"pymdownx.tabbed": {"alternate_style": True}},
    )
    return {"ok": True, "html": md.convert(src), "error": None}


# ------------------------------------------------------------------ cmark-gfm
def run_cmarkgfm(src):
    out = cmarkgfm.github_flavored_markdown_to_html(
        src, options=CmarkOptions.CMARK_OPT_UNSAFE | CmarkOptions.CMARK_OPT_SOURCEPOS)
    return {"ok": True, "html": out, "error": None}


# ------------------------------------------------------------------ markdown-it-py
_MDIT = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def run_markdown_it(src):
    env = {}
    tokens = _MDIT.parse(src, env)
    for t in tokens:
        if t.type == "table_open":
            t.attrSet("data-md", "1")
            if t.map:
                t.attrSet("data-lines", f"{t.map[0] + 1}-{t.map[1]}")
    return {"ok": True, "html": _MDIT.renderer.render(tokens, _MDIT.options, env), "error": None}


# ------------------------------------------------------------------ HTML normalisation
class TableExtractor(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = []       # finished + open tables in document order
        self.stack = []        # open table contexts
        self.open_cells = []   # buffers (lists) of all open cells, outermost first
        self.outside = []      # canonical HTML outside any table; each table replaced by [TABLE n]

    # context: {"t": table_record, "section": str, "row": list|None, "row_is_head": bool, "cell": dict|None}
    def _emit(self, s):
        if not self.stack:
            self.outside.append(s)
        for buf in self.open_cells:
            buf.append(s)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            if self.stack:
                self._emit(f"<table{_canon_attrs(attrs)}>")
            d = dict(attrs)
            lines = None
            if d.get("data-sourcepos"):
                m = re.match(r"(\d+):\d+-(\d+):\d+", d["data-sourcepos"])
                if m:
                    lines = [int(m.group(1)), int(m.group(2))]
            elif d.get("data-lines"):
                a, b = d["data-lines"].split("-")
                lines = [int(a), int(b)]
            is_md = ("data-md" in d) or ("data-sourcepos" in d)
            rec = {"source": "md" if is_md else "raw", "lines": lines, "align": None, "header": None, "rows": []}
            if not self.stack:
                self.outside.append(f"[TABLE {len(self.tables) + 1}]")
            self.tables.append(rec)
            self.stack.append({"t": rec, "section": None, "row": None, "row_is_head": False, "cell": None,
                               "row_aligns": None})
            return
        if self.stack and tag in ("thead", "tbody", "tfoot") and self.stack[-1]["cell"] is None:
            self._emit(f"<{tag}{_canon_attrs(attrs)}>")
            self.stack[-1]["section"] = tag
            return
        if self.stack and tag == "tr" and self.stack[-1]["cell"] is None:
            self._emit(f"<tr{_canon_attrs(attrs)}>")
            ctx = self.stack[-1]
            ctx["row"] = []
            ctx["row_aligns"] = []
            ctx["row_attrs"] = []
            ctx["row_is_head"] = ctx["section"] == "thead"
            return
        if self.stack and tag in ("td", "th") and self.stack[-1]["row"] is not None and self.stack[-1]["cell"] is None:
            self._emit(f"<{tag}{_canon_attrs(attrs)}>")
            ctx = self.stack[-1]
            buf = []
            ctx["cell"] = buf
            ctx["row_aligns"].append(_align_of(attrs))
            ctx["row_attrs"].append(_cell_attrs(attrs))
            self.open_cells.append(buf)
            return
        self._emit(f"<{tag}{_canon_attrs(attrs)}>")

    def handle_startendtag(self, tag, attrs):
        if tag in VOID:
            self._emit(f"<{tag}{_canon_attrs(attrs)}>")
        else:
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)

    def _close_cell(self, ctx):
        buf = ctx["cell"]
        self.open_cells.remove(buf)
        ctx["row"].append(WS.sub(" ", "".join(buf)).strip())
        ctx["cell"] = None

    def _close_row(self, ctx):
        if ctx["cell"] is not None:
            self._close_cell(ctx)
        rec = ctx["t"]
        if ctx["row_is_head"] and rec["header"] is None:
            rec["header"] = ctx["row"]
            rec["align"] = ctx["row_aligns"]
        else:
            rec["rows"].append(ctx["row"])
            if rec["align"] is None and rec["header"] is None:
                rec["align"] = ctx["row_aligns"]
        rec.setdefault("_attrs", []).append(ctx["row_attrs"])
        ctx["row"] = None

    def handle_endtag(self, tag):
        if self.stack:
            ctx = self.stack[-1]
            if tag in ("td", "th") and ctx["cell"] is not None:
                self._close_cell(ctx)
                self._emit(f"</{tag}>")
                return
            if ctx["cell"] is None:
                if tag == "tr" and ctx["row"] is not None:
                    self._close_row(ctx)
                    self._emit("</tr>")
                    return
                if tag in ("thead", "tbody", "tfoot"):
                    if ctx["row"] is not None:
                        self._close_row(ctx)
                    ctx["section"] = None
                    self._emit(f"</{tag}>")
                    return
                if tag == "table":
                    if ctx["row"] is not None:
                        self._close_row(ctx)
                    self.stack.pop()
                    if self.stack:
                        self._emit("</table>")
                    return
        if tag not in VOID:
            self._emit(f"</{tag}>")

    def handle_data(self, data):
        s = html.escape(data, quote=False).replace("\u00a0", "&nbsp;")
        self._emit(s)

    def handle_comment(self, data):
        self._emit(f"<!--{data}-->")


def _cell_attrs(attrs):
    """Canonical attributes of a <td>/<th>, minus engine bookkeeping and pure alignment markup."""
    keep = []
    for k, v in attrs:
        if k in DROP_ATTRS or k == "align":
            continue
        if k == "style" and v and re.fullmatch(r"\s*text-align\s*:\s*[a-z]+\s*;?\s*", v):
            continue
        keep.append((k, v))
    return _canon_attrs(keep).strip()


def extract_tables(h):
    """Return (tables, outside_html)."""
    p = TableExtractor()
    p.feed(h)
    p.close()
    for t in p.tables:
        attrs = t.pop("_attrs", [])
        if any(a for row in attrs for a in row):
            t["cell_attrs"] = attrs   # per row (header row first if any), per cell
    return p.tables, WS.sub(" ", "".join(p.outside)).strip()


def normalise(res):
    if not res["ok"]:
        out = {"ok": False, "error": res["error"], "n_tables": None, "tables": None, "html": None}
        for k in ("error_phase", "error_pos"):
            if res.get(k) is not None:
                out[k] = res[k]
        if res.get("warnings"):
            out["warnings"] = res["warnings"]
        return out
    tables, outside = extract_tables(res["html"])
    out = {"ok": True, "error": None, "n_tables": len(tables), "tables": tables, "outside": outside,
           "html": res["html"]}
    if res.get("warnings"):
        out["warnings"] = res["warnings"]
    return out


def signature(r):
    if not r["ok"]:
        return "ERROR"
    return json.dumps([{k: t[k] for k in ("header", "rows", "align")} for t in r["tables"]], ensure_ascii=False)


def run_mdx(cases):
    """The mdx and remark_md results of every case, from one `node mdx_engine.mjs` run (a temporary input file)."""
    with tempfile.TemporaryDirectory() as tmp:
        inp = Path(tmp) / "cases_input.json"
        inp.write_text(json.dumps([{"id": c["id"], "md": c["md"]} for c in cases], ensure_ascii=False),
                       encoding="utf-8")
        proc = subprocess.run(["node", str(HERE / "mdx_engine.mjs"), str(inp)], cwd=HERE,
                              capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def _cases(only):
    """The cases of cases_src.py (ids must be unique), or only the one named."""
    cases = [{"id": i, "group": g, "note": n, "md": md} for (i, g, n, md) in CASES]
    ids = [c["id"] for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        sys.exit(f"duplicate ids: {sorted(dup)}")
    return [c for c in cases if c["id"] == only] if only else cases


def _record(case, mdx_result):
    """One case of the matrix: every engine's normalised result and which engines agree."""
    py_engines = {"pymd": run_pymd, "pymd_mkdocs": run_pymd_mkdocs, "cmarkgfm": run_cmarkgfm,
                  "markdown_it": run_markdown_it}
    raw = {name: fn(case["md"]) for name, fn in py_engines.items()}
    raw["mdx"], raw["remark_md"] = mdx_result["mdx"], mdx_result["remark_md"]
    results = {e: normalise(raw[e]) for e in ENGINES}
    groups = {}
    for e in ENGINES:
        groups.setdefault(signature(results[e]), []).append(e)
    core_sigs = {signature(results[e]) for e in CORE}
    return {
        "id": case["id"], "group": case["group"], "note": case["note"], "md": case["md"],
        "core_agree": len(core_sigs) == 1,
        "agreement_groups": sorted(groups.values(), key=lambda g: ENGINES.index(g[0])),
        "results": results,
    }


ENGINE_DESCRIPTIONS = {
    "pymd": "Python-Markdown extensions=['tables']",
    "pymd_mkdocs": "Python-Markdown + toc, tables, fenced_code, admonition, pymdownx.details, "
                   "pymdownx.superfences, pymdownx.tabbed(alternate_style=True), attr_list, md_in_html",
    "cmarkgfm": "cmarkgfm.github_flavored_markdown_to_html(options=UNSAFE|SOURCEPOS)",
    "markdown_it": "markdown-it-py MarkdownIt('commonmark', {'html': True}).enable(['table','strikethrough'])",
    "mdx": "@mdx-js/mdx evaluate(format='mdx', remarkPlugins=[remark-gfm]) "
           "+ react-dom/server renderToStaticMarkup",
    "remark_md": "auxiliary: same as mdx but format='md' + rehype-raw "
                 "(micromark CommonMark+GFM, no MDX syntax)",
}


def _meta(node_versions):
    """What produced the matrix: the engines, their versions (Python's and Node's) and the normalisation."""
    import pymdownx
    return {
        "generated_by": "tests/engine_matrix/regen.py",
        "engines": ENGINE_DESCRIPTIONS,
        "versions": {
            "python-markdown": markdown.__version__,
            "pymdown-extensions": getattr(pymdownx, "__version__", None) or _pip_version("pymdown-extensions"),
            "cmarkgfm": _pip_version("cmarkgfm"),
            "cmark-gfm (bundled)": _cmark_version(),
            "markdown-it-py": markdown_it.__version__,
            **node_versions,
        },
        "normalisation": __doc__.split("Normalised result per engine:")[1].strip(),
        "core_engines_for_core_agree": CORE,
    }


def main():
    """Regenerate the matrix into cases.json (or --out), or print one case (--only)."""
    parser = argparse.ArgumentParser(description="Regenerate the engine matrix from the pinned engines.")
    parser.add_argument("--out", type=Path, default=HERE / "cases.json", help="where to write the matrix")
    parser.add_argument("--only", metavar="ID", help="print this case's record and write nothing")
    args = parser.parse_args()
    cases = _cases(args.only)
    node = run_mdx(cases)
    out_cases = [_record(c, node["results"][c["id"]]) for c in cases]
    text = json.dumps({"meta": _meta(node["versions"]), "cases": out_cases}, ensure_ascii=False, indent=1)
    if args.only:
        print(text)
        return
    args.out.write_text(text + "\n", encoding="utf-8")
    n_div = sum(1 for c in out_cases if not c["core_agree"])
    print(f"wrote {args.out}: {len(out_cases)} cases, {n_div} with core-engine divergence")


def _pip_version(name):
    from importlib.metadata import version
    try:
        return version(name)
    except Exception:
        return None


def _cmark_version():
    try:
        import cmarkgfm._cmark as c
        return c.ffi.string(c.lib.cmark_version_string()).decode()
    except Exception:
        return None


if __name__ == "__main__":
    main()
