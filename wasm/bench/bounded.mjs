// The per-keystroke calls on huge pastes (issue 22, item 1; issue 32): median ms per call
// of measure, measureAll (ten platforms) and split (twitter) on 64 KB, 5 MB and 50 MB of
// text, in Node and then in Debian's Chromium (skipped with --node-only or when not
// installed). Bounded calls cost the same at 5 MB and 50 MB.
//
//   bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/bounded.mjs
import * as pr from '../js/postrules.mjs';
import { runBounded, formatBounded } from './bounded-cases.mjs';
import { buildTwitterText, inChromium } from './node-side.mjs';

await pr.init();
console.log(formatBounded(runBounded(pr), `node ${process.version}`));
if (!process.argv.includes('--node-only')) {
  await buildTwitterText(); // bench.html imports it
  await inChromium(async (page) => {
    const r = await page.evaluate(() => window.runBounded());
    console.log(formatBounded(r.rows, `Chromium ${r.userAgent.match(/Chrome\/([\d.]+)/)[1]}`));
  });
}
