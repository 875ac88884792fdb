// The composer demo in a real browser: Debian's Chromium, driven by playwright-core, on
// the page served by `go run ./wasm/serve`. Types into the page as a user would and
// checks what the page shows: counters, the highlighted overflow, the scheduledFor
// message and the verdict next to each field. Leaves a screenshot in test-artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer, startBrowser, tempDir, artifactsDir, wasmDir } from './harness.mjs';
import { paste } from './keystrokes.mjs';

/** GET with the given Accept-Encoding, the body left as sent: {status, headers, body}. */
const rawGet = (url, acceptEncoding) => new Promise((resolve, reject) => {
  http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
  }).on('error', reject);
});

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
// A post editor (.post-editor) is a CodeMirror view: .cm-content is what takes the keys,
// and the wrapper's .view the EditorView, whose document is the text.
const field = (editor) => editor.locator('.cm-content');
const textOf = (editor) => editor.evaluate((w) => w.view.state.doc.toString());
// Where the overflow mark starts, as an offset into the text (CodeMirror's own mapping
// from the DOM), and the text of the marks drawn.
const markStart = (editor) => editor.evaluate((w) => w.view.posAtDOM(w.querySelector('.cm-overflow'), 0));
const marked = async (editor) => (await editor.locator('.cm-overflow').allTextContents()).join('');

/** Waits until the page has drawn: the demo redraws once per animation frame. */
const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/** Types text at the end of a field key by key (input events per keystroke). */
async function typeInto(input, text) {
  await input.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  await settle();
}

/** Replaces a field's text (a paste into an editor, one input event into an input). */
async function fill(input, text) {
  if (await input.evaluate((e) => e.isContentEditable)) await paste(page, input, text);
  else await input.fill(text);
  await settle();
}

test('the page loads the counter module and shows live counters', async () => {
  assert.match(await page.locator('#module-status').textContent(), /counter module ready in \d+ ms/);
  const start = await textOf(shared());
  const n = [...new Intl.Segmenter().segment(start)].length;
  assert.equal(await chip(shared(), 'twitter').textContent(), `X ${n} / 280`);
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
  await typeInto(field(shared()), '!');
  const response = await full;
  const h = await response.allHeaders();
  assert.equal(h['content-type'], 'application/wasm');
  assert.equal(h['content-encoding'], 'br');
  assert.match(h.etag, /^"[0-9a-f]+"$/);
});

