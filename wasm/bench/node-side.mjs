// What the Node scripts of this folder (measure.mjs, composer.mjs) share: twitter-text
// bundled as an app ships it, and bench.html opened in Debian's headless Chromium.
// cases.mjs holds the benchmarks themselves; it also runs in the page, so it cannot
// import these Node-only pieces.
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const wasmDir = fileURLToPath(new URL('../', import.meta.url));

// buildTwitterText bundles twitter-text into one minified ESM file (esbuild), the
// comparison measure.mjs times and sizes and bench.html imports; it returns the file.
export async function buildTwitterText() {
  const { buildSync } = await import('esbuild');
  const outfile = path.join(wasmDir, 'bench', 'build', 'twitter-text.mjs');
  buildSync({
    stdin: { contents: "import twttr from 'twitter-text'; export const parseTweet = twttr.parseTweet;", resolveDir: wasmDir },
    bundle: true, minify: true, format: 'esm', outfile, logLevel: 'error',
  });
  return outfile;
}

// inChromium opens bench.html in headless Chromium, served from a temporary copy as the
// browser suite serves the demo, waits until the page is ready and returns what
// run(page) returns; null (and a line saying so) when Chromium is not installed.
export async function inChromium(run) {
  const { startServer, startBrowser, tempDir, chromiumPath } = await import('../browser-test/harness.mjs');
  if (!existsSync(chromiumPath)) {
    console.log(`\n(${chromiumPath} not installed: no Chromium figures)`);
    return null;
  }
  const tmp = tempDir();
  const server = await startServer(tmp);
  const browser = await startBrowser(tmp);
  try {
    const page = browser.page;
    await page.goto(server.url.replace('/demo/', '/bench/bench.html'));
    await page.waitForSelector('body[data-ready=yes]');
    return await run(page);
  } finally {
    await browser.close();
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
