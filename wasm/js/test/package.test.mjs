// The package as its users get it: `npm pack` of wasm/js, installed into a temporary
// project, then (1) imported by Node and (2) bundled by esbuild, Vite and webpack (the
// pinned versions of ../../package-lock.json) with no configuration beyond the import and
// esbuild's one flag --loader:.wasm=file, each bundle loaded in Debian's Chromium. Each
// must measure and check a post and leave no global behind.
//
// The modules were built by build.sh (test.sh runs it first), so the pack here skips the
// prepack step that would build them again (--ignore-scripts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, copyFileSync, writeFileSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireBuilt, wasmDir, repoRoot } from '../test-helpers.mjs';
import { startBrowser } from '../../browser-test/harness.mjs';

requireBuilt();
const jsDir = path.join(wasmDir, 'js');
// The app's sources live outside js/ (not packed, and not run as tests by node --test).
const appSrc = fileURLToPath(new URL('../../bundle-app/', import.meta.url));

let tmp, project, browser;

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'postrules-pack-'));
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: jsDir, encoding: 'utf8' });
  const tgz = path.join(tmp, JSON.parse(out)[0].filename);
  project = path.join(tmp, 'app');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tgz], { cwd: project, stdio: 'inherit' });
  for (const f of ['main.js', 'index.html']) copyFileSync(path.join(appSrc, f), path.join(project, f));
  browser = await startBrowser(tmp);
});

