// Type declarations for postrules.mjs, written by hand. Field names are those of the
// `validate` CLI's --format json output (docs/cli.md), so one parser serves both:
// measure as a `validate length` line, parseScheduledFor as a `validate time` line,
// aggregate as `validate status`, the checks as a `validate post|draft` line less "file"
// (schema.Verdict as it is, docs/contract.md).
//
// The offsets of measure and parseScheduledFor are UTF-16 code unit offsets (JavaScript
// string indices, a textarea's selectionStart); the CLI's are byte offsets into UTF-8. A
// verdict is the CLI's JSON byte for byte, so its overflowAt values are byte offsets.

/** The machine codes of rules/errors.go, plus the wrapper's own not_initialized. */
export type Code =
  | 'invalid_request' | 'validation_failed' | 'malformed_json' | 'invalid_body'
  | 'unknown_field' | 'field_case_mismatch' | 'duplicate_field' | 'wrong_type'
  | 'invalid_string' | 'too_deep' | 'body_too_large' | 'missing_field' | 'invalid_value'
  | 'invalid_utf8' | 'invalid_character' | 'invalid_scheduled_for' | 'scheduled_in_past' | 'invalid_timezone'
  | 'publish_mode_conflict' | 'unknown_platform' | 'no_targets' | 'no_content'
  | 'invalid_media' | 'invalid_poll' | 'post_too_long' | 'account_platform_mismatch'
  | 'duplicate_target' | 'media_empty' | 'media_unrecognized' | 'media_truncated' | 'media_corrupt'
  | 'unauthorized' | 'subscription_inactive' | 'plan_limit_reached'
  | 'account_limit_reached' | 'account_not_found' | 'no_connected_account'
  | 'draft_not_found' | 'not_found' | 'method_not_allowed' | 'ambiguous_account'
  | 'draft_already_publishing' | 'unsupported_media_type' | 'rate_limited'
  | 'x_post_limit_reached' | 'platform_error' | 'service_unavailable'
  /**
   * 500: a fault of the server's own. Here also a bug on the Go side (a recovered panic) or
   * a crashed module; never caused by input.
   */
  | 'internal_error'
  /** The wrapper's own: called before init() resolved, or the checker could not be loaded. */
  | 'not_initialized';

/** The ten platforms' wire names. */
export type Platform =
  | 'twitter' | 'instagram' | 'youtube' | 'tiktok' | 'pinterest' | 'linkedin' | 'bluesky'
  | 'facebook' | 'threads' | 'googlebusiness';

/** The two counters: grapheme clusters (every platform's default) and X's weighted length. */
export type CounterName = 'graphemes' | 'x-weighted';

/**
 * What every function answers instead of throwing when it cannot do its job: a value of
 * the wrong type, a string that is not valid Unicode, a too large input, invalid JSON, an
 * unknown platform, or no module loaded.
 */
/**
 * An answer the function could not give: a wrong value, an unknown option, a module not
 * loaded. Narrow a result with `'code' in r` or `!r.ok` (ok is non-enumerable: it is not
 * in JSON.stringify's output or a deep comparison, so the members stay the CLI's).
 */
export interface Fault {
  readonly ok: false;
  /** The status title of the API's error body, e.g. "Bad Request". */
  error: string;
  code: Code;
  message: string;
  /** A JSON pointer ("/1/state") or an argument or option name ("text", "platform", "cap", "options"); "" when none. */
  path: string;
  /** UTF-16 offset in the text at fault, or null. */
  offset: number | null;
}

// ---------------------------------------------------------------------------- loading

