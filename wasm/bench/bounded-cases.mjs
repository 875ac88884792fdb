// The per-keystroke calls on huge pastes, shared by bounded.mjs (Node) and bench.html
// (Chromium): median ms per call of measure, measureAll (ten platforms) and split
// (twitter) on texts of English with tags, mentions, cashtags, links and < >, and of
// measureAll on the worst pastes for its prefixes (CJK without white space, one grapheme
// cluster of a million marks, links only). Each build given (say, before and after a
// change) is timed in the same rounds, one call of each in turn, so that the machine's
// load falls on all alike.
const piece = 'Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. ';
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];

// The worst pastes of 5 MB of UTF-8 for measureAll: every prefix cut at white space
// (rules.Limits.MeasureAll) is unavailable or decides little.
const worst = [
  ['nospace', () => '今日は新製品の発表日です。'.repeat(Math.ceil(5e6 / 39))],
  ['onecluster', () => 'e' + '\u0301'.repeat(2.5e6)],
  ['links', () => 'https://example.com/a '.repeat(Math.ceil(5e6 / 22))],
];

// runBounded returns [{size, text, name, build, ms}]: for each size in bytes (of the
// text's UTF-8), each call and each build of builds ([{name, pr}], pr a loaded module),
// the median of calls timed calls.
export function runBounded(builds, sizes = [64e3, 5e6, 50e6], calls = 15) {
  const rows = [];
  const time = (size, text, name, call, n) => {
    for (const b of builds) call(b.pr); // warm each build up once
    const times = builds.map(() => []);
    for (let i = 0; i < n; i++) {
      builds.forEach((b, k) => {
        const t = performance.now();
        call(b.pr);
        times[k].push(performance.now() - t);
      });
    }
    builds.forEach((b, k) => rows.push({ size, text, name, build: b.name, ms: median(times[k]) }));
  };
  for (const size of sizes) {
    const text = piece.repeat(Math.ceil(size / piece.length));
    time(size, 'english', 'measure', (pr) => pr.measure(text), calls);
    time(size, 'english', 'measureAll', (pr) => pr.measureAll(text), calls);
    time(size, 'english', 'split', (pr) => pr.split(text), calls);
  }
  for (const [name, make] of worst) {
    time(5e6, name, 'measureAll', (pr) => pr.measureAll(make.text || (make.text = make())), Math.min(calls, 7));
  }
  return rows;
}

export function formatBounded(rows, where) {
  return rows.map((r) => `${where.padEnd(16)} ${r.build.padEnd(9)} ${String(r.size / 1e6).padStart(5)} MB ${r.text.padEnd(10)} ${r.name.padEnd(10)} ${r.ms.toFixed(3)} ms`).join('\n');
}
