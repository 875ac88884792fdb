// The composer demo: a static page on top of ../js/postrules.mjs. Every number, highlight
// and message comes from the WebAssembly module; this file only draws.
//
// Built to stay quick on any paste (docs/wasm.md, "The composer demo"): each editor is a
// CodeMirror view (editor.mjs) of fixed height, which lays out only the lines in sight, so
// a keystroke costs about the same on 5 MB as on a tweet. An edit only records which
// editor changed; the work (reading the text, measuring it) runs once per animation frame.
// The overflow highlight is a decoration from the overflow to the end, drawn only where
// lines are drawn. The request's JSON is built only when its panel is opened. The
// all-rules panel, which reads the whole text, waits for a pause in typing once the text
// is long.
import * as postrules from '../js/postrules.mjs';
import { applyPatch } from './patch.mjs';

// The editor bundle (editor.bundle.mjs, built from editor.mjs by build.mjs) is imported in
// main(), so that a missing bundle is said on the page.
let createEditor = null;

const { init, measure, parseScheduledFor, checkPost, loadChecker, split, rules, measureAll } = postrules;

// The ten platforms in the API's order (for the checkboxes; their rules live in Go), and
// the names people know them by.
const PLATFORMS = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'linkedin',
  'bluesky', 'facebook', 'threads', 'googlebusiness'];
const NAMES = {
  twitter: 'X', instagram: 'Instagram', youtube: 'YouTube', tiktok: 'TikTok', pinterest: 'Pinterest',
  linkedin: 'LinkedIn', bluesky: 'Bluesky', facebook: 'Facebook', threads: 'Threads',
  googlebusiness: 'Google Business Profile',
};
const nameOf = (p) => NAMES[p] || p;