export interface InitOptions {
  /** The counter module (default: postrules-counter.wasm beside postrules.mjs, or where the bundler copied it). */
  wasmURL?: string | URL;
  /** A compiled counter module, or its bytes, instead of wasmURL. */
  wasmModule?: WebAssembly.Module | BufferSource;
  /** The full checker, loaded on the first checkPost (default: postrules-full.wasm beside postrules.mjs). */
  fullWasmURL?: string | URL;
  /** A compiled checker module, or its bytes, instead of fullWasmURL. */
  fullWasmModule?: WebAssembly.Module | BufferSource;
  /** Accepted and ignored: Go's glue is part of the package (wasm_exec.mjs), run in a private scope. */
  wasmExecURL?: string | URL;
  /** Start loading the full checker now instead of on the first checkPost. */
  preloadChecker?: boolean;
}

/**
 * Loads the counter module. Resolves to the loaded module names (["counter"]), or to a
 * Fault when the options cannot be read; rejects only when a module cannot be fetched or
 * compiled. Later calls return the first call's promise.
 */
export function init(options?: InitOptions): Promise<string[] | Fault>;

/** Loads the full checker now; checkPost, checkDraftPublish and aggregate do so on first use. */
export function loadChecker(): Promise<string[]>;

/** Whether init() has resolved. */
export function ready(): boolean;

/**
 * The package's release, the one version of the Go module, the `validate` CLI and this
 * package ("0.8.0"; `validate --version` prints it). Readable before init().
 */
export const version: string;

/**
 * The rule book this package judges with: {@link version} and the date the book's newest
 * source was read, as semver build metadata ("0.8.0+book.2026-11-28"). Every verdict's
 * bookVersion equals it. Readable before init().
 */
export const bookVersion: string;

// ---------------------------------------------------------------------------- measure

export interface MeasureOptions {
  /** Default "twitter". */
  platform?: Platform | string;
  /** Default: the platform's counter ("graphemes" for all ten). */
  counter?: CounterName | string;
  /** A whole number >= 1; default: the platform's cap (280 for twitter). */
  cap?: number;
}

/** A text's length against a cap: the members of a `validate length --format json` line. */
/** A text measured. Narrow `Measurement | MeasureFault` with `r.ok` or `'code' in r`. */
export interface Measurement {
  readonly ok: true;
  /** Exact, unless exact is false. */
  length: number;
  cap: number;
  fits: boolean;
  counter: CounterName | string;
  /** UTF-16 offset where the first unit past the cap begins; -1 when the text fits (as in every verdict). */
  overflowAt: number;
  /**
   * Present, and false, only when counting stopped far past the cap (a text longer than 32
   * times the cap in UTF-8 bytes): length is then a lower bound (as the CLI's "exact").
   */
  exact?: false;
  /** The rule book's id of the rule measured (see rules()), as `validate length` names it. */
  rule?: string;
}

/** A fault of measure: it never fits. */
export interface MeasureFault extends Fault {
  fits: false;
}

/**
 * Measures text for a platform. Synchronous and cheap enough for every keystroke.
 * Check `'code' in result` (or `result.code !== undefined`) for a fault.
 */
export function measure(text: string, options?: MeasureOptions): Measurement | MeasureFault;

// ---------------------------------------------------------------------------- split

export interface SplitOptions extends MeasureOptions {
  /**
   * Label each post of a thread of two or more: "text 2/5" (suffix), "2/5 text" (prefix),
   * or none (default). The label counts in the length.
   */
  numbering?: 'none' | 'suffix' | 'prefix' | string;
}

/** One post of a split thread: its text and its length by the counter used. */
export interface SplitPost {
  text: string;
  length: number;
}

/**
 * A text split into a thread: the members of a `validate split --format json` line (that
 * line parsed; Go, the CLI and WebAssembly write the same bytes). Narrow with `r.ok` or
 * `'code' in r`.
 */
export interface SplitAnswer {
  readonly ok: true;
  /** In order; every one fits cap; one post when the text already fits. */
  posts: SplitPost[];
  cap: number;
  counter: CounterName | string;
}

