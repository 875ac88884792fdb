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
//   postrules-counter.wasm  measure, parseScheduledFor, split, rules,    (loaded by init)
//                           measureAll
//   postrules-full.wasm     checkPost, checkDraftPublish, aggregate,     (loaded lazily)
//                           probeMedia, planMedia
//                           (+ the above; the three checks read JSON with package
//                           schema's strict decoders, and probeMedia is rules/media's
//                           probe: neither is in the counter module)
//
// The hot paths (measure, parseScheduledFor) call //go:wasmexport functions directly and
// hand text over through the module's linear memory: no syscall/js callback per call.

// core.mjs: the postrules wrapper, behind postrules.mjs (and postrules.esbuild.mjs), which
// only tell it where the two .wasm files are, in the form their bundlers follow.
//
// createPostrules(locate) makes one independent copy of the API, with its own modules and
// its own private copy of Go's glue; nothing here reads or writes a global.
//
// HOW TO ADD A GO FUNCTION (a thread split, a rule book listing, measuring for every
// platform, ...):
//   1. Go: a //go:wasmexport function in wasm/internal/bridge (counter module) or
//      wasm/internal/checker (full module) that takes the UTF-8 byte lengths of its string
//      arguments, laid one after the other in the input area, and answers JSON in the
//      output bytes with statusOK, or a Fault (see bridge/exports_wasm.go, PutOut/PutFault).
//      A new result slot, status or record field goes in bridge/layout.go; `go generate
//      ./wasm/internal/bridge` writes it into layout.mjs, which this file imports.
//   2. Here: one entry in the object `api` at the end of createPostrules, e.g.
//        split: guarded('split', (f) => f, (text, options) => {
//          const o = readOptions(options, ['platform', 'cap'], 'options'); // the one reader
//          if (o.fault) return o.fault;
//          const t = stringArg(text, 'text');                             // type + surrogates
//          if (t.fault) return t.fault;
//          return callJSON(small(), 'postrules_split', [t.text, JSON.stringify(o.values)]);
//        }),
//      guarded() makes it unable to throw; callJSON (counter module, synchronous) or
//      callFullJSON (checker, loaded on demand, a promise) writes the strings, calls the
//      export and returns the parsed answer or the fault.
//   3. postrules.mjs and postrules.esbuild.mjs: the name on their one export line;
//      index.d.ts: its types; a test in js/test/ (and a row in property.test.mjs).

import goGlue from './wasm_exec.mjs';
// The result slots, statuses, name areas and measureAll's record fields: generated from
// wasm/internal/bridge/layout.go, so that the two sides read memory at the same places.
import {
  FLAG_EXACT, FLAG_WARNING, NAME_AREA, NUM_SLOTS, RECORD_CAP, RECORD_COUNTER, RECORD_FLAGS, RECORD_LENGTH,
  RECORD_OVERFLOW_AT, RECORD_RULE, RECORD_SIZE, SLOT_CAP, SLOT_EXACT, SLOT_FITS, SLOT_IN_CAP, SLOT_LENGTH,
  SLOT_OUT_LEN, SLOT_OUT_PTR, SLOT_OVERFLOW_AT, STATUS_MORE, STATUS_OK,
} from './layout.mjs';

// The release of the package and the rule book it carries: rules.Version and
// rules.BookVersion of the Go module (a Go test, cmd/validate TestOneVersion, holds these
// lines and package.json to them). Plain constants, so a page can read them before init.
const VERSION = '0.8.0';
const BOOK_VERSION = '0.8.0+book.2026-11-28';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

// The Node.js built-ins, without an import a bundler would follow into a browser bundle:
// process.getBuiltinModule exists in Node >= 20.16 and in no browser.
function nodeBuiltin(name) {
  try {
    const p = globalThis.process;
    if (p && typeof p.getBuiltinModule === 'function') return p.getBuiltinModule(name) || null;
  } catch {
    // not Node
  }
  return null;
}

// Go's glue (wasm_exec.js, wrapped by build.sh as a function of the global object it
// should use) runs against a private scope: a proxy of the real global that reads through
// to it (Object, Date, crypto, performance..., their getters called on the real global as
// browsers and Node insist) but keeps every write, and its own fs, process, path and Go,
// in a private object. So the glue's polyfills and its Go class land here and never on the
// page, and an existing globalThis.Go (another Go version's) is ignored. Go's js.Global()
// is this scope. Returns {GoClass, scope}: the full module leaves probeMedia's entry point
// in the scope (see Module.attach).
function privateGo() {
  const own = { fs: undefined, process: undefined, path: undefined, Go: undefined };
  const mine = (k) => Object.prototype.hasOwnProperty.call(own, k);
  const scope = new Proxy(globalThis, {
    get: (target, k) => (mine(k) ? own[k] : Reflect.get(target, k)),
    set: (target, k, v) => {
      own[k] = v;
      return true;
    },
    has: (target, k) => mine(k) || Reflect.has(target, k),
    defineProperty: (target, k, d) => {
      own[k] = d.value;
      return true;
    },
    deleteProperty: (target, k) => {
      own[k] = undefined;
      return true;
    },
  });
  return { GoClass: goGlue(scope), scope };
}

// Where the full module's main leaves probeMedia's entry point in the private scope
// (wasm/internal/bridge/mediaprobe, GlobalName).
const PROBE_GLOBAL = 'postrules_probe_media';
// ... and planMedia's (mediaprobe.PlanGlobalName).
const PLAN_GLOBAL = 'postrules_plan_media';

// Codes the wrapper itself can answer with, before or instead of the Go side.
const CODE_NOT_INITIALIZED = 'not_initialized';
const CODE_INTERNAL = 'internal_error';
const CODE_WRONG_TYPE = 'wrong_type';
const CODE_INVALID_STRING = 'invalid_string';
const CODE_MALFORMED_JSON = 'malformed_json';
const CODE_INVALID_BODY = 'invalid_body';
const CODE_UNKNOWN_FIELD = 'unknown_field';
const CODE_MISSING_FIELD = 'missing_field';
const CODE_INVALID_VALUE = 'invalid_value';
const CODE_BODY_TOO_LARGE = 'body_too_large';
const CODE_UNKNOWN_PLATFORM = 'unknown_platform';

// The size limit of a request body (and of a stored draft), schema.DefaultMaxBodyBytes:
// a UTF-16 string longer than this has more UTF-8 bytes than this, and is refused from its
// length alone, before anything is copied.
const MAX_BODY_BYTES = 1 << 20;

/**
 * A fault the wrapper finds itself, in the shape of the module's faults (the API's error
 * body plus where): a wrong argument type, a lone surrogate, no module.
 */
function fault(code, message, path = '', offset = null) {
  const internal = code === CODE_NOT_INITIALIZED || code === CODE_INTERNAL;
  return withOK({ error: internal ? 'Internal Server Error' : 'Bad Request', code, message, path, offset }, false);
}

// withOK gives an answer of measure or aggregate (or a fault) its `ok` discriminant for
// TypeScript, non-enumerable so that JSON.stringify and deep comparisons see only the
// CLI's members.
const OK_TRUE = { value: true, enumerable: false, writable: true, configurable: true };
const OK_FALSE = { value: false, enumerable: false, writable: true, configurable: true };
function withOK(o, ok) {
  return Object.defineProperty(o, 'ok', ok ? OK_TRUE : OK_FALSE);
}

