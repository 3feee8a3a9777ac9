// Benchmark of `kifu serve` on a big book (issue 35): opens the preview
// in headless Chromium, goes to the middle of the book, then edits the
// moves of a diagram there, EDITS times, as an author would (the file
// written in place), and measures from each save to the page showing the
// new diagram (the update applied and a frame drawn), the size of the
// update sent and of the whole page. Not a test: prints figures for
// BENCHMARKS.md. Started by scripts/serve-bench.
//
// Usage: node serve-bench.mjs URL BOOK DIAGRAM_ID EDITS
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [url, book, id, edits = '10'] = process.argv.slice(2);
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kifu-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.KIFU_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1000, height: 900 },
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await context.newPage();
  const start = Date.now();
  const response = await page.goto(url, { timeout: 600_000 });
  const pageBytes = (await response.body()).length;
  await page.waitForFunction(() => window.kifuLive && document.getElementById('kifu-live-errors'), null, { timeout: 600_000 });
  console.log(`page: ${(pageBytes / 1e6).toFixed(2)} MB, open ${Date.now() - start} ms, ` +
    `${await page.evaluate(() => document.querySelectorAll('figure.dia').length)} figures`);
  await page.evaluate((id) => document.getElementById(id).scrollIntoView(), id);
  await page.waitForFunction((id) => document.querySelector('#' + id + ' svg'), id);
  const text = fs.readFileSync(book, 'utf8');
  const line = new RegExp('(::dia\\(#' + id + '\\)[^\\n]*mv=)(\\S+)');
  const original = text.match(line)[2];
  const times = [];
  for (let k = 1; k <= +edits; k++) {
    const moves = k % 2 ? original + 'R7' : original;
    const before = await page.evaluate(() => window.kifuLive.updates);
    const scroll = await page.evaluate(() => window.scrollY);
    const saved = Date.now();
    fs.writeFileSync(book, text.replace(line, '$1' + moves));
    await page.waitForFunction((n) => window.kifuLive.updates > n, before, { timeout: 60_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    times.push(Date.now() - saved);
    // Drawn by the page itself (the lazy drawing of a big page), then read.
    await page.waitForFunction((id) => document.querySelector('#' + id + ' figure.dia .board svg'), id, { timeout: 10_000 });
    const shown = await page.evaluate((id) => window.kifuBook.viewers[document.querySelector('#' + id + ' figure.dia').getAttribute('data-dia')].d.moves.length, id);
    const bytes = await page.evaluate(() => window.kifuLive.lastBytes);
    const moved = Math.abs((await page.evaluate(() => window.scrollY)) - scroll);
    console.log(`edit ${k}: shown ${times[k - 1]} ms after the save; update ${(bytes / 1e6).toFixed(2)} MB; diagram has ${shown} moves; scroll moved ${moved} px`);
  }
  fs.writeFileSync(book, text);
  times.sort((a, b) => a - b);
  console.log(`save to shown: median ${times[times.length >> 1]} ms, fastest ${times[0]} ms, slowest ${times[times.length - 1]} ms`);
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