/**
 * Splits text into a thread whose every post fits the platform's cap (rules.SplitThread,
 * docs/split.md): at paragraph breaks, sentence ends, clause marks, between words; never
 * inside a URL, mention, hashtag or grapheme cluster. Bad input gets the codes of
 * `validate split`: invalid_value (counter, cap, numbering), unknown_platform, no_content
 * (nothing to post), post_too_long (one cluster over the cap), body_too_large (a text
 * longer than 100 full posts, rules.MaxSplitPosts x cap units: refused, not streamed, with
 * offset where that unit begins; also a text past 64 MiB of UTF-8), wrong_type,
 * invalid_string, unknown_field. Synchronous; linear in the text up to that bound, and a
 * huge text is judged from a prefix.
 */
export function split(text: string, options?: SplitOptions): SplitAnswer | Fault;

// ---------------------------------------------------------------------------- rules

/** One rule of the book: a line of `validate rules --format json` (docs/rules.md). */
export interface Rule {
  /** Stable id, "<platform>.<field>.<check>", e.g. "bluesky.text.max_bytes". */
  id: string;
  platform: Platform;
  what: string;
  /** An error blocks a post; a warning informs. */
  severity: 'error' | 'warning';
  /** The rule's number (a cap or a count); absent when it has none. */
  limit?: number;
  /** What limit counts: "graphemes", "bytes", "utf16", "items", "links", ...; absent with no limit. */
  unit?: string;
  /** The URL of the source the rule follows (the first of sources). */
  source: string;
  /** The date (YYYY-MM-DD) the source was read. */
  read: string;
  /**
   * Every source of the rule's figure, as data; an error rule has one that refuses
   * (docs/rules.md, "Severity follows evidence"). Absent for a rule that lists none yet.
   */
  sources?: RuleSource[];
  /** Where sources disagree and which reading the rule follows. */
  note?: string;
}

/** One source of a rule: rules.Source. */
export interface RuleSource {
  /** The page, document or file the figure is read from. */
  url: string;
  /** The date (YYYY-MM-DD) it was read. */
  read: string;
  /** What it states, in its units ("5 MB", "280 weighted"). */
  figure: string;
  /** Whether the platform refuses past the figure or only recommends it. */
  says: 'refuses' | 'recommends';
  /** Its own words (25 words at most), when quoted. */
  quote?: string;
}

/** The rule book, in platform order; a fresh array on every call. */
export type RuleBook = Rule[] & { readonly ok: true };

/** The whole rule book, as `validate rules --format json` lists it. */
export function rules(): RuleBook | Fault;

// ---------------------------------------------------------------------------- measureAll

export interface MeasureAllOptions {
  /**
   * The platforms to measure for, each once, in this order; default all ten. An empty
   * array measures nothing.
   */
  platforms?: readonly (Platform | string)[] | null;
}

/** One text rule of one platform applied to the text. */
export interface RuleMeasurement {
  /** The book's rule id (see rules()). */
  rule: string;
  /**
   * The unit: a counter ("graphemes", "bytes", "utf16", "x-weighted", ...) for a length
   * rule; "forbidden", "links", "hashtags", "mentions" or "cashtags" for a rule about what
   * the text holds (length is then how many).
   */
  counter: CounterName | 'bytes' | 'utf16' | 'codepoints' | 'forbidden' | 'links' | 'hashtags' | 'mentions' | 'cashtags' | string;
  /** In the counter's unit; a lower bound when exact is false. */
  length: number;
  /** The rule's limit (0 for forbidden characters). */
  cap: number;
  /** False when the text breaks the rule. */
  fits: boolean;
  /** UTF-16 offset where the rule is first broken (the first unit past the cap, the first forbidden character, the first link too many); -1 when it fits. */
  overflowAt: number;
  /** True for a warning rule: breaking it informs, it does not block. */
  warning: boolean;
  /**
   * Present, and false, when counting stopped far past the cap, or when the platform was
   * measured on a prefix of a text over 256 KiB that already breaks one of its error rules
   * (then on every measurement of that platform; each platform has a prefix of its own).
   * length is then a lower bound, and a rule that fits says so of the prefix read only;
   * the platforms' verdicts and every overflowAt are those of the whole text.
   */
  exact?: false;
}

