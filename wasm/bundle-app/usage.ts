// Type-checked with `tsc --strict` under moduleResolution bundler and nodenext against the
// packed package (js/test/package.test.mjs): every export, and the narrowing a page relies on.
// Each @ts-expect-error line proves a narrowing is needed, so this file fails to compile
// if the types stop narrowing (or stop being strict).
import {
  init, loadChecker, ready, measure, parseScheduledFor, aggregate, checkPost, checkDraftPublish,
  split, rules, measureAll, version, bookVersion,
} from '@postrules/wasm';
import type {
  Code, Fault, Measurement, MeasureFault, MeasureOptions, Summary, StatusError, Verdict,
  CheckOptions, DraftCheckOptions, Outcome, InitOptions, ScheduledForValid,
  ScheduledForInvalid, Problem, MeasuredPost, ProblemTarget, SplitOptions, SplitAnswer,
  SplitPost, Rule, RuleBook, MeasureAllOptions, MeasureAllAnswer, PlatformMeasurements,
  RuleMeasurement, Platform,
} from '@postrules/wasm';

export async function everything(): Promise<string> {
  const initOptions: InitOptions = { preloadChecker: false };
  const loaded = await init(initOptions);
  if (!Array.isArray(loaded)) {
    const f: Fault = loaded;
    return f.code;
  }
  const names: string[] = loaded;
  const checker: string[] = await loadChecker();
  const isReady: boolean = ready();
  const release: string = version;
  const book: string = bookVersion;

  const options: MeasureOptions = { platform: 'twitter', counter: 'x-weighted', cap: 280 };
  const m = measure('hello 🌍', options);
  // @ts-expect-error a fault has no length: narrow first
  m.length;
  if ('code' in m) {
    const f: MeasureFault = m;
    const code: Code = f.code;
    const fits: false = f.fits;
    void [code, fits];
  } else {
    const ok: Measurement = m;
    const at: number = ok.overflowAt;
    void at;
  }
  if (m.ok) {
    const length: number = m.length;
    void length;
  } else {
    const offset: number | null = m.offset;
    void offset;
  }

  const t = parseScheduledFor('2030-01-02T03:04Z', { now: new Date() });
  // @ts-expect-error an invalid value has no utc
  t.utc;
  if (t.valid) {
    const v: ScheduledForValid = t;
    void v.utc;
  } else {
    const v: ScheduledForInvalid = t;
    void v.offset;
  }

  const outcomes: Outcome[] = [{ platform: 'twitter', state: 'published' }];
  const s = await aggregate(outcomes);
  if ('code' in s) {
    const f: StatusError | Fault = s;
    void f.message;
  } else {
    const ok: Summary = s;
    void ok.status;
  }
  if (s.ok) void s.success;

  const checkOptions: CheckOptions = { now: null, accounts: [{ platform: 'twitter', accountId: 'tw_1' }] };
  const v: Verdict = await checkPost({ content: 'hi', platforms: [{ platform: 'twitter' }], publishNow: true }, checkOptions);
  const status: number = v.httpStatus; // schema.Verdict: 202 when valid (200 for a draft publish)
  void status;
  // @ts-expect-error a verdict's error is null when valid: narrow first
  v.error.code;
  if (v.valid) {
    const accepted: 202 | 200 = v.httpStatus;
    void [accepted, v.status];
  } else {
    const code: Code = v.error.code;
    void code;
    for (const p of v.problems) {
      const problem: Problem = p;
      const where: 'draft' | 'options' | undefined = problem.in;
      const target: ProblemTarget | undefined = problem.target;
      // @ts-expect-error length is only on a post_too_long: check it first
      problem.length.cap;
      const length: MeasuredPost | undefined = problem.length;
      void [where, target, length?.overflowAt, problem.rule];
    }
  }
  for (const w of v.warnings) void w.rule;
  for (const t of v.targets) for (const post of t.posts) void [post.units?.[0]?.rule, post.fits];
  void v.resolutionSkipped;
  const draftOptions: DraftCheckOptions = { draftState: 'saved' };
  const d = await checkDraftPublish('{}', { publishNow: true }, draftOptions);
  return `${names.length} ${checker.length} ${isReady} ${d.valid} ${release} ${book}`;
}

// The composer's newer functions: split, the rule book, measureAll; each narrows like
// measure.
export function composer(text: string): string {
  const splitOptions: SplitOptions = { platform: 'twitter', counter: 'x-weighted', cap: 280, numbering: 'suffix' };
  const sp = split(text, splitOptions);
  // @ts-expect-error a fault has no posts: narrow first
  sp.posts;
  let first = '';
  if ('code' in sp) {
    const f: Fault = sp;
    const code: Code = f.code;
    void code;
  } else {
    const ok: SplitAnswer = sp;
    const posts: SplitPost[] = ok.posts;
    first = posts[0].text;
  }
  if (sp.ok) void sp.cap;

  const book = rules();
  // @ts-expect-error a fault is not an array of rules
  book.map((r) => r.id);
  if (book.ok) {
    const b: RuleBook = book;
    const r: Rule = b[0];
    const severity: 'error' | 'warning' = r.severity;
    const limit: number | undefined = r.limit;
    void [severity, limit];
  }

  const allOptions: MeasureAllOptions = { platforms: ['twitter', 'bluesky'] };
  const all = measureAll(text, allOptions);
  // @ts-expect-error a fault has no platforms
  all.platforms;
  if ('code' in all) {
    const f: MeasureFault = all;
    const fits: false = f.fits;
    void fits;
  } else {
    const ok: MeasureAllAnswer = all;
    const p: PlatformMeasurements = ok.platforms[0];
    const name: Platform = p.platform;
    const m: RuleMeasurement = p.measurements[0];
    const at: number = m.overflowAt;
    const warning: boolean = m.warning;
    void [name, at, warning];
  }
  return first;
}
