// The composer demo's media drop zone in Chromium, against the package's probeMedia.
// NEEDS probeMedia: it fails (does not skip) on a build of @postrules/wasm without it.
// A file picked and a file dropped are probed; the page shows the file's facts and, per
// platform, whether it takes the file, with the problem messages of
// `validate media --format json` for the same file, word for word.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, startBrowser, tempDir, artifactsDir, repoRoot } from './harness.mjs';

let tmp, server, browser, page;
const errors = [];
const media = (name) => path.join(repoRoot, 'rules', 'media', 'testdata', name);

before(async () => {
  tmp = tempDir();
  server = await startServer(tmp);
  browser = await startBrowser(tmp);
  page = browser.page;
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=yes]', { timeout: 30000 });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The CLI's line for a file: go run ./cmd/validate media --format json FILE. */
function cli(file) {
  let out;
  try {
    out = execFileSync('go', ['run', './cmd/validate', 'media', '--format', 'json', file], { cwd: repoRoot, encoding: 'utf8' });
  } catch (err) {
    out = err.stdout; // exit status 1: the file does not fit a platform
  }
  return JSON.parse(out.trim().split('\n')[0]);
}

/** What the page shows per platform: {platform: {fits, problems, warnings}}. */
const shown = () => page.locator('#media-result .media-platform').evaluateAll((items) => Object.fromEntries(items.map((li) => [li.dataset.platform, {
  fits: li.classList.contains('fits'),
  problems: [...li.querySelectorAll('.media-problem')].map((p) => p.textContent),
  warnings: [...li.querySelectorAll('.media-warning')].map((p) => p.textContent.replace(/^Worth changing: /, '')),
}])));

function sameAsCLI(page_, line) {
  for (const p of line.platforms) {
    assert.deepEqual(page_[p.platform], {
      fits: p.fits, problems: p.problems.map((q) => q.message), warnings: p.warnings.map((q) => q.message),
    }, p.platform);
  }
  assert.equal(Object.keys(page_).length, line.platforms.length);
}

test('the package has probeMedia and the drop zone is ready', async () => {
  const has = await page.evaluate(() => import('/js/postrules.mjs').then((m) => typeof m.probeMedia === 'function'));
  assert.equal(has, true, 'this test needs probeMedia in @postrules/wasm');
  assert.equal(await page.locator('#media-drop').getAttribute('data-available'), 'yes');
});

test('a picked image: its facts and the per-platform checklist, as the CLI says', async () => {
  await page.locator('#media-file').setInputFiles(media('image.png'));
  await page.waitForSelector('#media-result[data-state=done]');
  const facts = await page.locator('#media-result .media-facts').textContent();
  assert.match(facts, /PNG image, 251 bytes/);
  assert.match(facts, /32 × 18 pixels \(16:9\)/);
  sameAsCLI(await shown(), cli(media('image.png')));
  assert.match(await page.locator('#media-result .media-platform[data-platform="instagram"]').textContent(), /Instagram takes JPEG as images; this file is PNG/);
  mkdirSync(artifactsDir, { recursive: true });
  await page.locator('#media-section').screenshot({ path: path.join(artifactsDir, 'media-image.png') });
});

test('a dropped video: codecs, duration, faststart and the checklist, as the CLI says', async () => {
  const bytes = [...readFileSync(media('h264-aac-faststart.mp4'))];
  await page.locator('#media-drop').evaluate((zone, b) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(b)], 'clip.mp4', { type: 'video/mp4' }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await page.waitForSelector('#media-result[data-state=done][data-file="clip.mp4"]');
  const facts = await page.locator('#media-result .media-facts').textContent();
  assert.match(facts, /MP4 video/);
  assert.match(facts, /0\.5 s long at 10 frames per second/);
  assert.match(facts, /video H\.264/);
  assert.match(facts, /sound AAC/);
  assert.match(facts, /plays while it downloads/);
  sameAsCLI(await shown(), cli(media('h264-aac-faststart.mp4')));
  assert.match(await page.locator('#media-result .media-platform[data-platform="instagram"]').textContent(), /Instagram takes 23 to 60 fps; this video runs at 10 fps/);
});

test('a file that is no media: the reason in words, the code in details', async () => {
  await page.locator('#media-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text, not an image') });
  await page.waitForSelector('#media-result[data-state=done][data-file="notes.txt"]');
  const err = page.locator('#media-result .media-error');
  assert.match(await err.textContent(), /^notes\.txt could not be read: /);
  assert.equal(await err.getAttribute('data-code'), 'media_unrecognized');
  assert.deepEqual(errors, []);
});