/** One platform's measurements, in the book's order of its text rules. */
export interface PlatformMeasurements {
  platform: Platform;
  /** False when the text breaks an error rule of this platform (warnings do not count). */
  fits: boolean;
  measurements: RuleMeasurement[];
}

/** measureAll's answer. Narrow `MeasureAllAnswer | MeasureFault` with `r.ok` or `'code' in r`. */
export interface MeasureAllAnswer {
  readonly ok: true;
  /** True when every selected platform fits. */
  fits: boolean;
  /** One entry per selected platform, in the order given. */
  platforms: PlatformMeasurements[];
}

/**
 * Measures one text for every selected platform, by every text rule (every unit, the
 * link, hashtag, mention and forbidden-character rules) in one call
 * (rules.Limits.MeasureAll): the composer's call per keystroke for all targets.
 * Synchronous; offsets in UTF-16; of a text over 256 KiB, reads for each platform only
 * the shortest prefix that breaks one of its error rules (64 Ki units of English decide all
 * ten; see RuleMeasurement.exact). Faults: wrong_type, invalid_string, unknown_platform
 * (path "platforms/i"), unknown_field, invalid_value (unreadable options), body_too_large
 * (a text past 64 MiB of UTF-8 that must be read whole).
 */
export function measureAll(text: string, options?: MeasureAllOptions): MeasureAllAnswer | MeasureFault;

// ---------------------------------------------------------------------------- scheduledFor

export interface ParseScheduledForOptions {
  /** When given, the value must also lie strictly after this clock (scheduled_in_past). */
  now?: Date | number | string | null;
}

/** `validate time --format json`, valid. */
export interface ScheduledForValid {
  input: string;
  valid: true;
  /** Normalized: UTC, with seconds, fraction only when non-zero, ending in Z. */
  utc: string;
}

/** `validate time --format json`, invalid. */
export interface ScheduledForInvalid {
  /** The value as given (not necessarily a string). */
  input: unknown;
  valid: false;
  code: Code;
  message: string;
  /**
   * UTF-16 offset in input where it went wrong; 0 when the value as a whole is at fault
   * (scheduled_in_past, a value that is not a string, a bad option now), as the CLI's.
   */
  offset: number;
}

/** Checks a scheduledFor value by the strict grammar. Synchronous. */
export function parseScheduledFor(
  s: string,
  options?: ParseScheduledForOptions,
): ScheduledForValid | ScheduledForInvalid;

// ---------------------------------------------------------------------------- aggregate

export type State = 'published' | 'failed' | 'pending';
export type Status = 'draft' | 'pending' | 'scheduled' | 'publishing' | 'published' | 'failed' | 'partial';

export interface Outcome {
  platform: Platform | string;
  state: State | string;
  error?: string;
  code?: Code | string;
}

/** `validate status --format json`: the post's status. */
export interface Summary {
  readonly ok: true;
  success: boolean;
  status: Status;
}

/**
 * `validate status --format json` for outcomes that cannot be folded: the API's error body
 * of the first problem (a name given twice is duplicate_field at its pointer, malformed
 * JSON names its byte, an unknown state is the rule's invalid_value).
 */
export interface StatusError {
  readonly ok: false;
  error: string;
  code: Code;
  message: string;
  /** JSON pointer into the outcomes; absent when the problem is the document as a whole. */
  path?: string;
}

/**
 * Folds per-target outcomes (an array or its JSON text) into the post's status. The JSON
 * text is read by the checker module's strict decoder (schema.DecodeOutcomes), as
 * `validate status` reads it, so it loads the checker on first use, like checkPost. Never
 * rejects. Narrow with `r.ok` or `'code' in r`.
 */
export function aggregate(outcomes: Outcome[] | string): Promise<Summary | StatusError | Fault>;

// ---------------------------------------------------------------------------- verdicts

