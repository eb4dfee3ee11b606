// Renders each case with MDX 3 (+ remark-gfm) to static HTML via react-dom/server.
// Usage: node mdx_engine.mjs cases_input.json > mdx_out.json   (regen.py runs it; see its docstring)
// Input:  [{"id": "...", "md": "..."}]
// Output: {"versions": {...}, "results": {id: {"mdx": R, "remark_md": R}}}
//   R = {"ok": bool, "html": str|null, "error": str|null, "error_phase": "compile"|"render"|null,
//        "error_pos": "line:col"|null, "warnings": [str]}
// Engines:
//   mdx       = @mdx-js/mdx evaluate(format:'mdx', remarkPlugins:[remark-gfm])
//   remark_md = @mdx-js/mdx evaluate(format:'md', remark-gfm, rehype-raw)  (micromark CommonMark+GFM
//               without the MDX syntax changes; used to tell MDX-specific effects from micromark-gfm ones)
import fs from 'node:fs'
import util from 'node:util'
import {createRequire} from 'node:module'
import {evaluate} from '@mdx-js/mdx'
import remarkGfm from 'remark-gfm'
import rehypeRaw from 'rehype-raw'
import {annotateTables} from '../annotate_tables.mjs'

const require = createRequire(import.meta.url)

// React dedupes dev warnings per process (e.g. "Invalid DOM property `class`" is reported once).
// To make warnings per-case and order-independent, load a fresh copy of React for every render.
function freshReact() {
  for (const k of Object.keys(require.cache)) {
    if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(k)) delete require.cache[k]
  }
  return {
    React: require('react'),
    runtime: require('react/jsx-runtime'),
    server: require('react-dom/server'),
  }
}
function ver(name) {
  try {
    return JSON.parse(fs.readFileSync(require.resolve(name + '/package.json'), 'utf8')).version
  } catch {
    // packages with "exports" that hide package.json: walk node_modules
    try {
      return JSON.parse(fs.readFileSync(new URL('./node_modules/' + name + '/package.json', import.meta.url), 'utf8')).version
    } catch { return null }
  }
}

const passThrough = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm']

function componentsFor(src, React) {
  const comps = {}
  for (const m of src.matchAll(/<([A-Z][A-Za-z0-9_]*)/g)) {
    const name = m[1]
    comps[name] = (props) => React.createElement('div', {'data-component': name}, props.children)
  }
  return comps
}

async function renderOne(src, format) {
  const warnings = []
  const origErr = console.error, origWarn = console.warn
  console.error = (...a) => warnings.push(util.format(...a).split('\n')[0])
  console.warn = (...a) => warnings.push(util.format(...a).split('\n')[0])
  let phase = 'compile'
  const {React, runtime, server} = freshReact()
  try {
    const options = {
      ...runtime,
      format,
      remarkPlugins: [remarkGfm],
      rehypePlugins: format === 'md' ? [annotateTables, [rehypeRaw, {passThrough}]] : [annotateTables],
    }
    const mod = await evaluate(src, options)
    phase = 'render'
    const html = server.renderToStaticMarkup(React.createElement(mod.default, {components: componentsFor(src, React)}))
    return {ok: true, html, error: null, error_phase: null, error_pos: null, warnings}
  } catch (e) {
    let pos = null
    if (e && e.line != null) pos = `${e.line}:${e.column}`
    const msg = (e && (e.reason || e.message)) ? String(e.reason || e.message) : String(e)
    return {ok: false, html: null, error: msg.split('\n')[0], error_phase: phase, error_pos: pos, warnings}
  } finally {
    console.error = origErr
    console.warn = origWarn
  }
}

const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const results = {}
for (const c of cases) {
  results[c.id] = {
    mdx: await renderOne(c.md, 'mdx'),
    remark_md: await renderOne(c.md, 'md'),
  }
}
const versions = {}
for (const n of ['@mdx-js/mdx', 'remark-gfm', 'micromark-extension-gfm-table', 'micromark-extension-mdx-jsx',
  'mdast-util-to-hast', 'hast-util-to-estree', 'rehype-raw', 'react', 'react-dom']) versions[n] = ver(n)
versions.node = process.version
process.stdout.write(JSON.stringify({versions, results}))
