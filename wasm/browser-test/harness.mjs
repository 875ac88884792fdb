// Starts the demo server (wasm/serve, Go) on a free loopback port and Debian's Chromium
// (playwright-core, never a downloaded browser) with a fresh profile. Shared by the
// browser suite and the Chromium benchmark.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildEditor } from '../demo/build.mjs';

export const wasmDir = fileURLToPath(new URL('../', import.meta.url));
export const repoRoot = path.resolve(wasmDir, '..');
export const artifactsDir = path.join(wasmDir, 'test-artifacts');
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// The flags this machine needs: no sandbox as root, no GPU, and no background traffic
// (its closed network refuses it, many connections at a time).
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/**
 * Builds and starts `wasm/serve` on 127.0.0.1:0, serving dir (default wasm/) with the
 * browser suite's and the benchmark's pages beside the demo; resolves to {url, close}.
 */
export async function startServer(tmp, { dir = wasmDir, pages = 'browser-test,bench' } = {}) {
  for (const f of ['postrules-counter.wasm', 'postrules-full.wasm', 'wasm_exec.mjs']) {
    if (!existsSync(path.join(dir, 'js', f))) throw new Error(`js/${f} is missing: run bash wasm/build.sh first`);
  }
  // The demo's editor bundle, made afresh from demo/editor.mjs (esbuild: well under a second).
  if (path.resolve(dir) === path.resolve(wasmDir)) await buildEditor();
  const bin = path.join(tmp, 'serve');
  execFileSync('go', ['build', '-o', bin, './wasm/serve'], { cwd: repoRoot, stdio: 'inherit' });
  const args = ['-addr', '127.0.0.1:0', '-dir', dir];
  if (pages) args.push('-pages', pages);
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 15000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+\/demo\/)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited with ${code}: ${out}`)); });
  });
  return { url, close: () => proc.kill() };
}

/** Launches Chromium with a fresh --user-data-dir; resolves to {context, page, close}. */
export async function startBrowser(tmp) {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} not found: apt-get install -y chromium`);
  const profile = mkdtempSync(path.join(tmp, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumArgs,
    viewport: { width: 1000, height: 900 },
  });
  const page = context.pages()[0] || await context.newPage();
  return { context, page, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}

export function tempDir() {
  return mkdtempSync(path.join(tmpdir(), 'postrules-browser-'));
}
