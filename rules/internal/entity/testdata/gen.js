// gen.js writes entities.json: generated texts and the entities twitter-text 3.1.0's
// extractEntitiesWithIndices finds in each ({kind, start, end} in UTF-16 units; kind is
// url, hashtag, mention or cashtag). A fixed seed makes the output reproducible byte for
// byte. Usage (Node 20, twitter-text@3.1.0 installed in DIR):
//   NODE_PATH=DIR/node_modules node gen.js > entities.json
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

// Pieces that meet every branch: the marks in both widths, RT prefixes, names of 1 to 25
// characters, lists, the characters that end or reject a tag (# ＃ @ ＠ :// é), hashtags in
// many scripts with marks, digits, ZWJ/ZWNJ and the special characters, keycaps and
// variation selectors, '&' and '&#', URLs with and without a protocol, cashtags, spaces of
// several kinds and punctuation.
const pieces = [
  '#', '#', '＃', '@', '@', '＠', '$', ' ', ' ', ' ', '\n', '\u3000', '\u00a0',
  'RT', 'rt:', 'Rt ', 'x', 'abc', 'user_1', 'a'.repeat(20), 'b'.repeat(21), '123', '_',
  '/list', '/l-1', '/9', '://', 'é', 'ü', 'ß', 'café', '日本', 'ストック', '한국어', 'русский',
  'हिन्दी', 'ไทย', 'עברית', 'العربية', '٣', '\u0301', '\u200d', '\u200c', '\u30fb', '\u00b7',
  '\ufe0f', '\ufe0e', '\u20e3', '&', '&#', '!', '.', ',', '-', '+', '~', '*', '%', ':', '/',
  'https://example.com', 'http://t.co/abc', 'example.com', 'www.x.org/path', 'a.co', '#tag',
  '@name', '$AAPL', '$BRK.B', '😀', '👨‍👩‍👧', '1️⃣',
];
const kinds = (e) => (e.url ? 'url' : e.hashtag !== undefined ? 'hashtag' : e.cashtag !== undefined ? 'cashtag' : 'mention');
const out = [];
for (let n = 0; n < 6000; n++) {
  let text = '';
  const len = 1 + Math.floor(rand() * 12);
  for (let i = 0; i < len; i++) text += pieces[Math.floor(rand() * pieces.length)];
  const entities = tt.extractEntitiesWithIndices(text).map((e) => [kinds(e), e.indices[0], e.indices[1]]);
  out.push({ text, entities });
}
process.stdout.write('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]\n');
