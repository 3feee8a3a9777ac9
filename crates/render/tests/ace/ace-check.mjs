// DAISY Ace on several EPUBs in one Node process, with Debian's Chromium
// (PUPPETEER_EXECUTABLE_PATH, /usr/bin/chromium by default): prints one
// JSON line per EPUB, {"epub", "outcome", "violations": [{"rule",
// "impact", "file", "where"}]}. Run by crates/render/tests/testsuite/accessibility.rs.
//   node ace-check.mjs OUTDIR EPUB...
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
process.env.PUPPETEER_EXECUTABLE_PATH ??= '/usr/bin/chromium';
const ace = require('@daisy/ace-core');
const axeRunner = require('@daisy/ace-axe-runner-puppeteer');
// Ace logs through winston; a silent transport keeps its log out of the output.
const winston = require('winston');
winston.add(new winston.transports.Console({ silent: true }));

// One Chromium for every EPUB: Ace launches and closes its browser per
// EPUB, which took a few seconds each.
let launched = null;
const runner = Object.assign(Object.create(axeRunner), {
  launch: () => (launched ??= axeRunner.launch()),
  close: async () => {},
});

const [outdir, ...epubs] = process.argv.slice(2);
for (const [i, epub] of epubs.entries()) {
  const [, report] = await ace(path.resolve(epub), {
    cwd: process.cwd(),
    outdir: path.join(outdir, String(i)),
    tmpdir: undefined,
    silent: true,
    jobId: '',
    lang: 'en',
  }, runner);
  const violations = [];
  for (const doc of report.assertions ?? []) {
    for (const a of doc.assertions ?? []) {
      violations.push({
        rule: a['earl:test']['dct:title'],
        impact: a['earl:test']['earl:impact'],
        file: doc['earl:testSubject']?.url,
        where: a['earl:result']?.['earl:pointer']?.css ?? a['earl:result']?.['earl:pointer']?.cfi ?? null,
        what: a['earl:result']?.['dct:description'] ?? '',
      });
    }
  }
  console.log(JSON.stringify({ epub, outcome: report['earl:result']['earl:outcome'], violations }));
}
if (launched) await axeRunner.close();
// Ace's logger keeps handles open.
process.exit(0);
