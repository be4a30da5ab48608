// A translation beside its source: on the side-by-side pages of the Chinese
// and Arabic sites each row's source and translation cells start at the same
// height; the Arabic page is right to left, its text column right-aligned and
// its source column left to right. Screenshots of both are kept.
import { join } from 'node:path';
import { launch, fileUrl, expect, keepScreenshot } from './browser.mjs';

const sites = process.argv[2];
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
for (const site of ['zh', 'ar']) {
  await page.goto(fileUrl(join(sites, site, 'paragraphs-5.html')) + '#p500');
  const rows = await page.evaluate(() => {
    const out = [];
    for (const pair of document.querySelectorAll('section.pair')) {
      const cells = [...pair.children].filter((c) => c.classList.contains('cell'));
      for (let i = 0; i + 1 < cells.length; i += 2)
        out.push({ id: pair.id, source: cells[i].getBoundingClientRect().top,
                   translation: cells[i + 1].getBoundingClientRect().top,
                   sourceLeft: cells[i].getBoundingClientRect().left,
                   translationLeft: cells[i + 1].getBoundingClientRect().left });
    }
    return out;
  });
  expect(rows.length > 20, `${site}: only ${rows.length} rows side by side`);
  for (const r of rows)
    expect(Math.abs(r.source - r.translation) < 1,
           `${site} ${r.id}: the source starts at ${r.source}, the translation at ${r.translation}`);
  const sideBySide = rows.every((r) => Math.abs(r.sourceLeft - r.translationLeft) > 100);
  expect(sideBySide, `${site}: the columns are not side by side`);
  await keepScreenshot(page, `site-side-by-side-${site}`);
}
// Arabic: the page right to left, the translation right-aligned, the source left to right.
await page.goto(fileUrl(join(sites, 'ar', 'paragraphs-5.html')));
const ar = await page.evaluate(() => {
  const translation = document.querySelector('section.pair:not(.fallback) .cell.translation');
  const source = document.querySelector('section.pair .cell.source');
  return {
    dir: document.documentElement.dir, lang: document.documentElement.lang,
    direction: getComputedStyle(translation).direction, align: getComputedStyle(translation).textAlign,
    sourceDirection: getComputedStyle(source).direction, sourceLang: source.lang,
    sourceRight: source.getBoundingClientRect().left > translation.getBoundingClientRect().left,
  };
});
expect(ar.dir === 'rtl' && ar.lang === 'ar', `the Arabic page is ${ar.lang}, ${ar.dir}`);
expect(ar.direction === 'rtl', `the Arabic column's direction is ${ar.direction}`);
expect(ar.align === 'right', `the Arabic column is aligned ${ar.align}`);
expect(ar.sourceDirection === 'ltr' && ar.sourceLang === 'en',
       `the source column is ${ar.sourceLang}, ${ar.sourceDirection}`);
expect(ar.sourceRight, 'the source column is not the first (right) column of a right-to-left page');
await browser.close();