export interface Account {
  platform: Platform | string;
  accountId: string;
}

export interface Plan {
  subscriptionInactive?: boolean;
  subscribeUrl?: string;
  /** 0 or absent: unlimited. */
  postLimit?: number;
  postsUsed?: number;
  /** 0 or absent: unlimited. */
  accountLimit?: number;
  connectedAccounts?: number;
}

/**
 * The options of checkPost: schema's one options model (docs/contract.md, "The options"),
 * read by the same strict decoder as in Go (schema.DecodeEnv). Names are exact; an unknown
 * or misspelt name, a repeated account, an empty accountId, an unknown platform, a lone
 * surrogate: each is a 400 verdict whose problems have `in: "options"` and a pointer into
 * the options (`/accounts/1`), the same code and pointer as in Go and the CLI.
 */
export interface CheckOptions {
  /** The clock for "scheduledFor is after now". Default: the current time; null skips the check. */
  now?: Date | number | string | null;
  /** The connected accounts. Absent or null: target resolution is skipped. */
  accounts?: Account[] | null;
  plan?: Plan | null;
  /** Per-platform cap and counter, keyed by platform. */
  limits?: Partial<Record<Platform, { cap?: number; counter?: CounterName }>> | null;
  /** A body limit in bytes below the default 1 MiB (the wrapper refuses longer texts regardless). */
  maxBodyBytes?: number | null;
  /** Rules of the book (see rules()) with another limit in their own unit, or turned off. */
  rules?: Record<string, { limit?: number; off?: boolean }> | null;
  /** How many targets a request may have; default 100, -1 for no bound. */
  maxTargets?: number | null;
  /**
   * By TikTok accountId, the privacy levels TikTok's creator_info query offers that creator
   * (privacy_level_options): a target resolved to that account whose privacyLevel is not
   * among them breaks tiktok.privacy.allowed.
   */
  tiktokPrivacyLevels?: Record<string, Array<"PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY">> | null;
}

export interface DraftCheckOptions extends CheckOptions {
  /** The stored draft's state. Default "saved". */
  draftState?: 'saved' | 'publishing' | 'deleted' | null;
}

/** The target a problem applies to. */
export interface ProblemTarget {
  /** Its index in the request's "platforms". */
  index: number;
  platform: Platform | string;
  accountId: string;
}

/** One rule a post is measured for: its unit, length and limit. */
export interface UnitLength {
  /** The rule book's id ("bluesky.text.max_bytes"). */
  rule: string;
  counter: string;
  length: number;
  exact: boolean;
  cap: number;
  fits: boolean;
  /** Byte offset in the post's UTF-8 text of the first unit past the cap; -1 when it fits. */
  overflowAt: number;
  /** Present, and true, when the rule only informs (a warning). */
  warning?: true;
}

/** One post of a target measured against its cap (schema.MeasuredPost). */
export interface MeasuredPost {
  /** JSON pointer of the post's text. */
  path: string;
  /** The unit: "graphemes" unless the limits say otherwise ("x-weighted", "bytes"...). */
  counter: string;
  /** Exact when exact is true; otherwise a lower bound (counting stopped past the cap). */
  length: number;
  exact: boolean;
  cap: number;
  fits: boolean;
  /**
   * Byte offset in the post's UTF-8 text (as the CLI's) of the first unit past the cap; -1
   * when it fits. measure() on the text gives the UTF-16 offset a textarea needs.
   */
  overflowAt: number;
  /** The id of the rule measured above. */
  rule?: string;
  /** Every rule the post is counted for, warnings included. */
  units?: UnitLength[];
}

