// postrules.mjs: the postrules rule book in the browser and in Node, from WebAssembly.
//
//   import { init, measure, parseScheduledFor, aggregate, checkPost } from './postrules.mjs';
//   await init();                                   // loads the small counter module
//   measure('hello 🌍', { platform: 'twitter' });   // {length, cap, fits, counter, overflowAt}
//   parseScheduledFor('2030-01-02T03:04Z');         // {input, valid, utc} | {input, valid, code, message, offset}
//   await checkPost(request, { accounts });          // loads the full checker on first use
//
// Every function answers with a plain object whose members are those of the `validate`
// CLI's --format json lines (README), with UTF-16 offsets; none throws for anything a page
// passes in.
// A value of the wrong type, a string that is not valid Unicode, a huge text or an invalid
// JSON text gets an error result ({code, message, ...}) instead. Offsets are UTF-16 code
// unit offsets, the unit of JavaScript strings and of a textarea's selectionStart.
//
// Two modules are built from the same Go code (see ../build.sh):
//   postrules-counter.wasm  measure, parseScheduledFor, aggregate        (loaded by init)
//   postrules-full.wasm     checkPost, checkDraftPublish (+ the above)   (loaded lazily)
//
// The hot paths (measure, parseScheduledFor) call //go:wasmexport functions directly and
// hand text over through the module's linear memory: no syscall/js callback per call.

const DIST = new URL('../dist/', import.meta.url);

const isNode =
  typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
  process.versions !== null && typeof process.versions.node === 'string';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

// Result slots of postrules_results (int32 each); see wasm/internal/bridge/exports_wasm.go.
const SLOT_STATUS = 0, SLOT_OUT_PTR = 1, SLOT_OUT_LEN = 2, SLOT_LENGTH = 3, SLOT_CAP = 4,
  SLOT_OVERFLOW_AT = 5, SLOT_FITS = 6, SLOT_EXACT = 7, SLOT_IN_CAP = 8, NUM_SLOTS = 9;
const STATUS_OK = 0;
const NAME_AREA = 128; // bytes per option name in postrules_names

// Codes the wrapper itself can answer with, before or instead of the Go side.
const CODE_NOT_INITIALIZED = 'not_initialized';
const CODE_INTERNAL = 'internal_error';
const CODE_WRONG_TYPE = 'wrong_type';
const CODE_INVALID_STRING = 'invalid_string';
const CODE_MALFORMED_JSON = 'malformed_json';
const CODE_INVALID_BODY = 'invalid_body';
const CODE_UNKNOWN_FIELD = 'unknown_field';
const CODE_MISSING_FIELD = 'missing_field';

/**
 * A fault the wrapper finds itself, in the shape of the module's faults (the API's error
 * body plus where): a wrong argument type, a lone surrogate, no module.
 */
function fault(code, message, path = '', offset = null) {
  const internal = code === CODE_NOT_INITIALIZED || code === CODE_INTERNAL;
  return { error: internal ? 'Internal Server Error' : 'Bad Request', code, message, path, offset };
}

// Names the kind of a value for messages, in JSON's terms where it has one.
function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'object': return 'an object';
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean';
    default: return typeof v; // undefined, function, symbol, bigint
  }
}

// A JavaScript string may hold lone surrogates, which have no UTF-8 form: TextEncoder
// would silently put U+FFFD in their place. They are found first and reported.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u; // in /u mode a proper pair is one code point
const hasIsWellFormed = typeof String.prototype.isWellFormed === 'function';
function loneSurrogateAt(s) {
  if (hasIsWellFormed ? s.isWellFormed() : !LONE_SURROGATE.test(s)) return -1;
  return LONE_SURROGATE.exec(s).index;
}
function loneSurrogateFault(what, s, at, path = '') {
  const hex = s.charCodeAt(at).toString(16).toUpperCase();
  return fault(CODE_INVALID_STRING,
    `${what} holds a lone surrogate (\\u${hex}) at UTF-16 offset ${at}: it is not valid Unicode and has no UTF-8 form`,
    path, at);
}

