// Browser test of kifu's EPUBs: opens every content document of the
// unzipped EPUBs that crates/render/tests/testsuite/epub_browser.rs wrote (each a
// folder NAME-interactive or NAME-static under DIR, holding EPUB/) in
// Debian's headless Chromium through playwright-core, in reading order,
// with no script error allowed; then, in the test book's interactive
// chapters, steps through a figure, answers a problem right and wrong,
// opens a hint and an inline diagram, and measures every diagram's width
// against the width its element asks for. Screenshots go to DIR
// (epub-chapter.png, epub-problem.png). Exits non-zero on the first failure.
//
// Usage: node epub-test.mjs DIR
import { openChromium } from './chromium.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.resolve(process.argv[2] || '../../../../target/browser-epub');

let checks = 0;
function check(ok, what) {
  if (!ok) throw new Error('FAILED: ' + what);
  checks += 1;
  console.log('ok - ' + what);
}

const { context, outside, userDataDir } = await openChromium({
  viewport: { width: 600, height: 900 },
  allow: (u) => u.startsWith('file:'),
});

/* The content documents of an unzipped EPUB, in spine order. */
function spine(root) {
  const opf = fs.readFileSync(path.join(root, 'EPUB/package.opf'), 'utf8');
  const href = {};
  for (const m of opf.matchAll(/<item id="([^"]+)" href="([^"]+)"/g)) href[m[1]] = m[2];
  return [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => path.join(root, 'EPUB', href[m[1]]));
}

async function open(file) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('requestfailed', (r) => errors.push('failed to load ' + r.url()));
  await page.goto(pathToFileURL(file).href);
  await page.waitForLoadState('load');
  return { page, errors };
}

