// The composer's newer functions of the counter module: split, rules, measureAll (issues
// 13 and 14). Parity with Go and the CLI on whole corpora is in parity.test.mjs; hostile
// values in property.test.mjs. These cases pin the behaviour a page relies on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPostrules } from '../test-helpers.mjs';

const pr = await loadPostrules();
const ALL = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'linkedin', 'bluesky', 'facebook', 'threads', 'googlebusiness'];

test('split: a long text becomes posts that each fit, with the options applied', () => {
  const text = 'One sentence here, with a clause. '.repeat(30);
  const r = pr.split(text, { cap: 100, numbering: 'suffix' });
  assert.equal(r.ok, true);
  assert.equal(r.cap, 100);
  assert.equal(r.counter, 'graphemes');
  assert.ok(r.posts.length >= 10, `${r.posts.length} posts`);
  r.posts.forEach((p, i) => {
    assert.ok(p.length <= 100, `post ${i}: ${p.length}`);
    assert.ok(p.text.endsWith(` ${i + 1}/${r.posts.length}`), p.text); // the label is in the text
    // each post measures what split says, by measure's own counter
    assert.equal(pr.measure(p.text, { cap: 100 }).length, p.length);
  });
  // The words come back in order, none lost (labels and white space aside).
  const strip = (s) => s.replace(/\s+/g, '');
  assert.equal(strip(r.posts.map((p) => p.text.replace(/ \d+\/\d+$/, '')).join('')), strip(text));
  // A text that fits is one post, unlabelled.
  const one = pr.split('short', { numbering: 'prefix' });
  assert.deepEqual(one.posts, [{ text: 'short', length: 5 }]);
  // The platform's cap and counter by default: bluesky's 300 graphemes.
  assert.equal(pr.split(text, { platform: 'bluesky' }).cap, 300);
  assert.equal(pr.split(text, { counter: 'x-weighted' }).counter, 'x-weighted');
  // An answer is plain data: ok is not enumerable.
  assert.deepEqual(Object.keys(r), ['posts', 'cap', 'counter']);
});

test('split: bad input gets the codes of validate split, at the option or in UTF-16', () => {
  const cases = [
    [['x', { platform: 'X' }], 'unknown_platform', 'platform'],
    [['x', { counter: 'words' }], 'invalid_value', 'counter'],
    [['x', { cap: 0 }], 'invalid_value', 'cap'],
    [['x', { cap: 1.5 }], 'invalid_value', 'cap'],
    [['x', { numbering: 'roman' }], 'invalid_value', 'numbering'],
    [['x', { numbering: 3 }], 'wrong_type', 'numbering'],
    [['x', { colour: 'red' }], 'unknown_field', 'colour'],
    [[' \n '], 'no_content', ''],
    [['👩‍👩‍👧', { cap: 1, counter: 'x-weighted' }], 'post_too_long', ''],
    [[42], 'wrong_type', 'text'],
    [['😀\uD800'], 'invalid_string', 'text'],
  ];
  for (const [args, code, p] of cases) {
    const r = pr.split(...args);
    assert.equal(r.ok, false, JSON.stringify(args));
    assert.equal(r.code, code, `${JSON.stringify(args)}: ${r.message}`);
    assert.equal(r.path, p, JSON.stringify(args));
  }
  assert.equal(pr.split('😀\uD800').offset, 2); // UTF-16 offset of the lone surrogate
});

