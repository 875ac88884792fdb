// Parity: a corpus gives the same verdicts in WebAssembly as in Go.
//
// The Go side is computed at test time, in this test's temporary folder, two ways:
//   1. wasm/internal/paritygen calls rules and schema directly (raw Go answers: byte
//      offsets, whole verdicts), and this file converts them to what JavaScript sees;
//   2. the `validate` CLI itself (cmd/validate) runs on the same inputs with
//      --format json, whose lines the JS results must match field for field.
// A verdict in JS is the CLI's line less "file" and Go's schema.Verdict, the same JSON
// with the same member order (compared as JSON.stringify of both); aggregate is the line of
// `validate status --format json` and Go's DecodeOutcomes + Aggregate.
// Nothing expected is committed. The corpus: the CLI's bundled examples
// (cmd/validate/testdata), the conformance files in the repository's testdata folders
// (scheduledFor cases, Unicode's GraphemeBreakTest texts), a few mixed-script posts, and
// every options and outcomes defect the faces once answered differently.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPostrules, repoRoot, utf16At, findInRepo } from '../test-helpers.mjs';

const pr = await loadPostrules();
const NOW = '2026-01-01T00:00:00Z';
const PAST_NOW = '2000-01-01T00:00:00Z';
const testdataDir = path.join(repoRoot, 'cmd', 'validate', 'testdata');

let tmp;
before(() => { tmp = mkdtempSync(path.join(tmpdir(), 'postrules-parity-')); });
after(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

function readLines(file) {
  if (!existsSync(file)) {
    throw new Error(`${file} is missing`);
  }
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}

const go = (args, input) => execFileSync('go', args, {
  cwd: repoRoot, input, encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['pipe', 'pipe', 'pipe'],
});

/** Answers cases with paritygen (Go, no WASM), one answer per case. */
function goAnswers(cases) {
  const inFile = path.join(tmp, `cases-${cases[0].kind}.jsonl`);
  const outFile = path.join(tmp, `answers-${cases[0].kind}.jsonl`);
  writeFileSync(inFile, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
  go(['run', './wasm/internal/paritygen', '-in', inFile, '-out', outFile]);
  const answers = readLines(outFile);
  assert.equal(answers.length, cases.length);
  return answers;
}

let cliPath = null;
/** Runs the validate CLI (built once into the temp folder); returns [stdout, exit code]. */
function cli(args, input = '') {
  if (cliPath === null) {
    cliPath = path.join(tmp, 'validate');
    go(['build', '-o', cliPath, './cmd/validate']);
  }
  try {
    return [execFileSync(cliPath, args, { cwd: repoRoot, input, encoding: 'utf8', maxBuffer: 256 << 20 }), 0];
  } catch (err) {
    if (typeof err.status !== 'number') throw err;
    return [err.stdout, err.status];
  }
}
const jsonLines = (s) => s.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));

// ---------------------------------------------------------------------------- corpus

// The conformance data lives in the testdata/ of the Go package that owns it (with its
// provenance and license); found by name, so that the suite follows it when it moves.
const scheduledCases = readLines(findInRepo('scheduledfor-cases.jsonl'));
// UAX #29's own conformance test, as the grapheme engine's tests read it
// (rules/internal/grapheme/testdata/ucd): the 16.0 file, with the one case Unicode 17.0
// changed (U+2701 is no longer Extended_Pictographic, so GB11 does not join it).
const changedIn17 = new Map([['÷ 2701 × 200D × 2701 ÷', 2]]);
const graphemeCases = JSON.parse(readFileSync(findInRepo('GraphemeBreakTest-16.0.json'), 'utf8'))
  .GraphemeBreakTest.map((line) => {
    const fields = line.split(/\s+/).filter((f) => f !== '');
    const text = fields.filter((f) => f !== '÷' && f !== '×').map((h) => String.fromCodePoint(parseInt(h, 16))).join('');
    const clusters = changedIn17.get(line) ?? fields.filter((f) => f === '÷').length - 1;
    return { text, bounds: { length: clusters }, comment: line };
  });

function postTexts(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => postTexts(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => postTexts(v, out));
  return out;
}

const exampleFiles = readdirSync(testdataDir).filter((f) => f.endsWith('.json')).sort();
const example = (f) => readFileSync(path.join(testdataDir, f), 'utf8');
const isCreatePost = (f) => { const v = JSON.parse(example(f)); return v && !Array.isArray(v) && 'platforms' in v && ('publishNow' in v || 'scheduledFor' in v); };
const createPostFiles = exampleFiles.filter(isCreatePost);
const accountsFile = path.join(testdataDir, 'accounts.json');

// Mixed-script posts around the cap: CJK, emoji (astral, ZWJ, flags, skin tones), Indic,
// Arabic, combining marks and Latin, so that overflow offsets land after astral text.
const MIXED = [
  '春の新作🌸を発表しました！👩‍👩‍👧 Launch día — café ✨ नमस्ते क्षत्रिय 🇯🇵🇫🇷 مرحبا 👍🏽 e\u0301\u0302 ',
  '😀'.repeat(140) + '漢'.repeat(141) + 'x',
  'ab'.repeat(139) + '👩🏽‍💻👩🏽‍💻👩🏽‍💻',
  '🏳️‍🌈'.repeat(281),
];
// Each seed repeated past 300 code points, then cut at 280 and 279 code points (never
// inside a surrogate pair: a lone surrogate is refused by measure, see badinput).
const mixedPosts = [];
for (const seed of MIXED) {
  let t = seed;
  while ([...t].length < 300) t += seed;
  const cps = [...t];
  mixedPosts.push(t, cps.slice(0, 280).join(''), cps.slice(0, 279).join(''));
}