// The number of bytes to reserve for strings: their UTF-8 length at most. A short string
// is not scanned (3 bytes per UTF-16 code unit is the worst case); a long one is, so that
// a 10 MB ASCII text does not reserve 30 MB. The result is capped below 2^31, the
// module's int32: a bigger request is refused by the module with body_too_large.
const SCAN_ABOVE = 1 << 16;
function bytesFor(strings) {
  let n = 0;
  for (const s of strings) {
    if (s.length <= SCAN_ABOVE) {
      n += s.length * 3;
      continue;
    }
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      n += c < 0x80 ? 1 : c < 0x800 ? 2 : 3; // a surrogate pair: 3 + 3 >= 4
    }
  }
  return Math.min(n, 0x7fffffff);
}

/** One instantiated Go module and the views on its memory. */
class Module {
  constructor(GoClass, compiled, label) {
    this.GoClass = GoClass;
    this.compiled = compiled;
    this.label = label;
    this.dead = null; // why the module stopped, once it has
    this.restarting = null;
  }

  /** Instantiates (or re-instantiates) the module and starts its Go runtime. */
  async start() {
    const go = new this.GoClass();
    const instance = await WebAssembly.instantiate(this.compiled, go.importObject);
    this.attach(go, instance);
  }

  attach(go, instance) {
    this.go = go;
    this.exports = instance.exports;
    this.memory = instance.exports.mem;
    this.dead = null;
    // run() executes main until it blocks in select{}, then returns control here; the
    // promise it returns settles only if the program exits, which is always a crash.
    // (A restarted module has a new go: the old one's late news must not touch it.)
    go.run(instance).then(
      () => { if (this.go === go) this.dead = this.dead || `the ${this.label} module's Go program exited`; },
      (err) => { if (this.go === go) this.dead = `the ${this.label} module failed: ${err && err.message}`; },
    );
    if (go.exited) throw new Error(`the ${this.label} module exited while starting`);
    this.resPtr = this.exports.postrules_results() >>> 0;
    this.namesPtr = this.exports.postrules_names() >>> 0;
    this.refreshViews();
    this.inPtr = 0;
    this.inCap = 0;
    this.inView = null;
    this.names = ['', ''];
    this.nameLens = [0, 0];
    this.lastName = '';
    this.lastNameBytes = new Uint8Array(0);
  }

  refreshViews() {
    const buf = this.memory.buffer;
    this.buffer = buf;
    this.res = new Int32Array(buf, this.resPtr, NUM_SLOTS);
    this.u8 = new Uint8Array(buf);
    this.nameView = new Uint8Array(buf, this.namesPtr, 2 * NAME_AREA);
    this.inView = null;
  }

  /** Re-reads the views when memory has grown (growing detaches the old buffer). */
  views() {
    if (this.memory.buffer !== this.buffer) this.refreshViews();
  }

  /**
   * Makes sure the module still runs. After a crash (which only a bug or memory
   * exhaustion can cause) it starts a fresh instance from the compiled module: at once
   * where the host allows synchronous instantiation, else in the background, answering
   * internal_error meanwhile.
   */
  alive() {
    if (!this.dead && !(this.go && this.go.exited)) return null;
    const why = this.dead || `the ${this.label} module's Go program exited`;
    try {
      const go = new this.GoClass();
      this.attach(go, new WebAssembly.Instance(this.compiled, go.importObject));
      return null;
    } catch {
      if (!this.restarting) {
        this.restarting = this.start().catch(() => {}).finally(() => { this.restarting = null; });
      }
      return fault(CODE_INTERNAL, `${why}; it is being restarted, try again`);
    }
  }

  /** Reserves n input bytes and returns their address (0 with a fault in the output). */
  reserve(n) {
    const ptr = this.exports.postrules_reserve(n) >>> 0;
    this.views();
    if (ptr === 0) return 0;
    const cap = this.res[SLOT_IN_CAP];
    if (ptr !== this.inPtr || cap !== this.inCap || this.inView === null) {
      this.inPtr = ptr;
      this.inCap = cap;
      this.inView = new Uint8Array(this.buffer, ptr, cap);
    }
    return ptr;
  }

  /** Writes s as UTF-8 at offset off of the input area; returns the bytes written. */
  write(s, off) {
    const view = off === 0 ? this.inView : this.inView.subarray(off);
    return encoder.encodeInto(s, view).written;
  }

  outBytes() {
    const ptr = this.res[SLOT_OUT_PTR] >>> 0;
    const len = this.res[SLOT_OUT_LEN];
    return this.u8.subarray(ptr, ptr + len);
  }

