// probeMedia in Chromium: a File the user picks (an <input type=file> given real files
// from disk) gives the line `validate media --format json` prints for it; a 1 GiB File
// whose moov is at its end is sliced at its head and its tail only; hostile arguments get
// codes. (Node's suite, js/test/media.test.mjs, covers every test file as a Blob and as
// bytes, and more hostile values.)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, startBrowser, tempDir, repoRoot } from './harness.mjs';
import { testdata, hugeMP4, writeSparse, blobParts } from './media-fixtures.mjs';

const tmp = tempDir();
const server = await startServer(tmp);
const browser = await startBrowser(tmp);
after(async () => {
  await browser.close();
  server.close();
  rmSync(tmp, { recursive: true, force: true });
});

const cli = path.join(tmp, 'validate');
execFileSync('go', ['build', '-o', cli, './cmd/validate'], { cwd: repoRoot, stdio: 'inherit' });
function cliLines(dir, files) {
  let out;
  try {
    out = execFileSync(cli, ['media', '--format', 'json', ...files], { cwd: dir, encoding: 'utf8' });
  } catch (err) {
    if (err.status !== 1) throw err;
    out = err.stdout;
  }
  return out.split('\n').filter((l) => l !== '');
}

// A page with a file input, the package imported and initialized (window.pr).
async function page() {
  const { page: p } = browser;
  if (!p.url().startsWith(server.url)) {
    await p.goto(server.url);
    await p.evaluate(async () => {
      window.pr = await import(new URL('../js/postrules.mjs', location.href).href);
      await window.pr.init();
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.id = 'probe-files';
      document.body.append(input);
    });
  }
  return p;
}

/** Picks files (paths on disk) in the page's file input, as a user would. */
async function pick(files) {
  const p = await page();
  await p.setInputFiles('#probe-files', files);
  return p;
}

test('Chromium: picked Files give the CLI line, for every kind of file', async () => {
  const names = ['h264-aac-faststart.mp4', 'moov-at-end.mp4', 'vp9-opus.webm', 'image.jpg', 'image.png',
    'animated.gif', 'image.webp', 'document.pdf', 'xref-stream.pdf'];
  const want = cliLines(testdata, names);
  const p = await pick(names.map((n) => path.join(testdata, n)));
  const got = await p.evaluate(async () => {
    const out = [];
    for (const f of document.getElementById('probe-files').files) out.push(JSON.stringify(await window.pr.probeMedia(f)));
    return out;
  });
  assert.deepEqual(got, want);
});

test('Chromium: a 1 GiB File with its moov at the end is read at its head and its tail', async () => {
  const m = hugeMP4(1 << 30);
  const file = writeSparse(path.join(tmp, 'huge.mp4'), m);
  const want = cliLines(tmp, ['huge.mp4'])[0];
  const p = await pick([file]);
  const r = await p.evaluate(async () => {
    const f = document.getElementById('probe-files').files[0];
    const slices = [];
    const slice = Blob.prototype.slice;
    Blob.prototype.slice = function (a, b) { slices.push([a, b]); return slice.call(this, a, b); };
    try {
      const t0 = performance.now();
      const report = await window.pr.probeMedia(f);
      return { json: JSON.stringify(report), ms: performance.now() - t0, slices, size: f.size };
    } finally {
      Blob.prototype.slice = slice;
    }
  });
  assert.equal(r.json, want);
  assert.equal(r.size, m.size);
  const sliced = r.slices.reduce((n, [a, b]) => n + (b - a), 0);
  assert.ok(r.slices.length <= 3 && sliced <= 2 * (64 << 10) + m.moov.length, `${sliced} bytes in ${JSON.stringify(r.slices)}`);
  console.log(`# 1 GiB File from disk: ${r.ms.toFixed(1)} ms, ${r.slices.length} slices, ${sliced} bytes`);
  // The same bytes as a Blob made in the page (no disk): the same report, less the name.
  const blob = await p.evaluate(async ([src, head, payload, gap, moov]) => {
    // eslint-disable-next-line no-new-func
    const parts = new Function(`return (${src})`)()(new Uint8Array(head), new Uint8Array(payload), gap, new Uint8Array(moov));
    return JSON.stringify(await window.pr.probeMedia(new File(parts, 'huge.mp4')));
  }, [blobParts.toString(), [...m.head], [...m.payload], m.gap, [...m.moov]]);
  assert.equal(blob, want);
});

test('Chromium: hostile arguments get codes, never an exception or a rejection', async () => {
  const p = await page();
  const codes = await p.evaluate(async () => {
    const pr = window.pr;
    const out = [];
    const png = await (await fetch('data:image/png;base64,iVBORw0KGgo=')).blob(); // a PNG signature alone
    for (const v of [42, null, undefined, 'x.png', {}, new Proxy(new Blob(['x']), {}), document.body, window]) {
      try {
        out.push((await pr.probeMedia(v)).code);
      } catch (err) {
        out.push(`threw ${err}`);
      }
    }
    for (const v of [new Blob([]), new Uint8Array([1, 2, 3]), png, new File([new Uint8Array(10)], 'zeros.mp4')]) {
      out.push((await pr.probeMedia(v)).error.code);
    }
    out.push((await pr.probeMedia(png, { platforms: ['twiter'] })).code);
    return out;
  });
  assert.deepEqual(codes, [
    'wrong_type', 'wrong_type', 'wrong_type', 'wrong_type', 'wrong_type', 'wrong_type', 'wrong_type', 'wrong_type',
    'media_empty', 'media_unrecognized', 'media_truncated', 'media_unrecognized', 'unknown_platform',
  ]);
});
