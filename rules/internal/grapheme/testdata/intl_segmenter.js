// Counts the grapheme clusters of many strings with Intl.Segmenter, for
// TestIntlSegmenter (node_oracle_test.go). Input on stdin: for each string, its UTF-8
// length as a little-endian uint32 and its bytes. Output on stdout: a first line with
// the Unicode version of Node's ICU, then, per string, two little-endian uint32: the
// number of clusters and a hash of the UTF-16 offsets where they begin (h = h*31 + offset).
'use strict';
const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const buf = Buffer.concat(chunks);
  const out = [];
  let off = 0;
  while (off < buf.length) {
    const n = buf.readUInt32LE(off);
    off += 4;
    const s = buf.toString('utf8', off, off + n);
    off += n;
    let count = 0;
    let h = 0;
    for (const g of seg.segment(s)) {
      count++;
      h = (Math.imul(h, 31) + g.index) >>> 0;
    }
    out.push(count, h);
  }
  process.stdout.write('unicode ' + process.versions.unicode + '\n');
  process.stdout.write(Buffer.from(new Uint32Array(out).buffer));
});
