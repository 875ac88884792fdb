// Per-keystroke cost of the composer demo in Chromium: what one key press costs the
// page's main thread after a paste of N bytes into the shared content. Used by
// demo-perf.test.mjs (which records, never asserts, the figures) and runnable alone:
//
//   bash wasm/build.sh && (cd wasm && npm ci) && node wasm/browser-test/keystrokes.mjs
//   node wasm/browser-test/keystrokes.mjs --sizes 10000,1000000 --keys 10 --dir /tmp/old-wasm
//
// --dir serves another wasm/ folder (e.g. an older demo beside the built js/), --sizes
// the paste sizes in UTF-8 bytes, --keys the keystrokes timed after each paste,
// --timeout the seconds one keystroke may take before the run gives up on that size,
// --bare times a page holding only a textarea of the demo's size (Chromium's own cost).
// Prints one line per size and writes test-artifacts/keystrokes.json.
//
// What is timed: a key press is a real one (CDP key events, as a user's), typed at the
// end of the text. Its cost is the main thread's busy time: from the keydown to the end of
// the page's input handlers, plus the next frame from its requestAnimationFrame callbacks
// (where the demo does its coalesced work) through style, layout and paint to the first
// task after it. The wait for the frame (vsync) is not counted; a frame at 60 Hz is
// 16.7 ms, the budget. "wall" is the whole round trip as the test driver sees it (key
// events sent over CDP, the frame, the answer back): an upper bound, with the driver's
// own overhead in it.
import { writeFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, startBrowser, tempDir, artifactsDir } from './harness.mjs';

// The shared post's editable element: CodeMirror's content element in the demo, a
// textarea in an older demo (--dir) or on the bare page (--bare).
export const sharedArea = '.post-editor[data-path="/content"] :is(textarea, .cm-content)';

/** A text of about `bytes` UTF-8 bytes: paragraphs of prose with an emoji each. */
export function makeText(bytes) {
  const para = 'Launch notes: the composer measures every post as you type, for every platform '
    + 'at once, and says where each one overflows. Numbers come from the Go rule book 🚀\n\n';
  const paraBytes = new TextEncoder().encode(para).length;
  let text = para.repeat(Math.ceil(bytes / paraBytes));
  const over = new TextEncoder().encode(text).length - bytes; // cut ASCII off the end
  return text.slice(0, text.length - over - 1) + '.';
}

/** Installs the keystroke probe in the page (once per page load). */
export async function installProbe(page) {
  await page.evaluate(() => {
    const s = { t0: 0, inputEnd: 0, done: null };
    globalThis.__keystroke = s;
    addEventListener('keydown', () => {
      s.t0 = performance.now();
      s.inputEnd = 0;
      s.done = new Promise((resolve) => requestAnimationFrame(() => {
        const frame = performance.now();
        setTimeout(() => {
          const end = performance.now();
          const handlers = (s.inputEnd || frame) - s.t0;
          resolve({ handlers, frame: end - frame, busy: handlers + (end - frame) });
        }, 0);
      }));
    }, true);
    // Bubble phase on window: runs after the field's own input listeners.
    addEventListener('input', () => { s.inputEnd = performance.now(); });
  });
}

/**
 * Replaces the editor's text with a paste, as the page sees one. Into CodeMirror: select
 * all (Control+A, its keymap) and a paste event carrying the text as text/plain, which
 * CodeMirror takes as the user's paste (one transaction). Into a textarea: its value
 * replaced and one input event (inputType insertFromPaste). Chromium's own editing path
 * for inserting text (CDP Input.insertText, execCommand('insertText')) takes 2 s per
 * 100 KB in a textarea with no page script at all and lost the renderer at 1 MB here, so
 * it is not what is timed.
 */
export async function paste(page, selector, text) {
  const field = typeof selector === 'string' ? page.locator(selector) : selector;
  if (await field.evaluate((e) => e.tagName !== 'TEXTAREA')) {
    await field.focus();
    await page.keyboard.press('Control+A');
  }
  await field.evaluate((e, t) => {
    e.focus();
    if (e.tagName === 'TEXTAREA') {
      e.value = t;
      e.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      return;
    }
    const data = new DataTransfer();
    data.setData('text/plain', t);
    e.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The text an editor holds: a textarea's value, or the CodeMirror view's document. */
export async function editorText(page, selector) {
  return page.locator(selector).evaluate((e) => (e.tagName === 'TEXTAREA' ? e.value : e.closest('.post-editor').view.state.doc.toString()));
}

const within = (p, ms, what) => Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms))]);

