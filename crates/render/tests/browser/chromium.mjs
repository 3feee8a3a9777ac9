// Debian's headless Chromium through playwright-core, opened the same way
// for every browser test (kifu-render's, kifu serve's and the language
// server's preview test): a fresh profile, no network services, and no
// request outside what the test allows (the ones refused are listed in
// `outside`, which tests check is empty).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Opens Chromium; `allow(url)` says which requests may load. */
export async function openChromium({ viewport, allow }) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kifu-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.KIFU_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  const outside = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allow(url)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return { context, outside, userDataDir };
}
