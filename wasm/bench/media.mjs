// probeMedia's figures (docs/performance.md, "probeMedia"): how long the probe takes on a
// 1 GiB MP4 whose moov is at its end, as a File read from disk and as a Blob in memory,
// and on small files, in Node and in Debian's headless Chromium; and what one slice of a
// Blob costs (blob.slice(a, b).arrayBuffer()), the cost the probe's 64 KiB windows save
// per small read. Median of RUNS calls after one warm-up (the first call loads the full
// module: its time is printed apart). Usage:
//   bash wasm/build.sh && (cd wasm && npm ci) && node wasm/bench/media.mjs
import os from 'node:os';
import path from 'node:path';
import { existsSync, readFileSync, rmSync, openAsBlob } from 'node:fs';
import * as pr from '../js/postrules.mjs';
import { testdata, hugeMP4, writeSparse, blobParts } from '../browser-test/media-fixtures.mjs';
import { startServer, startBrowser, tempDir, chromiumPath } from '../browser-test/harness.mjs';

const RUNS = 15;
const GAP = 1 << 30;
const SMALL = ['h264-aac-faststart.mp4', 'vp9-opus.webm', 'image.jpg', 'xref-stream.pdf'];

// Runs in Node and, from its source text, in the page: {cold, rows}.
async function bench(pr, files, runs) {
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
  const time = async (f) => { const t0 = performance.now(); const r = await f(); return [performance.now() - t0, r]; };
  const rows = [];
  let cold = null;
  for (const [label, file] of files) {
    const [first, r] = await time(() => pr.probeMedia(file));
    if (!r.ok || r.error !== null) throw new Error(`${label}: ${JSON.stringify(r)}`);
    if (cold === null) cold = first;
    const ts = [];
    for (let i = 0; i < runs; i++) ts.push((await time(() => pr.probeMedia(file)))[0]);
    rows.push({ label, ms: median(ts), min: Math.min(...ts), max: Math.max(...ts) });
  }
  const big = files[0][1];
  const ts = [];
  for (let i = 0; i < runs * 4; i++) {
    const off = Math.floor(Math.random() * (big.size - 16));
    ts.push((await time(() => big.slice(off, off + 16).arrayBuffer()))[0]);
  }
  rows.push({ label: 'one 16-byte slice of that File (slice().arrayBuffer())', ms: median(ts), min: Math.min(...ts), max: Math.max(...ts) });
  return { cold, rows };
}

const fmt = (where, r) => [
  `\n## ${where}: median of ${RUNS} calls (first call, loading the full module: ${r.cold.toFixed(1)} ms)`,
  '| file | median | min | max |', '|---|---|---|---|',
  ...r.rows.map((x) => `| ${x.label} | ${x.ms.toFixed(2)} ms | ${x.min.toFixed(2)} ms | ${x.max.toFixed(2)} ms |`),
].join('\n');

const tmp = tempDir();
try {
  const m = hugeMP4(GAP);
  const hugePath = writeSparse(path.join(tmp, 'huge.mp4'), m);
  console.log(`# probeMedia figures (${new Date().toISOString()})`);
  console.log(`# ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; node ${process.version}`);
  await pr.init();
  const nodeFiles = [
    ['1 GiB MP4, moov at the end: a file-backed Blob (fs.openAsBlob)', await openAsBlob(hugePath)],
    ['1 GiB MP4, moov at the end: a Blob in memory (1 MiB referenced 1024 times)', new Blob(blobParts(m.head, m.payload, GAP, m.moov))],
    ...SMALL.map((n) => [`${n} (a Blob)`, new Blob([readFileSync(path.join(testdata, n))])]),
    ...SMALL.map((n) => [`${n} (a Uint8Array)`, new Uint8Array(readFileSync(path.join(testdata, n)))]),
  ];
  // The Uint8Array rows have no size getter the slice row needs: the first row is a Blob.
  console.log(fmt(`Node ${process.version}`, await bench(pr, nodeFiles, RUNS)));

  if (!existsSync(chromiumPath)) {
    console.log(`\n(${chromiumPath} not installed: no Chromium figures)`);
  } else {
    const server = await startServer(tmp);
    const browser = await startBrowser(tmp);
    try {
      const page = browser.page;
      await page.goto(server.url);
      await page.evaluate(() => {
        const input = document.createElement('input');
        input.type = 'file';
        input.id = 'f';
        input.multiple = true;
        document.body.append(input);
      });
      await page.setInputFiles('#f', [hugePath, ...SMALL.map((n) => path.join(testdata, n))]);
      const r = await page.evaluate(async ([benchSrc, partsSrc, head, payload, gap, moov, runs]) => {
        const pr = await import(new URL('../js/postrules.mjs', location.href).href);
        await pr.init();
        // eslint-disable-next-line no-new-func
        const fn = (src) => new Function(`return (${src})`)();
        const parts = fn(partsSrc)(new Uint8Array(head), new Uint8Array(payload), gap, new Uint8Array(moov));
        const [big, ...small] = document.getElementById('f').files;
        const files = [
          ['1 GiB MP4, moov at the end: a File picked from disk (<input type=file>)', big],
          ['1 GiB MP4, moov at the end: a Blob in memory (1 MiB referenced 1024 times)', new Blob(parts)],
          ...small.map((f) => [`${f.name} (a File)`, f]),
        ];
        const out = await fn(benchSrc)(pr, files, runs);
        return { ...out, ua: navigator.userAgent.match(/Chrome\/[\d.]+/)[0] };
      }, [bench.toString(), blobParts.toString(), [...m.head], [...m.payload], GAP, [...m.moov], RUNS]);
      console.log(fmt(`Chromium ${r.ua} headless`, r));
    } finally {
      await browser.close();
      server.close();
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
