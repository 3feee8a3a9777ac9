// Browser test of `kifu serve` (crates/cli/tests/testsuite/serve.rs starts
// the server): opens the preview in Debian's headless Chromium, chooses
// German, scrolls to chapter 5 and steps two diagrams, then edits the book
// on disk as an author would (a paragraph and a diagram added above the
// reader, so every diagram after them is numbered anew; a move added to
// chapter 5's game) and checks that the page follows without a reload,
// keeping the reader's place, language and steps; that a broken
// edit shows its error over the page kept and a fix clears it; that an
// Alt-click asks for the element's source place and an editor's scroll
// request scrolls the page. Screenshots go to DIR. Exits non-zero on the
// first failure.
//
// Usage: node serve-test.mjs URL BOOK VERSIONS_DIR SCROLL_LINE DIR
//   VERSIONS_DIR holds edited.gobook, broken.gobook, fixed.gobook, each
//   copied over BOOK in turn.
import { openChromium } from './chromium.mjs';
import fs from 'node:fs';
import path from 'node:path';

const [url, book, versions, scrollLine, dir] = process.argv.slice(2);

let checks = 0;
function check(ok, what) {
  if (!ok) throw new Error('FAILED: ' + what);
  checks += 1;
  console.log('ok - ' + what);
}

const { context, outside, userDataDir } = await openChromium({
  viewport: { width: 1000, height: 800 },
  allow: (u) => u.startsWith(url) || u.startsWith('data:'),
});

/* The first element under the top of the window: its text and height. */
const topElement = () => {
  for (const el of document.querySelectorAll('#kifu-book .el[id]')) {
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.bottom > 0) return { text: el.textContent, top: r.top };
  }
  return null;
};
const edit = (name) => fs.copyFileSync(path.join(versions, name), book);

try {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector('figure.dia svg');
  // The live stream is open once the first findings came.
  await page.waitForFunction(() => document.getElementById('kifu-live-errors'));
  await page.evaluate(() => { window.sameDocument = true; });

  // The reader: German only, at chapter 5, two diagrams stepped.
  await page.check('#kifu-langs input[data-lang="de"]');
  await page.uncheck('#kifu-langs input[data-lang="en"]');
  check(await page.evaluate(() => window.kifuBook.selected().join()) === 'de', 'German chosen');
  // Twice: chapters far from the window take a guessed height until they
  // are laid out on the way.
  for (let k = 0; k < 2; k++) {
    await page.evaluate(() => { document.getElementById('f5').scrollIntoView(); window.scrollBy(0, -60); });
    await page.waitForTimeout(150);
  }
  const steps = await page.evaluate(() => {
    const fig = (id) => document.querySelector('#' + id + ' figure.dia');
    const five = window.kifuBook.viewer(fig('f5')), six = window.kifuBook.viewer(fig('f6'));
    five.next(); five.next(); six.next();
    return [five.pos, six.pos];
  });
  check(steps.join() === '2,1', 'two diagrams stepped');
  const before = await page.evaluate(topElement);
  const scrollBefore = await page.evaluate(() => window.scrollY);

  // The author adds a paragraph in chapter 2 (above the reader) and a
  // move to the game of chapter 5.
  const start = Date.now();
  edit('edited.gobook');
  await page.waitForFunction(() => window.kifuLive.updates >= 1, null, { timeout: 10_000 });
  console.log('# update shown ' + (Date.now() - start) + ' ms after the save');
  check(await page.evaluate(() => window.sameDocument === true), 'the page was not reloaded');
  check(await page.locator('text=A paragraph added above.').count() === 1, 'the new paragraph is shown');
  const after = await page.evaluate(topElement);
  check(after.text === before.text && Math.abs(after.top - before.top) <= 2,
    'the reader is at the same element, at the same height (' + before.top + ' -> ' + after.top + ')');
  check(await page.evaluate(() => window.scrollY) > scrollBefore, 'the page scrolled by what was added above');
  const now = await page.evaluate(() => {
    const fig = (id) => document.querySelector('#' + id + ' figure.dia');
    const five = window.kifuBook.viewer(fig('f5')), six = window.kifuBook.viewer(fig('f6'));
    return { moves: five.d.moves.length, five: five.pos, six: six.pos, drawn: !!fig('f5').querySelector('svg') };
  });
  check(now.moves === 5 && now.drawn, 'chapter 5\'s diagram has the new move and is drawn');
  check(now.five === 2 && now.six === 1, 'both diagrams are still at the step the reader was at');
  check(await page.evaluate(() => window.kifuBook.selected().join()) === 'de', 'German is still the language');
  check(await page.locator('#c5 [data-langs="en"]').first().isHidden(), 'English is still hidden');
  await page.screenshot({ path: path.join(dir, 'serve-updated.png') });

  // A broken edit: the error over the page as it was.
  edit('broken.gobook');
  const panel = page.locator('#kifu-live-errors');
  await panel.waitFor({ state: 'visible', timeout: 10_000 });
  const said = await panel.innerText();
  check(said.includes('book/unknown-base') && /book\.gobook:\d+:\d+/.test(said), 'the error is shown with its code and place: ' + said.replace(/\n/g, ' | '));
  check(await page.locator('text=Half typed words.').count() === 0, 'the page shown is the last one without the error');
  const kept = await page.locator('text=A paragraph added above.').count();
  check(kept === 1, 'the last good page is still shown (' + kept + ' times the paragraph added before)');
  await page.screenshot({ path: path.join(dir, 'serve-error.png') });

  // The fix clears it.
  edit('fixed.gobook');
  await panel.waitFor({ state: 'hidden', timeout: 10_000 });
  await page.waitForSelector('text=Fixed words.', { timeout: 10_000 });
  check(await page.evaluate(() => window.sameDocument === true), 'still the same page after the fix');

  // From the page to the source: Alt-click on a paragraph.
  await page.locator('text=Jump from here.').click({ modifiers: ['Alt'] });
  // From the editor to the page: a scroll request for a line of chapter 8.
  const answer = await fetch(url + '_kifu/scroll', { method: 'POST', body: JSON.stringify({ line: +scrollLine }) });
  check(answer.status === 204, 'the scroll request is taken');
  await page.waitForFunction(() => {
    const el = [...document.querySelectorAll('#c8 .el')].find((e) => e.textContent.includes('Scroll to here.'));
    const r = el && el.getBoundingClientRect();
    return r && r.top >= 0 && r.bottom <= window.innerHeight;
  }, null, { timeout: 10_000 });
  check(true, 'the page scrolled to the line the editor asked for');

  check(await page.evaluate(() => window.pwned === undefined), 'no script of the book ran');
  check(errors.length === 0, 'no script errors or refused scripts: ' + errors.join(' | '));
  check(outside.length === 0, 'nothing fetched from elsewhere: ' + outside.join(' '));
  console.log('# ' + checks + ' checks');
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
