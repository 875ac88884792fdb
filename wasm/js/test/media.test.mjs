// probeMedia: the media probe in WebAssembly gives, for every file of the probe's own test
// data, the very line `validate media --format json` prints (compared as text: member
// order and numbers included); reads a Blob a slice at a time (a 1 GB MP4 whose moov is
// at its end costs its head and its tail); and answers every hostile value with a report
// or a fault, never an exception or a rejection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPostrules, repoRoot } from '../test-helpers.mjs';
import { hugeMP4, writeSparse, blobParts } from '../../browser-test/media-fixtures.mjs';

const pr = await loadPostrules();
const testdata = path.join(repoRoot, 'rules', 'media', 'testdata');
const MIN_FETCH = 64 << 10; // mediaprobe.MinFetch

let tmp;
let cliPath;
before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'postrules-media-'));
  cliPath = path.join(tmp, 'validate');
  execFileSync('go', ['build', '-o', cliPath, './cmd/validate'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
});
after(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

/** The CLI's JSON lines for files (paths relative to dir, as the CLI names them). */
function cliLines(dir, files, platforms) {
  const args = ['media', '--format', 'json', ...(platforms ? ['--platform', platforms.join(',')] : []), ...files];
  let out;
  try {
    out = execFileSync(cliPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (err) {
    if (err.status !== 1) throw err; // 1: a file does not fit, or is broken
    out = err.stdout;
  }
  const lines = out.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, files.length);
  return lines;
}

const fileOf = (dir, name) => new File([readFileSync(path.join(dir, name))], name);
const withName = (line, name) => JSON.stringify({ ...JSON.parse(line), file: name });

const mediaFiles = readdirSync(testdata).filter((f) => /\.(mp4|mov|webm|jpg|png|gif|webp|pdf|bmp|tiff)$/.test(f)).sort();

test('the test data covers every format the brief names', () => {
  for (const f of ['h264-aac-faststart.mp4', 'moov-at-end.mp4', 'vp9-opus.webm', 'image.jpg', 'image.png',
    'animated.gif', 'image.webp', 'document.pdf', 'xref-stream.pdf']) {
    assert.ok(mediaFiles.includes(f), f);
  }
});

test('every test file: the report is the CLI line, as a File, a Blob, an ArrayBuffer and a Uint8Array', async () => {
  const lines = cliLines(testdata, mediaFiles);
  for (const [i, name] of mediaFiles.entries()) {
    const bytes = readFileSync(path.join(testdata, name));
    const file = await pr.probeMedia(fileOf(testdata, name));
    assert.equal(file.ok, true, name);
    assert.equal(JSON.stringify(file), lines[i], name);
    const noName = withName(lines[i], '');
    assert.equal(JSON.stringify(await pr.probeMedia(new Blob([bytes]))), noName, `${name} as a Blob`);
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    assert.equal(JSON.stringify(await pr.probeMedia(ab)), noName, `${name} as an ArrayBuffer`);
    assert.equal(JSON.stringify(await pr.probeMedia(new Uint8Array(bytes))), noName, `${name} as a Uint8Array`);
  }
});

test('the platforms option is the CLI --platform: its order, a name twice judged twice', async () => {
  for (const platforms of [['twitter'], ['tiktok', 'instagram', 'youtube'], ['bluesky', 'bluesky']]) {
    const lines = cliLines(testdata, mediaFiles, platforms);
    for (const [i, name] of mediaFiles.entries()) {
      assert.equal(JSON.stringify(await pr.probeMedia(fileOf(testdata, name), { platforms })), lines[i], `${name} ${platforms}`);
    }
  }
  const none = await pr.probeMedia(fileOf(testdata, 'image.png'), { platforms: [] });
  assert.deepEqual(none.platforms, []);
  assert.equal(none.media.format, 'png');
});

test('broken files: empty, unrecognized, truncated and corrupt are reports with the CLI error', async () => {
  const mp4 = readFileSync(path.join(testdata, 'h264-aac-faststart.mp4'));
  const png = readFileSync(path.join(testdata, 'image.png'));
  const corruptPNG = Buffer.from(png);
  corruptPNG.writeUInt32BE(0, 16); // IHDR width 0
  const cases = {
    'empty.bin': Buffer.alloc(0),
    'three.bin': Buffer.from([0x9c, 0x17, 0xe2]),
    'truncated.mp4': mp4.subarray(0, mp4.length >> 1),
    'head.mp4': mp4.subarray(0, 20),
    'corrupt.png': corruptPNG,
    'truncated.pdf': readFileSync(path.join(testdata, 'xref-stream.pdf')).subarray(0, 300),
  };
  for (const [name, bytes] of Object.entries(cases)) writeFileSync(path.join(tmp, name), bytes);
  const names = Object.keys(cases);
  const lines = cliLines(tmp, names);
  const codes = [];
  for (const [i, name] of names.entries()) {
    const r = await pr.probeMedia(new File([cases[name]], name));
    assert.equal(JSON.stringify(r), lines[i], name);
    assert.equal(r.ok, true);
    codes.push(r.error.code);
  }
  assert.deepEqual(codes, ['media_empty', 'media_unrecognized', 'media_truncated', 'media_truncated', 'media_corrupt', 'media_truncated']);
});

// A Blob that counts what is sliced from it: the probe uses the Blob's own slice.
class CountingBlob extends Blob {
  constructor(parts, opts) {
    super(parts, opts);
    this.slices = [];
  }

  slice(start, end) {
    this.slices.push([start, end]);
    return super.slice(start, end);
  }
}

test('a 1 GiB MP4 with its moov at the end: only its head and its tail are sliced', async () => {
  const gap = 1 << 30;
  const m = hugeMP4(gap);
  const blob = new CountingBlob(blobParts(m.head, m.payload, gap, m.moov));
  assert.equal(blob.size, m.size);
  const r = await pr.probeMedia(blob, { platforms: ['youtube', 'twitter'] });
  assert.equal(r.error, null, JSON.stringify(r.error));
  assert.equal(r.media.bytes, m.size);
  assert.equal(r.media.faststart, false);
  assert.equal(r.media.videoCodec, 'h264');
  // The same bytes as a sparse file on disk, for the CLI.
  const file = writeSparse(path.join(tmp, 'huge.mp4'), m);
  assert.equal(JSON.stringify(r), withName(cliLines(tmp, ['huge.mp4'], ['youtube', 'twitter'])[0], ''));
  // What was read: one window at the head, one at the tail (the moov inside it).
  const sliced = blob.slices.reduce((n, [a, b]) => n + (b - a), 0);
  const moovStart = m.size - m.moov.length;
  assert.ok(sliced <= 2 * MIN_FETCH + m.moov.length, `sliced ${sliced} bytes in ${blob.slices.length} slices`);
  for (const [a, b] of blob.slices) {
    assert.ok(b <= MIN_FETCH || a >= moovStart - MIN_FETCH, `slice [${a}, ${b}) reads the mdat`);
  }
  assert.ok(blob.slices.length <= 3, `${blob.slices.length} slices`);
  // A File opened from disk (a file-backed Blob) answers the same.
  const disk = await openAsBlob(file);
  assert.equal(JSON.stringify(await pr.probeMedia(disk, { platforms: ['youtube', 'twitter'] })), JSON.stringify(r));
});

test('each test file takes one or two slices of a Blob', async () => {
  for (const name of mediaFiles) {
    const blob = new CountingBlob([readFileSync(path.join(testdata, name))]);
    const r = await pr.probeMedia(blob);
    assert.equal(r.error, null, name);
    assert.ok(blob.slices.length <= 2, `${name}: ${blob.slices.length} slices`);
  }
});

test('a Blob that cannot be read is a report of media_truncated, as a read error is in the CLI', async () => {
  class Gone extends Blob {
    slice() { throw new DOMException('the file was deleted', 'NotReadableError'); }
  }
  const r = await pr.probeMedia(new Gone([new Uint8Array(100)]));
  assert.equal(r.error.code, 'media_truncated');
  assert.match(r.error.message, /the file was deleted/);
  class Short extends Blob {
    slice(a, b) { return super.slice(a, b - 1); }
  }
  const s = await pr.probeMedia(new Short([readFileSync(path.join(testdata, 'image.png'))]));
  assert.equal(s.error.code, 'media_truncated');
  assert.match(s.error.message, /gave no Blob/);
});

test('hostile arguments: a fault or a report with a code, never an exception or a rejection', async () => {
  const faults = [
    [42, 'wrong_type', 'file'], [null, 'wrong_type', 'file'], [undefined, 'wrong_type', 'file'],
    ['image.png', 'wrong_type', 'file'], [{ size: 10, slice() { return new Blob(); } }, 'wrong_type', 'file'],
    [[1, 2, 3], 'wrong_type', 'file'],
    [() => 1, 'wrong_type', 'file'], [Symbol('x'), 'wrong_type', 'file'], [10n, 'wrong_type', 'file'],
  ];
  for (const [v, code, where] of faults) {
    const r = await pr.probeMedia(v);
    assert.equal(r.ok, false, String(typeof v));
    assert.equal(r.code, code);
    assert.equal(r.path, where);
    assert.equal(r.error, 'Bad Request');
  }
  const png = new Blob([readFileSync(path.join(testdata, 'image.png'))]);
  // A proxy of a Blob: Node's Blob getters see through it (it is read), Chromium's refuse
  // it (wrong_type); either way an answer.
  const viaProxy = await pr.probeMedia(new Proxy(png, {}));
  assert.ok(viaProxy.ok ? viaProxy.media.format === 'png' : viaProxy.code === 'wrong_type', JSON.stringify(viaProxy));
  const badOptions = [
    [[], 'wrong_type', 'options'], ['twitter', 'wrong_type', 'options'], [{ platform: 'twitter' }, 'unknown_field', 'platform'],
    [{ platforms: 'twitter' }, 'wrong_type', 'platforms'], [{ platforms: [1] }, 'wrong_type', 'platforms/0'],
    [{ platforms: ['twitter', 'twiter'] }, 'unknown_platform', 'platforms/1'], [{ platforms: [''] }, 'unknown_platform', 'platforms/0'],
    [{ platforms: ['\uD800'] }, 'invalid_string', 'platforms/0'],
    [{ get platforms() { throw new Error('no'); } }, 'invalid_value', 'platforms'],
    [new Proxy({}, { ownKeys() { throw new Error('no'); } }), 'invalid_value', 'options'],
  ];
  for (const [i, [o, code, where]] of badOptions.entries()) {
    const r = await pr.probeMedia(png, o);
    assert.equal(r.ok, false, `options ${i}`);
    assert.equal(r.code, code, `options ${i}`);
    assert.equal(r.path, where, `options ${i}`);
  }
  // A detached ArrayBuffer holds no bytes: empty, as the CLI says of an empty file.
  const ab = new ArrayBuffer(8);
  structuredClone(ab, { transfer: [ab] });
  assert.equal((await pr.probeMedia(ab)).error.code, 'media_empty');
  // Other views are their bytes: a DataView, an Int16Array over part of a buffer.
  const bytes = readFileSync(path.join(testdata, 'image.gif'.replace('image', 'animated')));
  const buf = new ArrayBuffer(bytes.length + 4);
  new Uint8Array(buf, 2).set(bytes);
  assert.equal((await pr.probeMedia(new DataView(buf, 2, bytes.length))).media.format, 'gif');
});

test('several probes at once each get their own file', async () => {
  const names = ['moov-at-end.mp4', 'vp9-opus.webm', 'xref-stream.pdf', 'image.jpg', 'animated.webp'];
  const reports = await Promise.all(names.map((n) => pr.probeMedia(new CountingBlob([readFileSync(path.join(testdata, n))]))));
  assert.deepEqual(reports.map((r) => r.media.format), ['mp4', 'webm', 'pdf', 'jpeg', 'webp']);
});

test('the module answers other calls while a probe waits for its slices', async () => {
  const gap = 256 << 20;
  const m = hugeMP4(gap);
  const events = [];
  const body = { content: 'hello', platforms: [{ platform: 'twitter' }], publishNow: true };
  let checking = null;
  class Interleaving extends Blob {
    slice(a, b) {
      events.push('slice');
      // Once the probe's goroutine has parked on its first slice (the microtask runs when
      // Go has given control back), the checker module's //go:wasmexport functions run.
      if (checking === null) {
        checking = new Promise((resolve) => queueMicrotask(() => {
          pr.checkPost(body).then((v) => { events.push(v.valid ? 'checked' : 'check failed'); resolve(v); });
        }));
      }
      return super.slice(a, b);
    }
  }
  const report = await pr.probeMedia(new Interleaving(blobParts(m.head, m.payload, gap, m.moov)), { platforms: ['twitter'] });
  assert.equal(report.media.bytes, m.size);
  assert.equal((await checking).valid, true);
  assert.deepEqual(events, ['slice', 'checked', 'slice']);
  assert.equal((await pr.aggregate([{ platform: 'twitter', state: 'published' }])).success, true);
});