// ---------------------------------------------------------------------------- measure

function expectMeasure(c, a) {
  if (a.code !== undefined) return { code: a.code, offset: a.offset < 0 ? null : utf16At(c.text, a.offset) };
  return {
    length: a.length, cap: a.cap, fits: a.fits, counter: a.counter,
    overflowAt: a.overflowAt < 0 ? -1 : utf16At(c.text, a.overflowAt),
    ...(a.exact ? {} : { exact: false }), // as the CLI: the key only on a lower bound
    ...(a.rule ? { rule: a.rule } : {}),
  };
}
function gotMeasure(r) {
  if (r.code !== undefined) return { code: r.code, offset: r.offset };
  return r;
}

test('parity: measure on the GraphemeBreakTest texts, example posts and mixed posts', () => {
  const texts = [
    ...graphemeCases.map((g) => g.text),
    ...exampleFiles.flatMap((f) => postTexts(JSON.parse(example(f)))),
    ...mixedPosts,
  ];
  const cases = [];
  for (const text of texts) {
    cases.push({ kind: 'measure', text });
    cases.push({ kind: 'measure', text, cap: 1 });
    cases.push({ kind: 'measure', text, cap: 2, counter: 'graphemes', platform: 'bluesky' });
    cases.push({ kind: 'measure', text, counter: 'x-weighted' });
    cases.push({ kind: 'measure', text, counter: 'x-weighted', cap: 3 });
    cases.push({ kind: 'measure', text, cap: 1, platform: 'threads' });
  }
  // Lower bounds: texts past 32 times the cap in bytes (4,096 bytes for small caps).
  for (const seed of [...MIXED, 'a']) {
    const text = seed.repeat(Math.ceil(5000 / seed.length));
    cases.push({ kind: 'measure', text, cap: 3 }, { kind: 'measure', text, cap: 140, counter: 'graphemes' });
  }
  const answers = goAnswers(cases);
  let overflows = 0, inexact = 0;
  cases.forEach((c, i) => {
    const got = gotMeasure(pr.measure(c.text, { platform: c.platform, counter: c.counter, cap: c.cap }));
    const want = expectMeasure(c, answers[i]);
    assert.deepEqual(got, want, `case ${i}: ${JSON.stringify(c).slice(0, 200)}`);
    if (got.overflowAt) overflows++;
    if (got.exact === false) inexact++;
  });
  assert.ok(overflows > texts.length, `only ${overflows} cases overflowed`);
  assert.ok(inexact >= MIXED.length, `only ${inexact} lower bounds`);
  // And against Unicode's own answer: a GraphemeBreakTest line's cluster count.
  for (const g of graphemeCases) {
    assert.equal(pr.measure(g.text, { cap: 1000 }).length, g.bounds.length, g.comment);
  }
});

test('parity: measure in WASM equals `validate length --format json`, keys and values', () => {
  const texts = [...graphemeCases.slice(0, 200).map((g) => g.text), ...mixedPosts,
    ...MIXED.map((seed) => seed.repeat(Math.ceil(20000 / seed.length))), // lower bounds
    // Over 128 Ki units the wrapper measures a prefix first (core.mjs, measureText): the
    // answer must still be the whole text's, when the counter stops early (ASCII, emoji),
    // when it never does (one cluster of 150 K combining marks: read whole), and when a
    // surrogate pair straddles the 64 Ki cut.
    'x'.repeat(300000), '🙂'.repeat(100000), `a${'\u0301'.repeat(150000)}`,
    `${'y'.repeat(65535)}😀${'z'.repeat(100000)}`, `${'👩‍👩‍👧'.repeat(20000)}!`];
  let inexact = 0;
  for (const counter of ['graphemes', 'x-weighted']) {
    const [out] = cli(['length', '--format', 'json', '--counter', counter], texts.map((t) => JSON.stringify(t)).join('\n') + '\n');
    const lines = jsonLines(out);
    assert.equal(lines.length, texts.length);
    texts.forEach((t, i) => {
      const want = { ...lines[i], overflowAt: lines[i].overflowAt < 0 ? -1 : utf16At(t, lines[i].overflowAt) };
      const got = pr.measure(t, { counter });
      assert.deepEqual(got, want, `${counter} line ${i + 1}`);
      assert.deepEqual(Object.keys(got), Object.keys(lines[i]), `${counter} line ${i + 1}: members and their order`);
      if (got.exact === false) inexact++;
    });
  }
  assert.ok(inexact >= MIXED.length, `only ${inexact} lower bounds`);
});

