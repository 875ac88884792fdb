// Writes xweight-oracle.json: twitter-text 3.1.0's weighted length of every post that
// `validate split` makes of the x-weighted texts of corpus.jsonl. The lengths come from
// twitter-text's parseTweet (config v3, its default), not from postrules; the posts come
// from the CLI binary given as the first argument. See README.md.
//
//   node gen_oracle.js /path/to/validate /path/to/node_modules
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const [bin, modules] = process.argv.slice(2);
if (!bin || !modules) {
  console.error('usage: node gen_oracle.js VALIDATE_BINARY NODE_MODULES_DIR');
  process.exit(2);
}
const twttr = require(path.join(modules, 'twitter-text'));
const dir = __dirname;
const lines = fs.readFileSync(path.join(dir, 'corpus.jsonl'), 'utf8').split('\n').filter(Boolean);
const oracle = {};
for (const line of lines) {
  const e = JSON.parse(line);
  if (e.counter !== 'x-weighted') continue;
  const out = execFileSync(bin, ['split', '--format', 'json', '--counter', e.counter,
    '--cap', String(e.cap), '--numbering', e.numbering], { input: JSON.stringify({ text: e.text }) + '\n' });
  const answer = JSON.parse(out.toString('utf8'));
  for (const p of answer.posts) {
    oracle[p.text] = twttr.parseTweet(p.text).weightedLength;
  }
}
// One post a line, in code unit order, so that a regenerated file diffs readably.
const keys = Object.keys(oracle).sort();
const body = keys.map((k) => JSON.stringify(k) + ':' + oracle[k]).join(',\n');
fs.writeFileSync(path.join(dir, 'xweight-oracle.json'), '{\n' + body + '\n}\n');
console.log(keys.length + ' posts');