  outString() {
    return decoder.decode(this.outBytes());
  }

  outJSON() {
    return JSON.parse(this.outString());
  }

  /** Runs fn (which calls exports) guarded against a crash of the module. */
  call(fn) {
    const down = this.alive();
    if (down) return { down };
    try {
      const status = fn();
      this.views();
      if (this.go.exited) throw new Error('exited');
      return { status };
    } catch (err) {
      this.dead = `the ${this.label} module crashed: ${err && err.message}`;
      return { down: fault(CODE_INTERNAL, this.dead) };
    }
  }

  /** Writes option name i (0 platform, 1 counter) unless it is already there. */
  setName(i, s) {
    if (this.names[i] === s) return this.nameLens[i];
    const area = this.nameView.subarray(i * NAME_AREA, (i + 1) * NAME_AREA);
    const r = encoder.encodeInto(s, area);
    const n = r.read < s.length ? -1 : r.written; // -1: too long to be any name
    this.names[i] = s;
    this.nameLens[i] = n;
    return n;
  }

  /** The counter name in the output bytes, decoded only when it changed. */
  counterName() {
    const b = this.outBytes();
    const last = this.lastNameBytes;
    if (b.length === last.length) {
      let same = true;
      for (let i = 0; i < b.length; i++) if (b[i] !== last[i]) { same = false; break; }
      if (same) return this.lastName;
    }
    this.lastNameBytes = b.slice();
    this.lastName = decoder.decode(b);
    return this.lastName;
  }
}

let counterModule = null; // Module, once init has resolved
let fullModule = null;
let initPromise = null;
let fullPromise = null;
let fullSource = null;
let GoClass = null;

async function loadGlue(url) {
  if (typeof globalThis.Go === 'function' && GoClass === null) {
    GoClass = globalThis.Go;
  }
  if (GoClass) return GoClass;
  await import(String(url || new URL('wasm_exec.js', DIST)));
  if (typeof globalThis.Go !== 'function') throw new Error(`${url} did not define Go`);
  GoClass = globalThis.Go;
  return GoClass;
}

// The URL of a module given as a URL or a string: an absolute URL as it is; a relative
// reference against the page in a browser, or as a file path in Node.
async function toURL(u) {
  if (u instanceof URL) return u;
  const s = String(u);
  try {
    return new URL(s);
  } catch {
    if (isNode) {
      const { pathToFileURL } = await import('node:url');
      return pathToFileURL(s);
    }
    return new URL(s, globalThis.location ? globalThis.location.href : DIST);
  }
}

