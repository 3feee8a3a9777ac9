// Browser test of the descriptions a big book's page builds (issue 38):
// opens each page named (NAME.html in DIR, written by
// crates/render/tests/testsuite/browser.rs, every one of more than 150
// diagrams) in Debian's headless Chromium through playwright-core. A
// figure in view is named by its short text, and names its description
// (aria-details) once it takes focus; opening the description with the keyboard writes it; a
// figure far down gets its own when it takes focus; its lists of bullets
// read as lists. Then it writes every
// figure's description as text (`kifuBook.description`, what the opened
// description shows: checked on the figures opened) to
// NAME.descriptions.json, which the Rust test reads back, and a
// screenshot of an opened description to NAME-description.png.
// Exits non-zero on the first failure.
//
// Usage: node describe-test.mjs DIR NAME...
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dirArg, ...names] = process.argv.slice(2);
const dir = path.resolve(dirArg);
const executablePath = process.env.KIFU_CHROMIUM || '/usr/bin/chromium';

let checks = 0;
function check(ok, what) {
  if (!ok) throw new Error('FAILED: ' + what);
  checks += 1;
  console.log('ok - ' + what);
}

/* The opened description as text, read from its paragraphs and lists
 * the way kifu_book's `Description::text` writes the parts. */
function openedText(details) {
  let text = '';
  for (const el of details.children) {
    if (el.tagName === 'P') {
      const list = el.nextElementSibling && el.nextElementSibling.tagName === 'UL' ? el.nextElementSibling : null;
      const items = list && Array.from(list.children).map((li) => li.textContent).join('; ');
      text += list ? el.textContent + ' ' + items + (/[.?!。？！]$/.test(items) ? '' : '.') + '\n' : el.textContent + '\n';
    }
  }
  return text;
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  for (const name of names) {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(pathToFileURL(path.join(dir, name + '.html')).href);
    await page.waitForSelector('figure.dia svg');
    check(await page.locator('main.big').count() === 1, `${name}: a big book's page`);
    const source = fs.readFileSync(path.join(dir, name + '.html'), 'utf8');
    check(!source.includes('<details class="dia-desc"'), `${name}: the page does not carry the descriptions`);
    check(await page.locator('details.dia-desc p').count() === 0, `${name}: no description is written before it is opened`);

    // The first figure drawn: named by its short text when near, given
    // its closed description when it takes focus.
    const drawn = page.locator('figure.dia:not([hidden]):has(.board svg)').first();
    const fig = page.locator(`figure.dia[data-dia="${await drawn.getAttribute('data-dia')}"]`);
    await fig.scrollIntoViewIfNeeded();
    const label = await fig.getAttribute('aria-label');
    const said = await fig.evaluate((f) => window.kifuBook.description(f));
    check(label && label === said.short, `${name}: the figure in view is named by its short text: ${label}`);
    await fig.focus();
    const detailsId = await fig.getAttribute('aria-details');
    const details = page.locator('#' + detailsId);
    check(await details.evaluate((d, f) => d.tagName === 'DETAILS' && f.contains(d) && !d.open, await fig.elementHandle()),
      `${name}: aria-details names the figure's closed description`);
    // Opened from the keyboard: Tab to its summary, Enter.
    await details.locator('summary').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.getElementById(id).querySelector('p'), detailsId);
    const shown = await details.evaluate(openedText);
    check(shown === said.text, `${name}: the opened description reads as the description:\n${shown}`);
    await fig.screenshot({ path: path.join(dir, name + '-description.png') });

    // A figure far down, not drawn yet, is described when it takes focus.
    const last = page.locator('figure.dia:not([hidden])').last();
    check(await last.getAttribute('aria-label') === null, `${name}: the last figure is not described before it is near`);
    await last.focus();
    const lastLabel = await last.getAttribute('aria-label');
    check(lastLabel && lastLabel === (await last.evaluate((f) => window.kifuBook.description(f))).short,
      `${name}: the last figure, focused, is named by its short text: ${lastLabel}`);

    // Another language of the page: the opened description is written again.
    const selected = await page.evaluate(() => window.kifuBook.selected());
    const langs = await page.evaluate(() => JSON.parse(document.getElementById('kifu-data').textContent).languages);
    const other = langs.find((l) => !selected.includes(l));
    if (other) {
      await page.evaluate((l) => window.kifuBook.setLanguages([l]), other);
      const again = await details.evaluate(openedText);
      const now = await fig.evaluate((f) => window.kifuBook.description(f));
      check(again === now.text && (await details.getAttribute('lang')) === now.lang && (now.lang === said.lang || again !== shown),
        `${name}: in ${other} the opened description is written again (words: ${now.lang}):\n${again}`);
      await page.evaluate((l) => window.kifuBook.setLanguages(l), selected);
    }

    // Its lists of bullets read as lists (the script gives the roles).
    const lists = await page.evaluate(() => {
      const groups = Array.from(document.querySelectorAll('.group.list'));
      return { count: groups.length, bad: groups.filter((g) => g.getAttribute('role') !== 'list' || Array.from(g.children).some((c) => c.getAttribute('role') !== 'listitem')).length };
    });
    check(lists.bad === 0 && (lists.count > 0 || !name.startsWith('figures')), `${name}: its ${lists.count} lists of bullets have their roles`);

    // Every figure's description, by its diagram's number.
    const all = await page.evaluate(() => {
      const out = {};
      document.querySelectorAll('figure.dia').forEach((f) => { out[f.getAttribute('data-dia')] = window.kifuBook.description(f); });
      return out;
    });
    fs.writeFileSync(path.join(dir, name + '.descriptions.json'), JSON.stringify(all));
    check(Object.keys(all).length > 150, `${name}: ${Object.keys(all).length} descriptions written`);
    check(errors.length === 0, `${name}: no script errors ${errors.join('; ')}`);
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`${checks} checks passed`);
