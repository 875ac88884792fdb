// gen.js writes cashtags.json: generated texts and twitter-text 3.1.0's own cashtags of
// each (extractCashtagsWithIndices: the UTF-16 index of every "$"). A fixed seed makes the
// output reproducible byte for byte. Usage (Node 20, twitter-text@3.1.0 installed in DIR):
//   NODE_PATH=DIR/node_modules node gen.js > cashtags.json
'use strict';
const tt = require('twitter-text');

// mulberry32: a small seeded generator, so the corpus is the same on every run.
let seed = 20261126;
function rand() {
  seed |= 0; seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// Pieces that meet every branch of validCashtag: letters runs of 1 to 8, the optional
// [._] suffix, digits, the space classes (ASCII, NBSP, U+2000, U+3000, U+0085, U+180E,
// U+FEFF), punctuation after, letters and marks before, non-ASCII letters.
const pieces = [
  ' $', ' $', ' $', ' $', '$', '$', ' $AAPL', ' $BRK.B', ' $ab_cd', ' $X', 'A', 'AAPL', 'BRK', 'GOOGLEX', 'ab', 'x', 'Stock', '.', '_', 'B', 'tt',
  '1', '5', ' ', ' ', '  ', '\n', '\t', '\u00a0', '\u2000', '\u3000', '\u0085', '\u180e', '\ufeff',
  '!', ',', '-', '?', ')', '(', '"', '`', '#', '@', '&', '/', '\\', '株', 'é', '\u0301', '😀', 'ストック',
];
const out = [];
for (let n = 0; n < 4000; n++) {
  let text = '';
  const len = 1 + Math.floor(rand() * 14);
  for (let i = 0; i < len; i++) text += pieces[Math.floor(rand() * pieces.length)];
  const starts = tt.extractCashtagsWithIndices(text).map((c) => c.indices[0]);
  out.push({ text, starts });
}
process.stdout.write('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]\n');
