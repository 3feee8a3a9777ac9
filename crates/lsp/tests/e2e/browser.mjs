// A browser for the preview's end-to-end test (test_preview.py): Debian's
// headless Chromium through playwright-core (installed in
// crates/render/tests/browser by the test command), opened on URL and
// driven by one JSON command a line on standard input, each answered by
// one JSON line on standard output. Nothing outside URL is fetched.
//
//   {"click": SELECTOR}           Alt-click the element (a source jump)
//   {"waitText": TEXT}            wait until the page shows TEXT
//   {"inView": SELECTOR}          whether the element is in the window now
//                                 (and not under the error panel)
//   {"waitInView": SELECTOR}      wait until it is
//   {"screenshot": PATH}
//
// Usage: node browser.mjs URL
import fs from 'node:fs';
import readline from 'node:readline';
import { openChromium } from '../../../render/tests/browser/chromium.mjs';


const [url] = process.argv.slice(2);
const { context, outside, userDataDir } = await openChromium({
  viewport: { width: 1000, height: 800 },
  allow: (u) => u.startsWith(url) || u.startsWith('data:'),
});
const page = await context.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

/* Whether the element is wholly in the window and not under the error
 * panel. */
const visible = (s) => {
  const r = document.querySelector(s)?.getBoundingClientRect();
  const panel = document.getElementById('kifu-live-errors');
  const bottom = panel && !panel.hidden ? panel.getBoundingClientRect().top : window.innerHeight;
  return !!r && r.height > 0 && r.top >= 0 && r.bottom <= bottom;
};
const inView = (selector) => page.evaluate(visible, selector);

async function answer(command) {
  if (command.click) {
    await page.locator(command.click).click({ modifiers: ['Alt'] });
    return true;
  }
  if (command.waitText) {
    await page.waitForFunction((t) => document.body.innerText.includes(t), command.waitText, { timeout: 15_000 });
    return true;
  }
  if (command.inView) return inView(command.inView);
  if (command.waitInView) {
    await page.waitForFunction(visible, command.waitInView, { timeout: 15_000 });
    return true;
  }
  if (command.screenshot) {
    await page.screenshot({ path: command.screenshot });
    return true;
  }
  throw new Error('unknown command ' + JSON.stringify(command));
}

const say = (value) => process.stdout.write(JSON.stringify(value) + '\n');
try {
  await page.goto(url);
  await page.waitForSelector('figure.dia svg');
  // The live stream is open once the first findings came.
  await page.waitForFunction(() => document.getElementById('kifu-live-errors'));
  say({ ready: true });
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    try {
      say({ ok: await answer(JSON.parse(line)), errors, outside });
    } catch (e) {
      say({ failed: String(e), errors, outside });
    }
  }
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
