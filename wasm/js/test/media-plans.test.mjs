// planMedia: the remedy plans in WebAssembly are the lines of `validate media --fix P
// --format json` for the same file of the same name (the Go test
// wasm/internal/bridge/mediaprobe TestPlansAreTheCLIs compares the bytes; this one the
// wrapper's answer, parsed), for each aspect choice; and bad options are faults, never
// exceptions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPostrules, repoRoot } from '../test-helpers.mjs';

const pr = await loadPostrules();
const testdata = path.join(repoRoot, 'rules', 'media', 'testdata');
const PLATFORMS = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'linkedin',
  'bluesky', 'facebook', 'threads', 'googlebusiness'];

let tmp;
let cliPath;
before(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'postrules-plans-'));
  cliPath = path.join(tmp, 'validate');
  execFileSync('go', ['build', '-o', cliPath, './cmd/validate'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
});
after(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

/** The CLI's --fix lines for files in testdata (named as the CLI is given them), parsed. */
function cliPlans(files, platforms, aspect) {
  const args = ['media', '--format', 'json', '--fix', platforms.join(','), ...(aspect ? ['--aspect', aspect] : []), ...files];
  let out;
  try {
    out = execFileSync(cliPath, args, { cwd: testdata, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (err) {
    if (err.status !== 1) throw err; // 1: a platform has no remedy, or a file is broken
    out = err.stdout;
  }
  const lines = out.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, files.length);
  return lines.map((l) => JSON.parse(l));
}

const mediaFiles = readdirSync(testdata).filter((f) => /\.(mp4|mov|webm|jpg|png|gif|webp|pdf|bmp|tiff|avif|heic)$/.test(f)).sort();
const fileOf = (name) => new File([readFileSync(path.join(testdata, name))], name);

test('every test file, every platform, each aspect: the plans are the CLI --fix line', async () => {
  let commands = 0;
  for (const aspect of [undefined, 'crop', 'pad']) {
    const want = cliPlans(mediaFiles, PLATFORMS, aspect);
    for (const [i, name] of mediaFiles.entries()) {
      const got = await pr.planMedia(fileOf(name), aspect ? { aspect } : undefined);
      assert.equal(got.ok, true, name);
      assert.equal(JSON.stringify(got), JSON.stringify(want[i]), `${name}, aspect ${aspect}`);
      commands += got.plans.filter((p) => Array.isArray(p.argv)).length;
    }
  }
  assert.ok(commands >= 30, `only ${commands} plans with a command`);
});

test('the platforms option is --fix PLATFORM,...: its order; a video for Google Business has no remedy, and says why', async () => {
  const platforms = ['instagram', 'googlebusiness'];
  const got = await pr.planMedia(fileOf('h264-aac-faststart.mp4'), { platforms });
  assert.deepEqual(JSON.parse(JSON.stringify(got)), cliPlans(['h264-aac-faststart.mp4'], platforms)[0]);
  assert.deepEqual(got.plans.map((p) => p.platform), platforms);
  assert.equal(got.plans[0].action, 'encode');
  assert.equal(got.plans[0].argv[0], 'ffmpeg');
  assert.equal(got.plans[0].output, 'h264-aac-faststart.instagram.mp4');
  assert.equal(got.plans[1].action, 'none');
  assert.match(got.plans[1].why, /\S/);
  assert.equal(got.plans[1].argv, null);
});

test('bad values are faults with a path, never exceptions', async () => {
  const png = fileOf('image.png');
  const cases = [
    [[png, { aspect: 'stretch' }], 'invalid_value', 'aspect'],
    [[png, { aspect: 3 }], 'wrong_type', 'aspect'],
    [[png, { platforms: ['myspace'] }], 'unknown_platform', 'platforms/0'],
    [[png, { platform: 'twitter' }], 'unknown_field', 'platform'],
    [[42], 'wrong_type', 'file'],
  ];
  for (const [args, code, where] of cases) {
    const r = await pr.planMedia(...args);
    assert.equal(r.ok, false, JSON.stringify(args[1]));
    assert.equal(r.code, code, JSON.stringify(args[1]));
    assert.equal(r.path, where, JSON.stringify(args[1]));
  }
  const broken = await pr.planMedia(new File([Buffer.from('not media at all')], 'notes.txt'));
  assert.equal(broken.ok, true);
  assert.equal(broken.error.code, 'media_unrecognized');
  assert.deepEqual(broken.plans, []);
});
