// postrules.esbuild.mjs: postrules.mjs for esbuild, which does not follow
// `new URL('./file', import.meta.url)` (evanw/esbuild#795) but copies a file that is
// imported when its loader is `file`. Build with the one flag
//
//   esbuild app.js --bundle --loader:.wasm=file --outdir=out
//
// and each import below becomes the path of the copied module (relative to the output
// folder), which is resolved against the bundle's own URL: import.meta.url in an ESM
// bundle, the script's src in esbuild's default IIFE format. package.json sends esbuild
// here: its browser condition, when neither webpack's nor the mode condition
// (development/production) that Vite and webpack add is present.
import counterPath from './postrules-counter.wasm';
import fullPath from './postrules-full.wasm';
import { createPostrules } from './core.mjs';

// The bundle's URL, read once while it is being evaluated (document.currentScript is
// only set then).
let base = '';
try {
  base = import.meta.url || '';
} catch {
  // not a module
}
if (!base) {
  const doc = globalThis.document;
  base = (doc && doc.currentScript && doc.currentScript.src) || (doc && doc.baseURI) || '';
}
const where = (p) => (base ? new URL(p, base) : p);

const api = createPostrules({ counter: () => where(counterPath), full: () => where(fullPath) });

export const {
  init, loadChecker, ready, measure, parseScheduledFor, aggregate, checkPost, checkDraftPublish,
  split, rules, measureAll, probeMedia, planMedia, version, bookVersion,
} = api;
