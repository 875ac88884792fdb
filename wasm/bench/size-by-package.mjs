// Which Go packages take the room in a module: reads a .wasm built WITHOUT -ldflags=-s
// (so that its "name" section names every function) and sums the code size of each
// function by Go package, biggest first. Data (string tables, type data) is not
// attributed. Usage:
//   GOOS=js GOARCH=wasm go build -o /tmp/full.wasm ./wasm/full
//   node wasm/bench/size-by-package.mjs /tmp/full.wasm [top N]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node size-by-package.mjs FILE.wasm [N]');
  process.exit(2);
}
const buf = readFileSync(file);
let pos = 8;
const u32 = () => {
  let result = 0, shift = 0, b;
  do { b = buf[pos++]; result |= (b & 0x7f) << shift; shift += 7; } while (b & 0x80);
  return result >>> 0;
};
let imported = 0;
const bodySizes = [];
const names = new Map();
let dataSize = 0;
while (pos < buf.length) {
  const id = buf[pos++];
  const size = u32();
  const end = pos + size;
  if (id === 2) { // imports: function imports shift the function index space
    for (let n = u32(); n > 0; n--) {
      // module, name: `pos += u32()` would add the length to pos as it was before the
      // length's own bytes were read, and lose them.
      for (let k = 0; k < 2; k++) { const len = u32(); pos += len; }
      const kind = buf[pos++];
      if (kind === 0) { u32(); imported++; } else if (kind === 1) { pos++; const f = buf[pos++]; u32(); if (f & 1) u32(); } else if (kind === 2) { const f = buf[pos++]; u32(); if (f & 1) u32(); } else { pos += 2; }
    }
  } else if (id === 10) {
    for (let n = u32(); n > 0; n--) { const s = u32(); bodySizes.push(s); pos += s; }
  } else if (id === 11) {
    dataSize = size;
  } else if (id === 0) {
    const nameLen = u32();
    const name = buf.subarray(pos, pos + nameLen).toString();
    pos += nameLen;
    if (name === 'name') {
      while (pos < end) {
        const sub = buf[pos++];
        const subSize = u32();
        const subEnd = pos + subSize;
        if (sub === 1) {
          for (let n = u32(); n > 0; n--) { const idx = u32(); const l = u32(); names.set(idx, buf.subarray(pos, pos + l).toString()); pos += l; }
        }
        pos = subEnd;
      }
    }
  }
  pos = end;
}
if (names.size === 0) {
  console.error('no name section: build without -ldflags=-s');
  process.exit(1);
}
const byPkg = new Map();
bodySizes.forEach((s, i) => {
  const name = names.get(i + imported) || '?';
  // The name section spells "github.com/x/y.(*T).M" as "github.com_x_y.(*T).M" and
  // "crypto/tls.F" as "crypto_tls.F": the package is what comes before the first dot
  // that does not belong to a domain name. ('-' is also written '_', so "go-playground"
  // prints as "go/playground".)
  const n = name.replace(/^type:\.(eq|hash)\./, '');
  const m = n.match(/^([a-z0-9-]+\.(?:com|org|net|io|in|dev)_[^.]*|[^.]*)\./);
  const pkg = (m ? m[1] : n).replace(/_/g, '/');
  byPkg.set(pkg, (byPkg.get(pkg) || 0) + s);
});
const rows = [...byPkg].sort((a, b) => b[1] - a[1]);
const total = bodySizes.reduce((a, b) => a + b, 0);
console.log(`code ${total} bytes in ${bodySizes.length} functions; data section ${dataSize} bytes`);
for (const [pkg, s] of rows.slice(0, Number(topArg) || 40)) {
  console.log(`${String(s).padStart(10)}  ${(100 * s / total).toFixed(1).padStart(5)}%  ${pkg}`);
}
