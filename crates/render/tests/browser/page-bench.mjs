// Benchmark of kifu's book page in headless Chromium (not a test: it asserts
// nothing about time). For each page given, in a fresh browser: the time
// to open it (navigation start to the page loaded, its script run and a
// frame drawn), the memory of
// the browser's processes then (the sum of their proportional set sizes,
// from /proc) and the page's JavaScript heap, the time of a language
// switch (to the second language and back, until the next frame is drawn)
// and of a jump to the last chapter (until its diagrams are drawn). Prints
// one line per page and the ratios to the first page.
//
// Usage: node page-bench.mjs PAGE.html...   (scripts/page-bench writes the
// pages and runs this)
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const executablePath = process.env.KIFU_CHROMIUM || '/usr/bin/chromium';

/// The proportional set size, in bytes, of every process whose command
/// line names `marker` (the browser's own user data folder).
function pss(marker) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(marker)) continue;
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const m = /^Pss:\s+(\d+) kB/m.exec(rollup);
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

async function measure(file) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kifu-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    viewport: { width: 1000, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'],
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(600_000);
    const start = Date.now();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 600_000 });
    // Opened: loaded, the script run and a frame drawn (at the top, the
    // contents may keep every diagram out of reach).
    await page.waitForFunction(() => window.kifuBook, null, { timeout: 600_000 });
    await page.evaluate(frame);
    const open = (Date.now() - start) / 1000;
    await page.waitForTimeout(500);
    const memory = pss(userDataDir);
    const heap = await page.evaluate(() => (performance.memory ? performance.memory.usedJSHeapSize : 0));
    const drawn = await page.locator('figure.dia svg').count();
    const figures = await page.locator('figure.dia').count();
    const languages = await page.evaluate(() => {
      const data = JSON.parse(document.getElementById('kifu-data').textContent);
      return data.languages;
    });
    let lang = 0;
    if (languages.length > 1) {
      lang = await page.evaluate(async (languages) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const t = performance.now();
        window.kifuBook.setLanguages([languages[1]]);
        await frame();
        window.kifuBook.setLanguages([languages[0]]);
        await frame();
        return (performance.now() - t) / 2000;
      }, languages);
    }
    const jump = await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const chapters = document.querySelectorAll('section.chapter[id]');
      const last = chapters[chapters.length - 1];
      const t = performance.now();
      last.scrollIntoView();
      await frame();
      const fig = last.querySelector('figure.dia:not(.inline-figure)');
      while (fig && !fig.querySelector('svg') && performance.now() - t < 600_000) await frame();
      return (performance.now() - t) / 1000;
    });
    return { file, size: fs.statSync(file).size, open, memory, heap, drawn, figures, lang, jump };
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

const files = process.argv.slice(2).map((f) => path.resolve(f));
if (!files.length) {
  console.error('usage: node page-bench.mjs PAGE.html...');
  process.exit(2);
}
const mb = (n) => (n / 1e6).toFixed(1) + ' MB';
const rows = [];
for (const f of files) {
  const r = await measure(f);
  rows.push(r);
  const first = rows[0];
  console.log([
    path.basename(r.file),
    `page ${mb(r.size)}`,
    `${r.figures} diagrams, ${r.drawn} drawn`,
    `open ${r.open.toFixed(2)} s (x${(r.open / first.open).toFixed(2)})`,
    `memory ${mb(r.memory)} (x${(r.memory / first.memory).toFixed(2)})`,
    `JS heap ${mb(r.heap)} (x${(r.heap / first.heap).toFixed(2)})`,
    `language switch ${(r.lang * 1000).toFixed(0)} ms`,
    `jump to the end ${(r.jump * 1000).toFixed(0)} ms`,
  ].join(' | '));
}