after(async () => {
  if (browser) await browser.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('the packed package holds the wrapper, both modules, the glue and the types', () => {
  const pkg = path.join(project, 'node_modules', '@postrules', 'wasm');
  for (const f of ['package.json', 'postrules.mjs', 'postrules.esbuild.mjs', 'core.mjs', 'layout.mjs', 'wasm_exec.mjs', 'index.d.ts',
    'postrules-counter.wasm', 'postrules-full.wasm', 'LICENSE', 'LICENSE-go']) {
    assert.ok(existsSync(path.join(pkg, f)), f);
  }
  // Its own licence is the repository's, and npm and licence checkers find where it
  // comes from.
  assert.equal(readFileSync(path.join(pkg, 'LICENSE'), 'utf8'), readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8'));
  const meta = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  assert.equal(meta.license, 'MIT');
  assert.deepEqual(meta.repository, { type: 'git', url: 'git+https://github.com/postrules/postrules.git', directory: 'wasm/js' });
  assert.match(meta.homepage, /^https:\/\/github\.com\/postrules\/postrules\//);
  assert.equal(meta.bugs.url, 'https://github.com/postrules/postrules/issues');
  assert.ok(!readdirSync(pkg).includes('test'), 'the tests are not packed');
  // The browser entries import nothing of Node's.
  for (const f of ['postrules.mjs', 'postrules.esbuild.mjs', 'core.mjs', 'layout.mjs', 'wasm_exec.mjs']) {
    const src = readFileSync(path.join(pkg, f), 'utf8');
    assert.doesNotMatch(src, /from\s+['"]node:|import\(\s*['"]node:|require\(/, f);
  }
});

function check(r, label) {
  assert.equal(r.error, undefined, `${label}: ${r.error}`);
  assert.deepEqual(r.loaded, ['counter'], label);
  assert.deepEqual([r.m.length, r.m.fits, r.m.counter], [21, true, 'graphemes'], label);
  assert.deepEqual([r.long.length, r.long.fits, r.long.overflowAt], [300, false, 280], label);
  assert.equal(r.t.utc, '2030-01-02T03:04:00Z', label);
  assert.equal(r.v.valid, true, `${label}: ${JSON.stringify(r.v)}`);
  assert.equal(r.bad.valid, false, label);
  assert.equal(r.bad.error.code, 'post_too_long', label);
  assert.deepEqual(r.added, [], `${label}: globals added`);
  assert.equal(r.go, 'undefined', label);
}

test('tsc --strict accepts the types of every export under moduleResolution bundler and nodenext', () => {
  const tsc = path.join(wasmDir, 'node_modules', 'typescript', 'bin', 'tsc');
  copyFileSync(path.join(appSrc, 'usage.ts'), path.join(project, 'usage.ts'));
  for (const [module, resolution] of [['esnext', 'bundler'], ['nodenext', 'nodenext']]) {
    const config = path.join(project, `tsconfig.${resolution}.json`);
    writeFileSync(config, JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module, moduleResolution: resolution, lib: ['es2022', 'dom'], skipLibCheck: false },
      files: ['usage.ts'],
    }));
    try {
      execFileSync(process.execPath, [tsc, '-p', config], { cwd: project, encoding: 'utf8' });
    } catch (err) {
      assert.fail(`tsc (${resolution}): ${err.stdout}${err.stderr}`);
    }
  }
});

test('Node imports the packed package from a temporary project', () => {
  const script = path.join(project, 'node-app.mjs');
  writeFileSync(script, `${readFileSync(path.join(appSrc, 'main.js'), 'utf8')}
await new Promise((resolve) => { const t = setInterval(() => { if (globalThis.__postrules) { clearInterval(t); resolve(); } }, 5); });
console.log(JSON.stringify(globalThis.__postrules));
`);
  const r = JSON.parse(execFileSync(process.execPath, [script], { cwd: project, encoding: 'utf8' }));
  check(r, 'node');
});

// A static server for a bundle: .wasm as application/wasm, as a real site would.
async function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

async function runInChromium(dir, label) {
  const wasmFiles = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.wasm'));
  assert.equal(wasmFiles.length, 2, `${label}: the bundle holds both modules: ${readdirSync(dir, { recursive: true })}`);
  const s = await serve(dir);
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(s.url);
    await page.waitForFunction(() => globalThis.__postrules !== undefined, null, { timeout: 60000 });
    const r = await page.evaluate(() => globalThis.__postrules);
    check(r, label);
    assert.deepEqual(errors, [], label);
  } finally {
    await page.close();
    await s.close();
  }
}

const devBin = (name) => path.join(wasmDir, 'node_modules', name);

test('esbuild bundles it with --loader:.wasm=file and nothing else', async () => {
  const { build } = await import(devBin('esbuild/lib/main.js'));
  const out = path.join(tmp, 'out-esbuild');
  // As `esbuild main.js --bundle --loader:.wasm=file --outdir=out` (IIFE, esbuild's default).
  await build({ entryPoints: [path.join(project, 'main.js')], bundle: true, outdir: out, loader: { '.wasm': 'file' }, logLevel: 'error', absWorkingDir: project });
  writeFileSync(path.join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><script src="main.js"></script>');
  await runInChromium(out, 'esbuild');
});

test('Vite builds it with no configuration', async () => {
  const { build } = await import(devBin('vite/dist/node/index.js'));
  const out = path.join(tmp, 'out-vite');
  await build({ root: project, logLevel: 'error', configFile: false, build: { outDir: out } });
  await runInChromium(out, 'vite');
});

test('the Vite dev server (dependency pre-bundling) serves it with no configuration', async () => {
  const { createServer } = await import(devBin('vite/dist/node/index.js'));
  const server = await createServer({ root: project, configFile: false, logLevel: 'error', server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(server.resolvedUrls.local[0]);
    await page.waitForFunction(() => globalThis.__postrules !== undefined, null, { timeout: 60000 });
    check(await page.evaluate(() => globalThis.__postrules), 'vite dev');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await server.close();
  }
});

test('webpack 5 builds it with no configuration', async () => {
  const { default: webpack } = await import(devBin('webpack/lib/index.js'));
  const out = path.join(tmp, 'out-webpack');
  // webpack's defaults, with the entry and output folder named (its default is ./src/index.js → ./dist).
  const stats = await new Promise((resolve, reject) => {
    webpack({ mode: 'production', context: project, entry: './main.js', output: { path: out } }, (err, st) => (err ? reject(err) : resolve(st)));
  });
  assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
  writeFileSync(path.join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><script src="main.js"></script>');
  await runInChromium(out, 'webpack');
});