/** One problem of a verdict (schema.Problem), as the CLI prints it. Match on code, never message. */
export interface Problem {
  /** JSON pointer into the document `in` names, e.g. "/platforms/0/platformSpecificData/threadItems/2/content"; "" for the document as a whole. */
  path: string;
  code: Code;
  message: string;
  /** The document path points into: absent for the request body, "draft" for the stored draft, "options" for the options. */
  in?: 'draft' | 'options';
  /** The rule book's id of the rule broken; absent for problems of the wire format. */
  rule?: string;
  /** The target the problem applies to, when it is about one. */
  target?: ProblemTarget;
  /** The measurement of the post a post_too_long is about. */
  length?: MeasuredPost;
  /** The mechanical remedy of a problem of the request body, when it has one (schema/fix). */
  fix?: Fix;
}

/** A remedy for one problem: a JSON Patch (RFC 6902) on the request body that removes it and touches nothing else. */
export interface Fix {
  /** The rule the fix answers; absent for problems of the wire format (a scheduledFor with an offset). */
  rule?: string;
  /** What the patch does, in the user's words: "Split into a thread of 3 posts". */
  description: string;
  patch: PatchOp[];
}

/** One operation of a Fix's patch; apply them in order. */
export interface PatchOp {
  op: 'replace' | 'add' | 'remove';
  path: string;
  /** The new value (absent for "remove"). */
  value?: unknown;
}

/** The API's error body. */
export interface ErrorBody {
  error: string;
  code: Code;
  /** When the body describes one problem located in a document, it ends " (at <path>)". */
  message: string;
  /** The JSON pointer of the one problem the body describes; absent for several, or none. */
  path?: string;
  /** Problem.in of that one problem. */
  in?: 'draft' | 'options';
  subscribeUrl?: string;
  limit?: number;
  used?: number;
  connected?: number;
  /** When several problems share the answered status: each of them. */
  problems?: Problem[];
}

export interface TargetVerdict {
  platform: Platform | string;
  /** The resolved account when resolution ran, else the accountId as sent, else "". */
  accountId: string;
  posts: MeasuredPost[];
}

/**
 * The members every verdict has: schema.Verdict's JSON, the line of
 * `validate post|draft --format json` less "file", in the same order.
 */
interface VerdictBase {
  valid: boolean;
  httpStatus: number;
  /** What the warning rules found (more hashtags than recommended...); never makes a verdict invalid. */
  warnings: Problem[];
  /** One entry per target of the request, in order, even when invalid ([] when undecodable). */
  targets: TargetVerdict[];
  billable: boolean;
  /** Target resolution did not run: no accounts given, or a target's platform or accountId was rejected. */
  resolutionSkipped: boolean;
  /**
   * The rule book that reached the verdict: the release and the date its newest source
   * was read, "0.8.0+book.2026-11-28" (semver build metadata). Equals {@link bookVersion}.
   */
  bookVersion: string;
}

/** An accepted request. */
export interface ValidVerdict extends VerdictBase {
  valid: true;
  /** 202 for checkPost (a created post), 200 for checkDraftPublish (a published draft). */
  httpStatus: 202 | 200;
  error: null;
  problems: [];
  /**
   * What the API reports for the accepted post. Create: "publishing" (publish now) or
   * "pending" (scheduled); draft publish: "publishing" or "scheduled".
   */
  status: 'publishing' | 'pending' | 'scheduled';
  /** Present only when the post is scheduled, normalized to UTC with seconds ("2030-01-15T09:30:00Z"). */
  scheduledFor?: string;
}

/** A refused request. */
export interface InvalidVerdict extends VerdictBase {
  valid: false;
  /** The HTTP status the API answers with. */
  httpStatus: number;
  /** The API's error body. */
  error: ErrorBody;
  /** Everything found, most important status first. */
  problems: Problem[];
  status?: undefined;
  scheduledFor?: undefined;
}

/** The verdict on a request. Narrow with `if (v.valid)`. */
export type Verdict = ValidVerdict | InvalidVerdict;

/**
 * Checks a create-post request (an object or its JSON text) as the API would. Loads the
 * full checker on first use. Never rejects: failures are verdicts.
 */
export function checkPost(request: unknown, options?: CheckOptions): Promise<Verdict>;