test('parity: a lone surrogate is refused by measure and parseScheduledFor as by the CLI', () => {
  // The CLI reads the JSON escape; JavaScript holds the code unit itself. Both refuse it
  // (invalid_string) instead of measuring or parsing a U+FFFD in its place. The offsets
  // differ in kind: the CLI's is a byte in the JSON line, measure's a UTF-16 unit in the text.
  const texts = ['ab\ud800cd', '😀\udc00', '2030-01-15T09:30Z\ud800', '\ude00\ud83d'];
  const input = texts.map((t) => JSON.stringify(t)).join('\n') + '\n';
  const [lengths, lcode] = cli(['length', '--format', 'json'], input);
  const [times, tcode] = cli(['time', '--jsonl', '--format', 'json'], input);
  assert.deepEqual([lcode, tcode], [1, 1]);
  const l = jsonLines(lengths), tl = jsonLines(times);
  texts.forEach((t, i) => {
    const m = pr.measure(t);
    const p = pr.parseScheduledFor(t);
    assert.deepEqual([l[i].code, l[i].fits], ['invalid_string', false], `CLI length line ${i + 1}`);
    assert.deepEqual([m.code, m.fits], ['invalid_string', false], `measure ${JSON.stringify(t)}`);
    assert.deepEqual([tl[i].code, tl[i].valid], ['invalid_string', false], `CLI time line ${i + 1}`);
    assert.deepEqual([p.code, p.valid], ['invalid_string', false], `parseScheduledFor ${JSON.stringify(t)}`);
    assert.deepEqual(Object.keys(p), Object.keys(tl[i]));
    const at = [...t].findIndex((c) => c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff);
    const unit = [...t].slice(0, at).join('').length;
    assert.equal(m.offset, unit, `measure offset in ${JSON.stringify(t)}`);
    assert.equal(p.offset, unit, `parseScheduledFor offset in ${JSON.stringify(t)}`);
  });
});

// ---------------------------------------------------------------------------- time

test('parity: parseScheduledFor on the scheduledFor conformance cases', () => {
  const cases = [];
  for (const s of scheduledCases) {
    cases.push({ kind: 'time', input: s.input });
    cases.push({ kind: 'time', input: s.input, now: PAST_NOW });
    cases.push({ kind: 'time', input: s.input, now: NOW });
  }
  const answers = goAnswers(cases);
  cases.forEach((c, i) => {
    const a = answers[i];
    // An apierror.Error not tied to a byte (offset -1: scheduled_in_past) is reported at 0,
    // the whole value, as `validate time` does.
    const want = a.valid
      ? { input: c.input, valid: true, utc: a.utc }
      : { input: c.input, valid: false, code: a.code, message: a.message, offset: a.offset < 0 ? 0 : utf16At(c.input, a.offset) };
    const got = pr.parseScheduledFor(c.input, c.now ? { now: c.now } : undefined);
    assert.deepEqual(got, want, `case ${i}: ${JSON.stringify(c)}`);
  });
  // The corpus's own verdict (no clock) holds in WASM too.
  for (const s of scheduledCases) {
    assert.equal(pr.parseScheduledFor(s.input).valid, s.valid, `${JSON.stringify(s.input)}: ${s.why}`);
  }
});

test('parity: parseScheduledFor equals `validate time --jsonl --format json`, keys and values', () => {
  const inputs = scheduledCases.map((s) => s.input);
  let past = 0;
  for (const now of [PAST_NOW, NOW]) {
    const [out] = cli(['time', '--jsonl', '--format', 'json', '--now', now], inputs.map((s) => JSON.stringify(s)).join('\n') + '\n');
    const lines = jsonLines(out);
    assert.equal(lines.length, inputs.length);
    inputs.forEach((s, i) => {
      const want = lines[i].valid ? lines[i] : { ...lines[i], offset: utf16At(s, lines[i].offset) };
      const got = pr.parseScheduledFor(s, { now });
      assert.deepEqual(got, want, `line ${i + 1}: ${JSON.stringify(s)} now ${now}`);
      assert.deepEqual(Object.keys(got), Object.keys(lines[i]), `line ${i + 1}: members and their order`);
      if (got.code === 'scheduled_in_past') past++;
    });
  }
  assert.ok(past > 0, 'no scheduled_in_past case');
});

// ---------------------------------------------------------------------------- aggregate

/** The same JSON value with the same member order: what a page sees, written back. */
const sameJSON = (got, want, label) => assert.equal(JSON.stringify(got), JSON.stringify(want), label);

test('parity: aggregate on the CLI examples and every pair of states', async () => {
  const statusDir = path.join(testdataDir, 'status');
  const lists = readdirSync(statusDir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(readFileSync(path.join(statusDir, f), 'utf8')));
  const states = ['published', 'failed', 'pending', 'cancelled', ''];
  for (const a of states) for (const b of states) {
    lists.push([{ platform: 'twitter', state: a }, { platform: 'linkedin', state: b, error: 'e', code: 'platform_error' }]);
  }
  lists.push([], [{ platform: 'myspace', state: 'published' }]);
  const answers = goAnswers(lists.map((outcomes) => ({ kind: 'outcomes', outcomesJSON: JSON.stringify(outcomes) })));
  for (const [i, outcomes] of lists.entries()) {
    const got = await pr.aggregate(outcomes);
    sameJSON(got, answers[i], JSON.stringify(outcomes));
    assert.equal(got.ok, answers[i].code === undefined);
  }
  // And the CLI, on its own examples.
  for (const f of readdirSync(statusDir).filter((n) => n.endsWith('.json')).sort()) {
    const file = path.join(statusDir, f);
    const [out] = cli(['status', '--format', 'json', file]);
    const line = JSON.parse(out);
    const got = await pr.aggregate(readFileSync(file, 'utf8'));
    sameJSON(got, line, f);
  }
});

