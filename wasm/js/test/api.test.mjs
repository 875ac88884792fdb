// Every exported function of postrules.mjs against the built modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPostrules, repoRoot, distDir } from '../test-helpers.mjs';

const pr = await loadPostrules();
const testdata = (f) => readFile(path.join(repoRoot, 'cmd', 'validate', 'testdata', f), 'utf8');
const NOW = '2026-01-01T00:00:00Z';

test('init resolves once and ready() tells', async () => {
  assert.equal(pr.ready(), true);
  assert.deepEqual(await pr.init(), ['counter']); // the same promise again
});

test('measure: a post within and over the twitter cap', () => {
  // Exactly the members of a `validate length --format json` line, in its order.
  const hello = pr.measure('hello');
  assert.deepEqual(hello, { length: 5, cap: 280, fits: true, counter: 'graphemes', overflowAt: -1, rule: 'twitter.text.max' });
  assert.deepEqual(Object.keys(hello), ['length', 'cap', 'fits', 'counter', 'overflowAt', 'rule']);
  const m = pr.measure('a'.repeat(281));
  assert.equal(m.length, 281);
  assert.equal(m.fits, false);
  assert.equal(m.overflowAt, 280);
  assert.deepEqual(pr.measure('a'.repeat(280)).fits, true);
  assert.deepEqual(pr.measure(''), { length: 0, cap: 280, fits: true, counter: 'graphemes', overflowAt: -1, rule: 'twitter.text.max' });
  assert.equal('exact' in m, false); // an exact length says nothing, as the CLI
});

test('measure: overflowAt is a UTF-16 offset after astral characters', () => {
  // 10 emoji (2 code units each, 4 UTF-8 bytes each) then 275 letters: 285 graphemes.
  const text = '😀'.repeat(10) + 'b'.repeat(275);
  const m = pr.measure(text);
  assert.equal(m.length, 285);
  assert.equal(m.overflowAt, 20 + 270); // UTF-16 units; the byte offset would be 40 + 270
  assert.equal(text.slice(m.overflowAt), 'bbbbb');
});

test('measure: a ZWJ family and a flag are one grapheme each; overflow lands on the cluster start', () => {
  const family = '👩‍👩‍👧'; // 5 code points, 8 UTF-16 units, 18 bytes
  assert.equal(family.length, 8);
  const m = pr.measure(family.repeat(281));
  assert.equal(m.length, 281);
  assert.equal(m.overflowAt, 280 * 8);
  assert.equal(pr.measure(family.repeat(281)).overflowAt % 8, 0);
  const flags = '🇫🇷'.repeat(3) + 'x';
  const f = pr.measure(flags, { cap: 2 });
  assert.equal(f.length, 4);
  assert.equal(f.overflowAt, 8);
  assert.equal(flags.slice(f.overflowAt), '🇫🇷x');
});

test('measure: CJK, combining marks and a textarea caret', () => {
  const text = '漢字かな' + 'e\u0301'.repeat(3); // 4 + 3 graphemes, 10 UTF-16 units
  const m = pr.measure(text, { cap: 5 });
  assert.equal(m.length, 7);
  assert.equal(m.overflowAt, 4 + 2); // after 漢字かな and one é (e + U+0301)
  assert.equal(text.slice(m.overflowAt), 'e\u0301e\u0301');
});