/**
 * Checks publishing a stored draft (create-post shape) with a draft-publish body
 * (default {}). Never rejects: failures are verdicts.
 */
export function checkDraftPublish(draft: unknown, body?: unknown, options?: DraftCheckOptions): Promise<Verdict>;

// ---------------------------------------------------------------------------- probeMedia

export interface ProbeMediaOptions {
  /**
   * The platforms to judge for, in this order (a name twice is judged twice), as the CLI's
   * --platform; default all ten; [] judges none. An unknown name is an unknown_platform
   * Fault at "platforms/i".
   */
  platforms?: (Platform | string)[];
}

/**
 * The facts of a file as its headers say, as displayed (rules/media.Facts). A fact that
 * does not apply to the format is absent (the optional members) or 0.
 */
export interface MediaFacts {
  kind: 'image' | 'gif' | 'video' | 'document';
  /**
   * "jpeg", "png", "gif", "webp", "heic", "avif", "heif" (HEIF of another codec), "bmp",
   * "tiff", "mp4", "mov", "webm", "mkv", "pdf", "ppt", "pptx", "doc" or "docx".
   */
  format: string;
  /** The media type of format, e.g. "video/mp4". */
  mime: string;
  /** The file's size in bytes. */
  bytes: number;
  /** As displayed: after a video's rotation or a photo's EXIF orientation. 0 for a document. */
  width: number;
  height: number;
  /** Clockwise degrees applied to display the coded picture: 0, 90, 180 or 270. */
  rotation: number;
  /** The picture is also flipped left to right to display it, after rotation. */
  mirrored?: true;
  /** A video's pixel aspect ratio "H:V" when its pixels are not square. */
  pixelAspect?: string;
  /** Seconds (a video, an animated GIF or WebP). */
  duration?: number;
  /** Average frames per second. */
  frameRate?: number;
  variableFrameRate?: true;
  /** "h264", "hevc", "vp8", "vp9", "av1", or the container's code for another. */
  videoCodec?: string;
  /** "High", "Main 10", "0"... */
  videoProfile?: string;
  /** "aac", "mp3", "opus", ..., or "none" for a video without sound. */
  audioCodec?: string;
  audioSampleRate?: number;
  audioChannels?: number;
  /** MP4/MOV: the moov comes before the mdat (always present; false for other formats). */
  faststart: boolean;
  editList?: true;
  /** MP4/MOV: a track is protected (encv/enca with sinf, e.g. CENC); it cannot be decoded without its key. */
  encrypted?: true;
  /** Frames of a GIF or an animated WebP/PNG. */
  frames?: number;
  /**
   * A PDF's page count, a PPTX's slides or a DOCX's pages when the file states them
   * (absent when they cannot be reached with bounded reads).
   */
  pages?: number;
  /** What the probe could not read in a file it still judged, one entry each (warnings). */
  unread?: string[];
}

/** A media rule a file breaks (warnings: one that informs). */
export interface MediaProblem {
  /** The rule's id, e.g. "twitter.video.codec" (see rules()). */
  rule: string;
  /** invalid_media. */
  code: Code;
  message: string;
}

/** One platform's verdict on the facts: it fits when it has no problems. */
export interface MediaPlatformVerdict {
  platform: Platform | string;
  fits: boolean;
  problems: MediaProblem[];
  warnings: MediaProblem[];
}

/** What the probe could not read, at its byte offset in the file. */
export interface MediaError {
  code: 'media_empty' | 'media_unrecognized' | 'media_truncated' | 'media_corrupt';
  message: string;
  offset: number;
}

/** A file probed: the line of `validate media --format json` (media.Report), member for member. */
interface MediaReportBase {
  readonly ok: true;
  /** The File's name; "" for a Blob that is no File and for bytes. */
  file: string;
}
/** A file the probe read: its facts and each platform's verdict. */
export interface ProbedMedia extends MediaReportBase {
  media: MediaFacts;
  error: null;
  platforms: MediaPlatformVerdict[];
}
/** A file the probe could not read (empty, not a known format, truncated, corrupt). */
export interface BrokenMedia extends MediaReportBase {
  media: null;
  error: MediaError;
  platforms: [];
}
/** Narrow with `r.ok` (a Fault is false), then `r.error === null`. */
export type MediaReport = ProbedMedia | BrokenMedia;