/** Compiles a module from a WebAssembly.Module, bytes, or a URL (file: in Node). */
async function compile(module, url) {
  if (module instanceof WebAssembly.Module) return module;
  if (module != null) return WebAssembly.compile(module); // an ArrayBuffer or a typed array
  const where = await toURL(url);
  if (where.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(where));
  }
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(where));
    } catch {
      // A server without the application/wasm type: compile from the bytes instead.
    }
  }
  const response = await fetch(where);
  if (!response.ok) throw new Error(`fetching ${where}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

async function startModule(module, url, label) {
  const Go = await loadGlue(fullSource && fullSource.wasmExecURL);
  const compiled = await compile(module, url);
  const m = new Module(Go, compiled, label);
  await m.start();
  return m;
}

/**
 * Loads the counter module (measure, parseScheduledFor, aggregate). Options:
 *   wasmURL / wasmModule          the counter module (default: ../dist/postrules-counter.wasm)
 *   fullWasmURL / fullWasmModule  the full checker, loaded on the first checkPost
 *   wasmExecURL                   Go's wasm_exec.js (default: ../dist/wasm_exec.js)
 *   preloadChecker                also start loading the full checker now
 * Resolves to the list of loaded module names; rejects only when a module cannot be
 * fetched or compiled.
 */
export function init(options = {}) {
  if (initPromise) return initPromise;
  const o = options && typeof options === 'object' ? options : {};
  fullSource = {
    module: o.fullWasmModule,
    url: o.fullWasmURL || new URL('postrules-full.wasm', DIST),
    wasmExecURL: o.wasmExecURL,
  };
  initPromise = startModule(o.wasmModule, o.wasmURL || new URL('postrules-counter.wasm', DIST), 'counter')
    .then((m) => {
      counterModule = m;
      if (o.preloadChecker) loadChecker().catch(() => {});
      return ['counter'];
    })
    .catch((err) => {
      initPromise = null;
      throw err;
    });
  return initPromise;
}

/** Loads the full checker now (checkPost and checkDraftPublish load it when needed). */
export function loadChecker() {
  if (fullPromise) return fullPromise;
  const src = fullSource || { url: new URL('postrules-full.wasm', DIST) };
  fullPromise = startModule(src.module, src.url, 'full')
    .then((m) => {
      fullModule = m;
      return ['full'];
    })
    .catch((err) => {
      fullPromise = null;
      throw err;
    });
  return fullPromise;
}

/** True once init has resolved (measure, parseScheduledFor, aggregate answer). */
export function ready() {
  return counterModule !== null;
}

function notReady(what) {
  return fault(CODE_NOT_INITIALIZED, `${what}: call and await init() first`);
}

// The module that answers measure, parseScheduledFor and aggregate: the counter module,
// or the full one when a page loaded only that.
function small() {
  return counterModule || fullModule;
}

const MEASURE_OPTIONS = ['platform', 'counter', 'cap'];
const PARSE_OPTIONS = ['now'];

// unknownOption returns the first own key of options outside allowed, or null: a typo
// such as {platfrom: 'bluesky'} must not silently measure for twitter.
function unknownOption(options, allowed) {
  for (const key in options) {
    if (Object.prototype.hasOwnProperty.call(options, key) && !allowed.includes(key)) return key;
  }
  return null;
}

/**
 * Measures text for a platform: {length, cap, fits, counter, overflowAt}, the members of a
 * `validate length --format json` line, overflowAt in UTF-16 code units or null when the
 * text fits; plus exact: false, as the CLI, only when counting stopped far past the cap
 * and length is a lower bound. Or a fault.
 */
export function measure(text, options) {
  const r = measureOrFault(text, options);
  if (r.code !== undefined) r.fits = false; // a text that cannot be measured never fits
  return r;
}

function measureOrFault(text, options) {
  const m = small();
  if (m === null) return notReady('measure');
  if (typeof text !== 'string') {
    return fault(CODE_WRONG_TYPE, `text must be a string, got ${describe(text)}`, 'text');
  }
  let platform = '', counter = '', cap = 0, hasCap = 0;
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object') {
      return fault(CODE_WRONG_TYPE, `options must be an object, got ${describe(options)}`, 'options');
    }
    const extra = unknownOption(options, MEASURE_OPTIONS);
    if (extra !== null) {
      return fault(CODE_UNKNOWN_FIELD, `unknown option ${JSON.stringify(extra)}; measure takes platform, counter and cap`, extra);
    }
    const p = options.platform, c = options.counter, k = options.cap;
    if (p !== undefined && p !== null) {
      if (typeof p !== 'string') return fault(CODE_WRONG_TYPE, `platform must be a string, got ${describe(p)}`, 'platform');
      platform = p;
    }
    if (c !== undefined && c !== null) {
      if (typeof c !== 'string') return fault(CODE_WRONG_TYPE, `counter must be a string, got ${describe(c)}`, 'counter');
      counter = c;
    }
    if (k !== undefined && k !== null) {
      if (typeof k !== 'number') return fault(CODE_WRONG_TYPE, `cap must be a number, got ${describe(k)}`, 'cap');
      cap = k;
      hasCap = 1;
    }
  }
  const bad = loneSurrogateAt(text);
  if (bad >= 0) return loneSurrogateFault('text', text, bad, 'text');

  const r = m.call(() => {
    if (m.reserve(bytesFor([text])) === 0) return -1;
    const n = m.write(text, 0);
    const pl = m.setName(0, platform);
    const cl = m.setName(1, counter);
    return m.exports.postrules_measure(n, pl, cl, cap, hasCap);
  });
  if (r.down) return r.down;
  if (r.status !== STATUS_OK) return m.outJSON();
  const res = m.res;
  const overflowAt = res[SLOT_OVERFLOW_AT];
  const out = {
    length: res[SLOT_LENGTH],
    cap: res[SLOT_CAP],
    fits: res[SLOT_FITS] === 1,
    counter: m.counterName(),
    overflowAt: overflowAt < 0 ? null : overflowAt,
  };
  if (res[SLOT_EXACT] !== 1) out.exact = false; // as the CLI: the key only on a lower bound
  return out;
}

// The clock of an option `now`: a Date, epoch milliseconds, or a string in the
// scheduledFor grammar (checked on the Go side). Anything else is passed on as it is, for
// the Go side to reject.
function clock(now) {
  if (now instanceof Date) {
    return Number.isNaN(now.getTime()) ? 'Invalid Date' : now.toISOString();
  }
  if (typeof now === 'number') {
    const d = new Date(now);
    return Number.isNaN(d.getTime()) ? String(now) : d.toISOString();
  }
  return now;
}

/**
 * Checks a scheduledFor value: {input, valid: true, utc} or {input, valid: false, code,
 * message, offset}, the members of a `validate time --format json` line. With options.now
 * it must also lie after that clock. offset is the UTF-16 offset where the value went
 * wrong, 0 when the value as a whole is at fault (scheduled_in_past), as the CLI's.
 */
export function parseScheduledFor(s, options) {
  const invalid = (f) => ({ input: s, valid: false, code: f.code, message: f.message, offset: f.offset === null ? 0 : f.offset });
  const m = small();
  if (m === null) return invalid(notReady('parseScheduledFor'));
  if (typeof s !== 'string') {
    return invalid(fault(CODE_WRONG_TYPE, `scheduledFor must be a string, got ${describe(s)}`));
  }
  // As `validate time --jsonl` refuses a lone surrogate escape: it names no character, and
  // UTF-8 would silently carry U+FFFD in its place.
  const bad = loneSurrogateAt(s);
  if (bad >= 0) return invalid(loneSurrogateFault('scheduledFor', s, bad));
  let now = '';
  let hasNow = 0;
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object') {
      return invalid(fault(CODE_WRONG_TYPE, `options must be an object, got ${describe(options)}`));
    }
    const extra = unknownOption(options, PARSE_OPTIONS);
    if (extra !== null) {
      return invalid(fault(CODE_UNKNOWN_FIELD, `unknown option ${JSON.stringify(extra)}; parseScheduledFor takes now`));
    }
    if (options.now !== undefined && options.now !== null) {
      const c = clock(options.now);
      if (typeof c !== 'string') {
        return invalid(fault(CODE_WRONG_TYPE, `option now must be a Date, a number or a string, got ${describe(c)}`));
      }
      now = c;
      hasNow = 1;
    }
  }
  const r = m.call(() => {
    if (m.reserve(bytesFor([s, now])) === 0) return -1;
    const n = m.write(s, 0);
    const k = now === '' ? 0 : m.write(now, n);
    return m.exports.postrules_parse_scheduled_for(n, k, hasNow);
  });
  if (r.down) return invalid(r.down);
  if (r.status !== STATUS_OK) return invalid(m.outJSON());
  return { input: s, valid: true, utc: m.outString() };
}

// JSON text for a value a page passes as a request or as outcomes: a string is taken as
// JSON text already; anything else is serialized. Returns {text} or {error: {code,
// message}}.
function jsonText(value, what) {
  if (typeof value === 'string') {
    const bad = loneSurrogateAt(value);
    if (bad >= 0) {
      return { error: loneSurrogateFault(`${what} (JSON text)`, value, bad) };
    }
    return { text: value };
  }
  if (value === undefined) return { text: '' };
  let text;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    return { error: fault(CODE_MALFORMED_JSON, `${what} cannot be written as JSON: ${err && err.message}`) };
  }
  if (text === undefined) {
    return { error: fault(CODE_MALFORMED_JSON, `${what} cannot be written as JSON: it is ${describe(value)}`) };
  }
  return { text };
}

// The member names of an outcome, in the order the module reads them.
const OUTCOME_FIELDS = ['platform', 'state', 'error', 'code'];
const REQUIRED_OUTCOME_FIELDS = ['platform', 'state'];

// escapePointer escapes a member name as a JSON pointer token (RFC 6901 section 3).
function escapePointer(s) {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

// The outcomes a page passes (an array of objects, or its JSON text), checked for shape
// as `validate status` checks its input: an array; objects; only platform, state, error
// and code, all strings; platform and state present. Whether platforms and states are
// valid is the rule's business, on the Go side. Returns {fields} (4 strings per outcome)
// or {fault}.
function outcomeFields(outcomes) {
  let v = outcomes;
  if (typeof v === 'string') {
    const bad = loneSurrogateAt(v);
    if (bad >= 0) return { fault: loneSurrogateFault('outcomes (JSON text)', v, bad) };
    try {
      v = JSON.parse(v);
    } catch (err) {
      return { fault: fault(CODE_MALFORMED_JSON, `the input is not JSON: ${err && err.message}`) };
    }
  }
  if (!Array.isArray(v)) {
    return { fault: fault(CODE_INVALID_BODY, `want a JSON array of outcomes, found ${describe(v)}`) };
  }
  const fields = [];
  for (let i = 0; i < v.length; i++) {
    const o = v[i];
    const base = `/${i}`;
    if (o === null || typeof o !== 'object' || Array.isArray(o)) {
      return { fault: fault(CODE_WRONG_TYPE, `want an outcome object, found ${describe(o)}`, base) };
    }
    const seen = {};
    for (const name of Object.keys(o)) {
      const value = o[name];
      if (value === undefined) continue; // JSON has no undefined: the member is absent
      const path = `${base}/${escapePointer(name)}`;
      if (!OUTCOME_FIELDS.includes(name)) {
        return { fault: fault(CODE_UNKNOWN_FIELD, `unknown member ${JSON.stringify(name)}; an outcome has platform, state, error and code`, path) };
      }
      if (typeof value !== 'string') {
        return { fault: fault(CODE_WRONG_TYPE, `${JSON.stringify(name)} must be a string, found ${describe(value)}`, path) };
      }
      const bad = loneSurrogateAt(value);
      if (bad >= 0) return { fault: loneSurrogateFault(`"${name}"`, value, bad, path) };
      seen[name] = value;
    }
    for (const name of REQUIRED_OUTCOME_FIELDS) {
      if (seen[name] === undefined) {
        return { fault: fault(CODE_MISSING_FIELD, `the outcome has no ${JSON.stringify(name)}`, `${base}/${name}`) };
      }
    }
    for (const name of OUTCOME_FIELDS) fields.push(seen[name] === undefined ? '' : seen[name]);
  }
  return { fields };
}

/**
 * Folds per-target outcomes (an array of {platform, state, error?, code?}, or its JSON
 * text) into the post's {success, status}, or a fault.
 */
export function aggregate(outcomes) {
  const m = small();
  if (m === null) return notReady('aggregate');
  const { fields, fault: f } = outcomeFields(outcomes);
  if (f) return f;
  const r = m.call(() => {
    // Records: each field as a little-endian uint32 byte length and its UTF-8.
    if (m.reserve(Math.min(bytesFor(fields) + 4 * fields.length, 0x7fffffff)) === 0) return -1;
    const view = new DataView(m.buffer, m.inPtr, m.inCap);
    let off = 0;
    for (const s of fields) {
      const n = m.write(s, off + 4);
      view.setUint32(off, n, true);
      off += 4 + n;
    }
    return m.exports.postrules_aggregate(off);
  });
  if (r.down) return r.down;
  if (r.status !== STATUS_OK) return m.outJSON();
  return { success: m.res[SLOT_FITS] === 1, status: m.outString() };
}

// The options JSON of checkPost / checkDraftPublish. `now` defaults to the current time
// (as the CLI's --now does); null skips the "scheduledFor is after now" check.
function optionsText(options, requestError) {
  let o;
  if (options === undefined || options === null) {
    o = {};
  } else if (typeof options !== 'object' || Array.isArray(options)) {
    o = { optionsError: { code: CODE_WRONG_TYPE, message: `must be an object, got ${describe(options)}`, path: '' } };
  } else {
    o = { ...options };
  }
  if (!('optionsError' in o)) {
    if (o.now === undefined) o.now = new Date().toISOString();
    else if (o.now === null) delete o.now;
    else o.now = clock(o.now);
  }
  if (requestError) {
    o.requestError = { code: requestError.code, message: requestError.message, path: requestError.path || '' };
  }
  const j = optionsJSON(o);
  if (j.error) {
    return JSON.stringify({ optionsError: { code: j.error.code, message: j.error.message, path: '' }, ...(o.requestError ? { requestError: o.requestError } : {}) });
  }
  return j.text;
}

// The JSON text of the options object, or {error}. A string holding a lone surrogate (an
// account id, say) is refused: JSON.stringify would write it as a \uD800 escape, which Go's
// decoder silently turns into U+FFFD, and the check would run on another value than the
// page's.
function optionsJSON(o) {
  let lone = null;
  const wellFormed = (k, v) => {
    if (lone === null) {
      if (loneSurrogateAt(k) >= 0) lone = `the member name ${JSON.stringify(k)}`;
      else if (typeof v === 'string' && loneSurrogateAt(v) >= 0) lone = k === '' ? 'a string' : `the value of ${JSON.stringify(k)}`;
    }
    return v;
  };
  let text;
  try {
    text = JSON.stringify(o, wellFormed);
  } catch (err) {
    return { error: fault(CODE_MALFORMED_JSON, `cannot be written as JSON: ${err && err.message}`) };
  }
  if (lone !== null) {
    return { error: fault(CODE_INVALID_STRING, `${lone} holds a lone surrogate: it is not valid Unicode and has no UTF-8 form`) };
  }
  return { text };
}

async function full(what) {
  if (fullModule) return { m: fullModule };
  try {
    await loadChecker();
    return { m: fullModule };
  } catch (err) {
    return { down: fault(CODE_NOT_INITIALIZED, `${what}: the checker module could not be loaded: ${err && err.message}`) };
  }
}

function verdictOf(m, r) {
  if (r.down) return faultVerdict(r.down);
  const out = m.outJSON();
  if (r.status !== STATUS_OK) return faultVerdict(out);
  return out;
}

// A verdict for a call the Go side could not answer at all (no module, a crash): the
// shape of every verdict (the CLI's keys), so that a page reads it the same way. Only the
// wrapper's own two codes come here, both 500 and neither located in the request.
function faultVerdict(f) {
  return {
    valid: false,
    httpStatus: 500,
    error: { error: f.error || 'Internal Server Error', code: f.code, message: f.message },
    problems: [{ path: '', code: f.code, message: f.message }],
    billable: false,
    targets: [],
  };
}

// Runs one full-request check: the JSON texts of values, then the options JSON, go to the
// export `name`. A request too large for the module is answered by the Go side too: the
// check runs again with empty texts and the size fault as the request's error.
async function check(what, name, values, options) {
  const { m, down } = await full(what);
  if (down) return faultVerdict(down);
  const texts = values.map(([v, label]) => jsonText(v, label));
  const broken = texts.find((t) => t.error);
  const run = (strings, opts) => m.call(() => {
    const all = [...strings, opts];
    if (m.reserve(bytesFor(all)) === 0) return -1;
    const lens = [];
    let off = 0;
    for (const str of all) {
      const n = m.write(str, off);
      lens.push(n);
      off += n;
    }
    return m.exports[name](...lens);
  });
  let r = run(texts.map((t) => (t.error ? '' : t.text)), optionsText(options, broken && broken.error));
  if (r.status === -1) {
    const tooLarge = m.outJSON();
    r = run(texts.map(() => ''), optionsText(options, tooLarge));
  }
  return verdictOf(m, r);
}

/**
 * Checks a create-post request (an object or its JSON text) as the API would: the
 * verdict, a line of `validate post --format json` less "file" ({valid, httpStatus (when
 * invalid), error, problems, billable, targets}), plus, only when valid, status and
 * (when scheduled) scheduledFor, what the API reports. Options: now
 * (Date | epoch ms | string; default the current time; null skips the check), accounts
 * ([{platform, accountId}]; absent skips target resolution), plan, limits.
 */
export function checkPost(request, options) {
  return check('checkPost', 'postrules_check_post', [[request, 'request']], options);
}

/**
 * Checks publishing a stored draft (in the create-post shape; object or JSON text) with a
 * draft-publish body (object or JSON text; absent means {}): the verdict, as checkPost.
 * Options as checkPost's, plus draftState ("saved" | "publishing" | "deleted").
 */
export function checkDraftPublish(draft, body, options) {
  return check('checkDraftPublish', 'postrules_check_draft_publish',
    [[draft, 'draft'], [body === undefined ? {} : body, 'body']], options);
}
