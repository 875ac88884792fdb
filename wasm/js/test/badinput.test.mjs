// Nothing a page passes in throws or kills the module: every bad value gets an error
// result in the function's own shape, and the module answers normally afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPostrules } from '../test-helpers.mjs';

const pr = await loadPostrules();

const cyclic = {};
cyclic.self = cyclic;
const huge = 'x'.repeat(10 * 1024 * 1024); // 10 MiB of ASCII
const hugeEmoji = '🙂'.repeat(3 * 1024 * 1024); // 12 MiB of UTF-8, 6 Mi UTF-16 units
const tooHuge = 'y'.repeat(70 * 1024 * 1024); // past the module's 64 MiB per call

// [label, value]: every kind of value a page could pass where a string or object belongs.
const BAD = [
  ['undefined', undefined], ['null', null], ['0', 0], ['42', 42], ['NaN', NaN],
  ['-Infinity', -Infinity], ['true', true], ['{}', {}], ['[]', []], ['[1,2]', [1, 2]],
  ['function', () => 1], ['symbol', Symbol('s')], ['bigint', 10n], ['Date', new Date(0)],
  ['cyclic object', cyclic], ['String object', new String('2030-01-01T00:00Z')],
  ['empty string', ''], ['invalid JSON', '{"content": '], ['lone high surrogate', 'ab\ud800cd'],
  ['lone low surrogate', '\udc00'], ['reversed pair', '\ude00\ud83d'], ['NUL', 'a\u0000b'],
  ['10 MiB string', huge], ['12 MiB emoji string', hugeEmoji], ['70 MiB string', tooHuge],
];

function assertFault(r, label) {
  assert.equal(typeof r, 'object', label);
  assert.notEqual(r, null, label);
  assert.equal(typeof r.code, 'string', `${label}: ${JSON.stringify(r).slice(0, 200)}`);
  assert.equal(typeof r.message, 'string', label);
  assert.ok(r.message.length > 0 && r.message.length < 2000, `${label}: message length ${r.message.length}`);
}

test('measure never throws', () => {
  for (const [label, v] of BAD) {
    const r = pr.measure(v);
    if (typeof v === 'string' && !/surrogate|reversed/.test(label)) {
      assert.equal(typeof r.length, 'number', label); // a string is measured, whatever it holds
      continue;
    }
    assertFault(r, label);
    assert.equal(r.fits, false, label);
  }
  for (const [label, v] of BAD) {
    if (v === undefined || v === null) continue; // no options is fine
    const r = pr.measure('abc', v);
    if (typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof String) && Object.keys(v).length === 0) {
      assert.equal(r.length, 3, label); // a plain object that names no option
    } else {
      assertFault(r, `options ${label}`);
    }
  }
  for (const [label, v] of BAD) {
    for (const name of ['platform', 'counter', 'cap']) {
      if (v === undefined || v === null) continue; // the default
      const r = pr.measure('abc', { [name]: v });
      if (name === 'cap' && typeof v === 'number' && v >= 1) continue; // a real cap
      if (name !== 'cap' && v === '') continue; // "" is the default, as in the CLI
      assertFault(r, `${name}: ${label}`);
    }
  }
});

test('measure: lone surrogates are reported at their UTF-16 offset', () => {
  const r = pr.measure('ab\ud800cd');
  assert.equal(r.code, 'invalid_string');
  assert.equal(r.offset, 2);
  assert.equal(pr.measure('😀\udc00').offset, 2);
  assert.equal(pr.measure('\ude00\ud83d').offset, 0);
});

test('measure and parseScheduledFor refuse unknown options instead of ignoring them', () => {
  // A typo must not silently measure for twitter or skip the clock check.
  const r = pr.measure('x', { platfrom: 'bluesky' });
  assert.equal(r.code, 'unknown_field');
  assert.equal(r.fits, false);
  assert.equal(r.path, 'platfrom');
  assert.equal(pr.measure('x', { platform: 'bluesky' }).cap, 300);
  const p = pr.parseScheduledFor('2030-01-01T00:00Z', { nwo: '2031-01-01T00:00Z' });
  assert.equal(p.valid, false);
  assert.equal(p.code, 'unknown_field');
  assert.equal(pr.parseScheduledFor('2030-01-01T00:00Z', { now: '2031-01-01T00:00Z' }).code, 'scheduled_in_past');
});

