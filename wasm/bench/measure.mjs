// The speed and size figures of the WebAssembly package (README, WASM section):
//   - module sizes, raw and after gzip -9;
//   - start-up in Node: a fresh process, from importing the wrapper to the first answer
//     (median of 7 processes), and the lazy checker's load;
//   - a keystroke's measure() of a 280-grapheme post (mixed CJK/emoji/Latin, and ASCII),
//     median per call, next to Intl.Segmenter counting the same text in the same run,
//     in Node and in Debian's Chromium (skipped with --node-only or when not installed);
//   - the known divergence between uniseg (Unicode 15.0) and ICU on Indic conjuncts.
//   - the side-by-side table of docs: measure (graphemes, x-weighted) vs Intl.Segmenter
//     and twitter-text 3.1.0's parseTweet on ASCII, mixed and CJK 280-character texts and
//     a 5 MB paste, in Node and Chromium in one run; sizes after gzip -9 of both modules
//     and of twitter-text (bundled and minified by esbuild, as an app would ship it).
// Usage: bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/measure.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import * as pr from '../js/postrules.mjs';
import { runBench, divergence, format, compare, formatCompare } from './cases.mjs';
import { wasmDir, buildTwitterText, inChromium } from './node-side.mjs';

const dist = path.join(wasmDir, 'js');

// twitter-text as an app ships it: one minified ESM bundle (esbuild), for Node and the page.
const ttFile = await buildTwitterText();
const { parseTweet } = await import(ttFile);
const nodeOnly = process.argv.includes('--node-only');

console.log(`# postrules WASM figures (${new Date().toISOString()})`);
console.log(`# ${os.cpus()[0].model}, ${os.cpus().length} cores; node ${process.version}; ${execFileSync('go', ['version']).toString().trim()}`);

console.log('\n## sizes (bytes)');
for (const file of ['postrules-counter.wasm', 'postrules-full.wasm', 'wasm_exec.mjs', 'core.mjs'].map((f) => path.join(dist, f)).concat(ttFile)) {
  const f = path.basename(file);
  if (!existsSync(file)) throw new Error(`${file} missing: run bash wasm/build.sh`);
  const raw = readFileSync(file).length;
  const gz = Number(execFileSync('sh', ['-c', `gzip -9 -c "${file}" | wc -c`]).toString().trim());
  console.log(`${f.padEnd(24)} raw ${String(raw).padStart(9)}  gzip -9 ${String(gz).padStart(8)}`);
}

console.log('\n## start-up in Node (fresh process each; median of 7, ms)');
const runs = [];
for (let i = 0; i < 7; i++) {
  runs.push(JSON.parse(execFileSync(process.execPath, [path.join(wasmDir, 'bench', 'startup.mjs')]).toString()));
}
for (const key of Object.keys(runs[0])) {
  const v = runs.map((r) => r[key]).sort((a, b) => a - b);
  console.log(`${key.padEnd(22)} ${String(v[3]).padStart(8)}   (min ${v[0]}, max ${v[6]})`);
}

console.log('\n## keystroke: one call, median µs (Node)');
await pr.init();
console.log(format(runBench(pr)));
const table = ['| where | text | what | postrules WASM | alternative | ratio |', '|---|---|---|---|---|---|'];
table.push(formatCompare(compare(pr, parseTweet), `Node ${process.version}`));

console.log('\n## known divergence: graphemes by postrules (uniseg, Unicode 15.0) vs Intl.Segmenter (ICU)');
for (const d of divergence(pr)) {
  console.log(`${JSON.stringify(d.text).padEnd(24)} postrules ${d.postrules}  Intl.Segmenter ${d.intl}${d.postrules === d.intl ? '' : '   <- differs'}`);
}

if (nodeOnly) {
  console.log(`\n## side by side\n${table.join('\n')}`);
  process.exit(0);
}
await inChromium(async (page) => {
  const r = await page.evaluate(() => window.runBench());
  table.push(formatCompare(r.compare, `Chromium ${r.userAgent.match(/Chrome\/([\d.]+)/)[1]}`));
  console.log(`\n## keystroke: one call, median µs (Chromium: ${r.userAgent.match(/Chrome\/[\d.]+/)[0]}, headless)`);
  console.log(`start-up in the page (import to first answer, fetch from localhost): ${r.startup.toFixed(1)} ms`);
  console.log(format(r.rows));
  const diff = r.divergence.filter((d) => d.postrules !== d.intl).map((d) => `${d.text}: ${d.postrules} vs ${d.intl}`);
  console.log(`divergence in Chromium's ICU: ${diff.join('; ') || 'none'}`);
  console.log(`\n## side by side (µs per call, median; ratio = postrules / alternative)\n${table.join('\n')}`);
});