// Texts longer than this (UTF-16 units) have the all-rules panel (which reads the whole
// text) updated after a pause in typing rather than on every frame.
const LONG_TEXT = 1 << 16;
const PAUSE_MS = 300;
// The request's JSON shows at most this many characters; the rest is a download.
const JSON_SHOWN = 20000;

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) e.append(c);
  return e;
};
const plural = (n, one, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const num = (n) => n.toLocaleString('en');

const state = {
  shared: 'Launching postrules today: one rule book for the API, the CLI and this page 🚀',
  targets: Object.fromEntries(PLATFORMS.map((p) => [p, {
    on: p === 'twitter' || p === 'linkedin',
    accountId: '',
    override: false,
    content: '',
    thread: p === 'twitter' ? ['Thread 2/3: every post of a thread is measured on its own.', 'Thread 3/3: 🧵 fin.'] : [],
  }])),
  mode: 'now',
  scheduledFor: '',
  accounts: [
    { platform: 'twitter', accountId: 'tw_main' },
    { platform: 'linkedin', accountId: 'li_company' },
    { platform: 'linkedin', accountId: 'li_personal' },
    { platform: 'bluesky', accountId: 'bsky_1' },
    { platform: 'instagram', accountId: 'ig_1' },
  ],
  undo: null, // what "Undo split" restores, until the next edit
  fixUndo: [], // what "Undo fix" restores, the last fix first, until the next edit
};

// The targets in request order: the checked platforms in canonical order.
const activeTargets = () => PLATFORMS.filter((p) => state.targets[p].on);

// ---------------------------------------------------------------------------- words

// A count in the platform's own terms: characters (X's weighted count, graphemes and
// UTF-16 units are all what the platform calls characters), or bytes where it counts bytes.
const unitWord = (counter, n) => (counter === 'bytes' ? (n === 1 ? 'byte' : 'bytes') : (n === 1 ? 'character' : 'characters'));
const COUNTED_THINGS = { links: 'link', hashtags: 'hashtag', mentions: 'mention', cashtags: 'cashtag' };

/** One sentence for a length over its cap, as the person composing would say it. */
function overSentence(platform, m) {
  const who = nameOf(platform);
  const more = m.exact === false ? 'more than ' : '';
  const over = m.length - m.cap;
  const how = m.counter === 'bytes'
    ? ` (${who} counts bytes, not characters: an emoji takes 4, an accented letter 2)`
    : m.counter === 'x-weighted' ? ' (X counts most emoji and CJK characters as 2 and a link as 23)' : '';
  const tail = m.exact === false
    ? `everything past the first ${plural(m.cap, unitWord(m.counter, 2).replace(/s$/, ''))} is highlighted`
    : m.counter === 'x-weighted' ? `what comes after the first ${num(m.cap)} is highlighted`
      : `the last ${num(over)} ${over === 1 ? 'is' : 'are'} highlighted`;
  return `${who} counts this post as ${more}${num(m.length)} of ${num(m.cap)} ${unitWord(m.counter, m.cap)}${how}; ${tail}.`;
}

/** One sentence for a broken rule of measureAll, in plain words. */
function ruleSentence(platform, m, text) {
  const who = nameOf(platform);
  const more = m.exact === false ? 'more than ' : '';
  if (m.counter === 'forbidden') {
    const ch = text.codePointAt(m.overflowAt);
    const first = ch === undefined ? '' : `, the first a “${String.fromCodePoint(ch)}”`;
    return `${who} does not take ${plural(m.length, 'character')} this text holds${first}.`;
  }
  if (COUNTED_THINGS[m.counter]) {
    return `${who} takes at most ${plural(m.cap, COUNTED_THINGS[m.counter])}; this text has ${num(m.length)}.`;
  }
  const unit = unitWord(m.counter, m.cap);
  const what = m.counter === 'bytes' ? ` (${who} counts bytes here: an emoji takes 4, an accented letter 2)` : '';
  return `${who} takes ${num(m.cap)} ${unit}${what}; this text is ${more}${num(m.length)}, ${num(m.length - m.cap)} too many.`;
}

const ruleLabel = (platform, m) => {
  if (m.counter === 'forbidden') return m.length === 0 ? 'no refused characters' : `${plural(m.length, 'refused character')}`;
  const unit = COUNTED_THINGS[m.counter] ? plural(m.cap, COUNTED_THINGS[m.counter]).replace(/^[\d,]+ /, '') : unitWord(m.counter, m.cap);
  return `${m.exact === false ? 'more than ' : ''}${num(m.length)} / ${num(m.cap)} ${unit}`;
};

// ---------------------------------------------------------------------------- editors

// Every editor on the page; dirty ones are redrawn on the next frame.
const editors = new Set();
const dirty = new Set();
let frame = 0;
function schedule(ed) {
  if (ed) dirty.add(ed);
  if (frame === 0) frame = requestAnimationFrame(runFrame);
}

/**
 * An editor: a CodeMirror view of fixed height (it scrolls; it lays out only the lines in
 * sight, see editor.mjs) with the overflow marked from its first offset to the end. path
 * is the JSON pointer of its text in the request (for problems); get/set read and write
 * its text in the state; platforms() says who posts it. The wrapper element's .view is
 * the EditorView (the browser tests read the text from it).
 */
function editor(path, label, get, set, platforms) {
  const box = el('div', { class: 'editor' });
  const counters = el('div', { class: 'counters' });
  const summary = el('div', { class: 'summary', 'aria-live': 'polite' });
  const problems = el('div', { class: 'problems', 'data-problems-for': path });
  const wrap = el('div', { class: 'post-editor', 'data-path': path }, box, counters, summary, problems);
  const ed = { path, wrap, box, counters, summary, get, set, platforms };
  ed.cm = createEditor({
    parent: box, text: get(), label,
    onEdit: () => {
      ed.stale = true; // the text is read once per frame, not per edit
      edited();
      schedule(ed);
    },
  });
  wrap.view = ed.cm.view;
  editors.add(ed);
  schedule(ed);
  return ed;
}

/**
 * The state's copy of an editor's text is brought up to date lazily: at once for a short
 * text, and for a long one only when the whole text is needed (the all-rules panel, a
 * split, the request), so that a keystroke in 5 MB does not copy 5 MB.
 */
function flush(ed) {
  if (!ed.stale) return;
  ed.stale = false;
  ed.set(ed.cm.text());
}
function flushAll() {
  for (const ed of editors) flush(ed);
}

/**
 * measure() on a long text, from a prefix when it settles it: when the prefix alone
 * counts past twice the cap (exact: false, a lower bound), the rest of the text cannot
 * change the figure shown ("more than N"), nor the overflow offset, which lies in it.
 * measure() itself reads a long text prefix first in the same way; doing it here spares
 * reading the whole text out of the editor on each keystroke. measure answers exact:
 * false only past max(4096, 32 × cap) bytes (rules/graphemes.go), and a UTF-16 unit is
 * at least one UTF-8 byte: so the prefix is sized from the platform's cap once it is
 * known (MEASURE_FIRST units before). Otherwise the whole text is measured.
 */
const MEASURE_FIRST = 1 << 14;
const capOf = new Map(); // platform → its cap, as measure() answered it
function measureEditor(ed, platform) {
  const doc = ed.cm.view.state.doc;
  const cap = capOf.get(platform);
  let end = cap === undefined ? MEASURE_FIRST : Math.max(4096, 32 * cap) + 1;
  if (doc.length > 2 * end) {
    const last = doc.sliceString(end - 1, end).charCodeAt(0);
    if (last >= 0xd800 && last <= 0xdbff) end++; // keep a surrogate pair whole
    const r = measure(doc.sliceString(0, end), { platform });
    if (r.ok && r.exact === false && !r.fits) return r;
    if (r.ok && cap === undefined) {
      capOf.set(platform, r.cap);
      return measureEditor(ed, platform); // once more, with the prefix sized from the cap
    }
  }
  flush(ed);
  return measure(ed.get(), { platform });
}

/** Puts a text the page made (a split, its undo) into an editor and the state. */
function replaceText(ed, text) {
  ed.set(text);
  ed.stale = false;
  ed.cm.setText(text);
  schedule(ed);
}

function dropEditor(ed) {
  ed.cm.destroy();
  editors.delete(ed);
  dirty.delete(ed);
}

/** Draws one editor: its counters, its sentences and its highlight. */
function drawEditor(ed) {
  const platforms = ed.platforms();
  const results = platforms.map((platform) => [platform, measureEditor(ed, platform)]);
  let first = null;
  ed.counters.textContent = '';
  const sentences = [];
  for (const [platform, m] of results) {
    const c = el('span', { class: 'counter', 'data-platform': platform });
    if (!m.ok) {
      c.textContent = `${nameOf(platform)}: ${m.message}`;
      c.classList.add('over');
    } else {
      c.textContent = `${nameOf(platform)} ${m.exact === false ? 'more than ' : ''}${num(m.length)} / ${num(m.cap)}`;
      c.dataset.overflowAt = m.overflowAt < 0 ? '' : String(m.overflowAt);
      if (!m.fits) {
        c.classList.add('over');
        sentences.push(overSentence(platform, m));
        if (first === null || m.overflowAt < first) first = m.overflowAt;
      }
    }
    ed.counters.append(c);
  }
  ed.summary.textContent = '';
  for (const s of sentences) ed.summary.append(el('p', { class: 'over-sentence', text: s }));
  ed.wrap.dataset.overflowAt = first === null ? '' : String(first);
  ed.box.classList.toggle('over', first !== null);
  // The highlight: a mark decoration from the first overflow to the end of the text.
  ed.cm.setOverflow(first);
}

// ---------------------------------------------------------------------------- layout

function renderPlatforms() {
  const box = $('#platforms');
  box.textContent = '';
  for (const p of PLATFORMS) {
    const input = el('input', { type: 'checkbox', id: `platform-${p}`, checked: state.targets[p].on });
    input.addEventListener('change', () => { state.targets[p].on = input.checked; edited(); renderTargets(); });
    box.append(el('label', { 'data-platform': p }, input, ` ${nameOf(p)}`));
  }
}

// The shared editor posts for every active target without its own text.
const sharedPlatforms = () => activeTargets().filter((p) => !state.targets[p].override);

function renderTargets() {
  flushAll(); // the editors below are made anew from the state
  for (const ed of editors) if (ed.path !== '/content') dropEditor(ed);
  const box = $('#targets');
  box.textContent = '';
  activeTargets().forEach((p, i) => {
    const t = state.targets[p];
    const base = `/platforms/${i}`;
    const account = el('input', { type: 'text', id: `account-${p}`, placeholder: 'account (optional)', value: t.accountId });
    account.addEventListener('input', () => { t.accountId = account.value; edited(); });
    const own = el('input', { type: 'checkbox', id: `override-${p}`, checked: t.override });
    own.addEventListener('change', () => { t.override = own.checked; edited(); renderTargets(); });
    const card = el('div', { class: 'target', id: `target-${p}`, 'data-path': base },
      el('h3', { text: nameOf(p) }),
      el('div', { class: 'row' }, el('label', {}, 'account ', account), el('label', {}, own, ' its own text')),
      el('div', { class: 'problems', 'data-problems-for': `${base}/accountId` }),
      el('div', { class: 'problems', 'data-problems-for': `${base}/platform` }),
      el('div', { class: 'problems', 'data-problems-for': base }));
    if (t.override) {
      card.append(editor(`${base}/content`, `${nameOf(p)} text`, () => t.content, (v) => { t.content = v; }, () => [p]).wrap);
    }
    if (p === 'twitter') card.append(threadEditor(t, base));
    box.append(card);
  });
  schedule(sharedEditor);
}

function threadEditor(t, base) {
  const list = el('div', { class: 'thread', id: 'thread' });
  t.thread.forEach((_, k) => {
    const path = `${base}/platformSpecificData/threadItems/${k}/content`;
    const remove = el('button', { type: 'button', class: 'small remove-item', text: 'remove' });
    remove.addEventListener('click', () => { flushAll(); t.thread.splice(k, 1); edited(); renderTargets(); });
    list.append(el('div', { class: 'thread-item' },
      el('div', { class: 'head' }, el('span', { text: `post ${k + 2} of the thread` }), remove),
      editor(path, `X thread post ${k + 2}`, () => t.thread[k], (v) => { t.thread[k] = v; }, () => ['twitter']).wrap));
  });
  const add = el('button', { type: 'button', class: 'small', id: 'add-thread-item', text: '+ add a post to the thread' });
  add.addEventListener('click', () => { t.thread.push(''); edited(); renderTargets(); });
  list.append(add);
  return list;
}

// ---------------------------------------------------------------------------- live state

// Any change: the verdict and the split's message go stale at once; the drawing waits
// for the frame.
function edited() {
  clearFixes();
  pageChanged();
}

// A change the page made itself (a fix, its undo): as an edit, but the fixes' undo stays.
function pageChanged() {
  clearVerdict();
  clearSplit();
  requestStale();
  schedule();
}

let allTimer = 0;
let sharedEditor = null;
function runFrame() {
  frame = 0;
  const sharedChanged = dirty.has(sharedEditor);
  for (const ed of dirty) if (editors.has(ed)) drawEditor(ed);
  dirty.clear();
  // The all-rules panel follows the shared text: at once when short, after a pause when long.
  clearTimeout(allTimer);
  if (sharedEditor.cm.view.state.doc.length <= LONG_TEXT) refreshAll();
  else if (sharedChanged || allPending) {
    allPending = true;
    $('#all-platforms').classList.add('pending');
    allTimer = setTimeout(refreshAll, PAUSE_MS);
  }
  refreshScheduled();
}
let allPending = false;

// The rule book, read once: what each rule checks, for the details of broken rules.
let book = null;
const ruleWhat = (id) => {
  if (book === null) {
    const b = rules();
    book = new Map(b.ok ? b.map((r) => [r.id, r]) : []);
  }
  const r = book.get(id);
  return r ? r.what : '';
};

/**
 * The all-rules panel: the shared text measured by every text rule of every selected
 * platform in one measureAll call; per platform, its counts and, for each broken rule, a
 * sentence; the rule ids and offsets in a details view.
 */
function refreshAll() {
  allPending = false;
  const box = $('#all-platforms');
  box.classList.remove('pending');
  box.textContent = '';
  flushAll();
  const text = state.shared;
  const r = measureAll(text, { platforms: activeTargets() });
  if (!r.ok) {
    box.append(el('p', { class: 'rule-message', text: r.message }));
    return;
  }
  for (const p of r.platforms) {
    const chips = el('div', { class: 'counters' });
    const messages = el('div', { class: 'rule-messages' });
    const details = [];
    for (const m of p.measurements) {
      const chip = el('span', { class: 'counter', 'data-rule': m.rule, text: ruleLabel(p.platform, m) });
      if (!m.fits) {
        chip.classList.add(m.warning ? 'warning' : 'over');
        chip.dataset.overflowAt = String(m.overflowAt);
        messages.append(el('p', { class: `rule-message${m.warning ? ' warning' : ''}`, 'data-rule': m.rule },
          `${m.warning ? 'Warning: ' : ''}${ruleSentence(p.platform, m, text)}`));
        details.push(el('li', { 'data-rule': m.rule }, el('code', { text: m.rule }),
          ` ${m.counter}, ${m.length}/${m.cap}, from UTF-16 offset ${m.overflowAt}: ${ruleWhat(m.rule)}`));
      }
      chips.append(chip);
    }
    const row = el('div', { class: 'all-platform', 'data-platform': p.platform },
      el('h3', { class: p.fits ? '' : 'over', text: `${nameOf(p.platform)} ${p.fits ? '✓ fits' : '✗ does not fit'}` }), chips, messages);
    if (details.length > 0) row.append(el('details', { class: 'rule-details' }, el('summary', { text: 'rule ids and offsets' }), el('ul', {}, ...details)));
    box.append(row);
  }
}

// ---------------------------------------------------------------------------- split

// "Split into an X thread": the shared text becomes post 1 of an X thread and the rest
// its thread posts, each in its own editor with its own live count. Undo puts the text
// and the thread back as they were, until the next edit.
function splitThread() {
  const msg = $('#split-message');
  flushAll();
  const r = split(state.shared, { platform: 'twitter', numbering: $('#split-numbering').value });
  if (!r.ok) {
    clearSplit();
    msg.textContent = r.code === 'no_content' ? 'Nothing to split: the post is empty.' : r.message;
    msg.dataset.code = r.code;
    msg.className = 'message bad';
    return;
  }
  const t = state.targets.twitter;
  const undo = { shared: state.shared, thread: [...t.thread], on: t.on };
  replaceText(sharedEditor, r.posts[0].text);
  t.on = true;
  t.thread = r.posts.slice(1).map((p) => p.text);
  $('#platform-twitter').checked = true;
  edited();
  renderTargets();
  schedule(sharedEditor);
  state.undo = undo;
  msg.textContent = `Split into ${r.posts.length} posts of at most ${r.cap} characters each, as X counts them.`;
  delete msg.dataset.code;
  msg.className = 'message good';
  $('#split-undo').hidden = false;
}

function undoSplit() {
  const u = state.undo;
  if (u === null) return;
  const t = state.targets.twitter;
  replaceText(sharedEditor, u.shared);
  t.thread = u.thread;
  t.on = u.on;
  $('#platform-twitter').checked = u.on;
  edited();
  renderTargets();
  schedule(sharedEditor);
  $('#split-message').textContent = 'The split is undone.';
  $('#split-message').className = 'message';
}

function clearSplit() {
  if (state.undo === null && $('#split-message').textContent === '') return;
  state.undo = null;
  $('#split-undo').hidden = true;
  $('#split-message').textContent = '';
  $('#split-message').className = 'message';
}

// ---------------------------------------------------------------------------- when

function refreshScheduled() {
  const input = $('#scheduled-for');
  const msg = $('#scheduled-message');
  const on = state.mode === 'scheduled';
  input.disabled = !on;
  msg.className = 'message';
  input.classList.remove('invalid');
  if (!on) {
    msg.textContent = '';
    return;
  }
  const r = parseScheduledFor(input.value, { now: new Date() });
  if (r.valid) {
    msg.textContent = `✓ ${r.utc}`;
    msg.classList.add('good');
  } else {
    msg.textContent = r.message;
    msg.dataset.code = r.code;
    msg.dataset.offset = String(r.offset); // UTF-16; 0 when the whole value is at fault
    msg.classList.add('bad');
    input.classList.add('invalid');
  }
}

// ---------------------------------------------------------------------------- accounts

function renderAccounts() {
  const box = $('#accounts');
  box.textContent = '';
  state.accounts.forEach((a, i) => {
    const select = el('select', { 'aria-label': `account ${i + 1} platform`, class: 'account-platform' },
      ...PLATFORMS.map((p) => el('option', { value: p, text: nameOf(p), selected: p === a.platform })));
    select.addEventListener('change', () => { a.platform = select.value; edited(); });
    const id = el('input', { type: 'text', class: 'account-id', value: a.accountId, placeholder: 'account id or username', 'aria-label': `account ${i + 1} id` });
    id.addEventListener('input', () => { a.accountId = id.value; edited(); });
    const remove = el('button', { type: 'button', class: 'small remove-account', text: 'remove' });
    remove.addEventListener('click', () => { state.accounts.splice(i, 1); edited(); renderAccounts(); });
    box.append(el('div', { class: 'account', 'data-index': String(i) }, select, id, remove,
      el('div', { class: 'problems', 'data-problems-for': `options:/accounts/${i}` })));
  });
}

// ---------------------------------------------------------------------------- request

function request() {
  flushAll();
  return bodyOf(state);
}

/** The request body of a state (the page's, or one a fix would make). */
function bodyOf(s) {
  const body = { content: s.shared, platforms: [] };
  for (const p of PLATFORMS.filter((q) => s.targets[q].on)) {
    const t = s.targets[p];
    const target = { platform: p };
    if (t.accountId !== '') target.accountId = t.accountId;
    if (t.override) target.content = t.content;
    if (p === 'twitter' && t.thread.length > 0) {
      target.platformSpecificData = { threadItems: t.thread.map((content) => ({ content })) };
    }
    body.platforms.push(target);
  }
  if (s.mode === 'scheduled') body.scheduledFor = s.scheduledFor;
  else body.publishNow = true;
  return body;
}

// The request's JSON is built when its panel opens (and again when it is reopened after
// an edit), never per keystroke; past JSON_SHOWN characters it is a download.
let requestURL = null;
function showRequest() {
  const details = $('#request-details');
  if (!details.open) return;
  const json = JSON.stringify(request(), null, 2);
  const pre = $('#request-json');
  const note = $('#request-note');
  const link = $('#request-download');
  if (requestURL) URL.revokeObjectURL(requestURL);
  requestURL = null;
  if (json.length > JSON_SHOWN) {
    pre.textContent = `${json.slice(0, JSON_SHOWN)}\n…`;
    note.textContent = `The first ${num(JSON_SHOWN)} of ${num(json.length)} characters; the whole request is a download.`;
    requestURL = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    link.href = requestURL;
    link.hidden = false;
  } else {
    pre.textContent = json;
    note.textContent = '';
    link.hidden = true;
  }
  details.dataset.built = 'yes';
}
function requestStale() {
  const details = $('#request-details');
  if (details.dataset.built !== 'yes') return;
  delete details.dataset.built;
  $('#request-json').textContent = '';
  $('#request-download').hidden = true;
  $('#request-note').textContent = 'Edited since: close and open this panel to see the request again.';
}

// ---------------------------------------------------------------------------- verdict

async function check() {
  const button = $('#check');
  const status = $('#checker-status');
  const accounts = $('#resolve').checked ? state.accounts.map((a) => ({ platform: a.platform, accountId: a.accountId })) : undefined;
  button.disabled = true;
  const t0 = performance.now();
  const wasLoaded = status.dataset.loaded === 'yes';
  if (!wasLoaded) status.textContent = 'loading the checker…';
  const body = request();
  const checked = JSON.stringify(body);
  const verdict = await checkPost(body, { now: new Date(), accounts });
  const ms = (performance.now() - t0).toFixed(1);
  status.dataset.loaded = 'yes';
  status.textContent = wasLoaded ? `checked in ${ms} ms` : `checker loaded and checked in ${ms} ms`;
  button.disabled = false;
  checkedRequest = checked; // the body the fixes of this verdict apply to
  showVerdict(verdict);
}

// Any edit makes the last verdict and the problems it put next to fields stale: they go,
// and the status says a new Check is needed.
let verdictShown = false;
function clearVerdict() {
  if (!verdictShown) return;
  verdictShown = false;
  $('#verdict').hidden = true;
  for (const p of document.querySelectorAll('.problems')) p.textContent = '';
  $('#checker-status').textContent = 'edited since the last check: press Check again';
}

function showVerdict(v) {
  verdictShown = true;
  const box = $('#verdict');
  box.hidden = false;
  box.className = `verdict ${v.valid ? 'valid' : 'invalid'}`;
  for (const p of document.querySelectorAll('.problems')) p.textContent = '';
  $('#verdict-status').textContent = v.valid
    ? `✓ The API would take this post${v.status ? ` (${v.status})` : ''}${v.scheduledFor ? ` for ${v.scheduledFor}` : ''}${v.billable ? '; it counts towards your plan' : ''}.`
    : `✗ The API would refuse this post (HTTP ${v.httpStatus}${v.billable ? '' : ', not counted towards your plan'}).`;
  $('#verdict-message').textContent = v.error ? v.error.message : '';
  $('#verdict-code').textContent = v.error ? `${v.error.code}: ${v.error.message}` : '';
  const list = $('#verdict-problems');
  list.textContent = '';
  for (const p of v.problems || []) {
    list.append(el('li', { class: 'verdict-problem', 'data-path': p.path, 'data-code': p.code, 'data-rule': p.rule }, p.message, fixControl(p)));
    // Next to its field: the nearest enclosing field that shows problems.
    const spot = problemSpot(p.in === 'options' ? `options:${p.path || ''}` : p.path);
    if (spot) spot.append(el('p', { class: 'problem', 'data-code': p.code }, p.message));
  }
  const warnings = $('#verdict-warnings');
  warnings.textContent = '';
  for (const p of v.warnings || []) {
    warnings.append(el('li', { class: 'verdict-warning', 'data-path': p.path, 'data-code': p.code, 'data-rule': p.rule }, `Worth changing: ${p.message}`, fixControl(p)));
    const spot = problemSpot(p.in === 'options' ? `options:${p.path || ''}` : p.path);
    if (spot) spot.append(el('p', { class: 'field-warning', 'data-code': p.code }, `Worth changing: ${p.message}`));
  }
  const targets = $('#verdict-targets');
  targets.textContent = '';
  for (const t of v.targets || []) {
    const posts = (t.posts || []).map((q) => `${num(q.length)} of ${num(q.cap)}`).join(', ');
    targets.append(el('li', { text: `${nameOf(t.platform)}${t.accountId ? ` (${t.accountId})` : ''}: ${posts}` }));
  }
  $('#verdict-json').textContent = JSON.stringify(v, null, 2);
}

// The element to show a problem at path next to: the field itself, else its closest
// enclosing field, else the request's own spot.
function problemSpot(path) {
  let p = path || '';
  for (;;) {
    const spot = document.querySelector(`.problems[data-problems-for="${CSS.escape(p)}"]`);
    if (spot) return spot;
    if (p === '') return null;
    p = p === 'options:' ? '' : p.slice(0, Math.max(0, p.lastIndexOf('/')));
  }
}

// ---------------------------------------------------------------------------- fixes

// A problem or warning whose remedy is mechanical carries fix: a JSON Patch on the request
// body (schema/fix). Its Fix button applies the patch to the body this page built, reads
// the composer's state back from the result, and checks again; Undo fix (or Ctrl+Z) puts
// the state back exactly as it was, until the next edit.

// The JSON of the request the verdict shown was given: a fix applies to that body only.
let checkedRequest = null;

/** The Fix button of a problem (and its description), or nothing when it has no fix. */
function fixControl(p) {
  if (!p.fix) return '';
  const f = p.fix;
  const button = el('button', {
    type: 'button', class: 'small fix-button', 'data-rule': f.rule || '',
    'aria-label': `Fix: ${f.description}`, onclick: () => applyFix(f),
  }, 'Fix');
  return el('span', { class: 'fix' }, ' ', button, ' ', el('span', { class: 'fix-description', text: f.description }));
}

/** Whether a and b are the same JSON value, whatever the order of their members. */
function sameJSON(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJSON(a[k], b[k]));
}

