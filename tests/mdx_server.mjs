// Long-lived MDX 3 + remark-gfm + container directives (Docusaurus' `:::note` admonitions) renderer for the differential tests (see tests/engines.py).
// Protocol: one JSON request per stdin line, {"id": n, "md": "..."}; one JSON response per stdout line, in order:
//   {"id": n, "ok": true, "html": "..."}  or  {"id": n, "ok": false, "error": "...", "phase": "compile"|"render"}
//   A request may add "format": "md" (CommonMark, as Docusaurus reads a page under markdown.format 'md'), and
//   "directives": false (no container directives: `:::` lines are text, as Mintlify and plain MDX read them), and
//   "host": true (links, images and code Markdown made are drawn by the host's components, as a Docusaurus, Mintlify or
//   Nextra theme draws them: here with data-host="a" / "img" / "code", so a page shows which of them a theme would draw),
//   and "cjk": true (emphasis and strikethrough delimiters beside CJK text read by the CommonMark CJK-friendly
//   amendments, remark-cjk-friendly, as Rspress reads them by default).
// The pipeline is the `mdx` engine of engine_matrix/mdx_engine.mjs, except that React is loaded once.
import readline from 'node:readline'
import {evaluate} from '@mdx-js/mdx'
import React from 'react'
import * as runtime from 'react/jsx-runtime'
import {renderToStaticMarkup} from 'react-dom/server'
import remarkGfm from 'remark-gfm'
import remarkCjkFriendly from 'remark-cjk-friendly'
import remarkCjkFriendlyGfmStrikethrough from 'remark-cjk-friendly-gfm-strikethrough'
import {directive} from 'micromark-extension-directive'
import {directiveFromMarkdown} from 'mdast-util-directive'
import {annotateTables} from './annotate_tables.mjs'

// stdout carries only responses: anything else that writes to it (console.log, code in a document) goes to stderr.
const respond = process.stdout.write.bind(process.stdout)
process.stdout.write = process.stderr.write.bind(process.stderr)
process.on('uncaughtException', (e) => console.error('uncaught:', e))
process.on('unhandledRejection', (e) => console.error('unhandled rejection:', e))

// remark-directive's container syntax only (`:::note` ... `:::`): Docusaurus turns text (`:x`) and leaf (`::x`)
// directives it has no use for back into text, so a page reads as if only containers were syntax.
function remarkContainerDirectives() {
  const data = this.data()
  const flow = Object.fromEntries(Object.entries(directive().flow)
    .map(([code, constructs]) => [code, [].concat(constructs).filter((construct) => construct.concrete)]))
  ;(data.micromarkExtensions ||= []).push({flow})
  ;(data.fromMarkdownExtensions ||= []).push(directiveFromMarkdown())
}

// Stub every capitalised component the document mentions as a <div>.
function componentsFor(src) {
  const comps = {}
  for (const m of src.matchAll(/<([A-Z][A-Za-z0-9_]*)/g)) {
    const name = m[1]
    comps[name] = (props) => React.createElement('div', {'data-component': name}, props.children)
  }
  return comps
}

// What a host's theme gives MDX for the elements Markdown makes (Docusaurus' MDXComponents: `a` is its Link, `img` its
// Img; Nextra's `code` is its Code, whose `nextra-code` class alone carries its inline code style since Nextra 3.0.14);
// JSX written in the page (`<a href>`, `<code>`) is drawn as written, by React, never by these.
const hostComponents = {
  a: (props) => React.createElement('a', {...props, 'data-host': 'a'}),
  img: (props) => React.createElement('img', {...props, 'data-host': 'img'}),
  code: (props) => React.createElement('code', {...props, 'data-host': 'code'}),
}

const options = {...runtime, format: 'mdx', remarkPlugins: [remarkGfm, remarkContainerDirectives], rehypePlugins: [annotateTables]}
const withoutDirectives = {...options, remarkPlugins: [remarkGfm]}

const cjkFriendly = [remarkCjkFriendly, remarkCjkFriendlyGfmStrikethrough]

async function render(id, src, format = 'mdx', directives = true, host = false, cjk = false) {
  let phase = 'compile'
  try {
    const chosen = directives ? options : withoutDirectives
    const remarkPlugins = cjk ? [...chosen.remarkPlugins, ...cjkFriendly] : chosen.remarkPlugins
    const mod = await evaluate(src, {...chosen, remarkPlugins, format})
    phase = 'render'
    const components = {...componentsFor(src), ...(host ? hostComponents : {})}
    const html = renderToStaticMarkup(React.createElement(mod.default, {components}))
    return {id, ok: true, html}
  } catch (e) {
    const msg = e && (e.reason || e.message) ? String(e.reason || e.message) : String(e)
    return {id, ok: false, error: msg.split('\n')[0], phase}
  }
}

async function handle(line) {
  let req
  try {
    req = JSON.parse(line)
  } catch (e) {
    console.error('bad request line:', e.message)
    respond(JSON.stringify({id: null, ok: false, error: `bad request: ${e.message}`, phase: 'request'}) + '\n')
    return
  }
  respond(JSON.stringify(await render(req.id, req.md, req.format === 'md' ? 'md' : 'mdx', req.directives !== false, req.host === true, req.cjk === true)) + '\n')
}

let pending = Promise.resolve()
readline.createInterface({input: process.stdin, crlfDelay: Infinity}).on('line', (line) => {
  if (line.trim()) pending = pending.then(() => handle(line))
})