test('measure: options platform, counter and cap', () => {
  // Each platform's default unit (docs/rules.md): graphemes where the API or the platform
  // counts them, bytes where the platform counts bytes, UTF-16 where it does not say.
  const units = {
    twitter: 'graphemes', bluesky: 'graphemes', threads: 'bytes', youtube: 'bytes',
    instagram: 'utf16', tiktok: 'utf16', pinterest: 'utf16', linkedin: 'utf16',
    facebook: 'utf16', googlebusiness: 'utf16',
  };
  for (const [platform, unit] of Object.entries(units)) {
    const m = pr.measure('abc', { platform });
    assert.equal(m.length, 3, platform);
    assert.ok(m.cap > 0, platform);
    assert.equal(m.counter, unit, platform);
    assert.match(m.rule, new RegExp(`^${platform}\\.`), platform);
  }
  assert.equal(pr.measure('abc', { cap: 2 }).fits, false);
  assert.equal(pr.measure('abc', { cap: 2 }).overflowAt, 2);
  const x = pr.measure('漢'.repeat(141), { counter: 'x-weighted' });
  assert.equal(x.counter, 'x-weighted');
  assert.equal(x.length, 282); // CJK weighs 2 in twitter-text's v3 config
  assert.equal(x.fits, false);
  assert.equal(x.overflowAt, 140);
  assert.equal(pr.measure('abc', { counter: 'x-weighted' }).length, 3);
  assert.equal(pr.measure('abc', { platform: null, counter: undefined, cap: null }).cap, 280);
  // The counter name in the answer follows the counter used, call after call.
  assert.equal(pr.measure('a', { counter: 'graphemes' }).counter, 'graphemes');
  assert.equal(pr.measure('a', { counter: 'x-weighted' }).counter, 'x-weighted');
});

test('measure: a text far over the cap stops counting and says so with exact: false', () => {
  const m = pr.measure('a'.repeat(100000));
  assert.equal(m.fits, false);
  assert.equal(m.exact, false);
  assert.ok(m.length > 280);
  assert.equal(m.overflowAt, 280);
  assert.deepEqual(Object.keys(m), ['length', 'cap', 'fits', 'counter', 'overflowAt', 'exact', 'rule']);
  // Up to 32 times the cap in bytes the length is exact, and the key is absent.
  const within = pr.measure('漢'.repeat(2000), { cap: 200 }); // 6,000 bytes <= 32 * 200
  assert.equal(within.length, 2000);
  assert.equal('exact' in within, false);
});

test('measure: option faults carry the Go side code', () => {
  const p = pr.measure('x', { platform: 'Twitter' });
  assert.equal(p.code, 'unknown_platform');
  assert.equal(p.path, 'platform');
  assert.equal(p.fits, false);
  assert.equal(pr.measure('x', { counter: 'words' }).code, 'invalid_value');
  for (const cap of [0, -1, 1.5, NaN, Infinity, 2 ** 31]) {
    assert.equal(pr.measure('x', { cap }).code, 'invalid_value', String(cap));
  }
  assert.equal(pr.measure('x', { cap: 2 ** 31 - 1 }).fits, true);
  assert.equal(pr.measure('x', { platform: 'x'.repeat(500) }).code, 'unknown_platform');
});

test('parseScheduledFor: valid values are normalized', () => {
  assert.deepEqual(pr.parseScheduledFor('2030-01-02T03:04Z'), { input: '2030-01-02T03:04Z', valid: true, utc: '2030-01-02T03:04:00Z' });
  assert.equal(pr.parseScheduledFor('2030-01-02T03:04:05.500Z').utc, '2030-01-02T03:04:05.5Z');
  assert.equal(pr.parseScheduledFor('2000-02-29T00:00:00Z').valid, true);
  assert.equal(pr.parseScheduledFor('0000-02-29T00:00:00Z').valid, true);
});

test('parseScheduledFor: errors name the offset', () => {
  const ok = pr.parseScheduledFor('2030-01-02T03:04Z');
  assert.deepEqual(Object.keys(ok), ['input', 'valid', 'utc']);
  const r = pr.parseScheduledFor('2030-02-30T00:00Z');
  assert.equal(r.valid, false);
  assert.equal(r.code, 'invalid_scheduled_for');
  assert.equal(r.offset, 8);
  assert.match(r.message, /30/);
  assert.equal(pr.parseScheduledFor('2030-01-02T03:04:05+00:00').offset, 19);
  assert.equal(pr.parseScheduledFor('2030-01-02t03:04Z').offset, 10);
  assert.equal(pr.parseScheduledFor('2030-01-02T03:04Z\n').valid, false);
  const emoji = pr.parseScheduledFor('2030-01-02T03:04😀Z');
  assert.equal(emoji.offset, 16);
  assert.equal(pr.parseScheduledFor('').valid, false);
  // A lone surrogate is invalid_string at its UTF-16 offset, as `validate time --jsonl`
  // refuses a \ud800 escape (not invalid_scheduled_for on a U+FFFD put in its place).
  const lone = pr.parseScheduledFor('2030-01-15T09:30Z\ud800');
  assert.deepEqual([lone.valid, lone.code, lone.offset], [false, 'invalid_string', 17]);
  assert.equal(pr.parseScheduledFor('😀\udc00').offset, 2);
});

