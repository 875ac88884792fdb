// Expands twemoji-parser's emoji regex (a finite regular language: literals,
// classes, groups, alternation, '?', and lookaheads) into the list of strings
// it can match, then checks each one with the real regex.
// Usage: node expand_twemoji.js > ../../internal/emoji/testdata/twemoji-parser-11.0.2.txt
// (with NODE_PATH pointing at a node_modules that holds twemoji-parser 11.0.2), then add the
// header lines back.
const re = require('twemoji-parser/dist/lib/regex').default;
const src = re.source;
let i = 0;
function peek() { return src[i]; }
function readEscape() { // after '\'
  const c = src[i++];
  if (c === 'u') { const h = src.substr(i, 4); i += 4; return String.fromCharCode(parseInt(h, 16)); }
  return c;
}
function parseClass() { // after '['
  let neg = false; if (src[i] === '^') { neg = true; i++; }
  if (neg) throw new Error('negated class');
  const out = [];
  while (src[i] !== ']') {
    let a = src[i++]; if (a === '\\') a = readEscape();
    if (src[i] === '-' && src[i + 1] !== ']') {
      i++; let b = src[i++]; if (b === '\\') b = readEscape();
      for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) out.push(String.fromCharCode(c));
    } else out.push(a);
  }
  i++;
  return out;
}
// Each parse function returns an array of strings (the language).
function parseAlt() {
  let alts = [parseSeq()];
  while (src[i] === '|') { i++; alts.push(parseSeq()); }
  return [].concat(...alts);
}
function parseSeq() {
  let cur = [''];
  while (i < src.length && src[i] !== '|' && src[i] !== ')') {
    let atom;
    const c = src[i++];
    if (c === '(') {
      if (src[i] === '?') {
        i++; const k = src[i++];
        if (k === '!' || k === '=') { parseAlt(); i++; atom = ['']; cur = cur.map(s => s); continue; }
        // (?: group
      }
      atom = parseAlt(); i++;
    } else if (c === '[') atom = parseClass();
    else if (c === '\\') atom = [readEscape()];
    else atom = [c];
    if (src[i] === '?') { i++; atom = [''].concat(atom); }
    const next = [];
    for (const a of cur) for (const b of atom) next.push(a + b);
    cur = next;
  }
  return cur;
}
const all = parseAlt();
if (i !== src.length) throw new Error('parse stopped at ' + i);
const seen = new Set();
const rows = [];
for (const s of all) {
  const cps = Array.from(s).map(ch => ch.codePointAt(0));
  // keep only well-formed strings (no lone surrogates)
  if (cps.some(c => c >= 0xd800 && c <= 0xdfff)) continue;
  const m = s.match(new RegExp('^(?:' + src + ')'));
  if (!m || m[0] !== s) throw new Error('regex does not match its own expansion ' + s);
  const key = cps.map(c => c.toString(16).toUpperCase().padStart(4, '0')).join(' ');
  if (seen.has(key)) continue;
  seen.add(key);
  rows.push(key);
}
rows.sort();
process.stdout.write(rows.join('\n') + '\n');