// aggregate once parsed its input with JSON.parse, so a state given twice was
// "published" (the last wins) in WASM and 400 duplicate_field in the CLI, and malformed
// JSON got the JS engine's message without an offset. Now the text goes to
// schema.DecodeOutcomes, as `validate status` reads it.
const OUTCOME_DEFECTS = [
  ['a state given twice', '[{"platform":"twitter","state":"failed","state":"published"}]', 'duplicate_field'],
  ['a platform given twice', '[{"platform":"twitter","state":"published","platform":"bluesky"}]', 'duplicate_field'],
  ['malformed: the byte is named', '[{"platform":"twitter","state":"published"}', 'malformed_json'],
  ['data after the array', '[] []', 'malformed_json'],
  ['a lone surrogate escape in a member name', '[{"platform":"twitter","state":"published","\\udc00":"x"}]', 'invalid_string'],
  ['a lone surrogate escape in a value', '[{"platform":"twitter","state":"published","error":"\\ud800"}]', 'invalid_string'],
  ['a member name in capitals', '[{"Platform":"twitter","state":"published"}]', 'field_case_mismatch'],
  ['not an array', '{"platform":"twitter","state":"published"}', null],
];

test('parity: aggregate defects answer as Go\'s strict decoder, and as `validate status`', async () => {
  const texts = OUTCOME_DEFECTS.map(([, text]) => text);
  // And the same defects as a page's arrays: JSON.stringify writes a lone surrogate as an
  // escape, which the decoder reports at its pointer.
  const arrays = [[{ platform: 'twitter', state: 'published', '\udc00': 'x' }], [{ platform: 'twitter', state: 'published', error: '\ud800' }]];
  const inputs = [...texts, ...arrays];
  const answers = goAnswers(inputs.map((v) => ({ kind: 'outcomes', outcomesJSON: typeof v === 'string' ? v : JSON.stringify(v) })));
  for (const [i, v] of inputs.entries()) {
    const got = await pr.aggregate(v);
    const label = i < texts.length ? OUTCOME_DEFECTS[i][0] : JSON.stringify(v);
    sameJSON(got, answers[i], label);
    assert.equal(got.ok, false, label);
    if (i < texts.length && OUTCOME_DEFECTS[i][2] !== null) assert.equal(got.code, OUTCOME_DEFECTS[i][2], label);
    if (i >= texts.length) assert.equal(got.code, 'invalid_string', label);
  }
  assert.match((await pr.aggregate(texts[2])).message, /at byte 43/);
  // `validate status --format json` reads with the same decoder: exit 1, and its line is
  // the WASM answer less `ok`, member for member.
  for (const [i, text] of texts.entries()) {
    const [out, code] = cli(['status', '--format', 'json'], text);
    assert.equal(code, 1, OUTCOME_DEFECTS[i][0]);
    const { ok, ...body } = await pr.aggregate(text);
    assert.equal(ok, false, OUTCOME_DEFECTS[i][0]);
    assert.equal(out, JSON.stringify(body) + '\n', `${OUTCOME_DEFECTS[i][0]}: the CLI's line`);
  }
});

// ---------------------------------------------------------------------------- verdicts

/**
 * A JS verdict is the CLI's line less "file" (and less the "line" and "column" the CLI
 * gives each problem and warning in the file it read) and Go's schema.Verdict: the same
 * members, in the same order, with the same values.
 */
function assertVerdictParity(got, cliLine, goVerdict, label) {
  const { file, ...want } = cliLine;
  assert.equal(typeof file, 'string', label);
  const unplaced = (ps) => ps.map((p) => {
    const { line, column, ...rest } = p;
    if (line !== undefined) assert.ok(Number.isInteger(line) && line >= 1 && Number.isInteger(column) && column >= 1, label);
    return rest;
  });
  want.problems = unplaced(want.problems);
  want.warnings = unplaced(want.warnings);
  sameJSON(got, want, `${label}: the CLI's line`);
  sameJSON(got, goVerdict, `${label}: Go's schema.Verdict`);
}

const ODD_BODIES = [
  '', '{', '42', '[]', 'null', '{"content":"x"}', '{"content":"\\ud800","platforms":[{"platform":"twitter"}],"publishNow":true}',
  '{"content":"x","platforms":[{"platform":"twitter","content":"' + '😀'.repeat(300) + '"}],"publishNow":true}',
  '{"Content":"x","platforms":[{"platform":"twitter"}],"publishNow":true}',
  '{"content":"x","content":"y","platforms":[{"platform":"twitter"}],"publishNow":true}',
  '{"content":"x","platforms":[{"platform":"twitter"},{"platform":"twitter"}],"publishNow":true,"scheduledFor":"2030-01-01T00:00Z"}',
  JSON.stringify({ content: MIXED[0], platforms: [{ platform: 'twitter', platformSpecificData: { threadItems: mixedPosts.map((content) => ({ content })) } }, { platform: 'bluesky' }], scheduledFor: '2031-02-03T04:05:06.789Z', timezone: 'Asia/Tokyo' }),
];

test('parity: checkPost on the bundled examples and odd bodies', async () => {
  const accounts = JSON.parse(readFileSync(accountsFile, 'utf8'));
  const bodies = [...createPostFiles.map(example), ...ODD_BODIES];
  const cases = [];
  for (const body of bodies) {
    cases.push({ kind: 'post', body, now: NOW });
    cases.push({ kind: 'post', body, now: NOW, accounts });
    cases.push({ kind: 'post', body, now: '2030-02-01T00:00:00Z', accounts: [] });
  }
  const answers = goAnswers(cases);
  for (const [i, c] of cases.entries()) {
    const got = await pr.checkPost(c.body, { now: c.now, accounts: c.accounts });
    sameJSON(got, answers[i], `case ${i}: ${c.body.slice(0, 120)} accounts=${JSON.stringify(c.accounts)}`);
  }
});

