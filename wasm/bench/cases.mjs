// The keystroke benchmark, shared by Node (measure.mjs) and Chromium (bench.html): the
// median time of one measure() of a whole post, as a composer does on every keystroke,
// next to the platform's own Intl.Segmenter counting the same text in the same run.

// A 280-grapheme post mixing Latin, CJK, accents, emoji with ZWJ and skin tones, and a
// flag (no Indic conjuncts: there ICU and uniseg disagree, see divergence()).
const SEED = 'Launch day 🚀 新しい機能を公開しました！ café au lait ☕ 👩‍👩‍👧 家族 👍🏽 naïve résumé 🇯🇵 東京で会いましょう。 ';

function graphemes(text) {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

/** The first count graphemes of SEED repeated. */
function post(seed, count) {
  let t = '';
  while (graphemes(t) < count) t += seed;
  const seg = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(t)];
  return seg.slice(0, count).map((s) => s.segment).join('');
}

export const TEXTS = {
  mixed280: post(SEED, 280),
  ascii280: post('The quick brown fox jumps over the lazy dog. ', 280),
};

/** Median of per-call times (µs) over `samples` batches of `batch` calls each. */
function timeit(fn, { samples = 41, batch = 2000 } = {}) {
  for (let i = 0; i < batch; i++) fn(); // warm up: JIT, module memory
  const per = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    per.push(((performance.now() - t0) * 1000) / batch);
  }
  per.sort((a, b) => a - b);
  return per[per.length >> 1];
}

/** Runs every case; returns rows {case, us, note}. pr is the initialized package. */
export function runBench(pr, opts = {}) {
  const rows = [];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const seg = (text) => {
    let n = 0;
    for (const _ of segmenter.segment(text)) n++;
    return n;
  };
  for (const [name, text] of Object.entries(TEXTS)) {
    const m = pr.measure(text);
    if (m.length !== 280 || !m.fits) throw new Error(`${name}: measure says ${JSON.stringify(m)}`);
    if (seg(text) !== 280) throw new Error(`${name}: Intl.Segmenter counts ${seg(text)}`);
    rows.push({ case: `measure ${name} (graphemes)`, us: timeit(() => pr.measure(text), opts), note: `${text.length} UTF-16 units` });
    rows.push({ case: `Intl.Segmenter ${name}`, us: timeit(() => seg(text), opts), note: 'count only, no cap or offset' });
    rows.push({ case: `measure ${name} (x-weighted)`, us: timeit(() => pr.measure(text, { counter: 'x-weighted' }), opts), note: '' });
  }
  const over = TEXTS.mixed280 + ' and one more';
  rows.push({ case: 'measure mixed293 over the cap', us: timeit(() => pr.measure(over), opts), note: `overflowAt ${pr.measure(over).overflowAt}` });
  rows.push({ case: 'measure "" (crossing cost)', us: timeit(() => pr.measure(''), opts), note: 'wrapper + 2 exports, no text' });
  rows.push({ case: 'parseScheduledFor valid', us: timeit(() => pr.parseScheduledFor('2030-01-02T03:04:05.5Z'), opts), note: '' });
  rows.push({ case: 'parseScheduledFor invalid', us: timeit(() => pr.parseScheduledFor('2030-02-30T03:04Z'), opts), note: 'JSON fault decoded' });
  return rows;
}

/** The known divergence: ICU (Intl.Segmenter) joins Indic conjuncts that uniseg splits. */
export function divergence(pr) {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return ['क्षत्रिय', 'नमस्ते', 'ক্ষ', 'e\u0301', '👩‍👩‍👧'].map((text) => ({
    text,
    postrules: pr.measure(text).length,
    intl: [...segmenter.segment(text)].length,
  }));
}

export function format(rows) {
  const w = Math.max(...rows.map((r) => r.case.length));
  return rows.map((r) => `${r.case.padEnd(w)}  ${r.us.toFixed(3).padStart(9)} µs/op  ${r.note}`).join('\n');
}