/**
 * Faults of probeMedia: wrong_type ("file": not a File, Blob, ArrayBuffer or typed
 * array; "options"; "platforms", "platforms/i"), unknown_field and invalid_value
 * (options), invalid_string and unknown_platform ("platforms/i"), not_initialized (the
 * checker module could not be loaded), internal_error.
 */
export type ProbeMediaFault = Fault;

/**
 * Probes an image, a video or a PDF from its headers and judges it for each platform:
 * the line of `validate media --format json`. A File or Blob is read a slice at a time
 * (its head, the boxes or chunks its headers point to: a 2 GB video with its moov at the
 * end costs two 64 KiB slices), never whole. Loads the full module on first use. Never
 * rejects: a broken file is a report with `error`; a value it cannot take is a Fault.
 */
export function probeMedia(file: Blob | ArrayBuffer | ArrayBufferView, options?: ProbeMediaOptions): Promise<MediaReport | ProbeMediaFault>;

// ---------------------------------------------------------------------------- planMedia

export interface PlanMediaOptions extends ProbeMediaOptions {
  /**
   * How a picture outside the platform's aspect ratios is brought in, as the CLI's
   * --aspect: "crop" (cut the long side, centred) or "pad" (black bars); absent: crop when
   * it cuts at most a fifth of the picture, else pad. Anything else is an invalid_value
   * Fault at "aspect".
   */
  aspect?: 'crop' | 'pad';
}

/** What makes the file fit one platform (rules/media/remedy.Plan, with its command). */
export interface MediaPlan {
  platform: Platform | string;
  /** "fits": nothing to do; "remux": streams copied into a new container; "encode": re-encoded; "none": no mechanical remedy (see why). */
  action: 'fits' | 'remux' | 'encode' | 'none';
  /** For "none": why nothing mechanical makes the file fit. */
  why?: string;
  /** The ids of the rules the file breaks, which the plan mends. */
  fixes: string[];
  /** Each change, for people, in the order ffmpeg makes them. */
  steps: string[];
  /** The output's extension with its dot (".mp4", ".jpg"), for remux and encode. */
  ext?: string;
  /** ffmpeg's argument list (argv[0] is "ffmpeg"), reading the file by its name; null unless remux or encode. */
  argv: string[] | null;
  /** The output file's name: the input's stem, the platform and ext, beside the input. */
  output?: string;
}

/** A file planned: the line of `validate media --fix P --format json`, member for member. */
interface MediaPlansBase {
  readonly ok: true;
  /** The File's name; "" for a Blob that is no File and for bytes. */
  file: string;
}
/** A file the probe read: its facts and one plan per platform asked, in that order. */
export interface PlannedMedia extends MediaPlansBase {
  media: MediaFacts;
  error: null;
  plans: MediaPlan[];
}
/** A file the probe could not read: no plans. */
export interface UnplannedMedia extends MediaPlansBase {
  media: null;
  error: MediaError;
  plans: [];
}
/** Narrow with `r.ok` (a Fault is false), then `r.error === null`. */
export type MediaPlans = PlannedMedia | UnplannedMedia;

/**
 * Plans, for each platform (default all ten), the smallest change that makes a media
 * file fit it: the line of `validate media --fix P --format json` for a file of the
 * File's name (ffmpeg's input and output named as the CLI names them). Reads the file
 * as probeMedia does and takes the same faults, plus wrong_type and invalid_value at
 * "aspect". Loads the full module on first use. Never rejects.
 */
export function planMedia(file: Blob | ArrayBuffer | ArrayBufferView, options?: PlanMediaOptions): Promise<MediaPlans | Fault>;
