// The composer's figures (issues 13 and 14, docs/wasm.md "measureAll" and "split"):
// measureAll for ten platforms on 280-grapheme texts against ten measure() calls, and
// split against measure, in Node and then in Debian's Chromium (headless), in one run.
// Usage: bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/composer.mjs
import os from 'node:os';
import * as pr from '../js/postrules.mjs';
import { runComposerBench, format } from './cases.mjs';
import { buildTwitterText, inChromium } from './node-side.mjs';

// bench.html also imports twitter-text (for measure.mjs's table).
await buildTwitterText();

console.log(`# postrules composer figures (${new Date().toISOString()})`);
console.log(`# ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; node ${process.version}`);
await pr.init();
console.log('\n## Node: one call, median µs');
console.log(format(runComposerBench(pr)));

await inChromium(async (page) => {
  const r = await page.evaluate(() => window.runComposerBench());
  console.log(`\n## Chromium (${r.userAgent.match(/Chrome\/[\d.]+/)[0]}, headless): one call, median µs`);
  console.log(format(r.rows));
});
