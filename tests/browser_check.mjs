// Loads a page in Debian's headless Chromium and reports how its first house table renders.
// Usage: node browser_check.mjs <url> <screenshot.png>  -> prints JSON on stdout
import {chromium} from 'playwright-core'

const [url, screenshot] = process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage({viewport: {width: 1200, height: 900}})
  await page.goto(url)
  const report = await page.evaluate(() => {
    const table = [...document.querySelectorAll('table')].find(t => t.style.borderCollapse === 'collapse')
    if (!table) return {found: false}
    const cols = [...table.querySelectorAll('colgroup col')].map(c => c.style.width)
    const headerCells = [...table.querySelectorAll('thead th')]
    const bodyCells = [...table.querySelectorAll('tbody tr:first-child td')]
    const style = el => getComputedStyle(el)
    return {
      found: true,
      tableWidth: table.getBoundingClientRect().width,
      cols,
      headerWidths: headerCells.map(th => th.getBoundingClientRect().width),
      headerBackgrounds: headerCells.map(th => style(th).backgroundColor),
      bodyBackgrounds: bodyCells.map(td => style(td).backgroundColor),
      headerWeights: headerCells.map(th => style(th).fontWeight),
      firstColumnWeight: bodyCells.length ? style(bodyCells[0]).fontWeight : null,
      accent: style(table.querySelector('thead tr')).borderBottomColor,
      accentWidth: style(table.querySelector('thead tr')).borderBottomWidth,
      layout: style(table).tableLayout,
    }
  })
  await page.screenshot({path: screenshot, fullPage: true})
  process.stdout.write(JSON.stringify(report))
} finally {
  await browser.close()
}
