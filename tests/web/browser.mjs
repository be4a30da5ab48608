// What the web tests share: Debian's chromium driven by playwright-core, and
// axe-core, both from the npm folder tools/setup.sh fills (TALEBOOK_NPM_DIR,
// build/npm by default). A missing tool fails the test, naming the set-up.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const npmDir = resolve(process.env.TALEBOOK_NPM_DIR || 'build/npm');
const chromiumPath = process.env.TALEBOOK_CHROMIUM || '/usr/bin/chromium';

function need(path, what) {
  if (!existsSync(path)) {
    console.error(`web test: ${what} is missing (${path}): run 'bash tools/setup.sh'`);
    process.exit(1);
  }
}

// A headless chromium; the caller closes it.
export async function launch() {
  need(chromiumPath, 'chromium (Debian package chromium)');
  const entry = join(npmDir, 'node_modules/playwright-core/index.mjs');
  need(entry, 'playwright-core (npm, pinned in tools/setup.sh)');
  const { chromium } = await import(pathToFileURL(entry).href);
  // --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
  // --allow-file-access-from-files: none; the sites must work from file:// as they are.
  return chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
}

// The file:// address of a file.
export function fileUrl(path) {
  return pathToFileURL(resolve(path)).href;
}

// axe-core's violations of the page's current state at the levels given
// (by default serious and critical).
export async function axeViolations(page, impacts = ['serious', 'critical']) {
  const source = join(npmDir, 'node_modules/axe-core/axe.min.js');
  need(source, 'axe-core (npm, pinned in tools/setup.sh)');
  await page.addScriptTag({ content: readFileSync(source, 'utf8') });
  const result = await page.evaluate(() => window.axe.run(document));
  return result.violations.filter((v) => impacts.includes(v.impact));
}

// Keeps a screenshot for a human to look at: DIR/NAME.png, where DIR is
// TALEBOOK_WEB_ARTIFACTS (tests/web/screenshots in the build folder).
export async function keepScreenshot(page, name) {
  const dir = process.env.TALEBOOK_WEB_ARTIFACTS || 'web-screenshots';
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

// A failed expectation ends the test with the message (exit code 1).
export function expect(condition, message) {
  if (!condition) {
    console.error(`web test: ${message}`);
    process.exitCode = 1;
  }
  return condition;
}
