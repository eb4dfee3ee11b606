// Loads pages in Debian's headless Chromium and reports, for each, the inline style of every element inside a
// table cell as the browser parsed it (CSSOM's cssText: declarations in the engine's canonical form).
// Usage: node browser_styles.mjs <url>...  -> prints JSON on stdout: one list of [tag, text, cssText] per page
import {chromium} from 'playwright-core'

const urls = process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage()
  const reports = []
  for (const url of urls) {
    await page.goto(url)
    reports.push(await page.evaluate(() => [...document.querySelectorAll('td [style], th [style]')]
      .map(el => [el.tagName.toLowerCase(), el.textContent, el.style.cssText])))
  }
  process.stdout.write(JSON.stringify(reports))
} finally {
  await browser.close()
}