try {
  const books = fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'EPUB/package.opf'))).sort();
  check(books.length >= 4, `EPUBs to open: ${books.join(', ')}`);
  for (const book of books) {
    const interactive = book.endsWith('-interactive');
    let live = 0;
    for (const file of spine(path.join(dir, book))) {
      const { page, errors } = await open(file);
      // XHTML that does not parse shows Chromium's error page instead.
      const parseError = await page.locator('parsererror').count();
      live += await page.locator('figure.dia[data-kifu] .controls').count();
      const broken = await page.evaluate(() => [...document.images].filter((i) => !i.complete || !i.naturalWidth).map((i) => i.src));
      check(parseError === 0 && errors.length === 0 && broken.length === 0,
        `${book}/${path.basename(file)} opens without errors${errors.length ? ': ' + errors.join('; ') : ''}${broken.length ? ' broken images: ' + broken.join(' ') : ''}`);
      await page.close();
    }
    check(interactive ? live > 0 : live === 0, `${book}: ${live} figures with controls`);
  }

  // ---------- stepping through a figure ----------
  const chapter = path.join(dir, 'test-interactive/EPUB/s001.xhtml');
  const { page, errors } = await open(chapter);
  const fig = page.locator('#f1-fig');
  const stones = () => fig.locator('.kifu-live circle.stone').count();
  check(await fig.getAttribute('data-pos') === 'figure' && await fig.locator('img').isVisible(), 'the figure shows its drawing first');
  check(await fig.locator('.status').innerText() === '1–3', 'the figure lists its move range');
  await fig.locator('button.next').click();
  check(await fig.getAttribute('data-pos') === '1' && await stones() === 1, 'next: move 1, one stone');
  check(await fig.locator('.status').innerText() === 'Move 1', 'the status says move 1');
  check(!(await fig.locator('img').isVisible()) && await fig.locator('.kifu-live svg').isVisible(), 'the position replaces the drawing');
  await fig.locator('button.next').click();
  await fig.locator('button.next').click();
  check(await fig.getAttribute('data-move') === '3' && await stones() === 3 && await fig.locator('button.next').isDisabled(), 'move 3: three stones, next disabled');
  const numbers = (await fig.locator('.kifu-live text').allTextContents()).sort().join(' ');
  check(numbers === '1 2 3', `the moves are numbered (${numbers})`);
  await fig.locator('button.prev').click();
  check(await fig.getAttribute('data-move') === '2' && await stones() === 2, 'previous: move 2');
  await fig.locator('button.start').click();
  check(await fig.getAttribute('data-pos') === '0' && await stones() === 0, 'start: the empty board');
  await fig.locator('button.figure').click();
  check(await fig.getAttribute('data-pos') === 'figure' && await fig.locator('img').isVisible(), 'back to the printed figure');

  // A capture: G5 is taken by the last move, and disappears.
  const cap = page.locator('#f2-fig');
  await cap.locator('button.end').click();
  const white = await cap.locator('.kifu-live circle.stone.white').count();
  check(white === 0 && await cap.locator('.kifu-live circle.stone.black').count() === 4, `the captured stone is gone (${white} white)`);

  // ---------- the inline diagram opens from its link ----------
  const inline = page.locator('.dia-el.inline-dia');
  check(await inline.count() === 1 && !(await inline.isVisible()), 'the inline diagram waits for its link');
  await page.locator('a.inline-dia').click();
  check(await inline.isVisible(), 'the link opens the inline diagram');

  // ---------- widths ----------
  // Each diagram as wide as its element asks: full, 85% for `dia`, half
  // and third of the column (less their margins).
  const widths = await page.evaluate(() => {
    const column = document.body.getBoundingClientRect().width;
    return [...document.querySelectorAll('.dia-el')].filter((el) => el.offsetParent).map((el) => {
      const pic = el.querySelector('img:not([hidden])') || el.querySelector('.kifu-live svg');
      return [el.className.match(/w-(\w+)/)[1], pic.getBoundingClientRect().width / column];
    });
  });
  const asked = { full: 1, dia: 0.85, half: 0.48, third: 0.31 };
  for (const [w, ratio] of widths) {
    check(Math.abs(ratio - asked[w]) < 0.02, `a ${w}-width diagram is ${(ratio * 100).toFixed(1)}% of the column`);
  }
  check(widths.some(([w]) => w === 'half') && widths.some(([w]) => w === 'full'), 'full and half widths measured');
  await page.screenshot({ path: path.join(dir, 'epub-chapter.png'), fullPage: true });
  check(errors.length === 0, 'no script errors in the chapter' + (errors.length ? ': ' + errors.join('; ') : ''));

  // ---------- a problem, a hint ----------
  const { page: p2, errors: errors2 } = await open(path.join(dir, 'test-interactive/EPUB/s002.xhtml'));
  const prb = p2.locator('#p1-fig');
  check(await prb.locator('.kifu-live svg').isVisible() && !(await prb.locator('img').isVisible()), 'the problem is on a board to play on');
  const hintText = p2.locator('.para.hint .text');
  check(!(await hintText.isVisible()), 'the hint is hidden');
  await p2.locator('button.hint-button').click();
  check(await hintText.isVisible(), 'the hint button shows it');
  await prb.locator('rect.pt[data-pt="D7"]').click();
  check(await prb.getAttribute('data-result') === 'wrong', 'D7 is wrong');
  check((await prb.locator('.feedback').innerText()).includes('Wrong way.'), 'the wrong answer says why');
  await prb.locator('rect.pt[data-pt="C7"]').click();
  check(await prb.getAttribute('data-result') === 'correct', 'C7 is correct');
  check((await prb.locator('.feedback').innerText()).startsWith('Correct!'), 'the feedback says correct');
  const played = (await prb.locator('.kifu-live text').allTextContents()).sort().join(' ');
  check(played === '1 2', `the answer and its reply are numbered (${played})`);
  await p2.screenshot({ path: path.join(dir, 'epub-problem.png'), fullPage: true });
  await prb.locator('button.reset').click();
  check(await prb.getAttribute('data-result') === null && await prb.locator('.kifu-live circle.stone').count() === 0, 'start again: the problem as printed');
  check(errors2.length === 0, 'no script errors in the problems' + (errors2.length ? ': ' + errors2.join('; ') : ''));

  // ---------- the keyboard alone (issue 38) ----------
  // Tab to the figure's controls, step with the arrow keys and hear each
  // move (the live region's text); answer the problem by typing points.
  const { page: k1, errors: errorsK } = await open(chapter);
  const kfig = k1.locator('#f1-fig');
  const announced = () => kfig.locator('.announce').innerText();
  check(await kfig.locator('.announce').getAttribute('aria-live') === 'polite', 'steps are announced politely');
  let tabs = 0;
  while (!(await k1.evaluate(() => document.activeElement && document.activeElement.closest('#f1-fig') !== null)) && tabs < 20) {
    await k1.keyboard.press('Tab');
    tabs += 1;
  }
  check(tabs < 20, `Tab reaches the figure's controls (${tabs} presses)`);
  await k1.keyboard.press('ArrowRight');
  check(await kfig.getAttribute('data-pos') === '1' && await announced() === 'Black 1 at C3.', `ArrowRight: move 1 announced (${await announced()})`);
  await k1.keyboard.press('End');
  check(await kfig.getAttribute('data-pos') === '3' && await announced() === 'Black 3 at G3.', `End: move 3 announced (${await announced()})`);
  await k1.keyboard.press('ArrowLeft');
  check(await kfig.getAttribute('data-pos') === '2' && await announced() === 'White 2 at G7.', `ArrowLeft: move 2 announced (${await announced()})`);
  await k1.keyboard.press('Home');
  check(await kfig.getAttribute('data-pos') === '0', 'Home: the start');
  const kcap = k1.locator('#f2-fig');
  await kcap.locator('button.end').focus();
  await k1.keyboard.press('Enter');
  const capture = await kcap.locator('.announce').innerText();
  check(capture === 'Black 1 at G6, takes G5.', `a capture is announced (${capture})`);
  const label = await kfig.locator('.kifu-live svg').getAttribute('aria-label');
  check(label && label.startsWith('Black:') && label.includes('White:'), `the drawn board is labelled (${label})`);
  check(errorsK.length === 0, 'no script errors stepping by keyboard' + (errorsK.length ? ': ' + errorsK.join('; ') : ''));
  const { page: k2, errors: errorsK2 } = await open(path.join(dir, 'test-interactive/EPUB/s002.xhtml'));
  const kprb = k2.locator('#p1-fig');
  const input = kprb.locator('input.move-input');
  check(await kprb.locator('.feedback').getAttribute('aria-live') === 'polite', 'answers are announced politely');
  check((await kprb.locator('label.move-label').innerText()).startsWith('Your move'), 'the move field has a label');
  tabs = 0;
  while (!(await k2.evaluate(() => document.activeElement && document.activeElement.matches('#p1-fig input.move-input'))) && tabs < 20) {
    await k2.keyboard.press('Tab');
    tabs += 1;
  }
  check(tabs < 20, `Tab reaches the move field (${tabs} presses)`);
  await k2.keyboard.type('Z9');
  await k2.keyboard.press('Enter');
  check((await kprb.locator('.feedback').innerText()).startsWith('Not a point'), 'a point off the board is refused');
  await input.fill('');
  await k2.keyboard.type('d7');
  await k2.keyboard.press('Enter');
  const wrong = await kprb.locator('.feedback').innerText();
  check(await kprb.getAttribute('data-result') === 'wrong' && wrong.includes('Wrong way.') && wrong.includes('Black at D7') && wrong.includes('White at C7'),
    `typed D7 is wrong, both moves said (${wrong})`);
  await k2.keyboard.type('C7');
  await k2.keyboard.press('Enter');
  const right = await kprb.locator('.feedback').innerText();
  check(await kprb.getAttribute('data-result') === 'correct' && right.startsWith('Correct!') && right.includes('Black at C7'), `typed C7 is correct (${right})`);
  await k2.screenshot({ path: path.join(dir, 'epub-keyboard.png'), fullPage: true });
  check(errorsK2.length === 0, 'no script errors answering by keyboard' + (errorsK2.length ? ': ' + errorsK2.join('; ') : ''));

  check(outside.length === 0, 'nothing fetched from outside: ' + outside.join(' '));
  console.log(`${checks} checks passed`);
} catch (e) {
  console.error(e.message || e);
  process.exitCode = 1;
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
