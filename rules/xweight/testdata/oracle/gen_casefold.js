// Writes the data for twitter-text's case-insensitive URL matching, from the JavaScript
// engine itself and from twitter-text 3.1.0:
//
//   node gen_casefold.js /path/with/node_modules
//
// 1. ../../internal/urls/testdata/canonicalize.txt: ECMAScript's Canonicalize(ch) for a
//    regular expression with the i flag and without u (ECMA-262, "Canonicalize ( rer, ch )":
//    the full upper case of the one UTF-16 code unit, kept only when it is one code unit and
//    does not take a non-ASCII unit to ASCII), for every BMP code unit it changes, as this
//    engine computes it (String.prototype.toUpperCase, i.e. ICU's case mappings). Every
//    line is checked against the engine's own regular expressions before it is written.
// 2. casefold.json: twitter-text 3.1.0's extractUrlsWithIndices and parseTweet (config v3)
//    on texts that put every cased BMP character into a domain, a path and a TLD.
//
// Deterministic: no randomness, no clock, no network.
'use strict';
const path = require('path');
const fs = require('fs');
const root = process.argv[2] || process.cwd();
const tt = require(path.join(root, 'node_modules', 'twitter-text'));
const version = require(path.join(root, 'node_modules', 'twitter-text', 'package.json')).version;
if (version !== '3.1.0') throw new Error('need twitter-text 3.1.0, have ' + version);

const hex = c => c.toString(16).toUpperCase().padStart(4, '0');
function canon(c) {
  const u = String.fromCharCode(c).toUpperCase();
  if (u.length !== 1) return c;
  const cu = u.charCodeAt(0);
  if (c >= 128 && cu < 128) return c;
  return cu;
}

const lines = [];
const byCanon = new Map(); // canon value -> every code unit with that canon
for (let c = 0; c <= 0xFFFF; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const k = canon(c);
  if (!byCanon.has(k)) byCanon.set(k, []);
  byCanon.get(k).push(c);
  if (k === c) continue;
  // The engine's own answer: a one-member class of c matches k and k's class matches c.
  const re = new RegExp('^[\\u' + hex(c) + ']$', 'i');
  const back = new RegExp('^[\\u' + hex(k) + ']$', 'i');
  if (!re.test(String.fromCharCode(k)) || !back.test(String.fromCharCode(c))) {
    throw new Error('regexp disagrees with toUpperCase at U+' + hex(c));
  }
  lines.push(hex(c) + ' ' + hex(k));
}
// And no code unit matches another whose canon differs (spot check of the converse on
// every pair that shares a simple lower case).
for (let c = 0x80; c <= 0xFFFF; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const l = String.fromCharCode(c).toLowerCase();
  if (l.length !== 1) continue;
  const d = l.charCodeAt(0);
  const same = canon(c) === canon(d);
  if (new RegExp('^[\\u' + hex(c) + ']$', 'i').test(l) !== same) {
    throw new Error('regexp and canon disagree on U+' + hex(c) + ' / U+' + hex(d));
  }
}
const out = path.join(__dirname, '..', '..', 'internal', 'urls', 'testdata', 'canonicalize.txt');
fs.writeFileSync(out,
  '# ECMAScript Canonicalize(ch) for RegExp flags "i" without "u": every BMP code unit ch\n' +
  '# whose canonical form differs from ch, as "ch canon" in hex.\n' +
  '# Made by rules/xweight/testdata/oracle/gen_casefold.js with Node ' + process.version +
  ' (ICU ' + process.versions.icu + ', Unicode ' + process.versions.unicode + ').\n' +
  lines.join('\n') + '\n');

// Every cased code unit: one that canonicalises to another, or that another
// canonicalises to.
const cased = [];
for (const [k, cs] of byCanon) {
  if (cs.length > 1 || cs[0] !== k) for (const c of cs) cased.push(c);
}
cased.sort((a, b) => a - b);

const cases = [];
function add(text) {
  const r = tt.parseTweet(text, tt.configs.version3);
  cases.push({
    text,
    urls: tt.extractUrlsWithIndices(text).map(u => [u.url, u.indices[0], u.indices[1]]),
    v3: [r.weightedLength, r.valid, r.permillage, r.displayRangeStart, r.displayRangeEnd, r.validRangeStart, r.validRangeEnd],
  });
}

// The cases of the issue: "a"×265 then a domain whose only URL-able part is a character
// that matches the latin-accent class only through case folding.
for (const c of [0x0399, 0x03B9, 0x1FBE, 0x2C7E, 0x2C7F, 0xA7DC]) {
  const x = String.fromCharCode(c);
  add('a'.repeat(265) + ' ΚΑ' + x + '.gr');
  add('a'.repeat(265) + ' ' + x + '.gr');
  add('a'.repeat(250) + ' http://example.com/' + x.repeat(20) + ' ' + x);
}

// Every cased character as a domain without protocol (validAsciiDomain), inside a label,
// as a path character, as the last character of a path, and after a query.
for (const c of cased) {
  const x = String.fromCharCode(c);
  add(x + '.gr e' + x + 'e.gr http://e.com/' + x + ' http://e.com/a' + x + 'a- e.co/a' + x + '?q' + x + ' ' + x + x + '.com');
}

// Every non-ASCII TLD of tld_lib.yml with each of its characters replaced by every other
// character of the same canonical form (one at a time), after a protocol and without one.
const tldText = fs.readFileSync(path.join(__dirname, '..', 'twitter-text', 'tld_lib.yml'), 'utf8');
for (const line of tldText.split('\n')) {
  const m = line.match(/^- '?([^']+)'?$/);
  if (!m || /^[\x00-\x7f]*$/.test(m[1])) continue;
  const tld = m[1];
  for (let i = 0; i < tld.length; i++) {
    const alts = byCanon.get(canon(tld.charCodeAt(i))) || [];
    for (const a of alts) {
      if (a === tld.charCodeAt(i)) continue;
      const v = tld.slice(0, i) + String.fromCharCode(a) + tld.slice(i + 1);
      add('http://a.' + v + ' a.' + v + '/x b.' + v);
    }
  }
}

const header = {
  source: 'twitter-text ' + version + ' (npm), Node ' + process.version + ' (ICU ' + process.versions.icu + ', Unicode ' + process.versions.unicode + ')',
  generator: 'testdata/oracle/gen_casefold.js',
  fields: 'urls: [url, startIndex, endIndex] (UTF-16); v3: parseTweet with config v3 [weightedLength, valid, permillage, displayRangeStart, displayRangeEnd, validRangeStart, validRangeEnd]',
};
fs.writeFileSync(path.join(__dirname, 'casefold.json'), JSON.stringify({ ...header, cases }).replace(/\},\{/g, '},\n{') + '\n');
console.log('canonicalize', lines.length, 'cased', cased.length, 'cases', cases.length);
