// Chromium gives the answers Node gives (js/test/bounded.test.mjs) for the inputs whose
// handling depends on the engine: a value nested past any engine's JSON.stringify stack is
// too_deep on both (it was malformed_json in Node and too_deep in Chromium).
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

/** Runs fn(postrules) in the page, the package imported from the served js/ folder. */
async function inPage(fn, arg) {
  const { page } = browser;
  if (!page.url().startsWith(server.url)) await page.goto(server.url);
  return page.evaluate(async ([src, a]) => {
    const pr = await import(new URL('../js/postrules.mjs', location.href).href);
    await pr.init();
    // eslint-disable-next-line no-new-func
    return new Function('pr', 'a', `return (${src})(pr, a);`)(pr, a);
  }, [fn.toString(), arg]);
}

test('Chromium: a value nested past any stack is too_deep, as in Node', async () => {
  const codes = await inPage(async (pr, depths) => {
    const nested = (depth, array) => {
      let v = array ? [] : {};
      for (let i = 1; i < depth; i++) v = array ? [v] : { a: v };
      return v;
    };
    const out = [];
    for (const depth of depths) {
      for (const array of [false, true]) {
        const body = { content: 'x', platforms: [{ platform: 'twitter', accountId: 'a' }], deep: nested(depth, array) };
        out.push((await pr.checkPost(body)).error.code);
        out.push((await pr.checkPost({ content: 'x', platforms: [{ platform: 'twitter' }] }, { plan: nested(depth, array) })).error.code);
        out.push((await pr.aggregate([{ platform: 'twitter', state: 'published', x: nested(depth, array) }])).code);
      }
    }
    return out;
  }, [33, 10000, 200000]);
  assert.deepEqual(codes, Array(18).fill('too_deep'));
});
