// axe-core finds no serious or critical accessibility violation on each kind
// of page of the sites (contents, paragraphs, matrices, cards, map,
// findings, side by side in Chinese and Arabic; print.html is the paragraph
// pages' markup in one page, and slow to audit); a screenshot of each is kept
// for a human to look at.
import { join } from 'node:path';
import { launch, fileUrl, expect, axeViolations, keepScreenshot } from './browser.mjs';

const sites = process.argv[2];
const pages = [
  ['book', 'index.html'], ['book', 'paragraphs-1.html'], ['book', 'matrices.html'],
  ['book', 'cards.html'], ['book', 'map.html'], ['book', 'findings.html'],
  ['zh', 'paragraphs-1.html'], ['ar', 'paragraphs-1.html'],
];
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
for (const [site, file] of pages) {
  await page.goto(fileUrl(join(sites, site, file)));
  await keepScreenshot(page, `site-${site}-${file.replace('.html', '')}`);
  const violations = await axeViolations(page);
  for (const v of violations)
    expect(false, `${site}/${file}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements, ` +
                  `first ${v.nodes[0]?.target})`);
}
await browser.close();
