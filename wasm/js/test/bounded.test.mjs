// Issue 22, item 1: every per-keystroke call is bounded, and the input size is estimated
// exactly. Expected values come from Node's own UTF-8 encoder (Buffer.byteLength) and
// from counting by hand, never from the code under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utf8Length } from '../core.mjs';
import { loadPostrules } from '../test-helpers.mjs';

const pr = await loadPostrules();
const MAX_INPUT = 64 * 1024 * 1024; // maxInput of wasm/internal/bridge/exports_wasm.go: the UTF-8 of one call's arguments

test('utf8Length is the exact UTF-8 length: emoji, CJK, lone surrogates, ASCII', () => {
  const cases = [
    '', 'a', 'é', '€', '🙂', '中文字', '\ud800', '\udc00', 'a\ud800b', '\ude42\ud83d', '🙂\ud83d',
    'x'.repeat(65535), 'x'.repeat(65536), 'x'.repeat(65537),
    // a pair across the 64 Ki chunk boundary, at both parities
    'x'.repeat(65535) + '🙂'.repeat(10), 'x'.repeat(65534) + '🙂'.repeat(10),
    '🙂'.repeat(100000), '中'.repeat(70000), 'é'.repeat(70000) + '\ud800',
    'x'.repeat(65535) + '\ud800' + 'y', // a lone high surrogate at the chunk's last unit
  ];
  for (const s of cases) {
    // Node's encoder writes U+FFFD (3 bytes) for a lone surrogate, as TextEncoder does.
    assert.equal(utf8Length(s), Buffer.byteLength(s, 'utf8'), `${s.length} units: ${JSON.stringify(s.slice(0, 12))}`);
  }
  assert.equal(utf8Length('🙂'.repeat(11 * 1024 * 1024)), 44 * 1024 * 1024); // 4 bytes a pair, not 6
  assert.equal(utf8Length('x'.repeat(MAX_INPUT)), MAX_INPUT);
  assert.equal(utf8Length('x'.repeat(MAX_INPUT + 1)), MAX_INPUT + 1);
});

test('a text sent whole is refused only past 64 MiB of UTF-8, counted exactly', () => {
  // One grapheme cluster (a base and its marks) fits twitter's cap however long it is, so
  // measure must read it whole: the module sees all of it.
  const accepted = 'e\u20dd' + '\u0301'.repeat(MAX_INPUT / 2 - 2); // 1 + 3 + 2k bytes = 64 MiB
  assert.equal(Buffer.byteLength(accepted), MAX_INPUT);
  const a = pr.measure(accepted);
  assert.deepEqual([a.code, a.length, a.fits], [undefined, 1, true], a.message);
  const refused = 'e' + '\u0301'.repeat(MAX_INPUT / 2); // 64 MiB + 1 byte
  assert.equal(Buffer.byteLength(refused), MAX_INPUT + 1);
  const r = pr.measure(refused);
  assert.equal(r.code, 'body_too_large', r.message);
  // 11 Mi emoji tag characters after a flag: one cluster, 44 MiB of UTF-8 in 22 Mi units
  // (the old estimate took them for 66 MiB and refused them).
  const tags = '\u{1F3F4}' + '\u{E0061}'.repeat(11 * 1024 * 1024 - 1);
  assert.equal(Buffer.byteLength(tags), 44 * 1024 * 1024);
  const t = pr.measure(tags);
  assert.deepEqual([t.code, t.length, t.fits], [undefined, 1, true], t.message);
});

// A value nested depth levels deep: {a: {a: ... {}}} or [[...[]]].
function nested(depth, array = false) {
  let v = array ? [] : {};
  for (let i = 1; i < depth; i++) v = array ? [v] : { a: v };
  return v;
}

test('too_deep for a deeply nested value, however deep: never malformed_json from a stack overflow', async () => {
  // Node's JSON.stringify overflows its stack at some ten thousand levels; these are far past it.
  for (const depth of [33, 100, 10000, 200000]) {
    for (const array of [false, true]) {
      const v = await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter', accountId: 'a' }], deep: nested(depth, array) });
      assert.equal(v.valid, false);
      assert.equal(v.error.code, 'too_deep', `${depth} ${array}: ${v.error.message}`);
      const o = await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter', accountId: 'a' }] }, { plan: nested(depth, array) });
      assert.equal(o.error.code, 'too_deep', `options ${depth} ${array}: ${o.error.message}`);
      assert.equal(o.problems[0].in, 'options');
      const g = await pr.aggregate([{ platform: 'twitter', state: 'published', x: nested(depth, array) }]);
      assert.equal(g.code, 'too_deep', `aggregate ${depth} ${array}: ${g.message}`);
    }
  }
  // 32 levels are within schema.MaxDepth: not too_deep (the unknown member is the fault).
  const ok = await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter', accountId: 'a' }], deep: nested(31) });
  assert.notEqual(ok.error.code, 'too_deep');
});

test('a value cut at 64 levels gets the verdict of its whole JSON text', async () => {
  // The same value as text goes to the Go decoder whole: the verdicts must be equal.
  const body = { content: 'x', platforms: [{ platform: 'twitter', accountId: 'a' }], deep: nested(500) };
  const text = JSON.stringify(body); // 500 levels are within Node's stack
  assert.deepEqual(await pr.checkPost(body, { now: null }), await pr.checkPost(text, { now: null }));
  const outcomes = [{ platform: 'twitter', state: 'published', x: nested(300, true) }];
  assert.deepEqual(await pr.aggregate(outcomes), await pr.aggregate(JSON.stringify(outcomes)));
});

test('measureAll sends only the start of a huge paste that decides every platform', () => {
  // A lone surrogate is an invalid_string fault wherever the module is sent it: past the
  // start measureAll needs, it is never seen. 5 MB of English is decided within its first
  // 64 Ki units (Facebook's 63,206 UTF-16 units are the longest cap); CJK needs 256 Ki
  // (three bytes a unit: Facebook's cap is past 64 KiB of UTF-8).
  const english = 'Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. ';
  const cjk = '今日は新製品の発表日です。#発表 https://example.jp/x ';
  const cases = [
    [english.repeat(60000), 1 << 16],
    [cjk.repeat(130000), 1 << 18],
  ];
  for (const [text, start] of cases) {
    const ok = pr.measureAll(text + '\ud800');
    assert.equal(ok.ok, true, ok.message);
    assert.equal(ok.fits, false);
    assert.ok(ok.platforms.every((p) => !p.fits && p.measurements.every((m) => m.exact === false)));
    assert.deepEqual(pr.measureAll(text.slice(0, start) + ' \ud800' + text.slice(start)), ok, 'the same answer, the start read alone');
    const bad = pr.measureAll(text.slice(0, start >> 2) + ' \ud800' + text.slice(start >> 2));
    assert.equal(bad.code, 'invalid_string', `a lone surrogate in the start (${start >> 2} units) is seen`);
  }
  // No white space: no start can be cut, the whole paste is sent and the surrogate seen.
  const nospace = '今日は新製品の発表日です。'.repeat(30000) + '\ud800';
  assert.equal(pr.measureAll(nospace).code, 'invalid_string');
});
