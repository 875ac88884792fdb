// The composer's figures (issues 13 and 14, docs/wasm.md "measureAll" and "split"):
// measureAll for ten platforms on 280-grapheme texts against ten measure() calls, and
// split against measure, in Node and then in Debian's Chromium (headless), in one run.
// Usage: bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/composer.mjs
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import * as pr from '../js/postrules.mjs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { runComposerBench, format } from './cases.mjs';

// bench.html also imports twitter-text (for measure.mjs's table): build it as measure.mjs does.
const wasmDir = fileURLToPath(new URL('../', import.meta.url));
const { buildSync } = await import('esbuild');
buildSync({
  stdin: { contents: "import twttr from 'twitter-text'; export const parseTweet = twttr.parseTweet;", resolveDir: wasmDir },
  bundle: true, minify: true, format: 'esm', outfile: path.join(wasmDir, 'bench', 'build', 'twitter-text.mjs'), logLevel: 'error',
});

console.log(`# postrules composer figures (${new Date().toISOString()})`);
console.log(`# ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; node ${process.version}`);
await pr.init();
console.log('\n## Node: one call, median µs');
console.log(format(runComposerBench(pr)));

const { startServer, startBrowser, tempDir, chromiumPath } = await import('../browser-test/harness.mjs');
if (!existsSync(chromiumPath)) {
  console.log(`\n(${chromiumPath} not installed: no Chromium figures)`);
  process.exit(0);
}
const tmp = tempDir();
const server = await startServer(tmp);
const browser = await startBrowser(tmp);
try {
  const page = browser.page;
  await page.goto(server.url.replace('/demo/', '/bench/bench.html'));
  await page.waitForSelector('body[data-ready=yes]');
  const r = await page.evaluate(() => window.runComposerBench());
  console.log(`\n## Chromium (${r.userAgent.match(/Chrome\/[\d.]+/)[0]}, headless): one call, median µs`);
  console.log(format(r.rows));
} finally {
  await browser.close();
  server.close();
  rmSync(tmp, { recursive: true, force: true });
}
