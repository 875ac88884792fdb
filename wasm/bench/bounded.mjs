// The per-keystroke calls on huge pastes (issue 22, item 1; issue 32): median ms per call
// of measure, measureAll (ten platforms) and split (twitter) on 64 KB, 5 MB and 50 MB of
// text, and of measureAll on 5 MB worst cases, in Node and then in Debian's Chromium
// (skipped with --node-only or when not installed). Bounded calls cost the same at 5 MB
// and 50 MB.
//
//   bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/bounded.mjs
//       [--node-only] [--variant NAME=DIR ...]
//
// Each --variant adds another build, timed in the same rounds as this one ("this"): DIR
// is the wasm/js folder of another checkout, built with its own build.sh (its
// postrules.mjs and modules together), copied to bench/build/variants/NAME/ so that the
// page can load it too. Say, before a change:
//
//   git archive main | tar -x -C /tmp/before && bash /tmp/before/wasm/build.sh
//   node wasm/bench/bounded.mjs --variant before=/tmp/before/wasm/js
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pr from '../js/postrules.mjs';
import { runBounded, formatBounded } from './bounded-cases.mjs';
import { buildTwitterText, inChromium, wasmDir } from './node-side.mjs';

const args = process.argv.slice(2);
const variants = [];
args.forEach((a, i) => {
  if (a === '--variant') {
    const [name, dir] = args[i + 1].split('=');
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`--variant ${name}: a name of a-z, 0-9 and -`);
    const to = path.join(wasmDir, 'bench', 'build', 'variants', name);
    rmSync(to, { recursive: true, force: true });
    cpSync(path.resolve(dir), to, { recursive: true, filter: (f) => !/\.(br|gz|tgz)$/.test(f) });
    variants.push(name);
  }
});

const builds = [{ name: 'this', pr }];
for (const name of variants) {
  const v = await import(pathToFileURL(path.join(wasmDir, 'bench', 'build', 'variants', name, 'postrules.mjs')).href);
  builds.push({ name, pr: v });
}
for (const b of builds) await b.pr.init();
console.log(`# ${new Date().toISOString()}`);
console.log(formatBounded(runBounded(builds), `node ${process.version}`));
if (!args.includes('--node-only')) {
  await buildTwitterText(); // bench.html imports it
  await inChromium(async (page) => {
    // wasm/serve serves no modules outside js/: the variants' files come from here.
    await page.route('**/bench/build/variants/**', (route) => {
      const rel = decodeURIComponent(new URL(route.request().url()).pathname).replace(/^\/bench\//, '');
      const file = path.join(wasmDir, 'bench', path.normalize(rel));
      const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
      return route.fulfill({ path: file, headers: { 'Content-Type': type } });
    });
    const r = await page.evaluate((vs) => window.runBounded(vs), variants);
    console.log(formatBounded(r.rows, `Chromium ${r.userAgent.match(/Chrome\/([\d.]+)/)[1]}`));
  });
}