test('rules: the whole book, a fresh copy each call', () => {
  const book = pr.rules();
  assert.equal(book.ok, true);
  assert.ok(Array.isArray(book) && book.length >= 50);
  const ids = new Set(book.map((r) => r.id));
  assert.equal(ids.size, book.length, 'ids are unique');
  for (const r of book) {
    assert.ok(r.id.startsWith(`${r.platform}.`), r.id);
    assert.ok(ALL.includes(r.platform) && ['error', 'warning'].includes(r.severity), r.id);
    assert.match(r.read, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(r.source, /^https:\/\//);
  }
  assert.ok(ids.has('bluesky.text.max_bytes'));
  // Sources as data (docs/rules.md, "Severity follows evidence"): where a rule lists them,
  // source and read name the first, and an error has one that refuses.
  for (const r of book.filter((r) => r.sources)) {
    assert.equal(r.source, r.sources[0].url, r.id);
    assert.ok(r.sources.every((s) => ['refuses', 'recommends'].includes(s.says) && /^https:\/\//.test(s.url) && s.figure), r.id);
  }
  const caption = book.find((r) => r.id === 'tiktok.photo.text.max');
  assert.deepEqual([caption.limit, caption.severity, caption.sources[0].says], [4000, 'error', 'refuses']);
  assert.equal(book.find((r) => r.id === 'youtube.first_comment.max').severity, 'warning'); // the peer's figure alone
  book[0].id = 'changed';
  assert.notEqual(pr.rules()[0].id, 'changed');
});

test('measureAll: every selected platform, every text rule, offsets in UTF-16', () => {
  const text = '😀'.repeat(10) + 'x'.repeat(295); // 305 graphemes, 20 + 295 UTF-16 units
  const r = pr.measureAll(text, { platforms: ['bluesky', 'twitter', 'bluesky'] });
  assert.equal(r.ok, true);
  assert.deepEqual(r.platforms.map((p) => p.platform), ['bluesky', 'twitter'], 'each once, in the order given');
  const bluesky = r.platforms[0];
  const graphemes = bluesky.measurements.find((m) => m.rule === 'bluesky.text.max_graphemes');
  assert.deepEqual(graphemes, { rule: 'bluesky.text.max_graphemes', counter: 'graphemes', length: 305, cap: 300, fits: false, overflowAt: 20 + 290, warning: false });
  const bytes = bluesky.measurements.find((m) => m.rule === 'bluesky.text.max_bytes');
  assert.deepEqual([bytes.counter, bytes.length, bytes.fits], ['bytes', 40 + 295, true]);
  assert.equal(bluesky.fits, false);
  assert.equal(r.platforms[1].fits, false); // twitter: 305 > 280
  assert.equal(r.fits, false);
  // Agrees with measure for each platform's decisive rule.
  for (const p of r.platforms) {
    const m = pr.measure(text, { platform: p.platform });
    const first = p.measurements.find((x) => !x.fits && !x.warning);
    assert.deepEqual([first.length, first.cap, first.overflowAt], [m.length, m.cap, m.overflowAt], p.platform);
  }
  // All ten by default; a short text fits them all.
  const short = pr.measureAll('Hello 🌍');
  assert.deepEqual(short.platforms.map((p) => p.platform), ALL);
  assert.equal(short.fits, true);
  assert.deepEqual(pr.measureAll('x', { platforms: [] }).platforms, []);
});

test('measureAll: rules about what the text holds, and warnings that do not block', () => {
  const yt = pr.measureAll('a <b> c', { platforms: ['youtube'] }).platforms[0];
  const forbidden = yt.measurements.find((m) => m.counter === 'forbidden');
  assert.deepEqual([forbidden.length, forbidden.fits, forbidden.overflowAt], [2, false, 2]);
  assert.equal(yt.fits, false);
  const tags = '#a #b #c #d #e #f #g #h #i #j #k #l #m #n #o #p #q #r #s #t #u #v #w #x #y #z #aa #bb #cc #dd #ee';
  const all = pr.measureAll(tags);
  for (const p of all.platforms) {
    assert.equal(p.fits, p.measurements.every((m) => m.fits || m.warning), p.platform);
  }
  assert.ok(all.platforms.some((p) => p.measurements.some((m) => m.counter === 'hashtags' && !m.fits)), 'a hashtag rule is broken');
});

test('measureAll: faults at the option, never an exception', () => {
  const cases = [
    [['x', { platforms: ['twitter', 'X'] }], 'unknown_platform', 'platforms/1'],
    [['x', { platforms: ['twitter,bluesky'] }], 'unknown_platform', 'platforms/0'],
    [['x', { platforms: [''] }], 'unknown_platform', 'platforms/0'],
    [['x', { platforms: 'twitter' }], 'wrong_type', 'platforms'],
    [['x', { platforms: [1] }], 'wrong_type', 'platforms/0'],
    [['x', { platform: 'twitter' }], 'unknown_field', 'platform'],
    [[null], 'wrong_type', 'text'],
    [['\uDC00'], 'invalid_string', 'text'],
  ];
  for (const [args, code, p] of cases) {
    const r = pr.measureAll(...args);
    assert.equal(r.ok, false, JSON.stringify(args));
    assert.equal(r.fits, false);
    assert.deepEqual([r.code, r.path], [code, p], `${JSON.stringify(args)}: ${r.message}`);
  }
});

test('measureAll: the same selection on every keystroke, texts of any length', () => {
  // The module keeps the parsed selection between calls; each new text overwrites the
  // input area it was read from, so this is the composer's real sequence.
  const platforms = ['twitter', 'linkedin', 'bluesky'];
  let text = '';
  for (const c of 'abcdefghijklmnopqrstuvwxyz 🚀 the end of a longer post') {
    text += c;
    const r = pr.measureAll(text, { platforms });
    assert.equal(r.ok, true, `${text}: ${r.message}`);
    assert.deepEqual(r.platforms.map((p) => p.platform), platforms);
    assert.equal(r.platforms[2].measurements[0].length, [...new Intl.Segmenter().segment(text)].length);
  }
});

test('measureAll: a selection changed in place between calls is read again', () => {
  // The wrapper reuses its answer for a selection equal, element by element, to the last
  // one it accepted; the same array edited in place must be judged afresh.
  const platforms = ['twitter', 'bluesky', 'twitter'];
  const names = (r) => r.platforms.map((p) => p.platform);
  assert.deepEqual(names(pr.measureAll('x', { platforms })), ['twitter', 'bluesky']);
  assert.deepEqual(names(pr.measureAll('x', { platforms })), ['twitter', 'bluesky']);
  platforms[2] = 'threads';
  assert.deepEqual(names(pr.measureAll('x', { platforms })), ['twitter', 'bluesky', 'threads']);
  platforms[1] = 'twitter';
  assert.deepEqual(names(pr.measureAll('x', { platforms })), ['twitter', 'threads']);
  platforms[1] = 7;
  assert.deepEqual([pr.measureAll('x', { platforms }).code, pr.measureAll('x', { platforms }).path], ['wrong_type', 'platforms/1']);
  platforms[1] = 'X';
  for (let i = 0; i < 2; i++) assert.deepEqual([pr.measureAll('x', { platforms }).code, pr.measureAll('x', { platforms }).path], ['unknown_platform', 'platforms/1']);
  platforms.length = 1;
  assert.deepEqual(names(pr.measureAll('x', { platforms })), ['twitter']);
  platforms.push('bluesky', 'bluesky');
  assert.deepEqual(names(pr.measureAll('x', { platforms })), ['twitter', 'bluesky']);
  assert.deepEqual(names(pr.measureAll('x', { platforms: [] })), []);
  assert.deepEqual(names(pr.measureAll('x', { platforms: ['bluesky', 'twitter', 'bluesky'] })), ['bluesky', 'twitter']);
  // A refused name is named at its own index, repeats before it or not.
  for (const [list, path] of [[['twitter', 'twitter', 'X'], 'platforms/2'], [['X', 'twitter'], 'platforms/0'], [['bluesky', 'twitter', 'bluesky', 'twitter', 'Y'], 'platforms/4']]) {
    const f = pr.measureAll('x', { platforms: list });
    assert.deepEqual([f.code, f.path], ['unknown_platform', path], JSON.stringify(list));
  }
  // Each element is read once per call, whether or not the answer is reused.
  let reads = 0;
  const counted = new Proxy(['twitter', 'threads'], { get: (t, k) => { if (k === '0' || k === '1') reads++; return t[k]; } });
  for (let i = 1; i <= 3; i++) {
    assert.deepEqual(names(pr.measureAll('x', { platforms: counted })), ['twitter', 'threads']);
    assert.equal(reads, 2 * i);
  }
});
