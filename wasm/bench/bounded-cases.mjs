// The per-keystroke calls on huge pastes, shared by bounded.mjs (Node) and bench.html
// (Chromium): median ms per call of measure, measureAll (ten platforms) and split
// (twitter) on texts of English with tags, mentions, cashtags, links and < >.
const piece = 'Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. ';
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];

// runBounded returns [{size, name, ms}] for each size in bytes (of the text's UTF-8) and
// each call; calls is how many timed calls a median is taken of.
export function runBounded(pr, sizes = [64e3, 5e6, 50e6], calls = 15) {
  const rows = [];
  for (const size of sizes) {
    const text = piece.repeat(Math.ceil(size / piece.length));
    for (const [name, call] of [
      ['measure', () => pr.measure(text)],
      ['measureAll', () => pr.measureAll(text)],
      ['split', () => pr.split(text)],
    ]) {
      call();
      const times = [];
      for (let i = 0; i < calls; i++) {
        const t = performance.now();
        call();
        times.push(performance.now() - t);
      }
      rows.push({ size, name, ms: median(times) });
    }
  }
  return rows;
}

export function formatBounded(rows, where) {
  return rows.map((r) => `${where.padEnd(16)} ${String(r.size / 1e6).padStart(5)} MB  ${r.name.padEnd(10)} ${r.ms.toFixed(3)} ms`).join('\n');
}
