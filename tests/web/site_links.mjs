// Every link on every page of the three sites (the sample book, its Chinese
// and its Arabic translations) resolves to an element, opened in chromium
// from file://: the page it names exists and holds the id after its '#'.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, fileUrl, expect } from './browser.mjs';

const sites = process.argv[2];
const browser = await launch();
const page = await browser.newPage();
let links = 0;
for (const site of ['book', 'zh', 'ar']) {
  const dir = join(sites, site);
  const files = readdirSync(dir).filter((f) => f.endsWith('.html'));
  const ids = new Map();
  const hrefs = [];
  for (const file of files) {
    await page.goto(fileUrl(join(dir, file)));
    const found = await page.evaluate(() => ({
      ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
      hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.href),
    }));
    ids.set(fileUrl(join(dir, file)), new Set(found.ids));
    for (const href of found.hrefs) hrefs.push([file, href]);
  }
  expect(ids.has(fileUrl(join(dir, 'index.html'))), `${site}: no index.html`);
  for (const [file, href] of hrefs) {
    const [target, fragment] = href.split('#');
    const known = ids.get(decodeURI(target)) || ids.get(target);
    if (!expect(known, `${site}/${file}: ${href} names no page of the site`)) continue;
    if (fragment !== undefined && fragment !== '')
      expect(known.has(decodeURIComponent(fragment)), `${site}/${file}: ${href} names no element`);
    ++links;
  }
}
expect(links > 1000, `only ${links} links checked`);
console.log(`web test: ${links} links resolve`);
await browser.close();
