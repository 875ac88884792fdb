// The composer demo: a static page on top of ../js/postrules.mjs. Every number, highlight
// and message comes from the WebAssembly module; this file only draws.
import {
  init, measure, parseScheduledFor, checkPost, loadChecker, split, rules, measureAll,
} from '../js/postrules.mjs';

// The ten platforms in the API's order (for the checkboxes; their rules live in Go).
const PLATFORMS = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'linkedin',
  'bluesky', 'facebook', 'threads', 'googlebusiness'];

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
};

const defaultAccounts = [
  { platform: 'twitter', accountId: 'tw_main' },
  { platform: 'linkedin', accountId: 'li_company' },
  { platform: 'linkedin', accountId: 'li_personal' },
  { platform: 'bluesky', accountId: 'bsky_1' },
  { platform: 'instagram', accountId: 'ig_1' },
];

// ---------------------------------------------------------------------------- editors

// The targets in request order: the checked platforms in canonical order.
const activeTargets = () => PLATFORMS.filter((p) => state.targets[p].on);

/**
 * An editor: a textarea over a backdrop that mirrors its text and marks where it
 * overflows. path is the JSON pointer of its text in the request (for problems).
 */
function editor(path, value, onInput, label) {
  const backdrop = el('div', { class: 'backdrop', 'aria-hidden': 'true' });
  const area = el('textarea', { rows: 3, spellcheck: 'false', 'aria-label': label });
  area.value = value;
  const counters = el('div', { class: 'counters' });
  const problems = el('div', { class: 'problems', 'data-problems-for': path });
  const wrap = el('div', { class: 'post-editor', 'data-path': path },
    el('div', { class: 'editor' }, backdrop, area), counters, problems);
  area.addEventListener('input', () => { onInput(area.value); refresh(); });
  area.addEventListener('focus', () => fit(area));
  area.addEventListener('scroll', () => { backdrop.scrollTop = area.scrollTop; });
  return wrap;
}

// Grows a textarea to its text, so that the whole post and its highlight are in view.
function fit(area) {
  area.style.height = 'auto';
  area.style.height = `${area.scrollHeight + 2}px`;
}

/**
 * Shows the counters of one editor: one chip per platform that posts its text, and the
 * overflow highlighted from the earliest overflowAt (UTF-16, so it slices the string).
 */
function show(wrap, text, platforms) {
  fit($('textarea', wrap));
  const counters = $('.counters', wrap);
  counters.textContent = '';
  let first = null;
  for (const platform of platforms) {
    const m = measure(text, { platform });
    const chip = el('span', { class: 'counter', 'data-platform': platform });
    if (m.code !== undefined) {
      chip.textContent = `${platform}: ${m.code}`;
      chip.classList.add('over');
    } else {
      chip.textContent = `${platforms.length > 1 || wrap.dataset.path === '/content' ? `${platform} ` : ''}${m.exact === false ? 'more than ' : ''}${m.length} / ${m.cap}`;
      chip.dataset.overflowAt = m.overflowAt === null ? '' : String(m.overflowAt);
      if (!m.fits) {
        chip.classList.add('over');
        if (first === null || m.overflowAt < first) first = m.overflowAt;
      }
    }
    counters.append(chip);
  }
  wrap.dataset.overflowAt = first === null ? '' : String(first);
  $('.editor', wrap).classList.toggle('over', first !== null);
  const backdrop = $('.backdrop', wrap);
  backdrop.textContent = '';
  if (first === null) {
    backdrop.append(text);
  } else {
    backdrop.append(text.slice(0, first), el('mark', { text: text.slice(first) }));
  }
  backdrop.append(' '); // so that a trailing newline takes its line, as in the textarea
}

// ---------------------------------------------------------------------------- layout

function renderPlatforms() {
  const box = $('#platforms');
  box.textContent = '';
  for (const p of PLATFORMS) {
    const input = el('input', { type: 'checkbox', id: `platform-${p}`, checked: state.targets[p].on });
    input.addEventListener('change', () => { state.targets[p].on = input.checked; renderTargets(); refresh(); });
    box.append(el('label', {}, input, ` ${p}`));
  }
}