/** The part of the state a request is built from (accounts and options are not). */
function snapshot() {
  flushAll();
  return structuredClone({ shared: state.shared, targets: state.targets, mode: state.mode, scheduledFor: state.scheduledFor });
}

/**
 * The state a request body says: its text, its targets (each one's account, own text and
 * X thread; the targets it leaves out are unchecked and keep what they held) and its
 * time. Anything it says that the composer has no field for is caught by the caller,
 * which builds the request again from the result and compares.
 */
function stateFrom(body, base) {
  const s = structuredClone(base);
  s.shared = typeof body.content === 'string' ? body.content : '';
  for (const p of PLATFORMS) s.targets[p].on = false;
  for (const t of Array.isArray(body.platforms) ? body.platforms : []) {
    const target = s.targets[t && t.platform];
    if (!target) continue;
    target.on = true;
    target.accountId = typeof t.accountId === 'string' ? t.accountId : '';
    target.override = typeof t.content === 'string';
    if (target.override) target.content = t.content;
    const items = t.platformSpecificData && t.platformSpecificData.threadItems;
    target.thread = Array.isArray(items) ? items.map((i) => (i && typeof i.content === 'string' ? i.content : '')) : [];
  }
  if (typeof body.scheduledFor === 'string') {
    s.mode = 'scheduled';
    s.scheduledFor = body.scheduledFor;
  } else {
    s.mode = 'now';
  }
  return s;
}

