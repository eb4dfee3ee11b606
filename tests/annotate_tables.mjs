// rehype plugin shared by the test MDX server and the engine matrix's MDX engine: mark tables that came from
// markdown (hast 'element' nodes, not JSX) with data-md and their source lines.
export function annotateTables() {
  return (tree) => {
    const walk = (node) => {
      if (node.type === 'element' && node.tagName === 'table') {
        node.properties = node.properties || {}
        node.properties.dataMd = '1'
        if (node.position) node.properties.dataLines = `${node.position.start.line}-${node.position.end.line}`
      }
      if (node.children) for (const c of node.children) walk(c)
    }
    walk(tree)
  }
}
