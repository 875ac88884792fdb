// Writes the differential corpora that rules/xweight's tests compare against:
// twitter-text 3.1.0's own answers on generated texts. See README.md here.
//
//   node gen_corpus.js /path/with/node_modules
//
// Deterministic: a fixed seed, no clock, no network.
'use strict';
const path = require('path');
const fs = require('fs');
const root = process.argv[2] || process.cwd();
const tt = require(path.join(root, 'node_modules', 'twitter-text'));
const version = require(path.join(root, 'node_modules', 'twitter-text', 'package.json')).version;
if (version !== '3.1.0') throw new Error('need twitter-text 3.1.0, have ' + version);

let seed = 20250101;
function rnd() { // mulberry32
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = a => a[Math.floor(rnd() * a.length)];

// Pieces for URL texts. No ASCII control characters or DEL: for those twitter-text's
// result depends on which punycode module Node resolves (see ../../internal/urls).
const urlPieces = [
  'http://', 'https://', 'HTTP://', 'www.', 't.co/', 'T.CO/', '.', '.', '.', '/', '/', '-', '_', '?', '=', '&', '#',
  ':', ':80', '@', '(', ')', ' ', ' ', ' ', 'a', 'b', 'x', 'Q', '9', 'xn--', 'xn--p1ai', 'example', 'twitter',
  'com', 'COM', 'co', 'jp', 'org', 'net', 'museum', 'bz2', 'tar', 'onion', '中国', '日本', 'みんな', 'рф',
  'ком', 'é', 'É', 'ü', 'ß', 'ı', 'ɠ', 'ᲀ', 'ー', 'あ', '漢字', '。', '．', '😀', '👍🏽', 'Ж', 'ж', '\u202A',
  '\u202C', '\u2066', '\u200F', '!', ',', "'", '"', '`', '$', '%', '~', '|', '[', ']', '+', '*', ';', '\u2013',
  '\u3000', '\u00A0', '\n', 'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz01',
  'あいうえおかきくけこあいうえおかきくけこ', '\u0301', 'Ⱥ', 'ⱥ', 'K', '\u212A', '\uFFFE', '\uFEFF',
];
const labels = ['a', 'example', 'x-y', 'a_b', 'www', 't', 'bit', 'ex\u00e9', '日本', 'あいう', '😀', 'Ж', '-x', 'x-',
  'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz01', 'xn--abc', 'ᲀ', '例え。例'];
const tlds = ['com', 'co', 'jp', 'org', 'COM', 'Co', 'museum', 'onion', '中国', 'みんな', 'рф', 'РФ', 'xn--p1ai', 'zz', 'comx', 'com1', '嘉里', '嘉里大酒店'];
const tails = ['', '', '/', '/path', '/a.(b)', '/foo_(bar)', '/x?q=1&b=.', '?q=1', ':8080', ':80/x', '/@user/', '/p/q/r.',
  '/(a(b)c)', '/éж', '#frag', '/a?b=(c)', '/ᲀ', '/\u2013-', '?', '/-'];
function urlText() {
  if (rnd() < 0.5) {
    const n = 1 + Math.floor(rnd() * 14);
    let s = '';
    for (let i = 0; i < n; i++) s += pick(urlPieces);
    return s;
  }
  let s = rnd() < 0.5 ? pick(urlPieces) : '';
  if (rnd() < 0.5) s += pick(['http://', 'https://', 'HTTPS://', 'http:/']);
  const k = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < k; i++) s += pick(labels) + '.';
  s += pick(tlds) + pick(tails);
  if (rnd() < 0.5) s += pick(urlPieces);
  if (rnd() < 0.3) s += ' ' + urlText();
  return s;
}