/** Makes s (a snapshot) the state, and every field of the page show it. */
function restore(s) {
  state.shared = s.shared;
  state.mode = s.mode;
  state.scheduledFor = s.scheduledFor;
  for (const p of PLATFORMS) {
    state.targets[p] = s.targets[p];
    $(`#platform-${p}`).checked = s.targets[p].on;
  }
  $('#mode-now').checked = s.mode === 'now';
  $('#mode-scheduled').checked = s.mode === 'scheduled';
  $('#scheduled-for').value = s.scheduledFor;
  replaceText(sharedEditor, s.shared);
  renderTargets();
  pageChanged();
}

function fixMessage(text, kind = '') {
  const msg = $('#fix-message');
  msg.textContent = text;
  msg.className = `message ${kind}`.trim();
}

async function applyFix(fix) {
  const before = snapshot();
  const body = request();
  if (JSON.stringify(body) !== checkedRequest) {
    fixMessage('The post was edited since it was checked: press Check again for fixes that match it.', 'bad');
    return;
  }
  let next;
  try {
    next = applyPatch(body, fix.patch);
  } catch (err) {
    fixMessage(`This fix does not apply to the post: ${err.message}.`, 'bad');
    return;
  }
  const after = stateFrom(next, before);
  if (!sameJSON(bodyOf(after), next)) {
    // The fix changes something the composer has no field for: it is not half-applied.
    fixMessage(`“${fix.description}” changes a part of the request this page does not show; it was not applied.`, 'bad');
    return;
  }
  restore(after);
  state.fixUndo.push({ state: before, description: fix.description });
  const undo = $('#fix-undo');
  undo.hidden = false;
  undo.focus(); // the Fix button pressed is gone with the verdict; the next step is here
  fixMessage(`Fixed: ${fix.description}. Checking again…`, 'good');
  await check();
  if (state.fixUndo.length > 0 && state.fixUndo[state.fixUndo.length - 1].state === before) {
    fixMessage(`Fixed: ${fix.description}.`, 'good');
  }
}

