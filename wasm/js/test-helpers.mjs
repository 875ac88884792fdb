// Shared by the Node suites: where things are, and one loaded module for all tests.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as postrules from './postrules.mjs';

export const wasmDir = fileURLToPath(new URL('../', import.meta.url));
export const repoRoot = path.resolve(wasmDir, '..');
export const distDir = path.join(wasmDir, 'js'); // build.sh puts the modules beside postrules.mjs

/** The path of the file named name under a testdata/ folder of the repository. */
export function findInRepo(name) {
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        const found = walk(p);
        if (found) return found;
      } else if (e.name === name && p.includes(`${path.sep}testdata${path.sep}`)) {
        return p;
      }
    }
    return null;
  };
  const found = walk(repoRoot);
  if (!found) throw new Error(`${name} is not in any testdata/ folder of the repository: the parity corpus needs it`);
  return found;
}

/** Fails clearly when the modules were not built (the suites never skip). */
export function requireBuilt() {
  for (const f of ['postrules-counter.wasm', 'postrules-full.wasm', 'wasm_exec.mjs']) {
    if (!existsSync(path.join(distDir, f))) {
      throw new Error(`${path.join(distDir, f)} is missing: run bash wasm/build.sh (or wasm/test.sh) first`);
    }
  }
}

let loaded = null;
/** The package, initialized once (the counter module; the checker loads on first use). */
export async function loadPostrules() {
  requireBuilt();
  if (!loaded) loaded = postrules.init().then(() => postrules);
  return loaded;
}

/** Code points of s as UTF-16 code units: the offset JavaScript sees for byte offset b. */
export function utf16At(s, byteOffset) {
  if (byteOffset < 0) return null;
  return Buffer.from(s, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}