test('parseScheduledFor: with now, the value must lie after it', () => {
  const past = pr.parseScheduledFor('2020-01-01T00:00Z', { now: NOW });
  assert.equal(past.valid, false);
  assert.equal(past.code, 'scheduled_in_past');
  assert.equal(past.offset, 0); // the whole value, as `validate time`
  assert.deepEqual(Object.keys(past), ['input', 'valid', 'code', 'message', 'offset']);
  assert.equal(pr.parseScheduledFor(NOW, { now: NOW }).code, 'scheduled_in_past'); // strictly after
  assert.equal(pr.parseScheduledFor('2026-01-01T00:00:00.000000001Z', { now: NOW }).valid, true);
  assert.equal(pr.parseScheduledFor('2030-01-01T00:00Z', { now: new Date(NOW) }).valid, true);
  assert.equal(pr.parseScheduledFor('2030-01-01T00:00Z', { now: Date.parse(NOW) }).valid, true);
  assert.equal(pr.parseScheduledFor('2020-01-01T00:00Z', { now: new Date(NOW) }).code, 'scheduled_in_past');
  const badNow = pr.parseScheduledFor('2030-01-01T00:00Z', { now: 'yesterday' });
  assert.equal(badNow.code, 'invalid_scheduled_for');
  assert.match(badNow.message, /^option now: /);
  assert.equal(badNow.offset, 0);
  assert.equal(pr.parseScheduledFor('2030-01-01T00:00Z', { now: new Date(NaN) }).valid, false);
});