test('measure: huge texts are measured or refused, never fatal', () => {
  const a = pr.measure(huge);
  assert.equal(a.fits, false);
  assert.equal(a.overflowAt, 280);
  const b = pr.measure(hugeEmoji);
  assert.equal(b.overflowAt, 560); // 280 emoji of 2 UTF-16 units
  // Past the module's 64 MiB per call, and measured all the same: only a prefix is read.
  const c = pr.measure(tooHuge);
  assert.deepEqual([c.length, c.exact, c.fits, c.overflowAt], [560, false, false, 280]);
  assert.equal(pr.measure('still alive').length, 11);
});

test('parseScheduledFor never throws', () => {
  for (const [label, v] of BAD) {
    const r = pr.parseScheduledFor(v);
    assert.equal(r.valid, false, label);
    assert.equal(typeof r.code, 'string', label);
    assert.equal(r.input, v, label);
  }
  for (const [label, v] of BAD) {
    const r = pr.parseScheduledFor('2030-01-01T00:00Z', { now: v });
    if (v === undefined || v === null || v instanceof Date || v === 0 || v === 42) {
      assert.equal(r.valid, true, label); // no clock, or a real one in the past
    } else {
      assert.equal(r.valid, false, label);
    }
  }
  for (const [label, v] of BAD) {
    if (v === undefined || v === null || (typeof v === 'object' && v !== null)) continue;
    assert.equal(pr.parseScheduledFor('2030-01-01T00:00Z', v).code, 'wrong_type', label);
  }
  assert.equal(pr.parseScheduledFor('2030-01-01T00:00Z').valid, true);
});

test('aggregate never rejects', async () => {
  for (const [label, v] of BAD) {
    assertFault(await pr.aggregate(v), label);
  }
  for (const [label, v] of BAD) {
    assertFault(await pr.aggregate([{ platform: 'twitter', state: v }]), `state ${label}`);
    assertFault(await pr.aggregate([v]), `element ${label}`);
  }
  // 20,000 outcomes (about 860 KB of JSON, under the 1 MiB document limit) in one call.
  const many = Array.from({ length: 20000 }, (_, i) => ({ platform: 'twitter', state: i % 2 ? 'published' : 'failed' }));
  assert.deepEqual(await pr.aggregate(many), { success: true, status: 'partial' });
  const huge = Array.from({ length: 200000 }, () => ({ platform: 'twitter', state: 'published' }));
  assert.equal((await pr.aggregate(huge)).code, 'body_too_large'); // refused from its length, before it is copied
  assert.deepEqual(await pr.aggregate([{ platform: 'twitter', state: 'published' }]), { success: true, status: 'published' });
});

function assertVerdict(v, label) {
  assert.equal(typeof v, 'object', label);
  assert.equal(v.valid, false, `${label}: ${JSON.stringify(v).slice(0, 300)}`);
  assert.equal(typeof v.httpStatus, 'number', label);
  assert.equal(typeof v.error.code, 'string', label);
  assert.ok(Array.isArray(v.problems) && v.problems.length > 0, label);
  assert.ok(Array.isArray(v.targets), label);
  assert.equal(v.billable, false, label);
}

