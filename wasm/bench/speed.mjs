// Issue 22 item 3 in one command: X's weighted measure() and measureAll() against
// twitter-text 3.1.0's parseTweet, interleaved in rounds (speed-cases.mjs), in Node and
// in Debian's headless Chromium, the page served cross-origin isolated (COOP/COEP) by a
// small static server of this script, so that performance.now() is fine-grained.
//
//   bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/speed.mjs [--rounds N]
//       [--node-only] [--variant NAME=FILE.wasm ...]
//
// Without --variant the one build compared is js/postrules-counter.wasm ("postrules");
// each --variant adds a build of the counter module (say, before and after a change), all
// timed in the same rounds. Prints a Markdown table: median µs per call and its range over
// the rounds, and the ratio to parseTweet of the same round (median and range).
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createPostrules } from '../js/core.mjs';
import { runSpeed, formatSpeed, SPEED_HEADER } from './speed-cases.mjs';
import { wasmDir, buildTwitterText } from './node-side.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const rounds = Number(opt('--rounds', 15));
const variants = [];
args.forEach((a, i) => {
  if (a === '--variant') {
    const [name, file] = args[i + 1].split('=');
    variants.push({ name, file: path.resolve(file) });
  }
});
if (variants.length === 0) variants.push({ name: 'postrules', file: path.join(wasmDir, 'js', 'postrules-counter.wasm') });
for (const v of variants) if (!existsSync(v.file)) throw new Error(`${v.file} missing: run bash wasm/build.sh`);

const ttFile = await buildTwitterText();
const { parseTweet } = await import(ttFile);

console.log(`# postrules vs twitter-text, interleaved (${new Date().toISOString()})`);
console.log(`# ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; node ${process.version}; ${rounds} rounds`);
console.log(`# builds: ${variants.map((v) => `${v.name}=${path.relative(process.cwd(), v.file)} (${readFileSync(v.file).length} bytes)`).join(', ')}`);
const table = [SPEED_HEADER];

const loaded = [];
for (const v of variants) {
  const api = createPostrules({ counter: () => v.file, full: () => path.join(wasmDir, 'js', 'postrules-full.wasm') });
  await api.init({ wasmModule: readFileSync(v.file) });
  loaded.push({ name: v.name, api });
}
table.push(formatSpeed(runSpeed(loaded, parseTweet, { rounds }), `Node ${process.version}`));

if (!args.includes('--node-only')) {
  const { startBrowser, tempDir, chromiumPath } = await import('../browser-test/harness.mjs');
  if (!existsSync(chromiumPath)) {
    console.log(`(${chromiumPath} not installed: no Chromium figures)`);
  } else {
    const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm' };
    const server = createServer((req, res) => {
      const url = new URL(req.url, 'http://x');
      let file = null;
      const m = url.pathname.match(/^\/variants\/(\d+)\.wasm$/);
      if (m) file = variants[Number(m[1])]?.file;
      else if (!url.pathname.includes('..')) file = path.join(wasmDir, url.pathname);
      if (!file || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'Content-Type': types[path.extname(file)] || 'application/octet-stream',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cache-Control': 'no-store',
      });
      res.end(readFileSync(file));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tmp = tempDir();
    const browser = await startBrowser(tmp);
    try {
      const page = browser.page;
      await page.goto(`http://127.0.0.1:${server.address().port}/bench/speed.html`);
      await page.waitForSelector('body[data-ready=yes]');
      const r = await page.evaluate(([vs, o]) => window.runSpeed(vs, o), [variants.map((v, i) => ({ name: v.name, url: `/variants/${i}.wasm` })), { rounds }]);
      const where = `Chromium ${r.userAgent.match(/Chrome\/([\d.]+)/)[1]}${r.isolated ? '' : ' (NOT isolated)'}`;
      table.push(formatSpeed(r.rows, where));
    } finally {
      await browser.close();
      server.close();
    }
  }
}
console.log(`\n${table.join('\n')}`);
