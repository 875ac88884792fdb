// Node: the package adds and changes no global. Two copies (two module URLs) and a fake
// older globalThis.Go from another Go-WASM library coexist; process stays Node's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requireBuilt } from '../test-helpers.mjs';

requireBuilt();

test('two instances and an older globalThis.Go coexist; no global added or changed', async () => {
  class OlderGo { constructor() { this.older = true; } }
  globalThis.Go = OlderGo;
  const watched = ['Go', 'fs', 'process', 'path'];
  const was = Object.fromEntries(watched.map((k) => [k, globalThis[k]]));
  const before = Object.getOwnPropertyNames(globalThis);
  try {
    const a = await import('../postrules.mjs?globals=a');
    const b = await import('../postrules.mjs?globals=b');
    await Promise.all([a.init(), b.init()]);
    assert.equal(a.measure('hello 🌍').length, 7);
    assert.deepEqual([b.measure('x'.repeat(300), { platform: 'bluesky' }).fits], [true]);
    assert.equal((await a.checkPost({ content: 'hi', platforms: [{ platform: 'twitter' }], publishNow: true })).valid, true);
    assert.equal((await b.checkPost({ content: 'hi', platforms: [{ platform: 'bluesky' }], publishNow: true })).valid, true);
    const added = Object.getOwnPropertyNames(globalThis).filter((n) => !before.includes(n));
    assert.deepEqual(added, []);
    assert.deepEqual(watched.filter((k) => globalThis[k] !== was[k]), []);
    assert.equal(new globalThis.Go().older, true);
    assert.equal(typeof process.env, 'object'); // Node's process, untouched
    assert.equal(globalThis.fs, undefined);
  } finally {
    delete globalThis.Go;
  }
});
