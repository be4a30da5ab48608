// The search box: a paragraph by its number, by an English word (the sample
// book) and by a Chinese word (the Chinese site, whose keys are NFKC and
// lowercased by talec), from file:// (the data are <script> files).
import { join } from 'node:path';
import { launch, fileUrl, expect, keepScreenshot } from './browser.mjs';

const sites = process.argv[2];
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

async function search(site, query) {
  await page.goto(fileUrl(join(sites, site, 'index.html')));
  await page.fill('#search', query);
  await page.waitForFunction(() => document.querySelectorAll('#search-results li').length > 0,
                             null, { timeout: 5000 });
  return page.evaluate(() => [...document.querySelectorAll('#search-results a')]
    .map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
}

let found = await search('book', '601');
expect(found[0]?.href === 'paragraphs-6.html#p601', `601: ${JSON.stringify(found[0])}`);
found = await search('book', 'CARAVAN MASTER');
expect(found.some((r) => r.href === 'paragraphs-5.html#p504'),
       `'caravan master' finds ${JSON.stringify(found)}`);
await keepScreenshot(page, 'site-search');
found = await search('zh', '商队');
expect(found.some((r) => r.href === 'paragraphs-5.html#p504'),
       `'商队' finds ${JSON.stringify(found)}`);
// Full-width digits are a number too (NFKC).
found = await search('zh', '６０１');
expect(found[0]?.href === 'paragraphs-6.html#p601', `６０１: ${JSON.stringify(found[0])}`);
// Following a result goes to the paragraph.
await page.click('#search-results a');
await page.waitForURL(/#p601$/);
const visible = await page.evaluate(() => {
  const r = document.getElementById('p601').getBoundingClientRect();
  return r.top >= 0 && r.top < window.innerHeight;
});
expect(visible, 'paragraph 601 is not in view after following the result');
await browser.close();