test('aggregate: the status of rule 4', async () => {
  const pub = { platform: 'twitter', state: 'published' };
  const fail = { platform: 'linkedin', state: 'failed', error: 'token expired', code: 'platform_error' };
  const pend = { platform: 'bluesky', state: 'pending' };
  assert.deepEqual((await pr.aggregate([pub])), { success: true, status: 'published' });
  assert.deepEqual((await pr.aggregate([fail])), { success: false, status: 'failed' });
  assert.deepEqual((await pr.aggregate([pub, fail])), { success: true, status: 'partial' });
  assert.deepEqual((await pr.aggregate([pub, pend])), { success: true, status: 'pending' });
  assert.deepEqual((await pr.aggregate(JSON.stringify([pub, fail]))), { success: true, status: 'partial' });
  const bad = (await pr.aggregate([pub, { platform: 'x', state: 'done' }]));
  assert.equal(bad.error, 'Bad Request');
  assert.match(bad.path, /^\/1\//);
  assert.equal((await pr.aggregate([])).code, 'invalid_request');
});

test('aggregate: the shape checks of `validate status`', async () => {
  assert.deepEqual(
    [(await pr.aggregate({})).code, (await pr.aggregate([1])).code, (await pr.aggregate([1])).path],
    ['invalid_body', 'wrong_type', '/0']);
  const unknown = (await pr.aggregate([{ platform: 'twitter', state: 'published', url: 'u' }]));
  assert.deepEqual([unknown.code, unknown.path], ['unknown_field', '/0/url']);
  const wrong = (await pr.aggregate([{ platform: 'twitter', state: true }]));
  assert.deepEqual([wrong.code, wrong.path], ['wrong_type', '/0/state']);
  const missing = (await pr.aggregate([{ platform: 'twitter' }]));
  assert.deepEqual([missing.code, missing.path], ['missing_field', '/0/state']);
  assert.equal((await pr.aggregate('[{')).code, 'malformed_json');
  assert.equal((await pr.aggregate([{ platform: 'twitter', state: 'published', error: undefined }])).status, 'published');
  const slash = (await pr.aggregate([{ platform: 'twitter', state: 'published', 'a/b~': 1 }]));
  assert.equal(slash.path, '/0/a~1b~0');
});

test('checkPost: the bundled examples', async () => {
  const accounts = JSON.parse(await testdata('accounts.json'));
  const ok = await pr.checkPost(JSON.parse(await testdata('valid-thread.json')), { now: NOW, accounts });
  assert.equal(ok.valid, true, JSON.stringify(ok));
  assert.equal(ok.httpStatus, 202); // schema.Verdict, as the CLI prints it
  assert.equal(ok.error, null);
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.billable, true);
  assert.equal(ok.status, 'publishing');
  // schema.Verdict's members, as the CLI prints them less "file": status on a valid verdict.
  assert.deepEqual(Object.keys(ok), ['valid', 'httpStatus', 'error', 'problems', 'warnings', 'targets', 'billable', 'status', 'resolutionSkipped', 'bookVersion']);
  assert.equal(ok.targets.length, 1);
  assert.deepEqual(ok.targets[0].posts.map((p) => p.path), [
    '/content',
    '/platforms/0/platformSpecificData/threadItems/0/content',
    '/platforms/0/platformSpecificData/threadItems/1/content',
  ]);
  // Each post is schema.MeasuredPost: its measurement, the rule, and every unit it is counted in.
  assert.deepEqual(Object.keys(ok.targets[0].posts[0]), ['path', 'counter', 'length', 'exact', 'cap', 'fits', 'overflowAt', 'rule', 'units']);

  const long = await pr.checkPost(await testdata('long-thread-item.json'), { now: NOW, accounts });
  assert.equal(long.valid, false);
  assert.equal(long.httpStatus, 400);
  assert.equal(long.billable, false);
  assert.equal(long.error.code, 'post_too_long');
  assert.equal(long.error.path, '/platforms/0/platformSpecificData/threadItems/2/content');
  // Exactly the CLI's keys: no status on a refused request.
  assert.deepEqual(Object.keys(long), ['valid', 'httpStatus', 'error', 'problems', 'warnings', 'targets', 'billable', 'resolutionSkipped', 'bookVersion']);
  // A post_too_long carries its rule, its target, its measurement and its fix as data.
  assert.deepEqual(Object.keys(long.problems[0]), ['path', 'code', 'message', 'rule', 'target', 'length', 'fix']);
  assert.equal(long.problems[0].fix.description, 'Split into a thread of 2 posts');
  assert.deepEqual([long.problems[0].target.platform, long.problems[0].length.cap], ['twitter', 280]);
  assert.deepEqual(long.problems.map((p) => [p.path, p.code]), [
    ['/platforms/0/platformSpecificData/threadItems/2/content', 'post_too_long'],
  ]);

  const amb = await pr.checkPost(await testdata('ambiguous-account.json'), { now: NOW, accounts });
  assert.equal(amb.httpStatus, 409);
  assert.equal(amb.error.code, 'ambiguous_account');
  assert.match(amb.error.message, /tw_brand/);

  const skipped = await pr.checkPost(await testdata('ambiguous-account.json'), { now: NOW });
  assert.equal(skipped.valid, true); // no accounts: resolution is skipped, as without --accounts
  assert.equal(skipped.targets[0].accountId, '');

  const sched = await pr.checkPost(await testdata('scheduled.json'), { now: NOW, accounts });
  assert.equal(sched.valid, true);
  assert.equal(sched.status, 'pending');
  assert.equal(sched.scheduledFor, '2030-01-15T09:30:00Z');
  assert.deepEqual(Object.keys(sched), ['valid', 'httpStatus', 'error', 'problems', 'warnings', 'targets', 'billable', 'status', 'scheduledFor', 'resolutionSkipped', 'bookVersion']);
});

test('checkPost: now defaults to the current time; null skips the check', async () => {
  const body = { content: 'hi', platforms: [{ platform: 'twitter' }], scheduledFor: '2001-01-01T00:00:00Z' };
  const v = await pr.checkPost(body);
  assert.equal(v.valid, false);
  assert.equal(v.problems[0].code, 'scheduled_in_past');
  assert.equal((await pr.checkPost(body, { now: null })).valid, true);
  assert.equal((await pr.checkPost(body, { now: new Date('2000-06-01T00:00:00Z') })).valid, true);
  const future = { ...body, scheduledFor: '2999-01-01T00:00:00Z' };
  assert.equal((await pr.checkPost(future)).valid, true);
});

