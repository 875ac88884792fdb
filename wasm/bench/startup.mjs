// One cold start in a fresh Node process (run by measure.mjs several times): the time from
// nothing loaded to the first answer of each module. Prints one JSON line (ms).
import { readFile } from 'node:fs/promises';

const dist = new URL('../js/', import.meta.url);
const t = [performance.now()];
const pr = await import('../js/postrules.mjs');
t.push(performance.now());
const bytes = await readFile(new URL('postrules-counter.wasm', dist));
t.push(performance.now());
const compiled = await WebAssembly.compile(bytes);
t.push(performance.now());
await pr.init({ wasmModule: compiled });
t.push(performance.now());
const first = pr.measure('hello 🌍');
t.push(performance.now());
if (first.length !== 7) throw new Error(JSON.stringify(first));
await pr.loadChecker();
t.push(performance.now());
const v = await pr.checkPost({ content: 'hi', platforms: [{ platform: 'twitter' }], publishNow: true }, { now: null });
t.push(performance.now());
if (!v.valid) throw new Error(JSON.stringify(v));
const d = (i) => +(t[i] - t[i - 1]).toFixed(2);
console.log(JSON.stringify({
  importWrapper: d(1), readCounter: d(2), compileCounter: d(3), instantiateAndRunGo: d(4), firstMeasure: d(5),
  counterTotal: +(t[5] - t[0]).toFixed(2), loadChecker: d(6), firstCheckPost: d(7),
}));
