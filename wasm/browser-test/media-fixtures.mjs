// Files for probeMedia's tests and benchmark (js/test/media.test.mjs,
// browser-test/media.test.mjs, bench/media.mjs): a huge MP4 whose moov is at its end,
// made from rules/media/testdata/moov-at-end.mp4 without allocating its size: as a
// sparse file on disk, or as the parts of a Blob that references one 1 MiB buffer.
import { readFileSync, openSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const testdata = path.resolve(fileURLToPath(new URL('../../rules/media/testdata/', import.meta.url)));

// moov-at-end.mp4 is ftyp (0, 32 bytes), free (32, 8), mdat (40, 1398), moov (1438, 822).
const MDAT_AT = 40, MDAT_LEN = 1398, MOOV_AT = 1438;

/**
 * The pieces of an MP4 with gap zero bytes inside its mdat, before its moov: head (ftyp,
 * free, an mdat header with a 64-bit size), payload (the mdat's own bytes), then gap
 * zeros, then moov. The facts are moov-at-end.mp4's, with size bytes.
 */
export function hugeMP4(gap) {
  const src = readFileSync(path.join(testdata, 'moov-at-end.mp4'));
  const head = Buffer.alloc(MDAT_AT + 16);
  src.copy(head, 0, 0, MDAT_AT);
  head.writeUInt32BE(1, MDAT_AT); // size 1: a 64-bit size follows the type
  head.write('mdat', MDAT_AT + 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + MDAT_LEN - 8 + gap), MDAT_AT + 8);
  const payload = src.subarray(MDAT_AT + 8, MOOV_AT);
  const moov = src.subarray(MOOV_AT);
  return { head, payload, moov, gap, size: head.length + payload.length + gap + moov.length };
}

/** Writes m (hugeMP4's) to file as a sparse file: the gap is a hole, no disk is used. */
export function writeSparse(file, m) {
  const fd = openSync(file, 'w');
  try {
    const start = Buffer.concat([m.head, m.payload]);
    writeSync(fd, start, 0, start.length, 0);
    writeSync(fd, m.moov, 0, m.moov.length, m.size - m.moov.length);
  } finally {
    closeSync(fd);
  }
  return file;
}

/**
 * The Blob parts of a hugeMP4 from its head, payload and moov bytes: the gap is many
 * references to one zero-filled 1 MiB Blob (Blob parts that are Blobs are referenced,
 * not copied). Self-contained, so that a page can run it from its source text.
 */
export function blobParts(head, payload, gap, moov) {
  const mib = new Blob([new Uint8Array(1 << 20)]);
  const zeros = Array(Math.floor(gap / (1 << 20))).fill(mib);
  if (gap % (1 << 20)) zeros.push(new Blob([new Uint8Array(gap % (1 << 20))]));
  return [head, payload, new Blob(zeros), moov];
}
