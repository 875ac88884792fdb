// Property: no JavaScript value makes a public function throw or its promise reject.
// fast-check (pinned in ../../package-lock.json) throws arbitrary values at every function
// and argument position: everything fc.anything makes (null-prototype objects, boxed
// values, BigInts, Dates, Maps, typed arrays, sparse arrays...) plus the hostile values a
// page can build by hand (proxies whose every trap throws, revoked proxies, throwing
// getters, toJSON methods that throw, exceptions whose message throws, class instances).
// Every answer must be an object of the function's shape: a fault has a string code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadPostrules } from '../test-helpers.mjs';

const pr = await loadPostrules();

const boom = () => { throw new Error('boom'); };
const nasty = { get message() { throw new Error('message'); } };
const trapAll = new Proxy({}, {
  get: boom, set: boom, has: boom, ownKeys: boom, getPrototypeOf: boom, getOwnPropertyDescriptor: boom,
  defineProperty: boom, deleteProperty: boom, apply: boom, construct: boom,
});
const revoked = (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })();
class Options { constructor() { this.platform = 'twitter'; } }
const names = ['platform', 'counter', 'cap', 'now', 'accounts', 'plan', 'limits', 'draftState', 'wasmURL',
  'preloadChecker', 'requestError', 'optionsError', 'content', 'platforms', 'state', '__proto__', 'toJSON', 'numbering'];

// Made afresh by index: fast-check would probe a constant (for a clone method), which a
// trap-everything proxy answers by throwing.
const makers = [
  () => trapAll, () => revoked, () => new Options(), () => new Date(0), () => new Date(NaN), () => [], () => [1, 2],
  () => Object.create(null), () => ({ get platform() { throw nasty; } }), () => ({ get now() { throw new Error('now'); } }),
  () => ({ accounts: { toJSON: boom } }), () => ({ plan: trapAll }), () => ({ limits: revoked }), () => ({ toJSON: boom }),
  () => ({ now: { valueOf: boom, toString: boom } }), () => ({ now: trapAll }), () => ({ cap: trapAll }),
  () => new Proxy({ platform: 'twitter' }, { getPrototypeOf: boom }), () => new Proxy([], {}),
  () => Symbol('s'), () => 10n, () => () => 1, () => new String('x'), () => new Number(1),
  () => Object.assign(Object.create(null), { platform: 'x' }),
  () => ({ requestError: { code: 'internal_error', message: 'forged', path: '' } }),
  () => ({ OptionsError: { code: 'upstream_error', message: 'forged', path: '' } }),
  () => [trapAll], () => [{ platform: 'twitter', get state() { throw nasty; } }],
  () => ({ platforms: trapAll }), () => ({ platforms: revoked }), () => ({ platforms: ['twitter', trapAll] }),
  () => ({ platforms: new Proxy(['twitter'], { get: boom }) }), () => ({ platforms: ['twitter,bluesky'] }),
  () => ({ platforms: Object.defineProperty(['bluesky'], 0, { get: boom }) }), () => ({ numbering: trapAll }),
];
class Recipe { constructor(i) { this.i = i; } }
const hostile = fc.nat(makers.length - 1).map((i) => new Recipe(i));
// The value a recipe stands for, inside the property (fast-check never sees it): a
// Recipe at the top, in an options-like dictionary or in an array is replaced.
function build(v) {
  if (v instanceof Recipe) return makers[v.i]();
  if (v instanceof Built) return v.value;
  return v;
}
class Built { constructor(value) { this.value = value; } }
const dict = (d) => new Built(Object.fromEntries(Object.entries(d).map(([k, x]) => [k, build(x)])));
const list = (a) => new Built(a.map(build));
const anything = fc.anything({
  withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
  withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true,
});
const leaf = fc.oneof(anything, hostile, fc.string({ unit: 'binary' }));
const optionsLike = fc.dictionary(fc.constantFrom(...names), fc.oneof(leaf, hostile)).map(dict);
const value = fc.oneof(leaf, optionsLike, fc.array(fc.oneof(leaf, optionsLike), { maxLength: 4 }).map(list));

const show = (r) => { try { return show(r); } catch { return String(Object.keys(r)); } };
const isFault = (r) => r !== null && typeof r === 'object' && typeof r.code === 'string' && typeof r.message === 'string';

function assertMeasure(r) {
  assert.ok(isFault(r) ? r.fits === false : typeof r.length === 'number' && typeof r.fits === 'boolean', show(r));
}
function assertParse(r) {
  assert.ok(r.valid === true ? typeof r.utc === 'string' : r.valid === false && typeof r.code === 'string', show(r));
}
function assertAggregate(r) {
  assert.ok(isFault(r) || (typeof r.success === 'boolean' && typeof r.status === 'string'), show(r));
}
function assertVerdict(v) {
  assert.equal(typeof v.valid, 'boolean');
  assert.ok(Array.isArray(v.problems) && Array.isArray(v.targets));
  if (!v.valid) {
    assert.equal(typeof v.error.code, 'string');
    // No value of the page's makes a server-side or billing verdict.
    assert.ok(v.httpStatus < 500 && v.httpStatus !== 401 && v.httpStatus !== 402 && v.httpStatus !== 429, show(v.error));
    assert.equal(v.billable, false);
  }
}