test('the server: brotli for every text asset the page loads (gzip for gzip-only clients); nothing outside the allow-list', async () => {
  const loaded = fetched.filter((u) => /\.(html|css|mjs|wasm)$|\/demo\/$/.test(new URL(u).pathname));
  for (const name of ['/demo/', '/demo/demo.css', '/demo/demo.mjs', '/demo/editor.bundle.mjs', '/js/postrules.mjs', '/js/core.mjs', '/js/wasm_exec.mjs', '/js/postrules-counter.wasm']) {
    assert.ok(loaded.some((u) => new URL(u).pathname === name), `the page loaded ${name}`);
    const file = path.join(wasmDir, name === '/demo/' ? 'demo/index.html' : name);
    const br = await rawGet(new URL(name, server.url), 'gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br', name);
    assert.deepEqual(brotliDecompressSync(br.body), readFileSync(file), `${name}: the brotli body is the file`);
    const gz = await rawGet(new URL(name, server.url), 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip', name);
    assert.deepEqual(gunzipSync(gz.body), readFileSync(file), `${name}: the gzip body is the file`);
  }
  for (const name of ['/internal/bridge/', '/counter/main.go', '/serve/main.go', '/serve/main_test.go', '/build.sh', '/package.json', '/js/package.json', '/js/test/api.test.mjs', '/js/postrules-counter.wasm.br', '/demo/../serve/main.go']) {
    assert.equal((await rawGet(new URL(name, server.url), '')).status, 404, name);
  }
});

test('typing past the cap: counter, over state and highlight at the UTF-16 offset', async () => {
  const area = field(shared());
  // 5 rockets (2 UTF-16 units each) then letters: the overflow lies after astral text.
  await fill(area, '🚀'.repeat(5) + 'a'.repeat(270));
  await typeInto(area, 'bcdefghijk'); // 10 keystrokes: 285 graphemes
  const text = await textOf(shared());
  assert.equal(text.length, 10 + 280);
  const twitter = chip(shared(), 'twitter');
  assert.equal(await twitter.textContent(), 'X 285 / 280');
  // In words, in characters: no UTF-16 units or graphemes outside the details views.
  assert.equal(await shared().locator('.summary').textContent(), 'X counts this post as 285 of 280 characters; the last 5 are highlighted.');
  assert.match(await twitter.getAttribute('class'), /\bover\b/);
  assert.equal(await twitter.getAttribute('data-overflow-at'), String(10 + 275));
  // The highlight holds exactly the part past the cap, and the text before it is the rest.
  const mark = shared().locator('.cm-overflow');
  assert.equal(await mark.count(), 1);
  assert.equal(await mark.textContent(), 'ghijk');
  const before = await area.evaluate((c) => {
    const r = document.createRange();
    r.setStart(c, 0);
    r.setEndBefore(c.querySelector('.cm-overflow'));
    return r.toString();
  });
  assert.equal(before, text.slice(0, 285));
  // The mark starts at overflowAt in the editor's own mapping of the DOM to the text.
  assert.equal(await markStart(shared()), 285);
  const linkedin = chip(shared(), 'linkedin');
  assert.doesNotMatch(await linkedin.getAttribute('class'), /\bover\b/);
});

test('the twitter thread editor adds, measures and removes posts', async () => {
  const items = page.locator('#thread .thread-item');
  // The thread reads top to bottom: post 1 (the shared content) above posts 2, 3...
  const y = async (loc) => (await loc.boundingBox()).y;
  assert.ok(await y(field(shared())) < await y(items.nth(0)), 'post 1 is above post 2');
  assert.ok(await y(items.nth(0)) < await y(items.nth(1)), 'post 2 is above post 3');
  const n = await items.count();
  await page.locator('#add-thread-item').click();
  assert.equal(await items.count(), n + 1);
  const added = page.locator(`.post-editor[data-path="/platforms/0/platformSpecificData/threadItems/${n}/content"]`);
  const typed = 'Thread post with a flag 🇯🇵 and a family 👨‍👩‍👧‍👦';
  await typeInto(field(added), typed);
  assert.equal(await textOf(added), typed);
  assert.equal(await chip(added, 'twitter').textContent(), `X ${[...new Intl.Segmenter().segment(typed)].length} / 280`);
  await fill(field(added), 'x'.repeat(279));
  await typeInto(field(added), 'yz');
  assert.equal(await chip(added, 'twitter').textContent(), 'X 281 / 280');
  assert.equal(await marked(added), 'z');
  await items.nth(n).locator('.remove-item').click();
  await settle();
  assert.equal(await items.count(), n);
});

test('scheduledFor shows its error as you type', async () => {
  await page.locator('#mode-scheduled').check();
  const input = page.locator('#scheduled-for');
  const msg = page.locator('#scheduled-message');
  await fill(input, '');
  await input.type('2030-02-30T10:00Z');
  await settle();
  assert.match(await msg.textContent(), /day 30 is out of range for February 2030/);
  assert.equal(await msg.getAttribute('data-code'), 'invalid_scheduled_for');
  assert.equal(await msg.getAttribute('data-offset'), '8');
  await fill(input, '2030-03-01T10:00');
  assert.equal(await msg.getAttribute('data-code'), 'invalid_scheduled_for');
  await input.type('Z');
  await settle();
  assert.equal(await msg.textContent(), '✓ 2030-03-01T10:00:00Z');
  await fill(input, '2001-01-01T00:00Z');
  assert.equal(await msg.getAttribute('data-code'), 'scheduled_in_past');
  await fill(input, '2030-03-01T10:00Z');
});

test('Check shows the verdict, each problem next to its field', async () => {
  // The shared content is still 285 graphemes: 400 post_too_long at /content.
  await page.locator('#check').click();
  await page.waitForSelector('#verdict:not([hidden])');
  await page.waitForFunction(() => !document.querySelector('#check').disabled);
  assert.match(await page.locator('#verdict-status').textContent(), /refuse this post \(HTTP 400/);
  assert.match(await page.locator('#verdict-code').textContent(), /^post_too_long: /);
  const atContent = shared().locator('.problems .problem');
  assert.equal(await atContent.count(), 1);
  assert.equal(await atContent.getAttribute('data-code'), 'post_too_long');
  assert.match(await page.locator('#checker-status').textContent(), /check/);

  // Any edit clears the verdict and the problems it made stale.
  await typeInto(field(shared()), '?');
  assert.equal(await page.locator('#verdict').isHidden(), true);
  assert.equal(await page.locator('.problems .problem').count(), 0);
  assert.match(await page.locator('#checker-status').textContent(), /edited since the last check/);

  // Shorten it: now the two connected linkedin accounts make the target ambiguous (409).
  await fill(field(shared()), 'Launch day 🚀 see you there');
  await page.locator('#check').click();
  await page.waitForFunction(() => /409/.test(document.querySelector('#verdict-status').textContent));
  assert.match(await page.locator('#verdict-code').textContent(), /^ambiguous_account: .*li_company/);
  assert.match(await page.locator('#verdict-message').textContent(), /li_company/);
  const atTarget = page.locator('#target-linkedin .problems .problem');
  assert.equal(await atTarget.count(), 1);
  assert.equal(await shared().locator('.problems .problem').count(), 0);

  // Name the account: valid, scheduled, status pending.
  await page.locator('#account-linkedin').fill('li_company');
  await page.locator('#check').click();
  await page.waitForFunction(() => /would take this post/.test(document.querySelector('#verdict-status').textContent));
  assert.equal(await page.locator('#verdict-status').textContent(), '✓ The API would take this post (pending) for 2030-03-01T10:00:00Z; it counts towards your plan.');
  assert.equal(await page.locator('.problem').count(), 0);
  // The request's JSON is built when its panel opens, not before.
  assert.equal(await page.locator('#request-json').textContent(), '');
  await page.locator('#request-details summary').click();
  await page.waitForSelector('#request-details[data-built=yes]');
  const request = JSON.parse(await page.locator('#request-json').textContent());
  assert.equal(request.scheduledFor, '2030-03-01T10:00Z');
  assert.equal(request.platforms[1].accountId, 'li_company');
  // An edit empties it and says how to see it again; reopening builds it anew.
  await typeInto(page.locator('#account-linkedin'), 'x');
  assert.equal(await page.locator('#request-json').textContent(), '');
  assert.match(await page.locator('#request-note').textContent(), /close and open/);
  await page.locator('#request-details summary').click();
  await page.waitForFunction(() => !document.querySelector('#request-details').open);
  await page.locator('#request-details summary').click();
  await page.waitForSelector('#request-details[data-built=yes]');
  assert.equal(JSON.parse(await page.locator('#request-json').textContent()).platforms[1].accountId, 'li_companyx');
  await page.locator('#request-details summary').click();
  await fill(page.locator('#account-linkedin'), 'li_company');
});

test('a pasted text far over the cap shows its length as a lower bound', async () => {
  // 20,000 bytes against twitter's 280 (more than 32 times the cap): counting stops at
  // twice the cap and measure says exact: false; the chip reads "more than".
  const area = field(shared());
  await fill(area, 'long paste. '.repeat(1700));
  await typeInto(area, '!');
  assert.equal(await chip(shared(), 'twitter').textContent(), 'X more than 560 / 280');
  assert.equal(await chip(shared(), 'twitter').getAttribute('data-overflow-at'), '280');
  assert.equal(await chip(shared(), 'linkedin').textContent(), 'LinkedIn 20,401 / 3,000'); // within 32x its cap: exact
  assert.match(await shared().locator('.summary').textContent(), /^X counts this post as more than 560 of 280 characters; everything past the first 280 characters is highlighted\.LinkedIn counts this post as 20,401 of 3,000 characters; the last 17,401 are highlighted\.$/);
  // The highlight starts at the first overflow and runs to the end of the text; what is
  // drawn of it is the text past the cap, and only the part in sight is drawn.
  // (This text is one line of 20,402 characters: CodeMirror draws the part of it in sight.)
  const long = 'long paste. '.repeat(1700) + '!';
  await page.keyboard.press('Control+Home');
  await settle();
  assert.equal(await markStart(shared()), 280);
  const drawn = await marked(shared());
  assert.ok(drawn.length > 0 && long.slice(280).startsWith(drawn), `the marks hold ${drawn.length} characters from the overflow on`);
  const shown = await area.evaluate((c) => c.textContent.length);
  assert.ok(shown < long.length / 2, `the editor's DOM holds ${shown} of ${long.length} characters`);
  await page.keyboard.press('Control+End'); // the end of the text is in sight, and marked
  await settle();
  assert.equal(await shared().evaluate((w) => {
    const marks = w.querySelectorAll('.cm-overflow');
    const last = marks[marks.length - 1];
    return w.view.posAtDOM(last, last.childNodes.length);
  }), long.length);
});

test('every selected platform shows its counts and plain messages live (measureAll); ids in details', async () => {
  const panel = (p) => page.locator(`#all-platforms .all-platform[data-platform="${p}"]`);
  await page.locator('#platform-bluesky').check();
  await page.locator('#platform-youtube').check();
  const area = field(shared());
  await fill(area, 'Short <b>post</b> 🚀');
  // One row per selected platform, in the API's order.
  const rows = await page.locator('#all-platforms .all-platform').evaluateAll((ps) => ps.map((p) => p.dataset.platform));
  assert.deepEqual(rows, ['twitter', 'youtube', 'linkedin', 'bluesky']);
  // Bluesky counts characters and bytes, both fit.
  const typed = await textOf(shared());
  const g = [...new Intl.Segmenter().segment(typed)].length; // 19
  const b = new TextEncoder().encode(typed).length; // 22
  assert.equal(await panel('bluesky').locator('[data-rule="bluesky.text.max_graphemes"]').textContent(), `${g} / 300 characters`);
  assert.equal(await panel('bluesky').locator('[data-rule="bluesky.text.max_bytes"]').textContent(), `${b} / 3,000 bytes`);
  // YouTube refuses < and >: said in words, with the first one; the rule id and the
  // UTF-16 offset only in the details view.
  const yt = panel('youtube').locator('.rule-message');
  assert.equal(await yt.count(), 1);
  assert.equal(await yt.textContent(), 'YouTube does not take 4 characters this text holds, the first a “<”.');
  assert.match(await panel('youtube').locator('.rule-details li').textContent(), /^youtube\.[a-z_.]+ forbidden, 4\/\d+, from UTF-16 offset 6: /);
  assert.match(await panel('youtube').locator('h3').textContent(), /✗ does not fit/);
  assert.match(await panel('bluesky').locator('h3').textContent(), /✓ fits/);
  // Keystroke by keystroke past X's cap. X's own count (rockets weigh 2) is over 280
  // before: its warning speaks first.
  await fill(area, '🚀'.repeat(5) + 'a'.repeat(274));
  assert.equal(await panel('twitter').locator('.rule-message[data-rule="twitter.text.max"]').count(), 0);
  assert.match(await panel('twitter').locator('.rule-message.warning[data-rule="twitter.text.x_weighted"]').textContent(), /^Warning: X takes 280 characters; this text is 284, 4 too many\.$/);
  await typeInto(area, 'bc');
  const tw = panel('twitter').locator('.rule-message[data-rule="twitter.text.max"]');
  assert.equal(await tw.textContent(), 'X takes 280 characters; this text is 281, 1 too many.');
  // 5 rockets (10 UTF-16 units) and 275 letters fit; "c" is character 281, at unit 285.
  assert.match(await panel('twitter').locator('.rule-details li[data-rule="twitter.text.max"]').textContent(), /^twitter\.text\.max graphemes, 281\/280, from UTF-16 offset 285: /);
  // Nowhere outside a closed details view does the page speak of UTF-16 or graphemes.
  assert.doesNotMatch(await page.locator('main').innerText(), /UTF-16|grapheme|overflowAt/i);
  await page.locator('#platform-youtube').uncheck();
  await settle();
  assert.equal(await panel('youtube').count(), 0);
});

test('"Split into an X thread" replaces the text with thread posts; Undo puts it back; a later edit clears its message', async () => {
  const area = field(shared());
  const sentence = (i) => `Sentence number ${i} of the announcement, with a clause or two to read. `;
  const text = Array.from({ length: 24 }, (_, i) => sentence(i + 1)).join('') + 'The end 🚀';
  await fill(area, text);
  const threadBefore = await page.locator('#thread .thread-item .post-editor').evaluateAll((ws) => ws.map((w) => w.view.state.doc.toString()));
  assert.match(await chip(shared(), 'twitter').getAttribute('class'), /\bover\b/);
  await page.locator('#split-numbering').selectOption('suffix');
  await page.locator('#split-thread').click();
  await settle();
  const posts = await page.evaluate((t) => import('/js/postrules.mjs').then((pr) => pr.split(t, { platform: 'twitter', numbering: 'suffix' }).posts.map((p) => p.text)), text);
  assert.ok(posts.length >= 5, `${posts.length} posts`);
  assert.equal(await page.locator('#split-message').textContent(), `Split into ${posts.length} posts of at most 280 characters each, as X counts them.`);
  // Post 1 is the shared content; posts 2.. are the X thread's editors, in order.
  assert.equal(await textOf(shared()), posts[0]);
  const items = page.locator('#thread .thread-item');
  assert.equal(await items.count(), posts.length - 1);
  for (let k = 0; k < posts.length - 1; k++) {
    const ed = page.locator(`.post-editor[data-path="/platforms/0/platformSpecificData/threadItems/${k}/content"]`);
    assert.equal(await textOf(ed), posts[k + 1]);
    const c = chip(ed, 'twitter');
    const n = [...new Intl.Segmenter().segment(posts[k + 1])].length;
    assert.equal(await c.textContent(), `X ${n} / 280`);
    assert.doesNotMatch(await c.getAttribute('class'), /\bover\b/);
    assert.match(posts[k + 1], new RegExp(` ${k + 2}/${posts.length}$`));
  }
  assert.doesNotMatch(await chip(shared(), 'twitter').getAttribute('class'), /\bover\b/);
  // The all-rules panel follows post 1: every selected platform, each fitting now.
  const rows = await page.locator('#all-platforms .all-platform').evaluateAll((ps) => ps.map((p) => p.dataset.platform));
  assert.deepEqual(rows, ['twitter', 'linkedin', 'bluesky']);
  assert.equal(await page.locator('#all-platforms .rule-message').count(), 0);
  // The words are all there, in order.
  const words = (s) => s.replace(/ \d+\/\d+$/, '').split(/\s+/).filter(Boolean);
  assert.deepEqual(posts.flatMap(words), words(text));
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, 'split-thread.png'), fullPage: true });
  // Undo: the text and the thread as they were.
  await page.locator('#split-undo').click();
  await settle();
  assert.equal(await textOf(shared()), text);
  assert.deepEqual(await page.locator('#thread .thread-item .post-editor').evaluateAll((ws) => ws.map((w) => w.view.state.doc.toString())), threadBefore);
  assert.equal(await page.locator('#split-undo').isHidden(), true);
  // Split again, then edit: the message and the Undo go (an undo would lose the edit).
  await page.locator('#split-thread').click();
  await settle();
  assert.equal(await page.locator('#split-undo').isVisible(), true);
  const second = page.locator('.post-editor[data-path="/platforms/0/platformSpecificData/threadItems/0/content"]');
  await typeInto(field(second), '!');
  assert.equal(await page.locator('#split-message').textContent(), '');
  assert.equal(await page.locator('#split-undo').isHidden(), true);
  // Each post's count stays live: typing into one updated it.
  const n2 = [...new Intl.Segmenter().segment(posts[1] + '!')].length;
  assert.equal(await chip(second, 'twitter').textContent(), `X ${n2} / 280`);
  // Nothing to split: said in words, the code kept as data, and nothing replaced.
  await fill(area, '   ');
  await page.locator('#split-thread').click();
  assert.equal(await page.locator('#split-message').textContent(), 'Nothing to split: the post is empty.');
  assert.equal(await page.locator('#split-message').getAttribute('data-code'), 'no_content');
  assert.equal(await items.count(), posts.length - 1);
});

