// The test app of the bundler suite (js/test/package.test.mjs): what a composer would write,
// importing the packed package by its name and nothing else. It records what it got in
// window.__postrules for the test to read.
import { init, measure, checkPost, parseScheduledFor } from '@postrules/wasm';

const globalsBefore = Object.getOwnPropertyNames(globalThis);

async function main() {
  const loaded = await init();
  const m = measure('Hello from a bundle 🌍', { platform: 'twitter' });
  const long = measure('x'.repeat(300), { platform: 'twitter' });
  const t = parseScheduledFor('2030-01-02T03:04Z');
  const v = await checkPost(
    { content: 'Hello from a bundle 🌍', platforms: [{ platform: 'twitter' }], publishNow: true },
    { now: '2026-01-01T00:00:00Z' },
  );
  const bad = await checkPost({ content: 'x'.repeat(300), platforms: [{ platform: 'twitter' }], publishNow: true });
  const after = new Set(Object.getOwnPropertyNames(globalThis));
  for (const name of globalsBefore) after.delete(name);
  return { loaded, m, long, t, v, bad, added: [...after].filter((n) => n !== '__postrules'), go: typeof globalThis.Go };
}

main().then(
  (r) => { globalThis.__postrules = r; },
  (err) => { globalThis.__postrules = { error: String((err && err.stack) || err) }; },
);
