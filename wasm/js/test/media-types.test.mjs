// index.d.ts types probeMedia: tsc --strict accepts a page's use of every member of the
// report and narrows report, broken file and fault apart (its @ts-expect-error lines fail
// the build when a narrowing stops being needed). The whole package's types are checked
// against the packed package by package.test.mjs; this checks the declarations in place.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wasmDir, distDir } from '../test-helpers.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'postrules-media-types-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const usage = `
import { probeMedia, type MediaReport, type MediaFacts, type Fault } from './index.js';

export async function onPick(file: File, bytes: Uint8Array, buffer: ArrayBuffer): Promise<string> {
  const r = await probeMedia(file, { platforms: ['twitter', 'bluesky'] });
  if (!r.ok) {
    const f: Fault = r;
    return f.code + f.path;
  }
  // @ts-expect-error a report may be of a broken file: media is null then
  const early: MediaFacts = r.media;
  if (r.error === null) {
    const facts: MediaFacts = r.media;
    const lines = r.platforms.filter((p) => !p.fits).map((p) => p.platform + ': ' + p.problems.map((q) => q.rule + ' ' + q.message).join('; '));
    return [r.file, facts.kind, facts.width, facts.duration ?? 0, facts.faststart, ...lines].join(' ');
  }
  const code: 'media_empty' | 'media_unrecognized' | 'media_truncated' | 'media_corrupt' = r.error.code;
  const none: [] = r.platforms;
  await probeMedia(bytes);
  await probeMedia(buffer, {});
  await probeMedia(new Blob([buffer]), { platforms: [] });
  // @ts-expect-error a number is no file
  await probeMedia(42);
  // @ts-expect-error the option is platforms
  await probeMedia(file, { platform: 'twitter' });
  const any: MediaReport = r;
  return code + r.error.offset + none.length + any.file + String(early);
}
`;

test('tsc --strict accepts probeMedia as a page uses it', () => {
  copyFileSync(path.join(distDir, 'index.d.ts'), path.join(dir, 'index.d.ts'));
  writeFileSync(path.join(dir, 'usage.ts'), usage);
  const tsc = path.join(wasmDir, 'node_modules', 'typescript', 'bin', 'tsc');
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'] },
    files: ['usage.ts'],
  }));
  try {
    execFileSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
  } catch (err) {
    assert.fail(`tsc: ${err.stdout}${err.stderr}`);
  }
});