test('parity: checkPost equals `validate post --format json` on the examples and odd bodies', async () => {
  assert.ok(createPostFiles.length >= 4, `create-post examples: ${createPostFiles}`);
  const accounts = JSON.parse(readFileSync(accountsFile, 'utf8'));
  // The odd bodies go to the CLI as files in the temporary folder.
  const files = [...createPostFiles.map((f) => path.join(testdataDir, f)),
    ...ODD_BODIES.map((body, i) => { const f = path.join(tmp, `odd-${i}.json`); writeFileSync(f, body); return f; })];
  const bodies = files.map((f) => readFileSync(f, 'utf8'));
  let valid = 0, invalid = 0;
  for (const [now, withAccounts] of [[NOW, false], [NOW, true], [PAST_NOW, true]]) {
    const cases = bodies.map((body) => ({ kind: 'post', body, now, ...(withAccounts ? { accounts } : {}) }));
    const answers = goAnswers(cases);
    const args = ['post', '--format', 'json', '--now', now, ...(withAccounts ? ['--accounts', accountsFile] : []), ...files];
    const [out, code] = cli(args);
    const lines = jsonLines(out);
    assert.equal(lines.length, files.length);
    assert.ok(code === 0 || code === 1);
    for (const [i, f] of files.entries()) {
      assert.equal(lines[i].file, f);
      const got = await pr.checkPost(bodies[i], { now, accounts: withAccounts ? accounts : undefined });
      assertVerdictParity(got, lines[i], answers[i], `${path.basename(f)} now=${now} accounts=${withAccounts}`);
      if (got.valid) valid++; else invalid++;
    }
  }
  assert.ok(valid >= 4 && invalid >= 4, `valid ${valid}, invalid ${invalid}`);
});

