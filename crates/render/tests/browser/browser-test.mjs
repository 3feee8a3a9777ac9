// Browser test of kifu's book page: opens the pages that
// crates/render/tests/testsuite/browser.rs wrote (example.html, problem.html, and the
// hostile pages hostile.html, hostile-game.html) in
// Debian's headless Chromium through playwright-core, clicks through them,
// and writes screenshots beside them. Exits non-zero on the first failure.
//
// Usage: node browser-test.mjs DIR   (DIR holds the pages; screenshots go there)
import { openChromium } from './chromium.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = path.resolve(process.argv[2] || '../../../../target/browser');

let checks = 0;
function check(ok, what) {
  if (!ok) throw new Error('FAILED: ' + what);
  checks += 1;
  console.log('ok - ' + what);
}

const { context, outside, userDataDir } = await openChromium({
  viewport: { width: 1000, height: 900 },
  allow: (u) => u.startsWith('file:') || u.startsWith('data:'),
});

async function open(name) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(pathToFileURL(path.join(dir, name)).href);
  await page.waitForSelector('figure.dia svg');
  return { page, errors };
}

try {
  // ---------- the example book ----------
  const { page, errors } = await open('example.html');
  // The book's first chapter is its title page: the page makes none.
  check(await page.locator('#kifu-title .book-title').count() === 0, 'no second title page before the book\'s own');
  const own = page.locator('section.chapter').first();
  check(await own.locator('h1').innerText() === 'Example Title', 'the book\'s own title page shows the title');
  await own.screenshot({ path: path.join(dir, 'title.png') });

  const shown = await page.locator('figure.dia:not(.inline-figure) .board svg').count();
  check(shown === 6, `every diagram is drawn (${shown})`);

  // Replay of the first figure (moves 1-3).
  const fig = page.locator('#kifu-dia-0');
  const stones = () => fig.locator('circle.stone').count();
  const move = () => fig.getAttribute('data-move');
  check(await stones() === 3, 'the figure shows its three moves');
  check((await fig.locator('.status').innerText()) === '1–3', 'the figure lists its move range');
  await fig.locator('button.next').click();
  check(await move() === '1' && (await fig.locator('.status').innerText()) === 'Move 1', 'next: move 1');
  check(await stones() === 1, 'next: one stone on the board');
  await fig.locator('button.next').click();
  check(await move() === '2', 'next: move 2');
  await fig.locator('button.prev').click();
  check(await move() === '1', 'previous: move 1');
  await fig.locator('button.end').click();
  check(await move() === '3' && await fig.locator('button.next').isDisabled(), 'end: move 3, next disabled');
  await fig.locator('button.start').click();
  check(await move() === '0' && await stones() === 0, 'start: empty board');
  await fig.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  check(await move() === '2', 'arrow keys step through the moves');
  await page.keyboard.press('ArrowLeft');
  check(await move() === '1', 'arrow left steps back');
  // Each step is announced in words (a polite live region), the figure
  // named by its short text and pointing to its description.
  const announce = fig.locator('.announce');
  check(await announce.getAttribute('aria-live') === 'polite' && await announce.innerText() === 'Black 1 at D4.', `step announced (${await announce.innerText()})`);
  const details = await fig.getAttribute('aria-details');
  check(await fig.getAttribute('aria-label') === 'Figure, moves 1 to 3 played on an empty board.' && await page.locator('#' + details + ' summary').count() === 1, 'the figure names its description');
  await page.locator('#' + details + ' summary').click();
  const described = await page.locator('#' + details).innerText();
  check(described.includes('Black 1 at D4') && described.includes('letter A at D6'), `the description opens (${described.slice(0, 80)})`);
  await fig.focus();
  await page.keyboard.press('End');
  await fig.scrollIntoViewIfNeeded();
  await fig.screenshot({ path: path.join(dir, 'figure.png') });

  // A partial view expands to the whole board.
  const dia2 = page.locator('#kifu-dia-3');
  const box = async () => (await dia2.locator('svg').getAttribute('viewBox')).split(' ').map(Number);
  const small = await box();
  await dia2.locator('button.expand').click();
  const big = await box();
  check(big[3] > small[3] * 1.5, `expand shows the whole board (${small[3]} -> ${big[3]})`);
  await dia2.locator('button.expand').click();
  check((await box())[3] === small[3], 'and back to the partial view');

  // The inline diagram opens on tap.
  const inline = page.locator('#kifu-dia-4');
  check(!(await inline.isVisible()), 'inline diagram hidden at first');
  await page.locator('a.inline-dia').click();
  check(await inline.isVisible(), 'inline diagram opens on tap');
  check(await inline.locator('circle.stone').count() > 0, 'inline diagram drawn');
  await page.locator('a.inline-dia').click();
  check(!(await inline.isVisible()), 'inline diagram closes on a second tap');

  // Languages.
  const german = page.getByText('Dieser Paragraph wird nur auf Deutsch angezeigt.');
  const english = page.getByText('This paragraph is only shown when English is selected.');
  check(await english.isVisible() && !(await german.isVisible()), 'English shown, German hidden at first');
  await page.getByText('Tap here to switch to German.').click();
  check(await german.isVisible() && !(await english.isVisible()), 'language link: German visible, English hidden');
  check(await page.locator('#kifu-langs input[data-lang="de"]').isChecked(), 'German checked in the toolbar');
  check((await fig.locator('figcaption').innerText()) === 'Züge 1–3', 'captions follow the language');
  await page.reload();
  await page.waitForSelector('figure.dia svg');
  check(await german.isVisible() && !(await english.isVisible()), 'the language is remembered after a reload');
  await page.locator('#kifu-langs input[data-lang="en"]').check();
  check(await german.isVisible() && await english.isVisible(), 'two languages at once');
  await page.getByText('Tap here to switch back to English.').click();
  check(await english.isVisible() && !(await german.isVisible()), 'back to English');

  // Table of contents.
  await page.locator('#kifu-toc a[href="#ch1"]').click();
  await page.waitForFunction(() => location.hash === '#ch1');
  const top = await page.locator('#ch1').evaluate((e) => e.getBoundingClientRect().top);
  check(top >= 0 && top < 120, `the contents link scrolls to the chapter (top ${top})`);
  await page.locator('#kifu-toc').scrollIntoViewIfNeeded();
  await page.locator('a[href="#dia2"]').first().click();
  await page.waitForFunction(() => location.hash === '#dia2');
  check(await page.locator('#dia2').isVisible(), 'a link to a diagram ID leads to it');

  // The reading position is remembered.
  const url = pathToFileURL(path.join(dir, 'example.html')).href;
  await page.goto(url);
  await page.waitForSelector('figure.dia svg');
  await page.locator('#dia2').evaluate((e) => e.scrollIntoView());
  const before = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(600);
  await page.goto(url);
  await page.waitForSelector('figure.dia svg');
  await page.waitForTimeout(200);
  const after = await page.evaluate(() => window.scrollY);
  check(before > 500 && Math.abs(after - before) < 400, `the reading position is restored (${before} -> ${after})`);

  // Coordinates around the boards, on request.
  const labels = () => page.locator('#kifu-dia-0 svg text').count();
  const without = await labels();
  await page.locator('#kifu-coords').check();
  check(await labels() === without + 4 * 19, 'coordinates shown around the board');
  await page.locator('#kifu-coords').uncheck();

  check(errors.length === 0, 'no script errors: ' + errors.join('; '));
  await page.close();

  // ---------- problems and side-by-side diagrams ----------
  const p = await open('problem.html');
  const cover = await p.page.locator('#kifu-title img.cover').evaluate((img) => img.naturalWidth);
  check(cover === 1, 'the embedded cover image loads');
  const prb = p.page.locator('figure.kind-prb').first();
  const feedback = prb.locator('.feedback');
  await prb.locator('[data-pt="D7"]').click();
  check(await feedback.getAttribute('data-result') === 'wrong', 'a wrong move is answered as wrong');
  check((await feedback.innerText()).includes('Wrong way.'), 'with the text of the wrong sequence');
  check(await prb.locator('circle.stone').count() === 7, 'the refutation is played');
  check(!(await prb.locator('.prb-text').isVisible()), 'the answer text replaces the problem text');
  await prb.locator('[data-pt="A1"]').click();
  check(await feedback.getAttribute('data-result') === 'wrong' && (await feedback.innerText()).includes('Not in the book'), 'a move in no sequence is wrong');
  await prb.locator('[data-pt="C7"]').click();
  check(await feedback.getAttribute('data-result') === 'correct', 'the right move is answered as correct');
  check((await feedback.innerText()).includes('Right.'), 'with the text of the correct sequence');
  check(await prb.locator('circle.stone').count() === 7, 'the reply is played');
  await prb.scrollIntoViewIfNeeded();
  await prb.screenshot({ path: path.join(dir, 'problem.png') });
  await prb.locator('button.reset').click();
  check(await prb.locator('circle.stone').count() === 5 && (await feedback.innerText()) === '', 'start again resets the problem');
  check(await prb.locator('.prb-text').isVisible(), 'and shows the problem text again');

  // The keyboard alone (issue 38): Tab to the move field, type points,
  // hear the answer (the feedback is a polite live region).
  check(await feedback.getAttribute('aria-live') === 'polite', 'answers are announced politely');
  let tabs = 0;
  while (!(await p.page.evaluate(() => document.activeElement && document.activeElement.matches('figure.kind-prb input.move-input'))) && tabs < 30) {
    await p.page.keyboard.press('Tab');
    tabs += 1;
  }
  check(tabs < 30, `Tab reaches the problem's move field (${tabs} presses)`);
  await p.page.keyboard.type('D7');
  await p.page.keyboard.press('Enter');
  const typedWrong = await feedback.innerText();
  check(await feedback.getAttribute('data-result') === 'wrong' && typedWrong.includes('Black at D7') && typedWrong.includes('White at C7'), `typed D7: wrong, both moves said (${typedWrong})`);
  await p.page.keyboard.type('c7');
  await p.page.keyboard.press('Enter');
  const typedRight = await feedback.innerText();
  check(await feedback.getAttribute('data-result') === 'correct' && typedRight.includes('Black at C7'), `typed C7: correct (${typedRight})`);
  const boardLabel = await prb.locator('.board svg').getAttribute('aria-label');
  check(boardLabel.includes('C7') && boardLabel.startsWith('Black:'), `the board's text alternative lists its stones (${boardLabel})`);
  await prb.locator('button.reset').click();

  // A corner problem: points big enough to tap (the drawing was as wide as
  // its share of the whole board, 18 px a point on a phone).
  const corner = p.page.locator('figure.kind-prb').nth(1);
  const point = await corner.locator('[data-pt="T3"]').boundingBox();
  check(point.width >= 39, `a corner problem's points are big enough to tap (${point.width.toFixed(1)} px)`);
  await corner.locator('[data-pt="T3"]').click();
  check(await corner.getAttribute('data-result') === 'correct', 'the corner problem answers');

  const row = p.page.locator('.group.row').first();
  const halves = row.locator('.dia-el.w-half');
  check(await halves.count() === 2, 'two half-width diagrams in a row');
  const a = await halves.nth(0).boundingBox();
  const b = await halves.nth(1).boundingBox();
  check(Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1, 'half-width diagrams side by side');
  await row.scrollIntoViewIfNeeded();
  await row.screenshot({ path: path.join(dir, 'half.png') });
  const whole = p.page.locator('.group.row').nth(1).locator('.dia-el.w-half');
  const wa = await whole.nth(0).boundingBox();
  const wb = await whole.nth(1).boundingBox();
  check(Math.abs(wa.y - wb.y) < 2, 'at 1000 px two half-width whole boards fit side by side');
  check(p.errors.length === 0, 'no script errors on the problem page: ' + p.errors.join('; '));

  // ---------- a book of 20,000 diagrams ----------
  {
    const big = await context.newPage();
    const errs = [];
    big.on('pageerror', (e) => errs.push(String(e)));
    big.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); });
    // No time asserted: the page opens (a generous limit only stops a
    // hang; the benchmark, scripts/page-bench, gives the times).
    await big.goto(pathToFileURL(path.join(dir, 'big.html')).href, { timeout: 300_000 });
    const figures = await big.locator('figure.dia').count();
    check(figures > 20000, `the big book's page opened with its ${figures} diagrams`);
    // Every diagram in the window is drawn, and few others: the page draws
    // what is near the reader.
    const inView = () => big.evaluate(() => {
      const out = { shown: 0, drawn: 0, all: document.querySelectorAll('figure.dia svg').length };
      for (const f of document.querySelectorAll('figure.dia:not([hidden])')) {
        const r = f.getBoundingClientRect();
        if (r.bottom > 0 && r.top < innerHeight && r.height > 0) {
          out.shown += 1;
          if (f.querySelector('.board svg')) out.drawn += 1;
        }
      }
      return out;
    });
    const settle = () => big.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
    await settle();
    // At the top: the contents, no diagram near.
    check((await inView()).all === 0, 'no diagram drawn while none is near');
    await big.locator('#kifu-toc a[href="#c1"]').first().click();
    await big.waitForFunction(() => document.querySelector('#c1 figure.dia .board svg'), null, { timeout: 60_000 });
    await settle();
    let v = await inView();
    check(v.shown > 0 && v.drawn === v.shown, `the diagrams in view are drawn (${v.drawn} of ${v.shown})`);
    check(v.all < 100, `diagrams far away are not drawn yet (${v.all} drawn)`);
    // Through the contents to the last chapter: its diagrams are drawn,
    // those of the first chapters are let go.
    const last = await big.evaluate(() => { const c = document.querySelectorAll('section.chapter[id]'); return c[c.length - 1].id; });
    await big.locator(`#kifu-toc a[href="#${last}"]`).first().click();
    await big.waitForFunction(() => location.hash.length > 1);
    await settle();
    await big.waitForFunction((id) => document.querySelector(`#${id} figure.dia .board svg`), last, { timeout: 60_000 });
    await settle();
    v = await inView();
    check(v.shown > 0 && v.drawn === v.shown, `after a jump to the last chapter, the diagrams in view are drawn (${v.drawn} of ${v.shown})`);
    check(v.all < 100, `and those left behind are let go (${v.all} drawn)`);
    // The bullets there are measured when they come near.
    const bw = await big.evaluate((id) => parseFloat(document.querySelector(`#${id} .group.bullets`).style.getPropertyValue('--bw')), last);
    check(bw > 8, `big book: the bullets of the last chapter are measured (${bw} px)`);
    // A language switch.
    const chapter = big.locator(`#${last}`);
    const english = chapter.locator('.para', { hasText: 'in English.' }).first();
    const german = chapter.locator('.para', { hasText: 'auf Deutsch.' }).first();
    check(await english.isVisible() && !(await german.isVisible()), 'big book: English shown first');
    await big.locator('#kifu-langs input[data-lang="de"]').check();
    await big.locator('#kifu-langs input[data-lang="en"]').uncheck();
    check(await german.isVisible() && !(await english.isVisible()), 'big book: the language switch shows German, hides English');
    check((await chapter.locator('h2:visible').first().innerText()).startsWith('Kapitel'), 'big book: the German heading shows');
    const answer = chapter.locator('.para', { hasText: 'Antwort' }).first();
    check(await answer.isVisible(), 'big book: standard texts in German');
    await big.locator('#kifu-langs input[data-lang="en"]').check();
    await big.locator('#kifu-langs input[data-lang="de"]').uncheck();
    check(await english.isVisible() && !(await german.isVisible()), 'big book: back to English');
    // The diagrams there work: a figure replays, a problem answers.
    const fig = chapter.locator('figure.kind-fig').first();
    await fig.scrollIntoViewIfNeeded();
    await fig.locator('button.next').click();
    check(await fig.getAttribute('data-move') === '1', 'big book: a figure of the last chapter replays');
    const prb = chapter.locator('figure.kind-prb').first();
    await prb.scrollIntoViewIfNeeded();
    await prb.locator('[data-pt="E4"]').click();
    check(await prb.getAttribute('data-result') === 'continue', 'big book: a problem of the last chapter answers');
    await big.screenshot({ path: path.join(dir, 'big.png') });
    // The figure the reader moved keeps its place when it is far away.
    await big.locator('#kifu-toc').scrollIntoViewIfNeeded();
    await settle();
    await fig.scrollIntoViewIfNeeded();
    await settle();
    check(await fig.getAttribute('data-move') === '1' && await fig.locator('circle.stone').count() === 1, 'big book: a replayed figure is kept as the reader left it');
    // The big page's packed data and shared texts mean what a small page
    // says: the first chapter's diagrams as the book script reads them
    // (after `complete`), and its paragraphs' text, are those of the page
    // of that chapter alone (written in full, 110 diagrams).
    const chapterData = (pg) => pg.evaluate(() => {
      const norm = (d) => {
        const o = {};
        for (const k of Object.keys(d).sort()) {
          if (k === 'kind') continue;
          let v = d[k];
          if (k === 'start' || k === 'figure') v = v.map((s) => JSON.stringify(s.slice(0, k === 'start' ? 3 : 4))).sort();
          o[k] = v;
        }
        return JSON.stringify(o);
      };
      const figs = [...document.querySelectorAll('#c1 figure.dia')];
      return {
        diagrams: figs.map((f) => norm(window.kifuBook.viewer(f).d)),
        // The text shown: variants of other languages are not.
        text: [...document.querySelectorAll('#c1 .para, #c1 figcaption, #c1 .prb-text')].map((p) => {
          const shown = (n) => n.nodeType === 3 ? n.data
            : (getComputedStyle(n).display === 'none' ? '' : [...n.childNodes].map(shown).join(''));
          return shown(p);
        }).join('\n'),
      };
    });
    await big.locator('#kifu-langs input[data-lang="de"]').check();
    const packed = await chapterData(big);
    const part = await context.newPage();
    await part.goto(pathToFileURL(path.join(dir, 'big-part.html')).href);
    await part.locator('#kifu-langs input[data-lang="de"]').check();
    const full = await chapterData(part);
    const differ = packed.diagrams.map((d, i) => (d === full.diagrams[i] ? null : `${i}: ${d} != ${full.diagrams[i]}`)).filter(Boolean);
    check(packed.diagrams.length > 100 && packed.diagrams.length === full.diagrams.length && differ.length === 0,
      `big book: the packed data of the first chapter's ${packed.diagrams.length} diagrams reads as the full data ${differ.slice(0, 2).join('; ')}`);
    check(packed.text.length > 1000 && packed.text === full.text, `big book: its paragraphs, captions and problem texts read as on the small page, in German (${packed.text.length} characters)`);
    await part.close();
    // On a phone: the last chapter's diagrams drawn, nothing wider than
    // the page.
    await big.setViewportSize({ width: 400, height: 900 });
    await fig.scrollIntoViewIfNeeded();
    await settle();
    const sideways = await big.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    v = await inView();
    check(!sideways && v.shown > 0 && v.drawn === v.shown, `big book at 400 px: no sideways scrolling, the diagrams in view drawn (${v.drawn} of ${v.shown})`);
    await big.screenshot({ path: path.join(dir, 'phone-big.png') });
    check(errs.length === 0, 'big book: no script errors: ' + errs.join('; '));
    await big.close();
  }

  // ---------- on a phone: 400 px wide ----------
  for (const name of ['example.html', 'problem.html']) {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 400, height: 900 });
    await phone.goto(pathToFileURL(path.join(dir, name)).href);
    await phone.waitForSelector('figure.dia svg');
    const found = await phone.evaluate(() => {
      const bad = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width) bad.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
      const figs = [...document.querySelectorAll('figure.dia:not(.inline-figure)')];
      for (const f of figs) {
        const svg = f.querySelector('.board svg');
        if (!svg) { bad.push(`${f.id} not drawn`); continue; }
        const vb = svg.viewBox.baseVal;
        const px = svg.getBoundingClientRect().width;
        // The spacing of lines on the screen (24 units in the drawing).
        const line = px / vb.width * 24;
        const prb = f.classList.contains('kind-prb');
        const main = document.querySelector('main');
        const inner = main.clientWidth - parseFloat(getComputedStyle(main).paddingLeft) - parseFloat(getComputedStyle(main).paddingRight);
        if (prb && line < 40 && px < inner - 2) bad.push(`${f.id}: problem points ${line.toFixed(1)} px and the board not the page's width`);
        if (!prb && line < 16 && px < inner - 2) bad.push(`${f.id}: lines ${line.toFixed(1)} px apart`);
        const box = (f.closest('.dia-el') || f).getBoundingClientRect();
        const c = f.querySelector('.controls');
        if (c) {
          for (const b of c.children) {
            const r = b.getBoundingClientRect();
            if (r.left < box.left - 1 || r.right > box.right + 1) bad.push(`${f.id}: ${b.className} out of its box`);
          }
        }
        if (box.right > width + 1 || box.left < -1) bad.push(`${f.id} wider than the page`);
      }
      return { bad, figures: figs.length };
    });
    check(found.figures > 0 && found.bad.length === 0, `${name} at 400 px: diagrams readable, problems big enough to tap, controls in their boxes: ` + found.bad.join('; '));
    if (name === 'problem.html') {
      // Two 19x19 boards do not fit side by side at a readable size.
      const halves = phone.locator('.group.row').nth(1).locator('.dia-el.w-half');
      const a = await halves.nth(0).boundingBox();
      const b = await halves.nth(1).boundingBox();
      check(b.y >= a.y + a.height - 1, 'at 400 px the half-width pair of whole boards stacks');
    }
    await phone.screenshot({ path: path.join(dir, 'phone-' + name.replace('.html', '.png')), fullPage: true });
    await phone.close();
  }

  // ---------- hostile pages: no script of theirs runs ----------
  for (const name of ['hostile.html', 'hostile-game.html', 'hostile-big.html']) {
    const h = await open(name);
    await h.page.waitForTimeout(300); // an injected <img onerror> fires on load
    const pwned = () => h.page.evaluate(() => window.__pwned);
    check(await pwned() === undefined, `${name}: no injected script ran on load`);
    // The game page has one more script of its own: the one that writes
    // its shared positions back in full.
    const ownScripts = name === 'hostile-game.html' ? 3 : 2;
    const found = await h.page.evaluate((ownScripts) => {
      const bad = [];
      for (const el of document.querySelectorAll('*')) {
        for (const a of el.attributes) {
          if (a.name.startsWith('on')) bad.push(`<${el.localName} ${a.name}>`);
          if (a.name === 'href' && !/^(#|https?:|mailto:)/i.test(a.value)) bad.push(`<${el.localName} href=${a.value}>`);
        }
      }
      const scripts = document.querySelectorAll('script').length;
      if (scripts !== ownScripts) bad.push(`${scripts} scripts`);
      for (const tag of ['iframe', 'object', 'embed', 'base', 'form', 'meta[http-equiv]']) {
        if (document.querySelector(tag)) bad.push(tag);
      }
      return bad;
    }, ownScripts);
    check(found.length === 0, `${name}: no injected element, handler or address: ` + found.join(' '));
    // Every link that stays on the page is followed; none may run script.
    await h.page.evaluate(() => {
      for (const a of document.querySelectorAll('a')) {
        if (!/^(https?:|mailto:)/i.test(a.getAttribute('href') || '')) a.click();
      }
      for (const el of document.querySelectorAll('*')) el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    await h.page.waitForTimeout(200);
    check(await pwned() === undefined, `${name}: no injected script ran on a click`);
    // The page's own script works: the first diagram is drawn and replays.
    const first = h.page.locator('#kifu-dia-0');
    await first.scrollIntoViewIfNeeded();
    await first.locator('button.start').click();
    check(await first.getAttribute('data-move') === '0', `${name}: the page's script replays the first diagram`);
    await first.locator('button.next').click();
    check(await first.getAttribute('data-move') === '1' && await first.locator('circle.stone').count() === 1, `${name}: next shows move 1`);
    check(h.errors.length === 0, `${name}: no script errors: ` + h.errors.join('; '));
    if (name !== 'hostile-game.html') {
      check(await h.page.locator('text=window.__pwned=1').count() > 0, `${name}: the hostile values show as text`);
      if (name === 'hostile.html') await h.page.screenshot({ path: path.join(dir, 'hostile.png'), fullPage: false });
    } else {
      // The book `kifu book` makes of the game: the event as its heading,
      // the players in the information paragraph, no word joiner shown.
      const heading = await h.page.locator('h2.text').first().innerText();
      check(heading.includes('</script><script>window.__pwned=9</script>'), 'the SGF event shows as text: ' + heading);
      const info = await h.page.locator('p.text').first().innerText();
      check(info.includes('White: <a href=“javascript:window.__pwned=7”>White</a>') && !info.includes('\u2060'), 'the SGF names show as text: ' + info);
      // A variation starts from the main line's position (written once on
      // the page): Black's E5 and its own move, numbered 1.
      const variation = h.page.locator('#kifu-dia-1');
      check(await variation.locator('circle.stone').count() === 2, 'the variation shows the main line stone and its move');
      check(await variation.locator('text', { hasText: /^1$/ }).count() === 1, 'the variation numbers its move 1');
    }
    await h.page.close();
  }

  check(outside.length === 0, 'nothing fetched from outside: ' + outside.join(', '));
  console.log(`# ${checks} checks passed; screenshots in ${dir}`);
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
} catch (e) {
  console.error(e && e.stack ? e.stack : String(e));
  await context.close().catch(() => {});
  fs.rmSync(userDataDir, { recursive: true, force: true });
  process.exit(1);
}
