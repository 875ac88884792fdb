// postrules.mjs: the postrules rule book in the browser and in Node, from WebAssembly.
//
//   import { init, measure, parseScheduledFor, aggregate, checkPost } from '@postrules/wasm';
//   await init();                                   // loads the small counter module
//   measure('hello 🌍', { platform: 'twitter' });   // {length, cap, fits, counter, overflowAt}
//   parseScheduledFor('2030-01-02T03:04Z');         // {input, valid, utc} | {input, valid, code, message, offset}
//   await checkPost(request, { accounts });          // loads the full checker on first use
//
// Every function answers with a plain object whose members are those of the `validate`
// CLI's --format json lines, with UTF-16 offsets; none throws, and no promise rejects, for
// anything a page passes in (init and loadChecker reject only when a module cannot be
// fetched or compiled). A value of the wrong type, a string that is not valid Unicode, a
// huge text or an invalid JSON text gets an error result ({code, message, ...}) instead.
// No global is read or written: Go's glue runs in a private scope (see core.mjs).
//
// This entry serves browsers, Node and the bundlers that follow
// `new URL('./file', import.meta.url)` (Vite, webpack 5, Rollup, Parcel): the two literals
// below are how they find and copy the modules. esbuild does not follow them
// (evanw/esbuild#795); its entry is postrules.esbuild.mjs (see package.json's exports).
// In Node the modules are read from disk (file: URLs) with the fs module that
// process.getBuiltinModule hands out: no Node-only import is reachable from here.
import { createPostrules } from './core.mjs';

const api = createPostrules({
  counter: () => new URL('./postrules-counter.wasm', import.meta.url),
  full: () => new URL('./postrules-full.wasm', import.meta.url),
});

export const {
  init, loadChecker, ready, measure, parseScheduledFor, aggregate, checkPost, checkDraftPublish,
  split, rules, measureAll, probeMedia, planMedia, version, bookVersion,
} = api;