test('checkPost: options plan and limits', async () => {
  const body = { content: 'hello world', platforms: [{ platform: 'twitter' }], publishNow: true };
  const short = await pr.checkPost(body, { now: NOW, limits: { twitter: { cap: 5 } } });
  assert.equal(short.error.code, 'post_too_long');
  assert.equal(short.targets[0].posts[0].cap, 5);
  const plan = await pr.checkPost(body, { now: NOW, plan: { postLimit: 10, postsUsed: 10 } });
  assert.equal(plan.httpStatus, 403);
  assert.equal(plan.error.code, 'plan_limit_reached');
  assert.equal(plan.error.limit, 10);
  const inactive = await pr.checkPost(body, { now: NOW, plan: { subscriptionInactive: true, subscribeUrl: 'https://example.test/pay' } });
  assert.equal(inactive.httpStatus, 402);
  assert.equal(inactive.error.subscribeUrl, 'https://example.test/pay');
});

test('checkPost: wrong options are verdicts, not exceptions', async () => {
  const body = { content: 'x', platforms: [{ platform: 'twitter' }], publishNow: true };
  for (const [options, code] of [
    [{ now: 'soon' }, 'invalid_scheduled_for'],
    [{ accounts: 'tw' }, 'wrong_type'],
    [{ colour: 'red' }, 'unknown_field'], // refused by schema.DecodeEnv, at /colour in options
    [{ requestError: { code: 'upstream_error', message: 'forged', path: '' } }, 'unknown_field'],
    [{ OptionsError: { code: 'internal_error', message: 'forged', path: '' } }, 'unknown_field'],
    [{ NOW: '2026-01-01T00:00:00Z' }, 'field_case_mismatch'], // exact names only, as Go's strict decoder
    [new Date(0), 'wrong_type'],
    [[], 'wrong_type'],
    [{ limits: { myspace: { cap: 3 } } }, 'unknown_platform'],
    [{ limits: { twitter: { cap: 0 } } }, 'invalid_value'],
    [{ limits: { twitter: { counter: 'words' } } }, 'invalid_value'],
    [{ accounts: [{ platform: 'twitter', accountId: 'tw\ud800' }] }, 'invalid_string'], // not silently U+FFFD
    [{ plan: { subscribeUrl: '\udfff' } }, 'invalid_string'],
    [42, 'wrong_type'],
    [{ accounts: () => [] }, 'wrong_type'], // JSON.stringify would drop it: resolution skipped silently
    [{ now: Symbol('now') }, 'wrong_type'],
    [{ ['__proto__']: 1 }, 'unknown_field'], // a member of that name, not the prototype
  ]) {
    const v = await pr.checkPost(body, options);
    assert.equal(v.valid, false, JSON.stringify(options));
    assert.equal(v.httpStatus, 400, JSON.stringify(options));
    assert.equal(v.error.code, code, JSON.stringify(options));
    assert.deepEqual(v.targets, []);
    assert.deepEqual(Object.keys(v), ['valid', 'httpStatus', 'error', 'problems', 'warnings', 'targets', 'billable', 'resolutionSkipped', 'bookVersion'], JSON.stringify(options));
  }
});