async function undoFix() {
  const last = state.fixUndo.pop();
  if (!last) return;
  restore(last.state);
  const undo = $('#fix-undo');
  undo.hidden = state.fixUndo.length === 0;
  if (undo.hidden) $('#check').focus();
  fixMessage(`Undone: ${last.description}.`);
  await check();
}

/** An edit of the user's: the fixes can no longer be undone (an undo would lose it). */
function clearFixes() {
  if (state.fixUndo.length === 0 && $('#fix-message').textContent === '') return;
  state.fixUndo = [];
  $('#fix-undo').hidden = true;
  fixMessage('');
}

// Ctrl+Z (⌘Z) undoes the last fix while one can be undone, wherever the focus is: the
// fix was the last change, so it is what Undo means (an editor's own history would undo
// an older edit).
function undoKey(e) {
  if (state.fixUndo.length === 0 || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
  e.preventDefault();
  e.stopPropagation();
  undoFix();
}

// ---------------------------------------------------------------------------- media

const FORMATS = { jpeg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP', heic: 'HEIC', bmp: 'BMP', tiff: 'TIFF', mp4: 'MP4', mov: 'MOV', webm: 'WebM', mkv: 'Matroska', pdf: 'PDF' };
const CODECS = { h264: 'H.264', hevc: 'HEVC (H.265)', vp8: 'VP8', vp9: 'VP9', av1: 'AV1', aac: 'AAC', mp3: 'MP3', opus: 'Opus', vorbis: 'Vorbis', ac3: 'AC-3', eac3: 'E-AC-3', flac: 'FLAC', alac: 'ALAC', pcm: 'PCM' };
const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
const size = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} KB` : plural(n, 'byte'));

/** The facts of a probed file, as a list of plain lines. */
function factLines(m) {
  const lines = [`${FORMATS[m.format] || m.format} ${m.kind === 'gif' ? 'animation' : m.kind}, ${size(m.bytes)}`];
  if (m.width > 0 && m.height > 0) {
    const g = gcd(m.width, m.height);
    lines.push(`${num(m.width)} × ${num(m.height)} pixels (${m.width / g}:${m.height / g})${m.rotation ? `, shown rotated by ${m.rotation}°` : ''}`);
  }
  if (m.duration) lines.push(`${m.duration} s long${m.frameRate ? ` at ${Math.round(m.frameRate * 100) / 100} frames per second` : ''}`);
  if (m.videoCodec) lines.push(`video ${CODECS[m.videoCodec] || m.videoCodec}${m.videoProfile ? ` (${m.videoProfile})` : ''}`);
  if (m.audioCodec) lines.push(m.audioCodec === 'none' ? 'no sound' : `sound ${CODECS[m.audioCodec] || m.audioCodec}${m.audioChannels ? `, ${plural(m.audioChannels, 'channel')}` : ''}`);
  if (m.format === 'mp4' || m.format === 'mov') lines.push(m.faststart ? 'plays while it downloads (faststart)' : 'does not play until downloaded (no faststart)');
  if (m.frames) lines.push(plural(m.frames, 'frame'));
  if (m.pages) lines.push(plural(m.pages, 'page'));
  return lines;
}

/**
 * s as one word of a POSIX shell, as the CLI writes a plan's command
 * (rules/media/remedy.ShellQuote): as is when every character is a letter, a digit or
 * one of @%+=:,./_-, else in single quotes, each quote in it closed, escaped and reopened.
 */
function shellQuote(s) {
  if (s === '') return "''";
  if (/^[A-Za-z0-9@%+=:,./_-]+$/.test(s)) return s;
  return `'${s.replaceAll("'", "'\\''")}'`;
}

/** The plans of the platforms that do not take the file: {platform: plan}, or a fault. */
async function plansFor(file, platforms) {
  if (platforms.length === 0 || typeof postrules.planMedia !== 'function') return {};
  let r;
  try {
    r = await postrules.planMedia(file, { platforms });
  } catch (err) {
    return { fault: String(err && err.message) };
  }
  if (!r.ok) return { fault: r.message };
  return Object.fromEntries((r.plans || []).map((pl) => [pl.platform, pl]));
}

/** A platform's plan: its steps and its ffmpeg command with a copy button, or why none. */
function planView(platform, pl) {
  const who = nameOf(platform);
  if (pl.action === 'none') {
    return el('p', { class: 'media-plan media-plan-none', 'data-action': 'none' }, `No command makes this file fit ${who}: ${pl.why}`);
  }
  if (!Array.isArray(pl.argv)) return '';
  const command = pl.argv.map(shellQuote).join(' ');
  const code = el('code', { class: 'ffmpeg-command', text: command });
  const status = el('span', { class: 'copy-status', 'aria-live': 'polite' });
  const copy = el('button', { type: 'button', class: 'small copy-command', 'aria-label': `Copy the ffmpeg command for ${who}` }, 'Copy');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(command);
      status.textContent = 'Copied.';
    } catch {
      // No clipboard here (an insecure page, a refused permission): the command is
      // selected instead, for the keyboard's own copy.
      const range = document.createRange();
      range.selectNodeContents(code);
      const sel = getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      status.textContent = 'Selected: press Ctrl+C to copy.';
    }
  });
  const label = pl.action === 'remux' ? `To fit ${who}, copy the streams into a new file (nothing is re-encoded):` : `To fit ${who}, re-encode it with ffmpeg:`;
  return el('div', { class: 'media-plan', 'data-action': pl.action },
    el('p', { text: label }),
    el('ul', { class: 'plan-steps' }, ...pl.steps.map((st) => el('li', { text: st }))),
    el('div', { class: 'command-row' }, el('pre', {}, code), copy, status),
    el('p', { class: 'hint', text: `Run it in the file's folder; it writes ${pl.output} beside it.` }));
}