test('connected accounts are a form: add, name and remove rows; a defect shows at its row', async () => {
  const rows = page.locator('#accounts .account');
  assert.equal(await rows.count(), 5);
  assert.deepEqual(await rows.locator('select').evaluateAll((ss) => ss.map((s) => s.value)), ['twitter', 'linkedin', 'linkedin', 'bluesky', 'instagram']);
  await fill(field(shared()), 'Launch day 🚀 see you there');
  await page.locator('#account-linkedin').fill('');
  // Remove one of the two LinkedIn accounts: the target resolves to the other.
  await rows.nth(2).locator('.remove-account').click();
  assert.equal(await rows.count(), 4);
  await page.locator('#check').click();
  await page.waitForFunction(() => !document.querySelector('#verdict').hidden && !document.querySelector('#check').disabled);
  assert.match(await page.locator('#verdict-status').textContent(), /would take this post/);
  // A new row left empty: the options' defect is shown at that row, in words.
  await page.locator('#add-account').click();
  assert.equal(await rows.count(), 5);
  await rows.nth(4).locator('select').selectOption('bluesky');
  await page.locator('#check').click();
  await page.waitForFunction(() => /HTTP 400/.test(document.querySelector('#verdict-status').textContent));
  const atRow = rows.nth(4).locator('.problems .problem');
  assert.equal(await atRow.count(), 1);
  assert.doesNotMatch(await atRow.textContent(), /^[a-z_]+:/);
  await rows.nth(4).locator('.account-id').fill('bsky_2');
  await rows.nth(4).locator('.remove-account').click();
  await page.locator('#account-linkedin').fill('li_company');
});

test('media: the drop zone says whether this build can check a file', async () => {
  const has = await page.evaluate(() => import('/js/postrules.mjs').then((m) => typeof m.probeMedia === 'function'));
  const zone = page.locator('#media-drop');
  assert.equal(await zone.getAttribute('data-available'), has ? 'yes' : 'no');
  assert.equal(await page.locator('#media-file').isDisabled(), !has);
  if (!has) assert.match(await zone.textContent(), /need probeMedia/);
});

test('screenshot of the composer with an overflowing post and a verdict', async () => {
  await fill(field(shared()), 'Launch day 🚀 ' + 'and a very long post '.repeat(14) + '— the end');
  await page.locator('#check').click();
  await page.waitForFunction(() => /HTTP 400/.test(document.querySelector('#verdict-status').textContent));
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, 'demo.png');
  await page.screenshot({ path: file, fullPage: true });
  assert.deepEqual(pageErrors, []);
});
