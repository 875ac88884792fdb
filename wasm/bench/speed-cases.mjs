// The interleaved comparison of issue 22 item 3 ("faster than the JavaScript it
// replaces"), shared by Node and the page speed.html: X's weighted measure() and
// measureAll() of one or more builds of the counter module ("variants") against
// twitter-text 3.1.0's parseTweet, on the same texts, in rounds. In every round each
// contender is timed once per text, in an order that rotates from round to round, so
// that a burst of load on the shared machine hits all of them alike; a ratio is taken
// within one round (postrules / parseTweet of the same round and text), and the report
// gives the median and the range (min-max) over the rounds. Nothing here asserts a time.
import { TEXTS, PLATFORMS } from './cases.mjs';

/** Calls per timed batch so that one batch takes about targetMs (at least 10 calls),
 * after a warm-up (JIT tiers, module memory). */
function calibrate(fn, targetMs) {
  const warm = performance.now();
  while (performance.now() - warm < 4 * targetMs) for (let i = 0; i < 10; i++) fn();
  let n = 10;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    const ms = performance.now() - t0;
    if (ms >= targetMs || n >= 1 << 20) return Math.max(10, Math.ceil((n * targetMs) / Math.max(ms, 0.001)));
    n *= 2;
  }
}

function timeBatch(fn, n) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  return ((performance.now() - t0) * 1000) / n; // µs per call
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * variants: [{name, api}] where api is an initialized createPostrules() copy; parseTweet:
 * twitter-text's. Returns rows {text, what, variant, us: {median, min, max}, ratio:
 * {median, min, max}} (ratio against parseTweet of the same round; for parseTweet itself
 * ratio is null).
 */
export function runSpeed(variants, parseTweet, { rounds = 15, batchMs = 20 } = {}) {
  const all = { platforms: PLATFORMS };
  const contenders = [];
  for (const [textName, text] of Object.entries(TEXTS)) {
    const tt = parseTweet(text);
    contenders.push({ text: textName, what: 'parseTweet', variant: 'twitter-text 3.1.0', fn: () => parseTweet(text) });
    for (const { name, api } of variants) {
      const m = api.measure(text, { counter: 'x-weighted' });
      if (!m.ok || m.length !== tt.weightedLength) {
        throw new Error(`${name} ${textName}: measure says ${JSON.stringify(m)}, parseTweet ${tt.weightedLength}`);
      }
      const r = api.measureAll(text, all);
      if (!r.ok || r.platforms.length !== 10) throw new Error(`${name} ${textName}: measureAll says ${JSON.stringify(r).slice(0, 200)}`);
      contenders.push({ text: textName, what: 'measure x-weighted', variant: name, fn: () => api.measure(text, { counter: 'x-weighted' }) });
      contenders.push({ text: textName, what: 'measureAll 10 platforms', variant: name, fn: () => api.measureAll(text, all) });
    }
  }
  for (const c of contenders) {
    c.n = calibrate(c.fn, batchMs);
    c.us = [];
  }
  for (let r = 0; r < rounds; r++) {
    const k = r % contenders.length;
    const order = contenders.slice(k).concat(contenders.slice(0, k));
    if (r % 2) order.reverse();
    for (const c of order) c.us.push(timeBatch(c.fn, c.n));
  }
  const rows = [];
  for (const c of contenders) {
    const base = contenders.find((b) => b.text === c.text && b.what === 'parseTweet');
    const ratios = c === base ? null : c.us.map((u, i) => u / base.us[i]);
    rows.push({
      text: c.text, what: c.what, variant: c.variant, calls: c.n,
      us: { median: median(c.us), min: Math.min(...c.us), max: Math.max(...c.us) },
      ratio: ratios && { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) },
    });
  }
  return rows;
}

/** The rows as a Markdown table, `where` naming the runtime. */
export function formatSpeed(rows, where) {
  const us = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
  const x = (v) => `${v.toFixed(2)}×`;
  return rows.map((r) => `| ${where} | ${r.text} | ${r.what} | ${r.variant} | ${us(r.us.median)} µs (${us(r.us.min)}-${us(r.us.max)}) | ${
    r.ratio ? `${x(r.ratio.median)} (${x(r.ratio.min)}-${x(r.ratio.max)})` : '-'} |`).join('\n');
}

export const SPEED_HEADER = '| where | text | what | build | µs per call, median (range) | / parseTweet, median (range) |\n|---|---|---|---|---|---|';