let probing = 0; // the latest probe: an older one that ends later draws nothing

async function probe(file) {
  const mine = ++probing;
  const out = $('#media-result');
  out.textContent = '';
  out.dataset.state = 'probing';
  out.append(el('p', { class: 'hint', text: `Reading ${file.name}…` }));
  let r;
  try {
    r = await postrules.probeMedia(file);
    if (typeof r === 'string') r = JSON.parse(r);
  } catch (err) {
    r = { error: { code: 'internal_error', message: String(err && err.message), offset: 0 } };
  }
  const plans = r && Array.isArray(r.platforms) ? await plansFor(file, r.platforms.filter((p) => !p.fits).map((p) => p.platform)) : {};
  if (mine !== probing) return;
  out.textContent = '';
  out.dataset.state = 'done';
  out.dataset.file = file.name;
  if (r && r.platforms === undefined && r.code !== undefined) r = { media: null, error: { code: r.code, message: r.message, offset: r.offset ?? 0 }, platforms: [] };
  if (r.error) {
    out.append(el('p', { class: 'media-error message bad', 'data-code': r.error.code },
      `${file.name} could not be read: ${r.error.message}`),
    el('details', {}, el('summary', { text: 'details' }), el('p', { text: `${r.error.code} at byte ${r.error.offset}` })));
    return;
  }
  out.append(el('h3', { text: file.name }), el('ul', { class: 'media-facts' }, ...factLines(r.media).map((l) => el('li', { text: l }))));
  const selected = new Set(activeTargets());
  const ordered = [...r.platforms].sort((a, b) => Number(selected.has(b.platform)) - Number(selected.has(a.platform)));
  const list = el('ul', { class: 'media-platforms' });
  for (const p of ordered) {
    const item = el('li', { class: `media-platform ${p.fits ? 'fits' : 'does-not-fit'}`, 'data-platform': p.platform },
      el('strong', { text: `${p.fits ? '✓' : '✗'} ${nameOf(p.platform)}` }),
      p.fits ? ' takes it' : ' does not take it', selected.has(p.platform) ? ' (selected)' : '');
    const what = el('ul', {});
    for (const q of p.problems) what.append(el('li', { class: 'media-problem', 'data-rule': q.rule, text: q.message }));
    for (const q of p.warnings) what.append(el('li', { class: 'media-warning', 'data-rule': q.rule, text: `Worth changing: ${q.message}` }));
    if (what.childElementCount > 0) item.append(what);
    const ids = [...p.problems, ...p.warnings];
    if (!p.fits && plans[p.platform]) item.append(planView(p.platform, plans[p.platform]));
    if (ids.length > 0) item.append(el('details', { class: 'rule-details' }, el('summary', { text: 'rule ids' }), el('ul', {}, ...ids.map((q) => el('li', {}, el('code', { text: q.rule }), ` ${q.code}`)))));
    list.append(item);
  }
  out.append(list);
  if (plans.fault) out.append(el('p', { class: 'message bad', text: `The plans could not be made: ${plans.fault}` }));
}

