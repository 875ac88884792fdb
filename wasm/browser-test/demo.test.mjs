// The composer demo in a real browser: Debian's Chromium, driven by playwright-core, on
// the page served by `go run ./wasm/serve`. Types into the page as a user would and
// checks what the page shows: counters, the highlighted overflow, the scheduledFor
// message and the verdict next to each field. Leaves a screenshot in test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, startBrowser, tempDir, artifactsDir } from './harness.mjs';

let tmp, server, browser, page;
const pageErrors = [];
const fetched = []; // the URL of every request the page made

before(async () => {
  tmp = tempDir();
  server = await startServer(tmp);
  browser = await startBrowser(tmp);
  page = browser.page;
  page.on('pageerror', (err) => pageErrors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') pageErrors.push(`console: ${msg.text()}`); });
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=yes]', { timeout: 20000 });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const shared = () => page.locator('.post-editor[data-path="/content"]');
const chip = (editor, platform) => editor.locator(`.counter[data-platform="${platform}"]`);

/** Types text at the end of a textarea key by key (input events per keystroke). */
async function typeInto(textarea, text) {
  await textarea.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

test('the page loads the counter module and shows live counters', async () => {
  assert.match(await page.locator('#module-status').textContent(), /counter module ready in \d+ ms/);
  const start = await shared().locator('textarea').inputValue();
  const n = [...new Intl.Segmenter().segment(start)].length;
  assert.equal(await chip(shared(), 'twitter').textContent(), `twitter ${n} / 280`);
  assert.equal(await chip(shared(), 'linkedin').count(), 1);
});

test('the checker is not fetched on page load, only once the user edits; modules come compressed', async () => {
  await page.waitForTimeout(1500); // past the idle callback that used to preload it
  assert.deepEqual(fetched.filter((u) => u.endsWith('postrules-full.wasm')), []);
  const counter = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => e.name.endsWith('postrules-counter.wasm')).map((e) => [e.encodedBodySize, e.decodedBodySize]));
  assert.equal(counter.length, 1);
  assert.ok(counter[0][0] < counter[0][1] / 2, `the counter module was sent compressed: ${counter[0]}`);
  const full = page.waitForResponse((r) => r.url().endsWith('postrules-full.wasm'), { timeout: 20000 });
  await typeInto(shared().locator('textarea'), '!');
  const response = await full;
  const h = await response.allHeaders();
  assert.equal(h['content-type'], 'application/wasm');
  assert.equal(h['content-encoding'], 'br');
  assert.match(h.etag, /^"[0-9a-f]+"$/);
});

test('typing past the cap: counter, over state and highlight at the UTF-16 offset', async () => {
  const area = shared().locator('textarea');
  // 5 rockets (2 UTF-16 units each) then letters: the overflow lies after astral text.
  await area.fill('🚀'.repeat(5) + 'a'.repeat(270));
  await typeInto(area, 'bcdefghijk'); // 10 keystrokes: 285 graphemes
  const text = await area.inputValue();
  assert.equal(text.length, 10 + 280);
  const twitter = chip(shared(), 'twitter');
  assert.equal(await twitter.textContent(), 'twitter 285 / 280');
  assert.match(await twitter.getAttribute('class'), /\bover\b/);
  assert.equal(await twitter.getAttribute('data-overflow-at'), String(10 + 275));
  // The highlight holds exactly the part past the cap, and the text before it is the rest.
  const mark = shared().locator('.backdrop mark');
  assert.equal(await mark.count(), 1);
  assert.equal(await mark.textContent(), 'ghijk');
  const before = await shared().locator('.backdrop').evaluate((b) => b.firstChild.textContent);
  assert.equal(before, text.slice(0, 285));
  // The mark sits where the textarea shows "g": the caret placed at overflowAt lands there.
  const caret = await area.evaluate((t, at) => { t.setSelectionRange(at, at + 1); return t.value.slice(t.selectionStart, t.selectionEnd); }, 285);
  assert.equal(caret, 'g');
  const linkedin = chip(shared(), 'linkedin');
  assert.doesNotMatch(await linkedin.getAttribute('class'), /\bover\b/);
});

test('the twitter thread editor adds, measures and removes posts', async () => {
  const items = page.locator('#thread .thread-item');
  // The thread reads top to bottom: post 1 (the shared content) above posts 2, 3...
  const y = async (loc) => (await loc.boundingBox()).y;
  assert.ok(await y(shared().locator('textarea')) < await y(items.nth(0)), 'post 1 is above post 2');
  assert.ok(await y(items.nth(0)) < await y(items.nth(1)), 'post 2 is above post 3');
  const n = await items.count();
  await page.locator('#add-thread-item').click();
  assert.equal(await items.count(), n + 1);
  const added = page.locator(`.post-editor[data-path="/platforms/0/platformSpecificData/threadItems/${n}/content"]`);
  const typed = 'Thread post with a flag 🇯🇵 and a family 👨‍👩‍👧‍👦';
  await typeInto(added.locator('textarea'), typed);
  assert.equal(await added.locator('textarea').inputValue(), typed);
  assert.equal(await chip(added, 'twitter').textContent(), `${[...new Intl.Segmenter().segment(typed)].length} / 280`);
  await added.locator('textarea').fill('x'.repeat(279));
  await typeInto(added.locator('textarea'), 'yz');
  assert.equal(await chip(added, 'twitter').textContent(), '281 / 280');
  assert.equal(await added.locator('.backdrop mark').textContent(), 'z');
  await items.nth(n).locator('.remove-item').click();
  assert.equal(await items.count(), n);
});

test('scheduledFor shows its error as you type', async () => {
  await page.locator('#mode-scheduled').check();
  const input = page.locator('#scheduled-for');
  const msg = page.locator('#scheduled-message');
  await input.fill('');
  await input.type('2030-02-30T10:00Z');
  assert.match(await msg.textContent(), /^invalid_scheduled_for: .*day 30 is out of range for February 2030/);
  assert.equal(await msg.getAttribute('data-offset'), '8');
  await input.fill('2030-03-01T10:00');
  assert.match(await msg.textContent(), /^invalid_scheduled_for: /);
  await input.type('Z');
  assert.equal(await msg.textContent(), '✓ 2030-03-01T10:00:00Z');
  await input.fill('2001-01-01T00:00Z');
  assert.match(await msg.textContent(), /^scheduled_in_past: /);
  await input.fill('2030-03-01T10:00Z');
});

test('Check shows the verdict, each problem next to its field', async () => {
  // The shared content is still 285 graphemes: 400 post_too_long at /content.
  await page.locator('#check').click();
  await page.waitForSelector('#verdict:not([hidden])');
  await page.waitForFunction(() => !document.querySelector('#check').disabled);
  assert.match(await page.locator('#verdict-status').textContent(), /invalid: HTTP 400/);
  assert.match(await page.locator('#verdict-code').textContent(), /^post_too_long: /);
  const atContent = shared().locator('.problems .problem');
  assert.equal(await atContent.count(), 1);
  assert.equal(await atContent.getAttribute('data-code'), 'post_too_long');
  assert.match(await page.locator('#checker-status').textContent(), /check/);

  // Any edit clears the verdict and the problems it made stale.
  await typeInto(shared().locator('textarea'), '?');
  assert.equal(await page.locator('#verdict').isHidden(), true);
  assert.equal(await page.locator('.problems .problem').count(), 0);
  assert.match(await page.locator('#checker-status').textContent(), /edited since the last check/);

  // Shorten it: now the two connected linkedin accounts make the target ambiguous (409).
  await shared().locator('textarea').fill('Launch day 🚀 see you there');
  await page.locator('#check').click();
  await page.waitForFunction(() => /409/.test(document.querySelector('#verdict-status').textContent));
  assert.match(await page.locator('#verdict-code').textContent(), /^ambiguous_account: .*li_company/);
  const atTarget = page.locator('#target-linkedin .problems .problem');
  assert.equal(await atTarget.count(), 1);
  assert.equal(await shared().locator('.problems .problem').count(), 0);

  // Name the account: valid, scheduled, status pending.
  await page.locator('#account-linkedin').fill('li_company');
  await page.locator('#check').click();
  await page.waitForFunction(() => /valid: pending/.test(document.querySelector('#verdict-status').textContent));
  assert.equal(await page.locator('#verdict-status').textContent(), '✓ valid: pending for 2030-03-01T10:00:00Z (billable)');
  assert.equal(await page.locator('.problem').count(), 0);
  const request = JSON.parse(await page.locator('#request-json').textContent());
  assert.equal(request.scheduledFor, '2030-03-01T10:00Z');
});

test('a pasted text far over the cap shows its length as a lower bound', async () => {
  // 20,000 bytes against twitter's 280 (more than 32 times the cap): counting stops at
  // twice the cap and measure says exact: false; the chip reads "more than".
  const area = shared().locator('textarea');
  await area.fill('long paste. '.repeat(1700));
  await typeInto(area, '!');
  assert.equal(await chip(shared(), 'twitter').textContent(), 'twitter more than 560 / 280');
  assert.equal(await chip(shared(), 'twitter').getAttribute('data-overflow-at'), '280');
  assert.equal(await chip(shared(), 'linkedin').textContent(), 'linkedin 20401 / 3000'); // within 32x its cap: exact
});

test('every selected platform shows its counters and rule messages live (measureAll)', async () => {
  const panel = (p) => page.locator(`#all-platforms .all-platform[data-platform="${p}"]`);
  await page.locator('#platform-bluesky').check();
  await page.locator('#platform-youtube').check();
  const area = shared().locator('textarea');
  await area.fill('Short <b>post</b> 🚀');
  // One row per selected platform, in the API's order.
  const rows = await page.locator('#all-platforms .all-platform').evaluateAll((ps) => ps.map((p) => p.dataset.platform));
  assert.deepEqual(rows, ['twitter', 'youtube', 'linkedin', 'bluesky']);
  // bluesky: graphemes and bytes, both fit.
  const typed = await area.inputValue();
  const g = [...new Intl.Segmenter().segment(typed)].length; // 19
  const b = new TextEncoder().encode(typed).length; // 22
  assert.equal(await panel('bluesky').locator('[data-rule="bluesky.text.max_graphemes"]').textContent(), `text.max_graphemes ${g} / 300 graphemes`);
  assert.equal(await panel('bluesky').locator('[data-rule="bluesky.text.max_bytes"]').textContent(), `text.max_bytes ${b} / 3000 bytes`);
  // youtube refuses < and >: the rule's chip is over and its message names it, at the
  // UTF-16 offset of the first "<".
  const yt = panel('youtube').locator('.rule-message');
  assert.equal(await yt.count(), 1);
  assert.match(await yt.textContent(), /^youtube\.[a-z_.]+ 4 forbidden, from UTF-16 offset 6: /);
  assert.match(await panel('youtube').locator('h3').textContent(), /✗/);
  assert.match(await panel('bluesky').locator('h3').textContent(), /✓/);
  // Keystroke by keystroke past twitter's cap: its message appears, offset in UTF-16.
  await area.fill('🚀'.repeat(5) + 'a'.repeat(274));
  assert.equal(await panel('twitter').locator('.rule-message').count(), 0);
  await typeInto(area, 'bc');
  const tw = panel('twitter').locator('.rule-message');
  assert.equal(await tw.count(), 1);
  // 5 rockets (10 UTF-16 units) and 275 letters fit; "c" is grapheme 281, at unit 285.
  assert.match(await tw.textContent(), /^twitter\.text\.max 281 \/ 280 graphemes, from UTF-16 offset 285: /);
  await page.locator('#platform-youtube').uncheck();
  assert.equal(await panel('youtube').count(), 0);
});

test('"Split into thread" replaces the text with thread posts, each with its own live counter', async () => {
  const area = shared().locator('textarea');
  const sentence = (i) => `Sentence number ${i} of the announcement, with a clause or two to read. `;
  const text = Array.from({ length: 24 }, (_, i) => sentence(i + 1)).join('') + 'The end 🚀';
  await area.fill(text);
  assert.match(await chip(shared(), 'twitter').getAttribute('class'), /\bover\b/);
  await page.locator('#split-numbering').selectOption('suffix');
  await page.locator('#split-thread').click();
  const posts = await page.evaluate((t) => import('/js/postrules.mjs').then((pr) => pr.split(t, { platform: 'twitter', numbering: 'suffix' }).posts.map((p) => p.text)), text);
  assert.ok(posts.length >= 5, `${posts.length} posts`);
  assert.match(await page.locator('#split-message').textContent(), new RegExp(`^split into ${posts.length} posts`));
  // Post 1 is the shared content; posts 2.. are the twitter thread's editors, in order.
  assert.equal(await area.inputValue(), posts[0]);
  const items = page.locator('#thread .thread-item');
  assert.equal(await items.count(), posts.length - 1);
  for (let k = 0; k < posts.length - 1; k++) {
    const ed = page.locator(`.post-editor[data-path="/platforms/0/platformSpecificData/threadItems/${k}/content"]`);
    assert.equal(await ed.locator('textarea').inputValue(), posts[k + 1]);
    const c = chip(ed, 'twitter');
    const n = [...new Intl.Segmenter().segment(posts[k + 1])].length;
    assert.equal(await c.textContent(), `${n} / 280`);
    assert.doesNotMatch(await c.getAttribute('class'), /\bover\b/);
    assert.match(posts[k + 1], new RegExp(` ${k + 2}/${posts.length}$`));
  }
  assert.doesNotMatch(await chip(shared(), 'twitter').getAttribute('class'), /\bover\b/);
  // The measureAll panel follows post 1: every selected platform, each fitting now.
  const rows = await page.locator('#all-platforms .all-platform').evaluateAll((ps) => ps.map((p) => p.dataset.platform));
  assert.deepEqual(rows, ['twitter', 'linkedin', 'bluesky']);
  assert.equal(await page.locator('#all-platforms .rule-message').count(), 0);
  // The words are all there, in order.
  const words = (s) => s.replace(/ \d+\/\d+$/, '').split(/\s+/).filter(Boolean);
  assert.deepEqual(posts.flatMap(words), words(text));
  // Each post's counter stays live: typing into one updates it.
  const second = page.locator('.post-editor[data-path="/platforms/0/platformSpecificData/threadItems/0/content"]');
  await typeInto(second.locator('textarea'), '!');
  const n2 = [...new Intl.Segmenter().segment(posts[1] + '!')].length;
  assert.equal(await chip(second, 'twitter').textContent(), `${n2} / 280`);
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, 'split-thread.png'), fullPage: true });
  // Nothing to split: the fault's code is shown, and nothing is replaced.
  await area.fill('   ');
  await page.locator('#split-thread').click();
  assert.match(await page.locator('#split-message').textContent(), /^no_content: /);
  assert.equal(await items.count(), posts.length - 1);
});

test('screenshot of the composer with an overflowing post and a verdict', async () => {
  await shared().locator('textarea').fill('Launch day 🚀 ' + 'and a very long post '.repeat(14) + '— the end');
  await page.locator('#check').click();
  await page.waitForFunction(() => /HTTP 400/.test(document.querySelector('#verdict-status').textContent));
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, 'demo.png');
  await page.screenshot({ path: file, fullPage: true });
  assert.deepEqual(pageErrors, []);
});
