// Chromium: two copies of the package and an older Go-WASM library's globalThis.Go share
// a page; the package adds and changes no global, and hostile values (proxies, throwing
// getters, DOM nodes, window itself, a 3 MB string...) make no function throw or reject
// and forge no 5xx verdict (see globals.html).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startServer, startBrowser, tempDir } from './harness.mjs';

const tmp = tempDir();
const server = await startServer(tmp);
const browser = await startBrowser(tmp);
after(async () => {
  await browser.close();
  server.close();
  rmSync(tmp, { recursive: true, force: true });
});

test('two instances and an older globalThis.Go coexist; no global added or changed; hostile values throw nothing', async () => {
  const { page } = browser;
  await page.goto(new URL('../browser-test/globals.html', server.url).href);
  await page.waitForFunction(() => globalThis.__globals !== undefined, null, { timeout: 60000 });
  const r = await page.evaluate(() => globalThis.__globals);
  assert.deepEqual(r.errors, []);
  assert.equal(r.a.length, 7);
  assert.deepEqual([r.b.length, r.b.cap, r.b.fits], [300, 300, true]);
  assert.equal(r.checkA, true);
  assert.equal(r.checkB, true);
  assert.equal(r.older, true, 'the older Go is still the page\'s');
  assert.deepEqual(r.threw, []);
  assert.deepEqual(r.forged, []);
  assert.deepEqual(r.added, []);
  assert.deepEqual(r.changed, []);
  assert.equal(await page.evaluate(() => typeof globalThis.process), 'undefined');
});
