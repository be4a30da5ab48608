// The browser game against `talec play` (docs/web.md, "Play in the browser"),
// in Debian's chromium: the play page of the English sample book, of the
// Chinese one and of the Arabic one (right to left), built --unpacked, played by clicking its buttons and replayed
// from play.html?seed=S&answers=...; each transcript must be the one `talec
// play BOOK.tbook --seed S` prints for the same answers on its input. Then a
// book opened from disk plays, a packed one is refused with the reason, the
// keyboard plays, axe-core finds no serious or critical violation, and a
// screenshot of each page is kept.
//   node play_game.mjs --talec T --player talebook-web.js --source SRC --out DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { axeViolations, expect, fileUrl, keepScreenshot, launch } from './browser.mjs';

const args = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
for (const key of ['talec', 'player', 'source', 'out'])
  if (!args[key]) throw new Error(`play_game.mjs: --${key} is missing`);
if (!existsSync(args.player)) {
  console.error(`web test: the player ${args.player} is missing: the test web_build makes it (bash tools/web/build.sh)`);
  process.exit(1);
}
rmSync(args.out, { recursive: true, force: true });
mkdirSync(args.out, { recursive: true });
const env = { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' };
const run = (file, argv, input) =>
  execFileSync(file, argv, { input: input ?? '', env, maxBuffer: 1 << 28, stdio: 'pipe' }).toString('utf8');

// The sites, as `talec html --player` writes them, with their books (built
// --unpacked: the web reader has no zstd); and a packed book.
const books = {};
for (const [name, folder] of [['en', 'book'], ['zh', 'locales/zh'], ['ar', 'locales/ar']]) {
  const site = join(args.out, `site-${name}`);
  run(args.talec, ['html', join(args.source, folder), '-o', site, '--player', args.player]);
  const tbook = join(site, 'book.tbook');
  books[name] = { tbook, site, url: fileUrl(join(site, 'play.html')) };
}
const bare = join(args.out, 'site-without-player'); // talec html without --player
run(args.talec, ['html', join(args.source, 'book'), '-o', bare]);
const packed = join(args.out, 'packed.tbook');
run(args.talec, ['build', join(args.source, 'book'), '-o', packed]);

// What `talec play` prints for these answers, one a line, on its input.
const talecPlay = (tbook, seed, answers) =>
  run(args.talec, ['play', tbook, '--seed', String(seed)], answers.map((a) => `${a}\n`).join(''));

const transcriptOf = (page) => page.locator('#transcript').evaluate((pre) => pre.textContent);
const answersOf = (page) =>
  page.evaluate(() => new URL(document.querySelector('#share').href).searchParams.get('answers') || '');

// Plays `steps` answers by clicking: the option at a place that changes with
// the step, never Quit; then Quit when `quit`. The typed answers from the
// page's address.
async function clickThrough(page, steps, quit) {
  for (let k = 0; k < steps; ++k) {
    const buttons = page.locator('#choices button');
    const n = await buttons.count();
    if (n <= 1) break; // over: no question (or only Quit)
    await buttons.nth((k * 7 + 3) % (n - 1)).click();
  }
  if (quit && (await page.locator('#choices button').count()) > 0)
    await page.locator('#choices button').last().click();
  return (await answersOf(page)).split(',').filter((a) => a);
}

const browser = await launch();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => expect(false, `page error: ${e.message}`));
  const open = async (url) => {
    await page.goto(url);
    await page.waitForSelector('main[data-ready]', { state: 'attached' });
  };

  // 1. Games clicked through, then replayed from their address, against talec play.
  const games = [
    { book: 'en', seed: '7', steps: 40, quit: true },
    { book: 'zh', seed: '3', steps: 60, quit: true },
    { book: 'en', seed: '18446744073709551615', steps: 25, quit: false },
    { book: 'zh', seed: '11', steps: 30, quit: false },
    { book: 'ar', seed: '3', steps: 20, quit: true },
  ];
  for (const game of games) {
    const { tbook, url } = books[game.book];
    const what = `${game.book} seed ${game.seed}`;
    await open(`${url}?seed=${game.seed}`);
    const answers = await clickThrough(page, game.steps, game.quit);
    const clicked = await transcriptOf(page);
    expect(answers.length >= Math.min(game.steps, 10), `${what}: only ${answers.length} answers were clicked`);
    await open(`${url}?seed=${game.seed}&answers=${answers.join(',')}`);
    const replayed = await transcriptOf(page);
    expect(replayed === clicked, `${what}: the replay's transcript differs from the game clicked`);
    expect(await answersOf(page) === answers.join(','), `${what}: the replay's address lost answers`);
    const talec = talecPlay(tbook, game.seed, answers);
    if (game.quit) {
      // Ended by q: the very same bytes.
      expect(replayed === talec, `${what}: the page's transcript is not talec play's:\n` +
        `--- page (${replayed.length} chars)\n${replayed.slice(-600)}\n--- talec play (${talec.length})\n${talec.slice(-600)}`);
    } else {
      // A game still going: the page shows the question waiting; talec play,
      // its input ended, prints its prompt, then "(end of input)" and the sheet.
      expect(talec.startsWith(replayed) && talec.slice(replayed.length).startsWith('> \n(end of input)'),
        `${what}: the page's transcript is not the start of talec play's:\n--- page\n${replayed.slice(-600)}\n` +
        `--- talec play\n${talec.slice(replayed.length - 200, replayed.length + 200)}`);
    }
    console.log(`${what}: ${answers.length} answers, ${replayed.length} characters, as talec play`);
  }
  await open(`${books.en.url}?seed=7&answers=1,2,3,4`);
  await keepScreenshot(page, 'play-en');

  // 2. The keyboard plays: each answer puts the focus on the next question's first choice.
  await open(`${books.en.url}?seed=5`);
  await page.locator('#choices button').first().focus();
  for (let k = 0; k < 4; ++k) await page.keyboard.press('Enter');
  expect(await answersOf(page) === '1,1,1,1', `the keyboard played '${await answersOf(page)}', not 1,1,1,1`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // the second choice
  expect(await answersOf(page) === '1,1,1,1,2', `Tab and Enter played '${await answersOf(page)}'`);

  // ... and New game begins with a random seed, which the seed field shows.
  await page.click('#new-game');
  const drawn = await page.inputValue('#seed');
  expect(/^\d+$/.test(drawn) && (await transcriptOf(page)).startsWith(`talec play: The Sample Book of Tales (seed ${drawn})\n`) &&
    (await page.evaluate(() => location.search)) === `?seed=${drawn}`, `New game began seed '${drawn}'`);

  // 3. A replay that does not fit stops at the answer that is no option, and says so.
  await open(`${books.en.url}?seed=7&answers=1,99,2`);
  const status = await page.locator('#status').textContent();
  expect(/answer 2 \('99'\) is not an option/.test(status), `a bad replay says '${status}'`);
  expect(await answersOf(page) === '1', 'a bad replay keeps the answers before it');

  // 4. A book opened from disk plays (the Chinese book on the English site), from the seed field.
  await open(books.en.url);
  await page.fill('#seed', '5');
  await page.setInputFiles('#open-book', books.zh.tbook);
  await page.waitForFunction(() => /^talec play: .* \(seed 5\)/.test(document.querySelector('#transcript').textContent));
  const fromDisk = await transcriptOf(page);
  const zhStart = talecPlay(books.zh.tbook, '5', []);
  expect(zhStart.startsWith(fromDisk) && zhStart.slice(fromDisk.length).startsWith('> \n'),
    `the book opened from disk does not start as talec play's:\n${fromDisk.slice(0, 300)}`);
  await clickThrough(page, 5, false);
  expect((await answersOf(page)).split(',').length === 5, 'the book opened from disk does not take answers');
  // ... and a packed one is refused with what to do.
  await page.setInputFiles('#open-book', packed);
  await page.waitForSelector('#status.error');
  const refusal = await page.locator('#status').textContent();
  expect(/talec build --unpacked/.test(refusal), `a packed book is refused with '${refusal}'`);

  // 5. axe-core: no serious or critical violation, on each site's page at play;
  // the Arabic page is right to left.
  for (const name of ['en', 'zh', 'ar']) {
    await open(`${books[name].url}?seed=7&answers=1,2,3,4`);
    const dir = await page.evaluate(() => document.documentElement.dir);
    expect(dir === (name === 'ar' ? 'rtl' : 'ltr'), `the ${name} play page's dir is '${dir}'`);
    const violations = await axeViolations(page);
    expect(violations.length === 0, `axe-core on the ${name} play page: ` +
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`).join('\n'));
    if (name !== 'en') await keepScreenshot(page, `play-${name}`);
  }

  // 6. Without the player, the page says how to build it, and offers no game.
  await page.goto(fileUrl(join(bare, 'play.html')));
  const notice = await page.locator('.play-notice').first().textContent();
  expect(/bash tools\/web\/build\.sh/.test(notice) && /--player/.test(notice),
    `the page without a player says '${notice}'`);
  expect(await page.locator('#new-game').isDisabled(), 'the page without a player offers New game');
  const bareViolations = await axeViolations(page);
  expect(bareViolations.length === 0, `axe-core on the page without a player: ${bareViolations.map((v) => v.id).join(', ')}`);
} finally {
  await browser.close();
}
if (!process.exitCode) console.log('play_game: every check passed');
