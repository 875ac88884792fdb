// The per-keystroke calls on huge pastes (issue 22, item 1): median ms per call of
// measure, measureAll (ten platforms) and split (twitter) on 64 KB, 5 MB and 50 MB of
// text, in Node. Bounded calls cost the same at 5 MB and 50 MB.
//
//   bash wasm/build.sh && node wasm/bench/bounded.mjs
import * as pr from '../js/postrules.mjs';

await pr.init();
const piece = 'Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. ';
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
for (const size of [64e3, 5e6, 50e6]) {
  const text = piece.repeat(Math.ceil(size / piece.length));
  for (const [name, call] of [
    ['measure', () => pr.measure(text)],
    ['measureAll', () => pr.measureAll(text)],
    ['split', () => pr.split(text)],
  ]) {
    call();
    const times = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      call();
      times.push(performance.now() - t);
    }
    console.log(`${String(size / 1e6).padStart(5)} MB  ${name.padEnd(10)} ${median(times).toFixed(3)} ms`);
  }
}