// Names the kind of a value for messages, in JSON's terms where it has one.
function describe(v) {
  if (v === null) return 'null';
  try {
    if (Array.isArray(v)) return 'an array'; // throws for a revoked proxy
  } catch {
    return 'an unreadable object';
  }
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

// utf8Length is the exact length of s in UTF-8, what TextEncoder writes for it and so what
// the module counts against its maxInput: 1 byte per code unit below U+0080, 2 below
// U+0800, 4 per surrogate pair (one code point above U+FFFF), 3 for any other unit (a lone
// surrogate is written as U+FFFD; the wrapper refuses those before anything is sent). It
// encodes 64 Ki units at a time into one fixed scratch buffer and keeps only the count: the
// string is never copied whole (a slice of a flat string is a view in V8), and the native
// encoder is 5-40 times faster than a charCodeAt loop (60 Mi ASCII units: 8 ms against
// 330 ms in Node 20). A pair is never cut between two chunks.
const UTF8_CHUNK = 1 << 16;
export function utf8Length(s) {
  const n = s.length;
  if (n <= UTF8_CHUNK) return encoder.encodeInto(s, new Uint8Array(3 * n)).written;
  const scratch = new Uint8Array(3 * UTF8_CHUNK);
  let bytes = 0;
  for (let i = 0; i < n;) {
    let e = Math.min(i + UTF8_CHUNK, n);
    if (e < n) {
      const c = s.charCodeAt(e - 1);
      if (c >= 0xd800 && c <= 0xdbff) e--; // a high surrogate goes with the next chunk
    }
    bytes += encoder.encodeInto(s.slice(i, e), scratch).written;
    i = e;
  }
  return bytes;
}

// The number of bytes to reserve for strings: their UTF-8 length. A short string is not
// scanned (3 bytes per UTF-16 code unit is the worst case, and a few KB more of input area
// cost nothing); a long one is measured exactly (utf8Length), so that 11 Mi emoji (44 MiB
// of UTF-8, 22 Mi units) are not taken for 66 MiB and refused. The result is capped below
// 2^31, the module's int32: a bigger request is refused by the module with body_too_large.
const SCAN_ABOVE = 1 << 16;
function bytesFor(strings) {
  let n = 0;
  for (const s of strings) n += s.length <= SCAN_ABOVE ? s.length * 3 : utf8Length(s);
  return Math.min(n, 0x7fffffff);
}

/** One instantiated Go module and the views on its memory. */
class Module {
  constructor({ GoClass, scope }, compiled, label) {
    this.GoClass = GoClass;
    this.scope = scope;
    this.pending = new Set(); // settle functions of the probes under way (see probe)
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
    // Probes still waiting on a module being replaced (after a crash) will never hear
    // from it: they get its fault now.
    if (this.pending.size > 0) this.failPending();
    this.go = go;
    this.exports = instance.exports;
    this.memory = instance.exports.mem;
    this.dead = null;
    // run() executes main until it blocks in select{}, then returns control here; the
    // promise it returns settles only if the program exits, which is always a crash.
    // (A restarted module has a new go: the old one's late news must not touch it.)
    go.run(instance).then(
      () => { if (this.go === go) { this.dead = this.dead || `the ${this.label} module's Go program exited`; this.failPending(); } },
      (err) => { if (this.go === go) { this.dead = `the ${this.label} module failed: ${err && err.message}`; this.failPending(); } },
    );
    if (go.exited) throw new Error(`the ${this.label} module exited while starting`);
    // main has run up to its select{}: the full module's has left probeMedia's entry point
    // (a syscall/js function, mediaprobe.GlobalName) in the private scope. Taken at once,
    // before any other module starts in the same scope.
    this.probeFn = null;
    const fn = this.scope[PROBE_GLOBAL];
    if (typeof fn === 'function') {
      this.probeFn = fn;
      delete this.scope[PROBE_GLOBAL];
    }
    this.planFn = null;
    const plan = this.scope[PLAN_GLOBAL];
    if (typeof plan === 'function') {
      this.planFn = plan;
      delete this.scope[PLAN_GLOBAL];
    }
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

  /** Settles every probe under way with an internal_error fault (the module stopped). */
  failPending() {
    const f = fault(CODE_INTERNAL, this.dead || `the ${this.label} module stopped`);
    for (const settle of [...this.pending]) settle(1, f);
  }

  /**
   * Runs probeMedia's Go entry point on a source (see mediaSource): a promise of the
   * report's JSON line, parsed, or of a fault; it never rejects. The Go side runs the
   * probe in a goroutine and asks for bytes through read(off, n, deliver): a source in
   * memory answers at once, a Blob later, through deliver (syscall/js resumes the
   * goroutine waiting for them). With aspect (a string) it runs planMedia's entry point
   * instead, whose answer is the line of `validate media --fix`.
   */
  probe(src, platforms, aspect) {
    const down = this.alive();
    if (down) return Promise.resolve(down);
    const entry = aspect === undefined ? this.probeFn : this.planFn;
    if (entry === null) {
      return Promise.resolve(fault(CODE_INTERNAL, `the ${this.label} module has no media ${aspect === undefined ? 'probe' : 'plans'} (built without wasm/internal/bridge/mediaprobe)`));
    }
    return new Promise((resolve) => {
      let settled = false;
      const settle = (status, answer) => {
        if (settled) return;
        settled = true;
        this.pending.delete(settle);
        if (typeof answer !== 'string') resolve(answer); // a fault of the wrapper's
        else resolve(withOK(JSON.parse(answer), status === STATUS_OK));
      };
      this.pending.add(settle);
      const crashed = (err) => {
        this.dead = `the ${this.label} module crashed: ${errText(err)}`;
        this.failPending();
      };
      const read = (off, n, deliver) => {
        const give = (bytes, message) => {
          if (settled) return;
          try {
            deliver(bytes, message);
          } catch (err) {
            crashed(err);
          }
        };
        return src.read(off, n, give);
      };
      try {
        if (aspect === undefined) this.probeFn(read, src.size, src.name, platforms, settle);
        else this.planFn(read, src.size, src.name, platforms, aspect, settle);
      } catch (err) {
        crashed(err);
      }
    });
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

  /** The output bytes as a fault (the Go side's Fault JSON). */
  outFault() {
    return withOK(this.outJSON(), false);
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

  /**
   * Calls the export `name` with strings laid one after the other in the input area and
   * their UTF-8 byte lengths as its arguments ("" takes an argument too: 0), guarded as
   * call is; status -1 when the input area cannot hold them (the fault is in the output).
   */
  callStrings(name, strings) {
    return this.call(() => {
      if (this.reserve(bytesFor(strings)) === 0) return -1;
      const lens = [];
      let off = 0;
      for (const str of strings) {
        const n = this.write(str, off);
        lens.push(n);
        off += n;
      }
      return this.exports[name](...lens);
    });
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
    this.lastPair = null;
    return this.lastName;
  }

  // counterAndRule is measure's output, "counter\nrule", as [counter, rule], decoded and
  // split only when it differs from the previous call's.
  counterAndRule() {
    const s = this.counterName();
    if (this.lastPair === null || this.lastPair === undefined) {
      const nl = s.indexOf('\n');
      this.lastPair = nl < 0 ? [s, ''] : [s.slice(0, nl), s.slice(nl + 1)];
    }
    return this.lastPair;
  }
}


// The text of an exception for a message, without trusting it: its message may be a
// throwing getter, it may be a revoked proxy, or not an Error at all.
function errText(err) {
  try {
    const m = err !== null && typeof err === 'object' ? err.message : err;
    return typeof m === 'string' ? m : describe(m);
  } catch {
    return 'an exception';
  }
}

// What kind of object v is, for "must be a plain object" messages.
function objectKind(v) {
  try {
    const tag = Object.prototype.toString.call(v).slice(8, -1);
    if (tag !== 'Object') return `a ${tag}`;
    const c = Object.getPrototypeOf(v).constructor;
    return typeof c === 'function' && typeof c.name === 'string' && c.name !== '' ? `an instance of ${c.name}` : 'an object with a prototype';
  } catch {
    return 'an unreadable object';
  }
}

/**
 * The one reader of a page's options objects. Every public function reads its options
 * through it, and nothing else touches the page's object: undefined and null mean no
 * options; anything else must be a plain object (its prototype Object.prototype, null, or
 * another realm's Object.prototype) with only the allowed own enumerable names, each read
 * once. A proxy, a throwing getter, an array, a Date or a class instance gets a fault with
 * a code and a path (the option's name, or `where` for the object itself), never an
 * exception. Returns {values} (the allowed names present, undefined ones left out) or
 * {fault}. allowed null takes every own enumerable name, for options whose names the Go
 * side's strict decoder judges (checkPost's, read by schema.DecodeEnv).
 */
const NO_OPTIONS = Object.freeze({ values: Object.freeze({}) });
function readOptions(value, allowed, where) {
  if (value === undefined || value === null) return NO_OPTIONS;
  if (typeof value !== 'object') {
    return { fault: fault(CODE_WRONG_TYPE, `${where} must be an object, got ${describe(value)}`, where) };
  }
  let keys;
  try {
    if (Array.isArray(value)) {
      return { fault: fault(CODE_WRONG_TYPE, `${where} must be an object, got an array`, where) };
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== null && proto !== Object.prototype && Object.getPrototypeOf(proto) !== null) {
      return { fault: fault(CODE_WRONG_TYPE, `${where} must be a plain object, got ${objectKind(value)}`, where) };
    }
    keys = Object.keys(value);
  } catch (err) {
    return { fault: fault(CODE_INVALID_VALUE, `${where} cannot be read: ${errText(err)}`, where) };
  }
  const values = Object.create(null); // a member "__proto__" stays a member
  for (const key of keys) {
    if (allowed !== null && !allowed.includes(key)) {
      const bad = loneSurrogateAt(key);
      if (bad >= 0) return { fault: loneSurrogateFault('an option name', key, bad, where) };
      return { fault: fault(CODE_UNKNOWN_FIELD, `unknown option ${JSON.stringify(key)}; ${where} takes ${allowed.join(', ')}`, key) };
    }
    let v;
    try {
      v = value[key];
    } catch (err) {
      return { fault: fault(CODE_INVALID_VALUE, `option ${key} cannot be read: ${errText(err)}`, key) };
    }
    if (v !== undefined) values[key] = v;
  }
  return { values };
}

// The clock of an option `now`: a Date, epoch milliseconds, or a string in the
// scheduledFor grammar (checked on the Go side). Returns a string, or null for a value of
// another type. (A Date is recognised by its internal slot, not by instanceof, which a
// proxy can lie to or throw from.)
function clock(now) {
  if (typeof now === 'string') return now;
  if (typeof now === 'number') {
    const d = new Date(now);
    return Number.isNaN(d.getTime()) ? String(now) : d.toISOString();
  }
  if (typeof now === 'object' && now !== null) {
    let t;
    try {
      t = Date.prototype.getTime.call(now); // throws unless now is a real Date
    } catch {
      return null;
    }
    return Number.isNaN(t) ? 'Invalid Date' : new Date(t).toISOString();
  }
  return null;
}

// How deep stringify writes a value: an object or array nested deeper is written as []. Every
// decoder on the Go side refuses nesting far shallower (schema.MaxDepth is 32, the
// top-level value being level 1) with too_deep at the first value past its limit, which
// comes before any cut value in the text, so the cut text gets the very verdict the whole
// text would. And no engine overflows its stack writing 64 levels: a value nested 100,000
// deep was malformed_json in Node (JSON.stringify's RangeError) and too_deep in Chromium
// (whose stack held it); it is too_deep on both now.
const WRITE_DEPTH = 64;

// JSON.stringify guarded: {text} or {fault}. A string holding a lone surrogate (an
// account id, say) is refused: JSON.stringify would write it as a \uD800 escape, which
// Go's decoder silently turns into U+FFFD, and the check would run on another value than
// the page's. Getters, toJSON methods and proxies inside the value run here, inside the
// try. Nesting deeper than WRITE_DEPTH is cut (see there).
function stringify(value, what, path, lonesToGo = false) {
  let lone = null;
  const depth = new Map(); // an object being written -> its level (the top-level value is 1)
  const replacer = function (k, v) {
    if (!lonesToGo && lone === null) {
      if (loneSurrogateAt(k) >= 0) lone = `the member name ${JSON.stringify(k)}`;
      else if (typeof v === 'string' && loneSurrogateAt(v) >= 0) lone = k === '' ? 'a string' : `the value of ${JSON.stringify(k)}`;
    }
    if (v !== null && typeof v === 'object') {
      const d = (depth.get(this) || 0) + 1; // `this` is the holder; the root's is not in the map
      if (d > WRITE_DEPTH) return [];
      depth.set(v, d);
    }
    return v;
  };
  let text;
  try {
    text = JSON.stringify(value, replacer);
  } catch (err) {
    return { fault: fault(CODE_MALFORMED_JSON, `${what} cannot be written as JSON: ${errText(err)}`, path) };
  }
  if (lone !== null) {
    return { fault: fault(CODE_INVALID_STRING, `${what}: ${lone} holds a lone surrogate: it is not valid Unicode and has no UTF-8 form`, path) };
  }
  if (text === undefined) {
    return { fault: fault(CODE_MALFORMED_JSON, `${what} cannot be written as JSON: it is ${describe(value)}`, path) };
  }
  return { text };
}

// stringArg checks a string argument: {text} or {fault} (wrong type, lone surrogate).
function stringArg(v, what) {
  if (typeof v !== 'string') return { fault: fault(CODE_WRONG_TYPE, `${what} must be a string, got ${describe(v)}`, what) };
  const bad = loneSurrogateAt(v);
  if (bad >= 0) return { fault: loneSurrogateFault(what, v, bad, what) };
  return { text: v };
}

// The over-the-limit fault of a body known from its length in UTF-16 code units alone.
function tooLarge(what, units) {
  return fault(CODE_BODY_TOO_LARGE, `${what === 'request' ? '' : `${what}: `}the body is at least ${units} bytes ` +
    `(${units} UTF-16 code units); the limit is ${MAX_BODY_BYTES} bytes`);
}

// JSON text for a value a page passes as a request, a draft or a body: a string is taken
// as JSON text already; anything else is serialized. A text longer than the body limit is
// refused from its length, before it is scanned or copied. Returns {text} or {fault}.
function jsonText(value, what) {
  let text;
  if (typeof value === 'string') {
    text = value;
  } else if (value === undefined) {
    return { text: '' };
  } else {
    // A lone surrogate in the request is written as a \uD800 escape, which the Go side's
    // strict decoder reports as invalid_string at its JSON pointer.
    const j = stringify(value, what, '', true);
    if (j.fault) return j;
    text = j.text;
  }
  if (text.length > MAX_BODY_BYTES) return { fault: tooLarge(what, text.length) };
  const bad = loneSurrogateAt(text);
  if (bad >= 0) return { fault: loneSurrogateFault(`${what} (JSON text)`, text, bad) };
  return { text };
}

// A verdict for a call the Go side could not answer at all (no module, a crash): the
// members of every verdict, in schema.Verdict's order (what schema.Refuse gives for one
// problem not located in a document), so that a page reads it the same way. Only the
// wrapper's own two codes come here, both 500.
function faultVerdict(f) {
  return {
    valid: false,
    httpStatus: 500,
    error: { error: f.error || 'Internal Server Error', code: f.code, message: f.message },
    problems: [{ path: '', code: f.code, message: f.message }],
    warnings: [],
    targets: [],
    billable: false,
    resolutionSkipped: true,
    bookVersion: BOOK_VERSION,
  };
}

// guarded(name, onFault, fn) is fn, made unable to throw: an exception (a bug, or a value
// that got past every reader) becomes onFault(an internal_error fault). For an async fn,
// a rejection becomes the same.
function guarded(name, onFault, fn) {
  // Three fixed parameters (the most any function takes) rather than ...args: no array
  // per call on the keystroke path.
  const internal = (err, a) => onFault(fault(CODE_INTERNAL, `postrules: ${name} failed unexpectedly (a bug, please report it): ${errText(err)}`), a);
  return function (a, b, c) {
    try {
      const r = fn(a, b, c);
      return r instanceof Promise ? r.catch((err) => internal(err, a)) : r;
    } catch (err) {
      return internal(err, a);
    }
  };
}

// isURL and isModuleSource tell the types init accepts, without trusting the value:
// instanceof runs a proxy's getPrototypeOf trap, which may throw.
function isURL(v) {
  try {
    return v instanceof URL;
  } catch {
    return false;
  }
}
function isModuleSource(v) {
  try {
    return v instanceof WebAssembly.Module || v instanceof ArrayBuffer || ArrayBuffer.isView(v);
  } catch {
    return false;
  }
}

// guardedLoad is guarded for init and loadChecker, whose promise does reject when a
// module cannot be fetched or compiled (a deployment fault, not a value): only a
// synchronous exception becomes a resolved fault.
function guardedLoad(name, fn) {
  return function (...args) {
    try {
      return fn(...args);
    } catch (err) {
      return Promise.resolve(fault(CODE_INTERNAL, `postrules: ${name} failed unexpectedly (a bug, please report it): ${errText(err)}`));
    }
  };
}

// Measure texts longer than this (UTF-16 code units) are measured from a prefix first;
// see measureText.
const MEASURE_PREFIX = 1 << 16;
// measureAll sends a text of more than MEASURE_ALL_BOUND UTF-16 code units (each at least
// one byte of UTF-8, so more than rules.Limits.MeasureAll's 256 KiB) as its first
// MEASURE_ALL_PREFIX units first: 64 KiB or more of UTF-8, which holds the prefixes that
// decide every platform of any text but a few (see measureAll).
const MEASURE_ALL_BOUND = 1 << 18;
const MEASURE_ALL_PREFIX = 1 << 16;

// pairEnd is units, or units + 1 when a surrogate pair would be cut there: the end of a
// prefix of text that keeps every pair whole.
function pairEnd(text, units) {
  if (units <= 0 || units >= text.length) return Math.max(0, Math.min(units, text.length));
  const c = text.charCodeAt(units - 1);
  const d = text.charCodeAt(units);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? units + 1 : units;
}
const MEASURE_OPTIONS = ['platform', 'counter', 'cap'];
const PARSE_OPTIONS = ['now'];
const INIT_OPTIONS = ['wasmURL', 'wasmModule', 'fullWasmURL', 'fullWasmModule', 'wasmExecURL', 'preloadChecker'];
const SPLIT_OPTIONS = ['platform', 'counter', 'cap', 'numbering'];
const MEASURE_ALL_OPTIONS = ['platforms'];
const PROBE_OPTIONS = ['platforms'];
const PLAN_OPTIONS = ['platforms', 'aspect'];

// The getter `name` of proto as the engine defines it, or null: called on a value, it
// throws unless the value really is one of proto's kind (a brand check a proxy or a
// look-alike object cannot pass, and a page's own property cannot shadow).
function intrinsicGetter(ctor, name) {
  try {
    const d = ctor && Object.getOwnPropertyDescriptor(ctor.prototype, name);
    return d && typeof d.get === 'function' ? d.get : null;
  } catch {
    return null;
  }
}
// brand(getter, v): getter.call(v), or undefined when v is not of its kind.
function brand(getter, v) {
  if (getter === null) return undefined;
  try {
    return getter.call(v);
  } catch {
    return undefined;
  }
}

// The file probeMedia reads, from what a page passes: a File or a Blob (read a slice at a
// time, never whole), or bytes in memory (an ArrayBuffer, a Uint8Array or any other
// typed array or DataView: its bytes). Returns {size, name, read} or {fault}. Every value
// is read here, before the first await, through the engine's own getters.
// read(off, n, give) returns the n bytes at off as a Uint8Array at once, or undefined and
// calls give(bytes, null) once they have come (give(null, message) when they cannot be
// read: a file deleted or changed on disk since it was picked).
function mediaSource(v) {
  const wrong = () => ({ fault: fault(CODE_WRONG_TYPE, `file must be a File, a Blob, an ArrayBuffer or a Uint8Array, got ${describe(v)}`, 'file') });
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return wrong();
  const Blob = globalThis.Blob;
  const size = brand(intrinsicGetter(Blob, 'size'), v);
  if (typeof size === 'number') {
    const name = brand(intrinsicGetter(globalThis.File, 'name'), v);
    const arrayBuffer = Blob.prototype.arrayBuffer;
    const sizeOf = intrinsicGetter(Blob, 'size');
    return {
      size,
      name: typeof name === 'string' ? name : '',
      read(off, n, give) {
        // The Blob's own slice (a subclass may count or log), checked to give a real
        // Blob of the length asked, whose bytes come from the engine's arrayBuffer.
        const failed = (what, err) => Promise.resolve().then(() => give(null, `${what}: ${errText(err)}`));
        let part;
        try {
          part = v.slice(off, off + n);
          if (brand(sizeOf, part) !== n) return void failed('slicing the file', `slice(${off}, ${off + n}) gave no Blob of ${n} bytes`);
        } catch (err) {
          return void failed('slicing the file', err);
        }
        arrayBuffer.call(part).then((ab) => give(new Uint8Array(ab), null), (err) => give(null, `reading ${n} bytes at byte ${off}: ${errText(err)}`));
        return undefined;
      },
    };
  }
  // A view of a detached buffer (transferred to a worker) holds no bytes.
  const view = (buffer, off, len) => {
    try {
      return new Uint8Array(buffer, off, len);
    } catch {
      return new Uint8Array(0);
    }
  };
  let bytes = null;
  const abLength = brand(intrinsicGetter(ArrayBuffer, 'byteLength'), v);
  if (typeof abLength === 'number') {
    bytes = view(v, 0, abLength);
  } else {
    const TypedArray = Object.getPrototypeOf(Uint8Array);
    for (const ctor of [TypedArray, DataView]) {
      const buffer = brand(intrinsicGetter(ctor, 'buffer'), v);
      if (buffer !== undefined) {
        bytes = view(buffer, brand(intrinsicGetter(ctor, 'byteOffset'), v), brand(intrinsicGetter(ctor, 'byteLength'), v));
        break;
      }
    }
  }
  if (bytes === null) return wrong();
  return { size: bytes.length, name: '', read: (off, n) => bytes.subarray(off, off + n) };
}

// probeMedia's platforms option: null for all ten, else a fresh array of the names, each
// a string (Go's rules.ParsePlatform judges them, as the CLI's --platform). {names} or
// {fault}.
function probePlatforms(v) {
  if (v === undefined || v === null) return { names: null };
  const names = [];
  try {
    if (!Array.isArray(v)) return { fault: fault(CODE_WRONG_TYPE, `platforms must be an array of platform names, got ${describe(v)}`, 'platforms') };
    const n = v.length;
    for (let i = 0; i < n; i++) {
      const p = v[i];
      const path = `platforms/${i}`;
      if (typeof p !== 'string') return { fault: fault(CODE_WRONG_TYPE, `platforms[${i}] must be a string, got ${describe(p)}`, path) };
      const bad = loneSurrogateAt(p);
      if (bad >= 0) return { fault: loneSurrogateFault(`platforms[${i}]`, p, bad, path) };
      names.push(p);
    }
  } catch (err) {
    return { fault: fault(CODE_INVALID_VALUE, `platforms cannot be read: ${errText(err)}`, 'platforms') };
  }
  return { names };
}

/**
 * Makes one copy of the API. locate.counter() and locate.full() give the default places
 * of the two modules (a URL, or a string for the esbuild entry's file loader).
 */
export function createPostrules(locate) {
  let counterModule = null; // Module, once init has resolved
  let fullModule = null;
  let initPromise = null;
  let fullPromise = null;
  let fullSource = null;
  let GoClass = null;

  const goClass = () => GoClass || (GoClass = privateGo());

  // The URL of a module given as a URL or a string: an absolute URL as it is; a relative
  // reference against the page in a browser, or as a file path in Node.
  function toURL(u) {
    if (u instanceof URL) return u;
    const s = String(u);
    try {
      return new URL(s);
    } catch {
      const url = nodeBuiltin('node:url');
      if (url) return url.pathToFileURL(s);
      const base = globalThis.document && globalThis.document.baseURI;
      return new URL(s, base || (globalThis.location && globalThis.location.href));
    }
  }

  /** Compiles a module from a WebAssembly.Module, bytes, or a URL (file: in Node). */
  async function compile(module, url) {
    if (module instanceof WebAssembly.Module) return module;
    if (module != null) return WebAssembly.compile(module); // an ArrayBuffer or a typed array
    const where = toURL(url);
    if (where.protocol === 'file:') {
      const fs = nodeBuiltin('node:fs');
      if (!fs) throw new Error(`cannot read ${where} outside Node.js`);
      return WebAssembly.compile(await fs.promises.readFile(where));
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
    const compiled = await compile(module, url);
    const m = new Module(goClass(), compiled, label);
    await m.start();
    return m;
  }

  function init(options) {
    if (initPromise) return initPromise;
    const r = readOptions(options, INIT_OPTIONS, 'options');
    if (r.fault) return Promise.resolve(r.fault);
    const o = r.values;
    for (const name of ['wasmURL', 'fullWasmURL']) {
      const u = o[name];
      if (u !== undefined && u !== null && typeof u !== 'string' && !isURL(u)) {
        return Promise.resolve(fault(CODE_WRONG_TYPE, `option ${name} must be a string or a URL, got ${describe(u)}`, name));
      }
    }
    for (const name of ['wasmModule', 'fullWasmModule']) {
      const m = o[name];
      if (m !== undefined && m !== null && !isModuleSource(m)) {
        return Promise.resolve(fault(CODE_WRONG_TYPE, `option ${name} must be a WebAssembly.Module, an ArrayBuffer or a typed array, got ${describe(m)}`, name));
      }
    }
    fullSource = { module: o.fullWasmModule, url: o.fullWasmURL };
    initPromise = startModule(o.wasmModule, o.wasmURL || locate.counter(), 'counter')
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

  function loadChecker() {
    if (fullPromise) return fullPromise;
    const src = fullSource || {};
    fullPromise = startModule(src.module, src.url || locate.full(), 'full')
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

  function notReady(what) {
    return fault(CODE_NOT_INITIALIZED, `${what}: call and await init() first`);
  }

  // The module for measure and parseScheduledFor: the counter module, or the
  // full one when only it is loaded (both export the same small functions).
  function small() {
    return counterModule || fullModule;
  }

  // callJSON calls the export `name` of module m with strings (each already checked to be
  // a well-formed string) as consecutive UTF-8 in the input area and their byte lengths
  // as the arguments; it returns the answer's JSON, parsed, or a fault. See "HOW TO ADD".
  function callJSON(m, name, strings) {
    if (m === null) return notReady(name);
    const r = m.callStrings(name, strings);
    if (r.down) return r.down;
    return r.status === STATUS_OK ? m.outJSON() : m.outFault();
  }

  // callFullJSON is callJSON on the checker module, loading it first when needed.
  async function callFullJSON(what, name, strings) {
    const { m, down } = await full(what);
    return down || callJSON(m, name, strings);
  }

  // One call of the measure export on text (already checked for type), or a fault.
  function measureOnce(m, text, platform, counter, cap, hasCap) {
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
    if (r.status !== STATUS_OK) return m.outFault();
    const res = m.res;
    const overflowAt = res[SLOT_OVERFLOW_AT];
    const [counterName, rule] = m.counterAndRule();
    const out = withOK({
      length: res[SLOT_LENGTH],
      cap: res[SLOT_CAP],
      fits: res[SLOT_FITS] === 1,
      counter: counterName,
      overflowAt: overflowAt < 0 ? -1 : overflowAt,
    }, true);
    if (res[SLOT_EXACT] !== 1) out.exact = false; // as the CLI: the key only on a lower bound
    if (rule !== '') out.rule = rule; // the rule book's id of what was measured, as the CLI
    return out;
  }

  // measureText reads no more of a long text than the counter would. A counter stops
  // early on a text far over its cap (exact: false, length > cap: it counted up to a
  // ceiling and saw more text after it); the clusters it counted end before text it also
  // saw, so the same call on any longer prefix, or on the whole text, answers the same.
  // So a text over MEASURE_PREFIX units is measured from a prefix first, four times longer
  // each time the counter read the prefix to its end, and whole at last. A 5 MB paste into
  // a 280-character field costs one 64 Ki prefix per keystroke, not 5 MB of UTF-8. (A
  // counter that reads every text whole, as X's weighted one may, gets one wasted prefix.)
  function measureText(m, text, platform, counter, cap, hasCap) {
    let units = text.length > 2 * MEASURE_PREFIX ? MEASURE_PREFIX : text.length;
    for (;;) {
      let end = units;
      if (end < text.length) {
        const c = text.charCodeAt(end - 1);
        const d = text.charCodeAt(end);
        if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) end++; // keep a pair whole
      }
      if (end >= text.length) return measureOnce(m, text, platform, counter, cap, hasCap);
      const r = measureOnce(m, text.slice(0, end), platform, counter, cap, hasCap);
      if (r.code !== undefined) return r; // a fault in the options, or in text read so far
      if (r.exact === false && r.length > r.cap) return r;
      units = end * 4 >= text.length ? text.length : end * 4;
    }
  }

  function measure(text, options) {
    const m = small();
    if (m === null) return notReady('measure');
    if (typeof text !== 'string') {
      return fault(CODE_WRONG_TYPE, `text must be a string, got ${describe(text)}`, 'text');
    }
    const o = readOptions(options, MEASURE_OPTIONS, 'options');
    if (o.fault) return o.fault;
    let platform = '', counter = '', cap = 0, hasCap = 0;
    const { platform: p, counter: c, cap: k } = o.values;
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
    if (platform !== '') {
      const bad = loneSurrogateAt(platform);
      if (bad >= 0) return loneSurrogateFault('platform', platform, bad, 'platform');
    }
    if (counter !== '') {
      const bad = loneSurrogateAt(counter);
      if (bad >= 0) return loneSurrogateFault('counter', counter, bad, 'counter');
    }
    return measureText(m, text, platform, counter, cap, hasCap);
  }

  const measureFault = (f) => withOK({ ...f, fits: false }, false); // a text that cannot be measured never fits

  function parseScheduledFor(s, options) {
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
    const o = readOptions(options, PARSE_OPTIONS, 'options');
    if (o.fault) return invalid(o.fault);
    let now = '';
    let hasNow = 0;
    if (o.values.now !== undefined && o.values.now !== null) {
      const c = clock(o.values.now);
      if (c === null) {
        return invalid(fault(CODE_WRONG_TYPE, `option now must be a Date, a number or a string, got ${describe(o.values.now)}`, 'now'));
      }
      const badNow = loneSurrogateAt(c);
      if (badNow >= 0) return invalid({ ...loneSurrogateFault('option now', c, badNow, 'now'), offset: 0 });
      now = c;
      hasNow = 1;
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

  // aggregate folds outcomes (an array, or its JSON text) as `validate status --format
  // json` does: the JSON text goes to the checker module, whose schema.DecodeOutcomes reads
  // it as strictly as a request (a name given twice is duplicate_field, malformed JSON
  // names its byte), never JSON.parse. An array is written with JSON.stringify, a lone
  // surrogate in it as a \uD800 escape that the decoder reports at its pointer.
  async function aggregate(outcomes) {
    let text;
    if (typeof outcomes === 'string') {
      text = outcomes;
      const bad = loneSurrogateAt(text);
      if (bad >= 0) return loneSurrogateFault('outcomes (JSON text)', text, bad);
    } else {
      const j = stringify(outcomes, 'the outcomes', '', true);
      if (j.fault) return j.fault;
      text = j.text;
    }
    if (text.length > MAX_BODY_BYTES) return tooLarge('outcomes', text.length);
    const { m, down } = await full('aggregate');
    if (down) return down;
    const out = callJSON(m, 'postrules_aggregate_outcomes', [text]);
    return out.ok === false ? out : withOK(out, out.code === undefined);
  }

  // The options split shares with measure (platform, counter, cap), checked for type and
  // well-formed strings: {platform, counter, cap, hasCap} or {fault}.
  function nameOptions(v) {
    const out = { platform: '', counter: '', cap: 0, hasCap: 0 };
    for (const name of ['platform', 'counter']) {
      const x = v[name];
      if (x === undefined || x === null) continue;
      if (typeof x !== 'string') return { fault: fault(CODE_WRONG_TYPE, `${name} must be a string, got ${describe(x)}`, name) };
      const bad = loneSurrogateAt(x);
      if (bad >= 0) return { fault: loneSurrogateFault(name, x, bad, name) };
      out[name] = x;
    }
    if (v.cap !== undefined && v.cap !== null) {
      if (typeof v.cap !== 'number') return { fault: fault(CODE_WRONG_TYPE, `cap must be a number, got ${describe(v.cap)}`, 'cap') };
      out.cap = v.cap;
      out.hasCap = 1;
    }
    return out;
  }

  // split: the text as a thread whose every post fits (rules.SplitJSON, the bytes of
  // `validate split --format json`), parsed. A text longer than rules.MaxSplitPosts (100)
  // full posts is refused with body_too_large (split.Bound), and a prefix over that
  // bound decides it for the whole text: a text over 2 * MEASURE_PREFIX units is first
  // asked about its first MEASURE_PREFIX units, four times more each time the prefix is
  // under the bound, so a 50 MB paste into a tweet costs one 64 Ki-unit prefix.
  function split(text, options) {
    const m = small();
    if (m === null) return notReady('split');
    if (typeof text !== 'string') return fault(CODE_WRONG_TYPE, `text must be a string, got ${describe(text)}`, 'text');
    const o = readOptions(options, SPLIT_OPTIONS, 'options');
    if (o.fault) return o.fault;
    const n = nameOptions(o.values);
    if (n.fault) return n.fault;
    let numbering = '';
    const k = o.values.numbering;
    if (k !== undefined && k !== null) {
      if (typeof k !== 'string') return fault(CODE_WRONG_TYPE, `numbering must be a string, got ${describe(k)}`, 'numbering');
      const bad = loneSurrogateAt(k);
      if (bad >= 0) return loneSurrogateFault('numbering', k, bad, 'numbering');
      numbering = k;
    }
    const call = (t, boundOnly) => {
      const bad = loneSurrogateAt(t);
      if (bad >= 0) return { f: loneSurrogateFault('text', t, bad, 'text') };
      const r = m.call(() => {
        if (m.reserve(bytesFor([t, numbering])) === 0) return -1;
        const tl = m.write(t, 0);
        const nl = numbering === '' ? 0 : m.write(numbering, tl);
        const pl = m.setName(0, n.platform);
        const cl = m.setName(1, n.counter);
        return m.exports.postrules_split(tl, nl, pl, cl, n.cap, n.hasCap, boundOnly);
      });
      if (r.down) return { f: r.down };
      if (r.status === STATUS_MORE) return {};
      if (r.status !== STATUS_OK) return { f: m.outFault() };
      return { answer: withOK(m.outJSON(), true) };
    };
    for (let units = MEASURE_PREFIX; text.length > 2 * units; units *= 4) {
      const r = call(text.slice(0, pairEnd(text, units)), 1);
      if (r.f) return r.f; // over the bound (or a bad option): the whole text's answer
    }
    const r = call(text, 0);
    return r.f || r.answer;
  }

  // rules: the rule book, a fresh array of fresh objects on every call (a page may change
  // what it gets without changing the next answer).
  function rulesBook() {
    const m = small();
    if (m === null) return notReady('rules');
    const r = m.call(() => m.exports.postrules_rules());
    if (r.down) return r.down;
    if (r.status !== STATUS_OK) return m.outFault();
    return withOK(m.outJSON(), true);
  }

  // The table naming measureAll's rule and counter indexes, read once per module
  // instance: {ids, platforms (of each rule), counters}, or a fault.
  function allTable(m) {
    if (m.allTable && m.allTable.exports === m.exports) return m.allTable;
    const r = m.call(() => m.exports.postrules_measure_all_table());
    if (r.down) return r.down;
    if (r.status !== STATUS_OK) return m.outFault();
    const j = m.outJSON();
    m.allTable = {
      exports: m.exports,
      ids: j.rules,
      platforms: j.rules.map((id) => id.slice(0, id.indexOf('.'))),
      counters: j.counters,
    };
    return m.allTable;
  }

  // The last platforms option platformList accepted: its elements as read, and its answer.
  // A composer passes the same selection on every keystroke, and checking it again was a
  // twentieth of measureAll on a short text.
  let lastPlatforms = null;

  // The platforms option of measureAll: undefined or null for all ten, else an array of
  // names, read once each and guarded, in the order given (Go keeps each platform's first
  // place). Returns
  // {list} (names joined by commas; '' for all ten), {names} or {fault}. An array whose
  // elements are, one for one, those of the last one accepted gets that answer again: they
  // are the same strings, already checked.
  function platformList(v) {
    if (v === undefined || v === null) return { list: '', names: null };
    let names;
    const read = [];
    const last = lastPlatforms;
    let same = false;
    try {
      if (!Array.isArray(v)) return { fault: fault(CODE_WRONG_TYPE, `platforms must be an array of platform names, got ${describe(v)}`, 'platforms') };
      const n = v.length;
      same = last !== null && n === last.read.length;
      names = [];
      for (let i = 0; i < n; i++) {
        const p = v[i];
        read.push(p);
        if (same) {
          if (p === last.read[i]) continue;
          // The first that differs: the ones before it are those of the last answer.
          same = false;
          for (let j = 0; j < i; j++) names.push(last.read[j]);
        }
        const path = `platforms/${i}`;
        if (typeof p !== 'string') return { fault: fault(CODE_WRONG_TYPE, `platforms[${i}] must be a string, got ${describe(p)}`, path) };
        const bad = loneSurrogateAt(p);
        if (bad >= 0) return { fault: loneSurrogateFault(`platforms[${i}]`, p, bad, path) };
        if (p === '' || p.includes(',')) {
          return { fault: fault(CODE_UNKNOWN_PLATFORM, `platforms[${i}] ${JSON.stringify(p.slice(0, 64))} is not one of the ten platforms`, path) };
        }
        // Repeats stay in the list: Go measures each platform once, and the index of a
        // name it refuses must be the page's index (a list without the repeats once put
        // the fault of ['twitter', 'twitter', 'X'] at platforms/1).
        names.push(p);
      }
    } catch (err) {
      return { fault: fault(CODE_INVALID_VALUE, `platforms cannot be read: ${errText(err)}`, 'platforms') };
    }
    if (same) return last.answer;
    const answer = { list: names.join(','), names };
    lastPlatforms = { read, answer };
    return answer;
  }

  // measureAll: one text measured by every text rule of every selected platform, in one
  // call (rules.Limits.MeasureAll), as {fits, platforms: [{platform, fits, measurements}]}.
  // Go measures a text of more than 256 KiB platform by platform from the shortest of its
  // prefixes of 1 KiB, 4 KiB, 16 KiB, ... (cut at white space) that decides the platform.
  // So a text over MEASURE_ALL_BOUND units is sent as its first MEASURE_ALL_PREFIX units,
  // marked as the start of a longer text: when those hold every platform's deciding
  // prefix, Go's answer is the whole text's, and nothing more is copied or checked; else
  // four times more is sent, and then the whole text (which Go still reads by prefixes:
  // only the copy grows, and a text that 256 Ki units do not decide, one without white
  // space, say, is rare). A 5 MB paste costs one 64 Ki-unit prefix.
  function measureAll(text, options) {
    const m = small();
    if (m === null) return notReady('measureAll');
    if (typeof text !== 'string') return fault(CODE_WRONG_TYPE, `text must be a string, got ${describe(text)}`, 'text');
    const o = readOptions(options, MEASURE_ALL_OPTIONS, 'options');
    if (o.fault) return o.fault;
    const pl = platformList(o.values.platforms);
    if (pl.fault) return pl.fault;
    if (pl.names !== null && pl.names.length === 0) return withOK({ fits: true, platforms: [] }, true);
    const table = allTable(m);
    if (table.code !== undefined) return table;
    if (text.length > MEASURE_ALL_BOUND) {
      for (const units of [MEASURE_ALL_PREFIX, 4 * MEASURE_ALL_PREFIX]) {
        const end = pairEnd(text, units);
        if (end >= text.length) break;
        const r = measureAllOnce(m, table, text.slice(0, end), pl.list, 1);
        if (r.code !== undefined || r.done) return r.answer || r;
      }
    }
    const r = measureAllOnce(m, table, text, pl.list, 0);
    return r.code !== undefined ? r : r.answer;
  }

  // One call of the measureAll export, of text or (more 1) of the start of a longer text:
  // {answer, done} or a fault; done false says that start decided too little, and answer
  // is then to be thrown away.
  function measureAllOnce(m, table, text, list, more) {
    const bad = loneSurrogateAt(text);
    if (bad >= 0) return loneSurrogateFault('text', text, bad, 'text');
    const r = m.call(() => {
      if (m.reserve(bytesFor([text, list])) === 0) return -1;
      const tl = m.write(text, 0);
      const ll = list === '' ? 0 : m.write(list, tl);
      return m.exports.postrules_measure_all(tl, ll, more);
    });
    if (r.down) return r.down;
    if (r.status !== STATUS_OK) return m.outFault();
    const done = m.res[SLOT_EXACT] === 1;
    const ptr = m.res[SLOT_OUT_PTR] >>> 0;
    const recs = new Int32Array(m.buffer, ptr, m.res[SLOT_OUT_LEN] >> 2);
    const groups = [];
    let group = null;
    let allFit = true;
    for (let i = 0; i < recs.length; i += RECORD_SIZE) {
      const ri = recs[i + RECORD_RULE];
      const platform = table.platforms[ri];
      if (group === null || group.platform !== platform) {
        group = { platform, fits: true, measurements: [] };
        groups.push(group);
      }
      const over = recs[i + RECORD_OVERFLOW_AT];
      const flags = recs[i + RECORD_FLAGS];
      const warning = (flags & FLAG_WARNING) !== 0;
      const fits = over < 0;
      const ms = {
        rule: table.ids[ri],
        counter: table.counters[recs[i + RECORD_COUNTER]],
        length: recs[i + RECORD_LENGTH],
        cap: recs[i + RECORD_CAP],
        fits,
        overflowAt: fits ? -1 : over,
        warning,
      };
      if ((flags & FLAG_EXACT) === 0) ms.exact = false; // as measure: the key only on a lower bound
      if (!fits && !warning) {
        group.fits = false;
        allFit = false;
      }
      group.measurements.push(ms);
    }
    return { answer: withOK({ fits: allFit, platforms: groups }, true), done };
  }

  // The options JSON of checkPost / checkDraftPublish: a fresh object of the page's own
  // enumerable members, each read once through readOptions, written as JSON for
  // schema.DecodeEnv, the one strict options decoder, which judges every name and value
  // (unknown, misspelt, repeated, of the wrong type) exactly as Go and the CLI do. Nothing
  // of the wrapper's own travels in it: what the wrapper finds goes apart, as a
  // WrapperError. `now` defaults to the current time (as the CLI's --now does); null skips
  // the "scheduledFor is after now" check; a Date or epoch milliseconds become the grammar's
  // text. A lone surrogate anywhere is written as a \uD800 escape, which the decoder reports
  // as invalid_string at its pointer. Returns {text} or {fault}.
  function checkOptions(options) {
    const r = readOptions(options, null, 'options');
    if (r.fault) return { fault: { ...r.fault, path: '' } };
    const o = { ...r.values };
    for (const [name, v] of Object.entries(o)) {
      // JSON.stringify would drop these members silently, and the option with them.
      if (typeof v === 'function' || typeof v === 'symbol') {
        return { fault: fault(CODE_WRONG_TYPE, `option ${name} has no JSON form: it is ${describe(v)}`, `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`) };
      }
    }
    if (!('now' in o)) o.now = new Date().toISOString();
    else if (o.now !== null && typeof o.now !== 'string') {
      const c = clock(o.now);
      if (c !== null) o.now = c; // any other value goes as it is: DecodeEnv says wrong_type
    }
    return stringify(o, 'options', '', true);
  }

  // probeMedia: the file's facts from its headers and each platform's verdict on them,
  // the line of `validate media --format json` (media.NewReport), parsed. A Blob is read
  // a slice at a time (see mediaSource and Module.probe); the checker module is loaded
  // first when needed. The page's values are all read before the first await.
  async function probeMedia(file, options) {
    const src = mediaSource(file);
    if (src.fault) return src.fault;
    const o = readOptions(options, PROBE_OPTIONS, 'options');
    if (o.fault) return o.fault;
    const pl = probePlatforms(o.values.platforms);
    if (pl.fault) return pl.fault;
    const { m, down } = await full('probeMedia');
    if (down) return down;
    return m.probe(src, pl.names);
  }

  // planMedia: per platform, the plan that makes the file fit (rules/media/remedy), the
  // line of `validate media --fix P --format json` for a file of its name (ffmpeg's
  // output beside it), parsed. Read as probeMedia reads; aspect is "crop" or "pad" (Go
  // judges it, as the CLI's --aspect), absent for the remedy's own choice.
  async function planMedia(file, options) {
    const src = mediaSource(file);
    if (src.fault) return src.fault;
    const o = readOptions(options, PLAN_OPTIONS, 'options');
    if (o.fault) return o.fault;
    const pl = probePlatforms(o.values.platforms);
    if (pl.fault) return pl.fault;
    const aspect = o.values.aspect === undefined ? '' : o.values.aspect;
    if (typeof aspect !== 'string') return fault(CODE_WRONG_TYPE, `aspect must be "crop" or "pad", got ${describe(aspect)}`, 'aspect');
    const { m, down } = await full('planMedia');
    if (down) return down;
    return m.probe(src, pl.names, aspect);
  }

  async function full(what) {
    if (fullModule) return { m: fullModule };
    try {
      await loadChecker();
      return { m: fullModule };
    } catch (err) {
      return { down: fault(CODE_NOT_INITIALIZED, `${what}: the checker module could not be loaded: ${errText(err)}`) };
    }
  }

  // Runs one full-request check: the JSON texts of values, then the options JSON, then
  // the wrapper's own fault (if any; it is the verdict then) go to the export `name`.
  // The page's values are all read before the first await, so a page that changes them
  // afterwards does not change the check.
  async function check(what, name, values, options) {
    const texts = values.map(([v, label]) => {
      const t = jsonText(v, label);
      if (t.fault) t.in = label === 'draft' ? 'draft' : '';
      return t;
    });
    const opts = checkOptions(options);
    if (opts.fault) opts.in = 'options';
    const broken = texts.find((t) => t.fault) || (opts.fault ? opts : null);
    const { m, down } = await full(what);
    if (down) return faultVerdict(down);
    const run = (strings) => m.callStrings(name, strings);
    const wrapperFault = (f, where) => JSON.stringify({ code: f.code, message: f.message, path: f.path || '', in: where });
    let r = broken
      ? run([...texts.map(() => ''), '', wrapperFault(broken.fault, broken.in)])
      : run([...texts.map((t) => t.text), opts.text, '']);
    if (r.status === -1) { // over the module's input limit (huge options): its fault is the verdict
      r = run([...texts.map(() => ''), '', wrapperFault(m.outJSON(), 'options')]);
    }
    if (r.down) return faultVerdict(r.down);
    const out = m.outJSON();
    if (r.status !== STATUS_OK) return faultVerdict(out);
    return out;
  }

  // The public API. Every function is guarded (never throws, never rejects for a value a
  // page passes) and reads its options through readOptions. To add one, see the top of
  // this file.
  const api = {
    /** The package's release, as `validate --version`: rules.Version. */
    version: VERSION,
    /** The rule book every verdict names in bookVersion: rules.BookVersion. */
    bookVersion: BOOK_VERSION,
    /**
     * Loads the counter module. Options: wasmURL / wasmModule (the counter module),
     * fullWasmURL / fullWasmModule (the checker, loaded on the first check),
     * preloadChecker (load the checker now too); wasmExecURL is accepted and ignored (the
     * glue is part of the package). Resolves to the loaded module names, or to a fault
     * for options it cannot read; rejects only when a module cannot be fetched or
     * compiled.
     */
    init: guardedLoad('init', init),
    /** Loads the checker now (checkPost and checkDraftPublish load it when needed). */
    loadChecker: guardedLoad('loadChecker', loadChecker),
    /** True once init has resolved. */
    ready: () => counterModule !== null,
    measure: guarded('measure', measureFault, (text, options) => {
      const r = measure(text, options);
      return r.code !== undefined ? measureFault(r) : r;
    }),
    parseScheduledFor: guarded('parseScheduledFor',
      (f, s) => ({ input: s, valid: false, code: f.code, message: f.message, offset: 0 }), parseScheduledFor),
    aggregate: guarded('aggregate', (f) => f, aggregate),
    /** Splits a text into a thread whose every post fits (as `validate split --format json`). */
    split: guarded('split', (f) => f, split),
    /** The rule book (as `validate rules --format json`, one element per line). */
    rules: guarded('rules', (f) => f, rulesBook),
    /** Measures one text for every selected platform, every text rule, in one call. */
    measureAll: guarded('measureAll', measureFault, (text, options) => {
      const r = measureAll(text, options);
      return r.code !== undefined ? measureFault(r) : r;
    }),
    /** Probes a media file (File, Blob or bytes): a line of `validate media --format json`. */
    probeMedia: guarded('probeMedia', (f) => f, probeMedia),
    /** Plans the ffmpeg command that makes a media file fit each platform: a line of `validate media --fix`. */
    planMedia: guarded('planMedia', (f) => f, planMedia),
    checkPost: guarded('checkPost', faultVerdict,
      (request, options) => check('checkPost', 'postrules_check_post', [[request, 'request']], options)),
    checkDraftPublish: guarded('checkDraftPublish', faultVerdict,
      (draft, body, options) => check('checkDraftPublish', 'postrules_check_draft_publish',
        [[draft, 'draft'], [body === undefined ? {} : body, 'body']], options)),
  };
  return api;
}