// Pieces for whole posts: every kind of weight, emoji old and new, normalisation.
const emoji = [
  '😷', '😀', '☺', '☺️', '☺︎', '❤', '❤️', '©', '©️', '®️', '™', '™️', '‼️', '1⃣', '1️⃣', '#️⃣', '*⃣', '🔟',
  '🇺🇸', '🇯🇵', '🇦', '🇦🇦', '🇺', '🇸', '👍', '🏽', '👍🏽', '👍🏿', '✌', '✌️', '✌🏼', '🏋️', '🏋️‍♀️', '🏋🏻‍♀️',
  '👨‍👩‍👧‍👦', '👨‍👩‍👧', '👩‍❤️‍💋‍👨', '👁‍🗨', '👁️‍🗨️', '🏳️‍🌈', '🏳‍🌈', '🏴‍☠️', '🧑‍💻', '👩‍💻', '👩🏽‍💻',
  '🫠', '🫶🏽', '🏳️‍⚧️', '🧑🏻‍🤝‍🧑🏼', '🐱‍🐶', '🐕‍🦺', '❤️‍🔥', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁵󠁳󠁴󠁸󠁿', '🏴',
  '\uFE0F', '\uFE0E', '\u200D', '\u20E3', '🧕🏾', '🤪', '💃🏾', '🦸‍♀️', '🦰', '👨‍🦰', '🀄', '🀄️', '🈚️', '♟️',
  '♾️', '⛹🏽‍♂️', '🕴️', '🕴🏻', '👯‍♀️', '🤼‍♂️',
];
const postPieces = [
  'hello', ' ', ' ', 'the', 'X', 'naïve', 'A\u0301', 'e\u0301\u0301', '\uFB2C', '\u1100\u1161', '가', 'Å',
  '\u212B', 'ﬁ', '故人西辞黄鹤楼', '。', 'あいう', 'カタカナ', '한국어', 'Ελληνικά', 'русский', 'עברית',
  'العربية', 'हिन्दी', 'ไทย', '\u2000', '\u200B', '\u200C', '\u200E', '\u2010', '\u2014', '\u201C', '\u2032',
  '\u2038', '\u2070', '\u10FF', '\u1100', '\uFFFE', '\uFEFF', '\uFFFF', '\u202A', '\u2066', '\n', '\t',
  '𝐀', '𠀀', 'http://test.co', 'example.com', 'https://www.twitter.com/jack', 'foo.bar', 'a.b.c.jp/x?y=1',
  't.co/abc', 'bit.ly/abcde', '日本語example.com', '.', ',', '!', '#tag', '@user', '$CASH',
];
function postText() {
  const long = rnd() < 0.08;
  const n = long ? 60 + Math.floor(rnd() * 120) : 1 + Math.floor(rnd() * 12);
  let s = '';
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (r < 0.35) s += pick(emoji);
    else if (r < 0.45 && long) s += 'xxxxxxxxxx';
    else s += pick(postPieces);
  }
  return s;
}

function parsed(text, cfg) {
  const r = tt.parseTweet(text, cfg);
  return [r.weightedLength, r.valid, r.permillage, r.displayRangeStart, r.displayRangeEnd, r.validRangeStart, r.validRangeEnd];
}

// Every sequence of Unicode's emoji-test.txt 15.0 (path as argument 3), alone.
function emojiTestTexts(file) {
  if (!file) return [];
  const out = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^([0-9A-F ]+?)\s*;/);
    if (!m) continue;
    out.push(String.fromCodePoint(...m[1].split(' ').map(h => parseInt(h, 16))));
  }
  return out;
}

const urls = [];
const seen = new Set();
while (urls.length < 4000) {
  const text = urlText();
  if (seen.has(text)) continue;
  seen.add(text);
  urls.push({ text, urls: tt.extractUrlsWithIndices(text).map(u => [u.url, u.indices[0], u.indices[1]]) });
}

const posts = [];
for (let i = 0; i < 1500; i++) {
  const text = postText();
  posts.push({ text, v2: parsed(text, tt.configs.version2), v3: parsed(text, tt.configs.version3) });
}
const emojiCases = emojiTestTexts(process.argv[3]).map(text => [text, tt.parseTweet(text, tt.configs.version3).weightedLength]);

const header = {
  source: 'twitter-text ' + version + ' (npm) with twemoji-parser ' +
    require(path.join(root, 'node_modules', 'twemoji-parser', 'package.json')).version + ', Node ' + process.version,
  generator: 'testdata/oracle/gen_corpus.js',
  fields: 'parse: [weightedLength, valid, permillage, displayRangeStart, displayRangeEnd, validRangeStart, validRangeEnd]; urls: [url, startIndex, endIndex] (UTF-16)',
};
const write = (name, cases) => fs.writeFileSync(path.join(__dirname, name),
  JSON.stringify({ ...header, cases }).replace(/\},\{/g, '},\n{') + '\n');
write('urls.json', urls);
write('parse.json', posts);
fs.writeFileSync(path.join(__dirname, 'emoji.json'), JSON.stringify({ ...header, fields: 'emoji: [text, weightedLength with config v3]; every line of Unicode emoji-test.txt 15.0', cases: emojiCases }).replace(/\],\[/g, '],\n[') + '\n');
console.log('urls', urls.length, 'posts', posts.length, 'emoji', emojiCases.length);
