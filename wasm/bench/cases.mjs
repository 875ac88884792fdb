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
  ascii280: post('The quick brown fox jumps over the lazy dog. ', 280),
  mixed280: post(SEED, 280),
  cjk280: post('新しい機能を公開しました。東京で会いましょう、皆さん！', 280),
};

// A 5 MB paste into a 280-character field, and the keystroke after it.
export const PASTE = 'Pasted text, far too long for any post. '.repeat(131072) + '!';

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

/**
 * The side-by-side table: per text, postrules' grapheme measure against Intl.Segmenter
 * (what a composer would use for graphemes: 0 KB) and its x-weighted measure against
 * twitter-text 3.1.0's parseTweet (what it would use for X's count). Rows {text, wasm,
 * alt, ratio} in µs per call.
 */
export function compare(pr, parseTweet, opts = {}) {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const seg = (text) => {
    let n = 0;
    for (const _ of segmenter.segment(text)) n++;
    return n;
  };
  const rows = [];
  for (const [name, text] of Object.entries(TEXTS)) {
    const g = pr.measure(text, { counter: 'graphemes' });
    const x = pr.measure(text, { counter: 'x-weighted' });
    const t = parseTweet(text);
    if (g.length !== 280 || seg(text) !== 280) throw new Error(`${name}: graphemes ${g.length} / ${seg(text)}`);
    if (x.length !== t.weightedLength) throw new Error(`${name}: x-weighted ${x.length}, parseTweet ${t.weightedLength}`);
    const wg = timeit(() => pr.measure(text, { counter: 'graphemes' }), opts);
    const ws = timeit(() => seg(text), opts);
    const wx = timeit(() => pr.measure(text, { counter: 'x-weighted' }), opts);
    const wt = timeit(() => parseTweet(text), opts);
    rows.push({ text: name, what: 'graphemes: measure vs Intl.Segmenter', wasm: wg, alt: ws, ratio: wg / ws });
    rows.push({ text: name, what: 'x-weighted: measure vs twitter-text parseTweet', wasm: wx, alt: wt, ratio: wx / wt });
  }
  const few = { samples: 9, batch: 20 };
  const pg = timeit(() => pr.measure(PASTE, { counter: 'graphemes' }), few);
  const px = timeit(() => pr.measure(PASTE, { counter: 'x-weighted' }), { samples: 5, batch: 2 });
  const pt = timeit(() => parseTweet(PASTE), { samples: 3, batch: 1 });
  rows.push({ text: '5 MB paste', what: 'graphemes: measure vs Intl.Segmenter', wasm: pg, alt: NaN, ratio: NaN });
  rows.push({ text: '5 MB paste', what: 'x-weighted: measure vs twitter-text parseTweet', wasm: px, alt: pt, ratio: px / pt });
  return rows;
}

export function formatCompare(rows, where) {
  const f = (v) => (Number.isNaN(v) ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} ms` : `${v.toFixed(2)} µs`);
  return rows.map((r) => `| ${where} | ${r.text} | ${r.what} | ${f(r.wasm)} | ${f(r.alt)} | ${Number.isNaN(r.ratio) ? '-' : `${r.ratio.toFixed(2)}×`} |`).join('\n');
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

export const PLATFORMS = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'linkedin', 'bluesky', 'facebook', 'threads', 'googlebusiness'];

/**
 * The composer's functions of issues 13 and 14: measureAll for ten platforms on each
 * 280-grapheme text, next to the obvious alternative in the same run (ten measure()
 * calls, one per platform, which see only each platform's primary rule), and split of a
 * long text next to measuring it. Rows {case, us, note}.
 */
export function runComposerBench(pr, opts = {}) {
  const rows = [];
  const all = { platforms: PLATFORMS };
  for (const [name, text] of Object.entries(TEXTS)) {
    const r = pr.measureAll(text, all);
    if (!r.ok || r.platforms.length !== 10) throw new Error(`${name}: measureAll says ${JSON.stringify(r).slice(0, 200)}`);
    const rules = r.platforms.reduce((n, p) => n + p.measurements.length, 0);
    rows.push({ case: `measureAll ${name}, 10 platforms`, us: timeit(() => pr.measureAll(text, all), opts), note: `${rules} rules measured` });
    rows.push({
      case: `10 x measure ${name}`,
      us: timeit(() => { for (const platform of PLATFORMS) pr.measure(text, { platform }); }, opts),
      note: 'alternative: primary rule only',
    });
  }
  const long = TEXTS.mixed280.repeat(8); // 2,240 graphemes: a thread of 9 or so
  const few = { samples: opts.samples || 21, batch: Math.max(1, (opts.batch || 2000) >> 4) };
  const s = pr.split(long);
  if (!s.ok) throw new Error(`split: ${JSON.stringify(s)}`);
  rows.push({ case: 'split mixed x8 (twitter, 280)', us: timeit(() => pr.split(long), few), note: `${s.posts.length} posts, ${long.length} UTF-16 units` });
  rows.push({ case: 'measure mixed x8 (same text)', us: timeit(() => pr.measure(long, { cap: 100000 }), few), note: 'the text counted whole once' });
  rows.push({ case: 'rules() (the whole book)', us: timeit(() => pr.rules(), few), note: `${pr.rules().length} rules` });
  return rows;
}