function renderTargets() {
  const box = $('#targets');
  box.textContent = '';
  activeTargets().forEach((p, i) => {
    const t = state.targets[p];
    const base = `/platforms/${i}`;
    const account = el('input', { type: 'text', id: `account-${p}`, placeholder: 'accountId (optional)', value: t.accountId });
    account.addEventListener('input', () => { t.accountId = account.value; refresh(); });
    const own = el('input', { type: 'checkbox', id: `override-${p}`, checked: t.override });
    own.addEventListener('change', () => { t.override = own.checked; renderTargets(); refresh(); });
    const card = el('div', { class: 'target', id: `target-${p}`, 'data-path': base },
      el('h3', { text: p }),
      el('div', { class: 'row' }, el('label', {}, 'account ', account), el('label', {}, own, ' own content')),
      el('div', { class: 'problems', 'data-problems-for': `${base}/accountId` }),
      el('div', { class: 'problems', 'data-problems-for': `${base}/platform` }),
      el('div', { class: 'problems', 'data-problems-for': base }));
    if (t.override) {
      card.append(editor(`${base}/content`, t.content, (v) => { t.content = v; }, `${p} content`));
    }
    if (p === 'twitter') card.append(threadEditor(t, base));
    box.append(card);
  });
}

function threadEditor(t, base) {
  const list = el('div', { class: 'thread', id: 'thread' });
  t.thread.forEach((text, k) => {
    const path = `${base}/platformSpecificData/threadItems/${k}/content`;
    const remove = el('button', { type: 'button', class: 'small remove-item', text: 'remove' });
    remove.addEventListener('click', () => { t.thread.splice(k, 1); renderTargets(); refresh(); });
    list.append(el('div', { class: 'thread-item' },
      el('div', { class: 'head' }, el('span', { text: `thread post ${k + 2}` }), remove),
      editor(path, text, (v) => { t.thread[k] = v; }, `twitter thread post ${k + 2}`)));
  });
  const add = el('button', { type: 'button', class: 'small', id: 'add-thread-item', text: '+ add thread post' });
  add.addEventListener('click', () => { t.thread.push(''); renderTargets(); refresh(); });
  list.append(add);
  return list;
}

// ---------------------------------------------------------------------------- live state

function refresh() {
  clearVerdict();
  const active = activeTargets();
  // The shared text is posted by every target without its own content.
  show($('#shared-editor .post-editor'), state.shared, active.filter((p) => !state.targets[p].override));
  for (const wrap of document.querySelectorAll('#targets .post-editor')) {
    const path = wrap.dataset.path;
    const i = Number(path.split('/')[2]);
    const p = active[i];
    const t = state.targets[p];
    const k = path.includes('/threadItems/') ? Number(path.split('/')[5]) : -1;
    show(wrap, k >= 0 ? t.thread[k] : t.content, [p]);
  }
  refreshAll(active);
  refreshScheduled();
  $('#request-json').textContent = JSON.stringify(request(), null, 2);
}

// The rule book, read once: what each rule checks, for the messages of broken rules.
let book = null;
const ruleWhat = (id) => {
  if (book === null) {
    const b = rules();
    book = new Map(b.ok ? b.map((r) => [r.id, r]) : []);
  }
  const r = book.get(id);
  return r ? r.what : '';
};
const unitLabel = (counter) => (counter === 'utf16' ? 'UTF-16 units' : counter);

/**
 * The live panel: the shared content measured for every selected platform by every
 * text rule, in one measureAll call; each platform's counters and, for each broken
 * rule, its message.
 */
function refreshAll(active) {
  const box = $('#all-platforms');
  box.textContent = '';
  const r = measureAll(state.shared, { platforms: active });
  if (!r.ok) {
    box.append(el('p', { class: 'rule-message', text: `${r.code}: ${r.message}` }));
    return;
  }
  for (const p of r.platforms) {
    const chips = el('div', { class: 'counters' });
    const messages = el('div', { class: 'rule-messages' });
    for (const m of p.measurements) {
      const name = m.rule.slice(p.platform.length + 1);
      const count = m.counter === 'forbidden' ? `${m.length} forbidden` : `${m.exact === false ? '>' : ''}${m.length} / ${m.cap} ${unitLabel(m.counter)}`;
      const chip = el('span', { class: 'counter', 'data-rule': m.rule, text: `${name} ${count}` });
      if (!m.fits) {
        chip.classList.add(m.warning ? 'warning' : 'over');
        chip.dataset.overflowAt = String(m.overflowAt);
        messages.append(el('p', { class: `rule-message${m.warning ? ' warning' : ''}`, 'data-rule': m.rule },
          el('code', { text: m.rule }), ` ${m.warning ? 'warning: ' : ''}${count}, from UTF-16 offset ${m.overflowAt}: ${ruleWhat(m.rule)}`));
      }
      chips.append(chip);
    }
    box.append(el('div', { class: 'all-platform', 'data-platform': p.platform },
      el('h3', { class: p.fits ? '' : 'over', text: `${p.platform} ${p.fits ? '✓' : '✗'}` }), chips, messages));
  }
}