test('parity: checkDraftPublish against Go and `validate draft --format json`', async () => {
  const accounts = JSON.parse(readFileSync(accountsFile, 'utf8'));
  const draft = example('draft.json');
  const bodies = [example('draft-publish.json'), '{"publishNow":true}', '{}', '{"scheduledFor":"2020-01-01T00:00:00Z"}', 'nope'];
  const cases = [];
  for (const body of bodies) {
    for (const draftState of ['', 'publishing', 'deleted']) {
      cases.push({ kind: 'draft', draft, body, now: NOW, accounts, draftState });
    }
    cases.push({ kind: 'draft', draft: '{"platforms":[]}', body, now: NOW });
  }
  const answers = goAnswers(cases);
  for (const [i, c] of cases.entries()) {
    const got = await pr.checkDraftPublish(c.draft, c.body, { now: c.now, accounts: c.accounts, ...(c.draftState ? { draftState: c.draftState } : {}) });
    sameJSON(got, answers[i], `case ${i}: ${JSON.stringify(c).slice(0, 200)}`);
  }
  // Against the CLI: each body with each draft state, on the bundled draft and on a draft
  // with problems of its own (in: "draft" on each of them).
  const badDraft = path.join(tmp, 'bad-draft.json');
  writeFileSync(badDraft, JSON.stringify({ content: 'x'.repeat(300), platforms: [{ platform: 'twitter' }, { platform: 'myspace' }] }));
  const bodyFiles = bodies.map((b, i) => { const f = path.join(tmp, `draft-body-${i}.json`); writeFileSync(f, b); return f; });
  let checked = 0;
  for (const draftFile of [path.join(testdataDir, 'draft.json'), badDraft]) {
    const draftText = readFileSync(draftFile, 'utf8');
    for (const draftState of ['saved', 'publishing', 'deleted']) {
      const goCases = bodies.map((body) => ({ kind: 'draft', draft: draftText, body, now: NOW, accounts, draftState }));
      const answers2 = goAnswers(goCases);
      for (const [i, bodyFile] of bodyFiles.entries()) {
        const [out] = cli(['draft', '--format', 'json', '--now', NOW, '--accounts', accountsFile,
          '--draft-state', draftState, '--draft', draftFile, bodyFile]);
        const got = await pr.checkDraftPublish(draftText, bodies[i], { now: NOW, accounts, draftState });
        assertVerdictParity(got, JSON.parse(out), answers2[i], `${path.basename(draftFile)} ${draftState} body ${i}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 2 * 3 * bodies.length);
});

// ---------------------------------------------------------------------------- options

// Options defects that WASM once answered 202 (or a misleading 404
// no_connected_account) while the CLI exited 2 and Go's schema answered 400. The page's
// options object goes to schema.DecodeEnv, the one strict options decoder: the verdict is
// Go's (DecodeEnv, then schema.Refuse), byte for byte, with the code and pointer listed
// here, "in": "options".
const OPTION_DEFECTS = [
  ['an empty accountId', { accounts: [{ platform: 'twitter', accountId: '' }] }, 'invalid_value', '/accounts/0/accountId'],
  ['the same account twice', { accounts: [{ platform: 'twitter', accountId: 'a' }, { platform: 'twitter', accountId: 'a' }] }, 'invalid_value', '/accounts/1'],
  ['a misspelt platform', { accounts: [{ platform: 'twiter', accountId: 'a' }] }, 'unknown_platform', '/accounts/0/platform'],
  ['a platform in capitals', { accounts: [{ platform: 'TWITTER', accountId: 'a' }] }, 'unknown_platform', '/accounts/0/platform'],
  ['a missing accountId', { accounts: [{ platform: 'twitter' }] }, 'missing_field', '/accounts/0/accountId'],
  ['Go field names as keys', { accounts: [{ Platform: 'twitter', AccountID: 'a' }] }, 'field_case_mismatch', '/accounts/0/Platform'],
  ['a lone surrogate in an accountId', { accounts: [{ platform: 'twitter', accountId: 'a\ud800' }] }, 'invalid_string', '/accounts/0/accountId'],
  ['a lone surrogate in an account member name', { accounts: [{ platform: 'twitter', accountId: 'a', '\udc00': 'x' }] }, 'invalid_string', '/accounts/0/\ufffd'],
  ['a lone surrogate in a limit\'s platform', { limits: { 'twitter\ud800': { cap: 5 } } }, 'invalid_string', '/limits/twitter\ufffd'],
  ['a forged requestError', { requestError: { code: 'internal_error', message: 'forged', path: '' } }, 'unknown_field', '/requestError'],
  ['a forged optionsError in capitals', { OPTIONSERROR: { code: 'rate_limited', message: 'forged', path: '' } }, 'unknown_field', '/OPTIONSERROR'],
  ['an option in other case', { Accounts: [] }, 'field_case_mismatch', '/Accounts'],
  ['an unknown counter', { limits: { twitter: { counter: 'words' } } }, 'invalid_value', '/limits/twitter/counter'],
  ['a cap of 0', { limits: { twitter: { cap: 0 } } }, 'invalid_value', '/limits/twitter/cap'],
  ['a limit of an unknown platform', { limits: { twiter: { cap: 5 } } }, 'unknown_platform', '/limits/twiter'],
  ['a clock outside the grammar', { now: 'tomorrow' }, 'invalid_scheduled_for', '/now'],
  ['a clock of the wrong type', { now: true }, 'wrong_type', '/now'],
  ['a draft state outside the three', { draftState: 'gone' }, 'invalid_value', '/draftState'],
];

test('parity: every options defect answers as Go, in checkPost and checkDraftPublish', async () => {
  const body = '{"content":"hello","platforms":[{"platform":"twitter"}],"publishNow":true}';
  const draft = '{"content":"hello","platforms":[{"platform":"twitter"}]}';
  const options = OPTION_DEFECTS.map(([, o]) => ({ now: NOW, ...o }));
  const cases = options.flatMap((o) => [
    { kind: 'post', body, options: JSON.stringify(o) },
    { kind: 'draft', draft, body: '{"publishNow":true}', options: JSON.stringify(o) },
  ]);
  const answers = goAnswers(cases);
  for (const [i, [why, , code, pointer]] of OPTION_DEFECTS.entries()) {
    const post = await pr.checkPost(body, options[i]);
    const pub = await pr.checkDraftPublish(draft, '{"publishNow":true}', options[i]);
    sameJSON(post, answers[2 * i], `checkPost: ${why}`);
    sameJSON(pub, answers[2 * i + 1], `checkDraftPublish: ${why}`);
    for (const v of [post, pub]) {
      assert.deepEqual([v.valid, v.httpStatus, v.billable], [false, 400, false], why);
      assert.deepEqual([v.problems[0].code, v.problems[0].path, v.problems[0].in], [code, pointer, 'options'], why);
    }
  }
  // A server's Env built in Go with the same accounts (CheckCreatePost's own check of
  // Env.Accounts) gets the same verdict as the page's options.
  const goEnv = goAnswers(OPTION_DEFECTS.slice(0, 4).map(([, o]) => ({ kind: 'post', body, now: NOW, accounts: o.accounts })));
  goEnv.forEach((v, i) => sameJSON(v, answers[2 * i], `Env built in Go: ${OPTION_DEFECTS[i][0]}`));
});

test('parity: the CLI refuses every accounts defect (exit 2) at the same pointer', () => {
  const body = path.join(tmp, 'options-body.json');
  writeFileSync(body, '{"content":"hello","platforms":[{"platform":"twitter"}],"publishNow":true}');
  cli(['--help']); // builds the CLI into cliPath
  const accountDefects = OPTION_DEFECTS.filter(([, o]) => 'accounts' in o);
  assert.equal(accountDefects.length, 8);
  for (const [i, [why, o, , pointer]] of accountDefects.entries()) {
    const file = path.join(tmp, `accounts-defect-${i}.json`);
    writeFileSync(file, JSON.stringify(o.accounts));
    let stderr = '', status = 0;
    try {
      execFileSync(cliPath, ['post', '--format', 'json', '--now', NOW, '--accounts', file, body], { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      stderr = String(err.stderr);
      status = err.status;
    }
    assert.equal(status, 2, `${why}: exit status`);
    // The accounts file is the array itself: its pointers lack the options' "/accounts".
    // (A lone surrogate name is located at its object until the CLI reads accounts with
    // schema.DecodeAccounts too.)
    if (!pointer.includes('\ufffd')) assert.ok(stderr.includes(`${pointer.slice('/accounts'.length)}: `), `${why}: ${stderr}`);
  }
});

// ---------------------------------------------------------------------------- split, rules, measureAll

// The split corpus (cmd/validate/testdata/split: English, Japanese, Hindi,
// Arabic, emoji-heavy, URL-heavy, one long word, no spaces; each with its counter, cap and
// numbering), plus other platforms and the inputs that cannot be split.
const splitCorpus = readLines(path.join(testdataDir, 'split', 'corpus.jsonl'));
const splitCases = [
  ...splitCorpus.map((e) => ({ kind: 'split', text: e.text, counter: e.counter, cap: e.cap, numbering: e.numbering })),
  ...mixedPosts.flatMap((text) => [
    { kind: 'split', text: text + text, platform: 'bluesky' },
    { kind: 'split', text: text + text, platform: 'threads', numbering: 'prefix' },
  ]),
  { kind: 'split', text: '', cap: 10 }, // no_content
  { kind: 'split', text: ' \n\t ', cap: 10 }, // no_content: white space only
  { kind: 'split', text: '👩‍👩‍👧 a', cap: 1, counter: 'x-weighted' }, // post_too_long: one cluster over the cap
];

test('parity: split on the split corpus, Go vs `validate split --format json` vs WASM, byte for byte', () => {
  assert.ok(splitCorpus.length >= 300, `${splitCorpus.length} corpus texts`);
  const answers = goAnswers(splitCases);
  // The CLI, once per distinct set of flags, its lines in input order.
  const groups = new Map();
  splitCases.forEach((c, i) => {
    const args = ['split', '--format', 'json'];
    if (c.platform) args.push('--platform', c.platform);
    if (c.counter) args.push('--counter', c.counter);
    if (c.cap) args.push('--cap', String(c.cap));
    if (c.numbering) args.push('--numbering', c.numbering);
    const key = args.join(' ');
    if (!groups.has(key)) groups.set(key, { args, idx: [] });
    groups.get(key).idx.push(i);
  });
  const cliLine = [];
  for (const { args, idx } of groups.values()) {
    const [out, code] = cli(args, idx.map((i) => JSON.stringify(splitCases[i].text)).join('\n') + '\n');
    const lines = out.split('\n').filter((l) => l !== '');
    assert.equal(lines.length, idx.length, args.join(' '));
    idx.forEach((i, k) => { cliLine[i] = lines[k]; });
    assert.equal(code, idx.some((i) => answers[i].code !== undefined) ? 1 : 0, args.join(' '));
  }
  let threads = 0, faults = 0;
  splitCases.forEach((c, i) => {
    const label = `case ${i}: ${JSON.stringify(c).slice(0, 160)}`;
    const got = pr.split(c.text, { platform: c.platform, counter: c.counter, cap: c.cap, numbering: c.numbering });
    const a = answers[i];
    if (a.code !== undefined) {
      faults++;
      assert.equal(got.ok, false, label);
      const line = JSON.parse(cliLine[i]);
      assert.deepEqual([got.code, line.code], [a.code, a.code], label);
      assert.equal(got.message, a.message, label);
      assert.equal(got.offset, a.offset < 0 ? null : utf16At(c.text, a.offset), label);
      return;
    }
    // Go and the CLI print the same bytes; the module's answer parses to the same value
    // (JSON.stringify of it is that value's canonical text in JavaScript).
    assert.equal(cliLine[i], a.json, label);
    assert.equal(got.ok, true, label);
    assert.equal(JSON.stringify(got), JSON.stringify(JSON.parse(a.json)), label);
    if (got.posts.length > 1) threads++;
  });
  assert.ok(threads >= 200 && faults === 3, `${threads} threads, ${faults} faults`);
});

test('parity: rules() equals `validate rules --format json` and media.Book() (the book and the media rules)', () => {
  const [out, code] = cli(['rules', '--format', 'json']);
  assert.equal(code, 0);
  const book = pr.rules();
  assert.equal(book.ok, true);
  assert.deepEqual([...book], jsonLines(out));
  const [go] = goAnswers([{ kind: 'rules' }]);
  assert.deepEqual([...book], go.book);
  assert.ok(book.length >= 50, `${book.length} rules`);
});

test('parity: measureAll equals rules.Limits.MeasureAll for every platform, offsets in UTF-16', () => {
  const all = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'linkedin', 'bluesky', 'facebook', 'threads', 'googlebusiness'];
  const texts = [
    ...mixedPosts,
    ...exampleFiles.flatMap((f) => postTexts(JSON.parse(example(f)))),
    ...splitCorpus.slice(0, 100).map((e) => e.text),
    'a <b> c > d https://a.example/x https://b.example/y https://c.example/z #a #b #c #d #e #f @x @y $AB $CD',
    '😀'.repeat(3000) + ' <',
  ];
  const cases = [];
  for (const text of texts) {
    cases.push({ kind: 'measureAll', text });
    cases.push({ kind: 'measureAll', text, platforms: ['bluesky', 'twitter', 'youtube'] });
  }
  const answers = goAnswers(cases);
  let broken = 0;
  cases.forEach((c, i) => {
    const label = `case ${i}: ${JSON.stringify(c).slice(0, 160)}`;
    const got = pr.measureAll(c.text, { platforms: c.platforms });
    assert.equal(got.ok, true, label);
    const want = answers[i].measurements.map((m) => ({
      rule: m.rule, counter: m.counter, length: m.length, cap: m.cap, fits: m.overflowAt < 0,
      overflowAt: m.overflowAt < 0 ? -1 : utf16At(c.text, m.overflowAt), warning: m.warning,
      ...(m.exact ? {} : { exact: false }),
    }));
    const flat = got.platforms.flatMap((p) => p.measurements);
    assert.deepEqual(flat, want, label);
    assert.deepEqual(got.platforms.map((p) => p.platform), c.platforms || all, label);
    for (const p of got.platforms) {
      assert.ok(p.measurements.every((m) => m.rule.startsWith(`${p.platform}.`)), label);
      assert.equal(p.fits, p.measurements.every((m) => m.fits || m.warning), label);
    }
    assert.equal(got.fits, got.platforms.every((p) => p.fits), label);
    broken += flat.filter((m) => !m.fits).length;
  });
  assert.ok(broken > 50, `${broken} broken rules in the corpus`);
});

// Pastes far over every cap, as rules' TestMeasureAllBounded makes them: the wrapper sends
// a prefix and Go (paritygen) measures the whole text; the answers must be equal.
const hugePieces = [
  'Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. ',
  '今日は新製品の発表日です。#発表 詳しくは https://example.jp/x を見てください。\n',
  '🚀🎉 #party @crew https://example.org/🎈 👩‍👩‍👧‍👦 > 🇫🇷🇯🇵 ',
];
const paste = (piece, bytes) => piece.repeat(Math.ceil(bytes / Buffer.byteLength(piece)));

test('parity: measureAll of 5 MB and 50 MB pastes equals rules.Limits.MeasureAll of the whole text', () => {
  const cases = [];
  for (const piece of hugePieces) {
    for (const size of [5e6, 50e6]) {
      const text = paste(piece, size);
      cases.push({ kind: 'measureAll', text });
      cases.push({ kind: 'measureAll', text, platforms: ['facebook', 'threads'] });
    }
  }
  // Each platform is decided by a prefix of its own: the wrapper sends 64 Ki units, then
  // four times more while a platform is undecided, then the whole text.
  // No white space: no prefix can be cut, the whole text is read.
  cases.push({ kind: 'measureAll', text: '今日は新製品の発表日です。'.repeat(130000) });
  // Links only; and a text of fewer than 2^18 UTF-16 units but more than 256 KiB of UTF-8
  // (sent whole, measured by prefixes in Go).
  cases.push({ kind: 'measureAll', text: 'https://example.com/a '.repeat(240000) });
  cases.push({ kind: 'measureAll', text: paste(hugePieces[1], 600e3) });
  // 140 clusters of 2,001 code points: Facebook is decided within 256 KiB, X's 280
  // graphemes fit, so X reads the whole text (after two starts that decide too little).
  cases.push({ kind: 'measureAll', text: ('e' + '\u0301'.repeat(2000) + ' ').repeat(140), platforms: ['facebook', 'twitter'] });
  // Undecided by the prefix: one cluster of 600,000 marks fits twitter; read whole.
  cases.push({ kind: 'measureAll', text: 'e' + '\u0301'.repeat(600000) + ' #tag', platforms: ['twitter'] });
  const answers = goAnswers(cases);
  cases.forEach((c, i) => {
    const label = `case ${i}: ${c.text.length} units, ${JSON.stringify(c.platforms)}`;
    const got = pr.measureAll(c.text, { platforms: c.platforms });
    assert.equal(got.ok, true, label);
    const head = c.text.slice(0, 1 << 20); // every offset of a bounded answer is in it
    const want = answers[i].measurements.map((m) => ({
      rule: m.rule, counter: m.counter, length: m.length, cap: m.cap, fits: m.overflowAt < 0,
      overflowAt: m.overflowAt < 0 ? -1 : utf16At(m.overflowAt < (1 << 20) ? head : c.text, m.overflowAt), warning: m.warning,
      ...(m.exact ? {} : { exact: false }),
    }));
    assert.deepEqual(got.platforms.flatMap((p) => p.measurements), want, label);
    if (i < cases.length - 1) assert.equal(got.fits, false, label);
  });
});

test('parity: split of 5 MB and 50 MB pastes: refused past 100 posts, as Go refuses the whole text', () => {
  const cases = [];
  for (const piece of hugePieces) {
    for (const size of [5e6, 50e6]) {
      const text = paste(piece, size);
      cases.push({ kind: 'split', text }); // twitter: 28,000 graphemes at most
      cases.push({ kind: 'split', text, platform: 'bluesky', numbering: 'suffix' });
    }
  }
  // Under the bound: 5 MB of ASCII is about 80 facebook posts, split whole.
  cases.push({ kind: 'split', text: paste(hugePieces[0], 5e6), platform: 'facebook' });
  cases.push({ kind: 'split', text: paste(hugePieces[0], 50e6), platform: 'facebook' });
  const answers = goAnswers(cases);
  let refused = 0;
  cases.forEach((c, i) => {
    const label = `case ${i}: ${c.text.length} units, ${c.platform}`;
    const got = pr.split(c.text, { platform: c.platform, numbering: c.numbering });
    const a = answers[i];
    if (a.code !== undefined) {
      refused++;
      assert.deepEqual([got.code, got.message], [a.code, a.message], label);
      assert.equal(got.offset, utf16At(c.text.slice(0, a.offset + 1), a.offset), label); // a.offset + 1 units hold more than a.offset bytes
      return;
    }
    assert.equal(got.ok, true, label);
    assert.equal(JSON.stringify(got), JSON.stringify(JSON.parse(a.json)), label);
  });
  assert.equal(refused, cases.length - 1);
});