test('checkDraftPublish: scheduled, published now, and the draft states', async () => {
  const draft = await testdata('draft.json');
  const accounts = JSON.parse(await testdata('accounts.json'));
  const body = JSON.parse(await testdata('draft-publish.json'));
  const v = await pr.checkDraftPublish(draft, body, { now: NOW, accounts });
  assert.equal(v.valid, true, JSON.stringify(v));
  assert.equal(v.httpStatus, 200); // a published draft answers 200 (the seed's contract), a created post 202
  assert.equal(v.status, 'scheduled');
  assert.equal(v.scheduledFor, '2030-03-01T08:00:00Z');
  const now = await pr.checkDraftPublish(JSON.parse(draft), { publishNow: true }, { now: NOW, accounts });
  assert.equal(now.status, 'publishing');
  assert.equal(now.httpStatus, 200);
  const busy = await pr.checkDraftPublish(draft, body, { now: NOW, accounts, draftState: 'publishing' });
  assert.equal(busy.httpStatus, 409);
  assert.equal(busy.error.code, 'draft_already_publishing');
  const gone = await pr.checkDraftPublish(draft, body, { now: NOW, accounts, draftState: 'deleted' });
  assert.equal(gone.httpStatus, 404);
  // 404 alone: a deleted draft is not read, nor is the body.
  assert.deepEqual(gone.problems.map((p) => p.code), ['draft_not_found']);
  assert.deepEqual(gone.targets, []);
  const goneBroken = await pr.checkDraftPublish('{', '{', { now: NOW, draftState: 'deleted' });
  assert.deepEqual([goneBroken.httpStatus, goneBroken.error.code, goneBroken.problems.length], [404, 'draft_not_found', 1]);
  assert.equal((await pr.checkDraftPublish(draft, body, { now: NOW, draftState: 'lost' })).error.code, 'invalid_value');
  const noBody = await pr.checkDraftPublish(draft, undefined, { now: NOW });
  assert.equal(noBody.valid, false); // {} has neither publishNow nor scheduledFor
  assert.ok(noBody.problems.some((p) => p.code === 'publish_mode_conflict'), JSON.stringify(noBody));
});

test('init accepts a compiled module, bytes, a path and a file URL (fresh module instances)', async () => {
  // Each import with a query is a separate copy of the package with its own state.
  const bytes = await readFile(path.join(distDir, 'postrules-counter.wasm'));
  const variants = [
    { wasmModule: await WebAssembly.compile(bytes) },
    { wasmModule: bytes },
    { wasmURL: path.relative(process.cwd(), path.join(distDir, 'postrules-counter.wasm')) },
    { wasmURL: pathToFileURL(path.join(distDir, 'postrules-counter.wasm')) },
  ];
  for (const [i, options] of variants.entries()) {
    const copy = await import(`../postrules.mjs?copy=${i}`);
    assert.equal(copy.measure('x').code, 'not_initialized');
    await copy.init(options);
    assert.equal(copy.measure('abc').length, 3);
  }
  const broken = await import('../postrules.mjs?copy=broken');
  await assert.rejects(broken.init({ wasmURL: path.join(distDir, 'no-such.wasm') }));
  assert.equal(broken.measure('x').code, 'not_initialized'); // still answers, still a fault
  await broken.init(); // and can be initialized after a failed attempt
  assert.equal(broken.measure('x').length, 1);
});

test('a checker that cannot be loaded gives a verdict, not a rejection', async () => {
  const copy = await import('../postrules.mjs?copy=nochecker');
  await copy.init({ fullWasmURL: path.join(distDir, 'missing-full.wasm') });
  const v = await copy.checkPost({ content: 'x' });
  assert.equal(v.valid, false);
  assert.equal(v.error.code, 'not_initialized');
  assert.deepEqual(Object.keys(v), ['valid', 'httpStatus', 'error', 'problems', 'warnings', 'targets', 'billable', 'resolutionSkipped', 'bookVersion']);
  assert.equal(copy.measure('x').length, 1);
});

test('ok tells an answer from a fault, and is not one of the CLI members', async () => {
  const pr = await loadPostrules();
  const m = pr.measure('abc');
  const f = pr.measure('abc', { platform: 'myspace' });
  const a = await pr.aggregate([{ platform: 'twitter', state: 'published' }]);
  const g = await pr.aggregate('[');
  assert.deepEqual([m.ok, f.ok, a.ok, g.ok, pr.measure(1).ok], [true, false, true, false, false]);
  assert.equal('code' in m, false);
  assert.equal('code' in f, true);
  assert.deepEqual(Object.keys(m), ['length', 'cap', 'fits', 'counter', 'overflowAt', 'rule']);
  assert.equal(JSON.stringify(a), '{"success":true,"status":"published"}');
});
