// @ts-check
/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Fixture site',
  url: 'https://example.com',
  baseUrl: '/',
  markdown: {
    // format: 'md' would make .md CommonMark; this site keeps Docusaurus 3's default (MDX)
    mermaid: true,
  },
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: {showReadingTime: true}}]],
};

export default config;