test('measure and parseScheduledFor answer every value without throwing', () => {
  fc.assert(fc.property(value, value, (ra, rb) => {
    const a = build(ra), b = build(rb);
    assertMeasure(pr.measure(a));
    assertMeasure(pr.measure('text', a));
    assertMeasure(pr.measure(a, b));
    assertParse(pr.parseScheduledFor(a));
    assertParse(pr.parseScheduledFor('2030-01-01T00:00Z', a));
    assert.equal(pr.ready(), true);
  }), { numRuns: 2000 });
});

test('aggregate answers every value without rejecting', async () => {
  await fc.assert(fc.asyncProperty(value, async (ra) => {
    const a = build(ra);
    assertAggregate(await pr.aggregate(a));
    assertAggregate(await pr.aggregate([a]));
    assertAggregate(await pr.aggregate([{ platform: 'twitter', state: 'published', error: a }]));
  }), { numRuns: 300 });
});

function assertSplit(r) {
  assert.ok(isFault(r) || (r.ok === true && Array.isArray(r.posts) && r.posts.length > 0 && typeof r.cap === 'number'), show(r));
}
function assertMeasureAll(r) {
  assert.ok(isFault(r) ? r.fits === false : typeof r.fits === 'boolean' && Array.isArray(r.platforms), show(r));
}

test('split, rules and measureAll answer every value without throwing', () => {
  fc.assert(fc.property(value, value, (ra, rb) => {
    const a = build(ra), b = build(rb);
    assertSplit(pr.split(a));
    assertSplit(pr.split('Some text. More text.', a));
    assertSplit(pr.split(a, b));
    assertMeasureAll(pr.measureAll(a));
    assertMeasureAll(pr.measureAll('text', a));
    assertMeasureAll(pr.measureAll('text', { platforms: a }));
    assertMeasureAll(pr.measureAll('text', { platforms: [a, 'twitter'] }));
    assertMeasureAll(pr.measureAll(a, b));
    const book = pr.rules(a, b);
    assert.ok(book.ok === true && book.length > 0, show(book));
  }), { numRuns: 1500 });
});

function assertReport(r) {
  assert.ok(isFault(r) || (r.ok === true && typeof r.file === 'string' && (r.media === null) !== (r.error === null) &&
    Array.isArray(r.platforms)), show(r));
}

test('probeMedia never rejects: a report (bytes, typed arrays, Blobs) or a fault', async () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
  await fc.assert(fc.asyncProperty(value, value, async (ra, rb) => {
    const a = build(ra), b = build(rb);
    assertReport(await pr.probeMedia(a));
    assertReport(await pr.probeMedia(png, a));
    assertReport(await pr.probeMedia(png, { platforms: a }));
    assertReport(await pr.probeMedia(png, { platforms: [a, 'twitter'] }));
    assertReport(await pr.probeMedia(a, b));
  }), { numRuns: 300 });
});

function assertPlans(r) {
  assert.ok(isFault(r) || (r.ok === true && typeof r.file === 'string' && (r.media === null) !== (r.error === null) &&
    Array.isArray(r.plans)), show(r));
}

test('planMedia never rejects: plans (bytes, typed arrays, Blobs) or a fault', async () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
  await fc.assert(fc.asyncProperty(value, value, async (ra, rb) => {
    const a = build(ra), b = build(rb);
    assertPlans(await pr.planMedia(a));
    assertPlans(await pr.planMedia(png, a));
    assertPlans(await pr.planMedia(png, { aspect: a }));
    assertPlans(await pr.planMedia(png, { platforms: [a, 'twitter'], aspect: 'pad' }));
    assertPlans(await pr.planMedia(a, b));
  }), { numRuns: 300 });
});

test('checkPost and checkDraftPublish never reject and never forge a 5xx, 401, 402 or 429', async () => {
  const body = { content: 'hello', platforms: [{ platform: 'twitter' }], publishNow: true };
  await fc.assert(fc.asyncProperty(value, value, value, async (ra, rb, rc) => {
    const a = build(ra), b = build(rb), c = build(rc);
    assertVerdict(await pr.checkPost(a));
    assertVerdict(await pr.checkPost(body, a));
    assertVerdict(await pr.checkPost(a, b));
    assertVerdict(await pr.checkDraftPublish(a, b, c));
    assertVerdict(await pr.checkDraftPublish(body, a, { draftState: b }));
  }), { numRuns: 300 });
});

test('init and loadChecker, once loaded, answer every value without throwing or rejecting', async () => {
  await fc.assert(fc.asyncProperty(value, async (ra) => {
    const a = build(ra);
    assert.deepEqual(await pr.init(a), ['counter']); // init resolves once; later calls share it
    assert.deepEqual(await pr.loadChecker(a), ['full']);
  }), { numRuns: 200 });
});

test('init on a fresh copy answers unreadable options with a fault, not an exception', async () => {
  const copy = await import('../postrules.mjs?property=fresh');
  for (const v of [trapAll, revoked, new Options(), new Date(0), [], { get wasmURL() { throw nasty; } }, { colour: 1 },
    { wasmURL: trapAll }, { wasmURL: 42 }, { fullWasmURL: revoked }, { wasmModule: trapAll }, { fullWasmModule: 'bytes' }]) {
    const r = await copy.init(v);
    assert.ok(isFault(r), show(r));
    assert.equal(copy.ready(), false);
  }
  assert.deepEqual(await copy.init(), ['counter']);
});