// "Split into thread": the shared content becomes post 1 of a twitter thread and the
// rest its thread posts, each in its own editor with its own live counter.
function splitThread() {
  const msg = $('#split-message');
  const r = split(state.shared, { platform: 'twitter', numbering: $('#split-numbering').value });
  if (!r.ok) {
    msg.textContent = `${r.code}: ${r.message}`;
    msg.className = 'message bad';
    return;
  }
  msg.textContent = `split into ${r.posts.length} post${r.posts.length === 1 ? '' : 's'} of at most ${r.cap} ${r.counter}`;
  msg.className = 'message good';
  state.shared = r.posts[0].text;
  $('#shared-editor textarea').value = state.shared;
  const t = state.targets.twitter;
  t.on = true;
  t.thread = r.posts.slice(1).map((p) => p.text);
  $('#platform-twitter').checked = true;
  renderTargets();
  refresh();
}

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
    msg.textContent = `${r.code}: ${r.message}`;
    msg.dataset.offset = String(r.offset); // UTF-16; 0 when the whole value is at fault
    msg.classList.add('bad');
    input.classList.add('invalid');
  }
}

function request() {
  const body = { content: state.shared, platforms: [] };
  for (const p of activeTargets()) {
    const t = state.targets[p];
    const target = { platform: p };
    if (t.accountId !== '') target.accountId = t.accountId;
    if (t.override) target.content = t.content;
    if (p === 'twitter' && t.thread.length > 0) {
      target.platformSpecificData = { threadItems: t.thread.map((content) => ({ content })) };
    }
    body.platforms.push(target);
  }
  if (state.mode === 'scheduled') body.scheduledFor = state.scheduledFor;
  else body.publishNow = true;
  return body;
}

// ---------------------------------------------------------------------------- verdict

async function check() {
  const button = $('#check');
  const status = $('#checker-status');
  let accounts;
  if ($('#resolve').checked) {
    try {
      accounts = JSON.parse($('#accounts').value);
      $('#accounts-message').textContent = '';
    } catch (err) {
      $('#accounts-message').textContent = `not JSON: ${err.message}`;
      $('#accounts-message').className = 'message bad';
      return;
    }
  }
  button.disabled = true;
  const t0 = performance.now();
  const wasLoaded = status.dataset.loaded === 'yes';
  if (!wasLoaded) status.textContent = 'loading the checker…';
  const verdict = await checkPost(request(), { now: new Date(), accounts });
  const ms = (performance.now() - t0).toFixed(1);
  status.dataset.loaded = 'yes';
  status.textContent = wasLoaded ? `checked in ${ms} ms` : `checker loaded and checked in ${ms} ms`;
  button.disabled = false;
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
    ? `✓ valid${v.status ? `: ${v.status}` : ''}${v.scheduledFor ? ` for ${v.scheduledFor}` : ''}${v.billable ? ' (billable)' : ''}`
    : `✗ invalid: HTTP ${v.httpStatus}${v.billable ? '' : ' (not billable)'}`;
  $('#verdict-code').textContent = v.error ? `${v.error.code}: ${v.error.message}` : '';
  const list = $('#verdict-problems');
  list.textContent = '';
  for (const p of v.problems || []) {
    list.append(el('li', { class: 'verdict-problem', 'data-path': p.path },
      el('code', { text: p.path || '(request)' }), ` ${p.code}: ${p.message}`));
    // Next to its field: the nearest enclosing field that shows problems.
    const spot = problemSpot(p.path);
    if (spot) spot.append(el('p', { class: 'problem', 'data-code': p.code }, el('code', { text: p.code }), ` ${p.message}`));
  }
  const targets = $('#verdict-targets');
  targets.textContent = '';
  for (const t of v.targets || []) {
    const posts = (t.posts || []).map((q) => `${q.length}/${q.cap}`).join(', ');
    targets.append(el('li', { text: `${t.platform}${t.accountId ? ` (${t.accountId})` : ''}: ${posts}` }));
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
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

// ---------------------------------------------------------------------------- start

async function main() {
  const t0 = performance.now();
  await init();
  $('#module-status').textContent = `counter module ready in ${(performance.now() - t0).toFixed(0)} ms`;
  $('#shared-editor').append(editor('/content', state.shared, (v) => { state.shared = v; }, 'shared content'));
  $('#content-section').append(el('div', { class: 'problems', 'data-problems-for': '' }));
  renderPlatforms();
  renderTargets();
  $('#accounts').value = JSON.stringify(defaultAccounts, null, 1);
  const sf = $('#scheduled-for');
  sf.addEventListener('input', () => { state.scheduledFor = sf.value; refresh(); });
  for (const r of document.querySelectorAll('input[name=mode]')) {
    r.addEventListener('change', () => { state.mode = r.value; refresh(); });
  }
  $('#check').addEventListener('click', check);
  $('#split-thread').addEventListener('click', splitThread);
  $('#accounts').addEventListener('input', () => clearVerdict());
  $('#resolve').addEventListener('change', () => clearVerdict());
  refresh();
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