function setUpMedia() {
  const zone = $('#media-drop');
  const input = $('#media-file');
  if (typeof postrules.probeMedia !== 'function') {
    zone.classList.add('unavailable');
    zone.dataset.available = 'no';
    input.disabled = true;
    $('#media-drop-text').textContent = 'Media checks need probeMedia, which this build of @postrules/wasm does not have yet.';
    return;
  }
  zone.dataset.available = 'yes';
  input.addEventListener('change', () => { if (input.files[0]) probe(input.files[0]); });
  zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('dragging'); });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file) probe(file);
  });
}

// ---------------------------------------------------------------------------- start

async function main() {
  const t0 = performance.now();
  const bundle = import('./editor.bundle.mjs').catch((err) => {
    throw new Error(`the editor (editor.bundle.mjs) did not load: run npm ci in wasm/, then bash wasm/build.sh (${err.message})`);
  });
  await init();
  ({ createEditor } = await bundle);
  $('#module-status').textContent = `counter module ready in ${(performance.now() - t0).toFixed(0)} ms`;
  sharedEditor = editor('/content', 'your post', () => state.shared, (v) => { state.shared = v; }, sharedPlatforms);
  $('#shared-editor').append(sharedEditor.wrap);
  $('#content-section').append(el('div', { class: 'problems', 'data-problems-for': '' }));
  renderPlatforms();
  renderTargets();
  renderAccounts();
  setUpMedia();
  $('#add-account').addEventListener('click', () => { state.accounts.push({ platform: 'twitter', accountId: '' }); edited(); renderAccounts(); });
  const sf = $('#scheduled-for');
  sf.addEventListener('input', () => { state.scheduledFor = sf.value; edited(); });
  for (const r of document.querySelectorAll('input[name=mode]')) {
    r.addEventListener('change', () => { state.mode = r.value; edited(); });
  }
  $('#check').addEventListener('click', check);
  $('#split-thread').addEventListener('click', splitThread);
  $('#split-undo').addEventListener('click', undoSplit);
  $('#fix-undo').addEventListener('click', undoFix);
  document.addEventListener('keydown', undoKey, true);
  $('#resolve').addEventListener('change', () => edited());
  $('#request-details').addEventListener('toggle', showRequest);
  await new Promise((resolve) => requestAnimationFrame(() => { runFrame(); resolve(); }));
  document.body.dataset.ready = 'yes';
  // Not on page load (a reader who never presses Check never pays for the checker): once
  // the user starts editing, fetch it when the browser is idle, so the first Check is
  // quick. Check itself loads it if that has not happened yet.
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 500));
  const soon = () => {
    document.removeEventListener('input', soon, true);
    idle(() => loadChecker().catch(() => {}));
  };
  document.addEventListener('input', soon, true);
}

main().catch((err) => {
  $('#module-status').textContent = `could not load postrules: ${err.message}`;
  $('#module-status').className = 'status message bad';
});