test('checkPost never throws and answers bad bodies with 400 verdicts', async () => {
  for (const [label, v] of BAD) {
    const verdict = await pr.checkPost(v, { now: '2026-01-01T00:00:00Z' });
    assertVerdict(verdict, label);
    assert.equal(verdict.httpStatus, 400, label);
  }
  const lone = await pr.checkPost('{"content":"a\ud800","platforms":[{"platform":"twitter"}],"publishNow":true}', { now: null });
  assert.equal(lone.error.code, 'invalid_string');
  // An object holding a lone surrogate: JSON.stringify escapes it, the decoder finds it.
  const obj = await pr.checkPost({ content: 'a\ud800', platforms: [{ platform: 'twitter' }], publishNow: true }, { now: null });
  assert.equal(obj.valid, false);
  assert.ok(obj.problems.some((p) => p.path === '/content'), JSON.stringify(obj.problems));
  for (const [label, v] of BAD) {
    if (v === undefined || v === null) continue;
    const verdict = await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter' }], publishNow: true }, v);
    if (typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof String) && Object.keys(v).length === 0) {
      assert.equal(verdict.valid, true, label); // {}: no options at all
      continue;
    }
    assertVerdict(verdict, `options ${label}`);
  }
  for (const [label, v] of BAD) {
    const verdict = await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter' }], publishNow: true }, { now: v, accounts: v });
    assert.equal(typeof verdict.valid, 'boolean', `now/accounts ${label}`);
  }
  const ok = await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter' }], publishNow: true }, { now: null });
  assert.equal(ok.valid, true);
});

test('checkDraftPublish never throws', async () => {
  const draft = { content: 'x', platforms: [{ platform: 'twitter' }] };
  for (const [label, v] of BAD) {
    assertVerdict(await pr.checkDraftPublish(v, { publishNow: true }, { now: null }), `draft ${label}`);
    const b = await pr.checkDraftPublish(draft, v, { now: null });
    assert.equal(typeof b.valid, 'boolean', `body ${label}`);
    if (v !== undefined) assertVerdict(b, `body ${label}`);
  }
  assert.equal((await pr.checkDraftPublish(draft, { publishNow: true }, { now: null })).valid, true);
});

test('a request over the body limit is refused from its length, whatever it holds', async () => {
  // 60 MB: one JS string the wrapper never scans or copies (a lone surrogate at its end
  // would otherwise be found first), as an object it is refused after JSON.stringify.
  const big = `{"content":"${'x'.repeat(60 << 20)}\ud800"}`;
  for (const v of [big, { content: 'y'.repeat(2 << 20) }]) {
    const verdict = await pr.checkPost(v, { now: null });
    assert.equal(verdict.httpStatus, 400);
    assert.equal(verdict.error.code, 'body_too_large');
    assert.match(verdict.error.message, /at least \d+ bytes.*limit is 1048576 bytes/);
  }
  const d = await pr.checkDraftPublish({ content: 'x', platforms: [{ platform: 'twitter' }] }, `{"publishNow":true,"x":"${'z'.repeat(1 << 20)}"}`, { now: null });
  assert.equal(d.error.code, 'body_too_large');
  // Just under the limit, the Go side measures the bytes as before.
  const under = await pr.checkPost(`{"content":"${'é'.repeat(600000)}","platforms":[{"platform":"twitter"}],"publishNow":true}`, { now: null });
  assert.equal(under.error.code, 'body_too_large'); // 1.2 MB of UTF-8 in 600 K units
  assert.match(under.error.message, /the body is \d+ bytes/);
});

test('a lone surrogate in an option or member name is invalid_string, not an unknown name', async () => {
  assert.equal(pr.measure('x', { platform: 'twitter\ud800' }).code, 'invalid_string');
  assert.equal(pr.measure('x', { counter: '\udfffgraphemes' }).code, 'invalid_string');
  assert.equal(pr.measure('x', { ['plat\ud800']: 'twitter' }).code, 'invalid_string');
  assert.equal((await pr.aggregate([{ platform: 'twitter', state: 'published', ['\ud800']: 'x' }])).code, 'invalid_string');
  assert.equal((await pr.aggregate('[{"platform":"twitter","state":"published","\\ud800":"x"}]')).code, 'invalid_string');
  assert.equal((await pr.checkPost({ content: 'x' }, { ['now\ud800']: null })).error.code, 'invalid_string');
});
