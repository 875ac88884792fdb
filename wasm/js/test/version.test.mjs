// The package's version is the newest version heading of the changelog (CHANGELOG.md at
// the repository's root, "## X.Y.Z", newest first), so that what npm says and what the
// changelog describes agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, distDir, loadPostrules } from '../test-helpers.mjs';

test('package.json version equals the newest version heading of CHANGELOG.md', () => {
  const pkg = JSON.parse(readFileSync(path.join(distDir, 'package.json'), 'utf8'));
  const changelog = readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
  const versions = [...changelog.matchAll(/^## (\d+)\.(\d+)\.(\d+)\b/gm)].map((m) => m.slice(1, 4).map(Number));
  assert.ok(versions.length >= 3, `${versions.length} version sections`);
  const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const newest = [...versions].sort(cmp).at(-1).join('.');
  assert.equal(pkg.version, newest);
  assert.equal(versions[0].join('.'), newest, 'the newest section is the first one');
  const doc = readFileSync(path.join(repoRoot, 'docs', 'wasm.md'), 'utf8');
  // The install lines name the tarball npm pack writes for this version.
  assert.ok(doc.includes(`postrules-wasm-${pkg.version}.tgz`), 'docs/wasm.md names the packed tarball');
});

test('the version and bookVersion exports equal package.json and every verdict', async () => {
  const pkg = JSON.parse(readFileSync(path.join(distDir, 'package.json'), 'utf8'));
  // A fresh copy of the API, never initialized: the constants are readable before init.
  const { createPostrules } = await import('../core.mjs');
  const fresh = createPostrules({ counter: () => null, full: () => null });
  assert.equal(fresh.ready(), false);
  assert.equal(fresh.version, pkg.version);
  assert.equal(fresh.bookVersion.startsWith(`${pkg.version}+book.`), true, fresh.bookVersion);
  assert.match(fresh.bookVersion, /^\d+\.\d+\.\d+\+book\.\d{4}-\d{2}-\d{2}$/);
  const pr = await loadPostrules();
  assert.equal(pr.version, pkg.version);
  assert.equal(pr.bookVersion, fresh.bookVersion);
  const ok = await pr.checkPost({ content: 'hi', platforms: [{ platform: 'bluesky' }], publishNow: true });
  assert.equal(ok.bookVersion, pr.bookVersion);
  const bad = await pr.checkPost('{', {});
  assert.equal(bad.bookVersion, pr.bookVersion);
});