/**
 * Presses n keys at the end of the textarea and returns each one's busy time in ms
 * ({handlers, frame, busy}); rejects when one takes longer than timeoutMs.
 */
export async function timeKeystrokes(page, selector, n, timeoutMs = 60000) {
  await page.locator(selector).focus();
  await page.keyboard.press('Control+End');
  await within(page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))), timeoutMs, 'settle');
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await within(page.keyboard.press(String.fromCharCode(97 + (i % 26))), timeoutMs, `keystroke ${i + 1}`);
    const t = await within(page.evaluate(() => globalThis.__keystroke.done), timeoutMs, `keystroke ${i + 1}`);
    times.push({ ...t, wall: performance.now() - t0 });
  }
  return times;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/** One size: paste, time the keystrokes; a summary row (or {error} if it gave up). */
export async function measureSize(page, bytes, keys, timeoutMs) {
  const text = makeText(bytes);
  const t0 = Date.now();
  try {
    await within(paste(page, sharedArea, text), timeoutMs, 'paste');
    await within(page.evaluate(() => 1), timeoutMs, 'round-trip after the paste');
    const pasteMs = Date.now() - t0;
    const times = await timeKeystrokes(page, sharedArea, keys, timeoutMs);
    const busy = times.map((t) => t.busy);
    return {
      bytes: new TextEncoder().encode(text).length, characters: text.length, keys, pasteMs,
      medianMs: median(busy), maxMs: Math.max(...busy),
      medianHandlersMs: median(times.map((t) => t.handlers)), medianFrameMs: median(times.map((t) => t.frame)),
      medianWallMs: median(times.map((t) => t.wall)),
      busyMs: busy.map((x) => Math.round(x * 10) / 10),
    };
  } catch (err) {
    return { bytes, keys, error: err.message, afterMs: Date.now() - t0 };
  }
}

export function formatRow(r) {
  const size = r.bytes >= 1e6 ? `${r.bytes / 1e6} MB` : `${r.bytes / 1e3} KB`;
  if (r.error) return `${size}: gave up (${r.error})`;
  return `${size}: median ${r.medianMs.toFixed(1)} ms per keystroke (max ${r.maxMs.toFixed(1)}; handlers ${r.medianHandlersMs.toFixed(1)}, frame ${r.medianFrameMs.toFixed(1)}; wall ${r.medianWallMs.toFixed(1)}); paste ${r.pasteMs} ms`;
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : def;
  };
  const sizes = opt('sizes', '10000,1000000,5000000').split(',').map(Number);
  const keys = Number(opt('keys', '20'));
  const timeoutMs = Number(opt('timeout', '120')) * 1000;
  const tmp = tempDir();
  const server = await startServer(tmp, { dir: opt('dir', undefined) });
  const rows = [];
  try {
    for (const bytes of sizes) { // a fresh browser per size: one size's garbage never slows the next
      const browser = await startBrowser(tmp);
      try {
        if (args.includes('--bare')) { // the floor: a textarea of the demo's size, no script
          await browser.page.setContent('<div class="post-editor" data-path="/content"><textarea style="width:760px;height:9.5em;font:15px/1.45 monospace;white-space:pre-wrap"></textarea></div>');
        } else {
          await browser.page.goto(server.url);
          await browser.page.waitForSelector('body[data-ready=yes]', { timeout: 30000 });
        }
        await installProbe(browser.page);
        const row = await measureSize(browser.page, bytes, keys, timeoutMs);
        rows.push(row);
        console.log(formatRow(row));
      } finally {
        await browser.close().catch(() => {});
      }
    }
  } finally {
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  mkdirSync(artifactsDir, { recursive: true });
  const out = opt('out', path.join(artifactsDir, 'keystrokes.json'));
  writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), dir: opt('dir', 'wasm/'), rows }, null, 1));
  console.log(`wrote ${out}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
