// Runs the unit tests: every src/**/*.test.ts(x), bundled by esbuild, then `node --test`.
//   node scripts/test.mjs               every test (npm test, make test-web)
//   node scripts/test.mjs store money   only the files whose path contains a word given
// Node 20 cannot run TypeScript itself (no --experimental-strip-types), and the app's
// imports end in .ts and go through zustand and React, so each test file is bundled
// with everything it imports into one plain .mjs file in a temporary folder.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
process.chdir(web); // paths below are relative to web/, wherever this is called from

const only = process.argv.slice(2);
const tests = readdirSync('src', { recursive: true })
  .filter((path) => /\.test\.tsx?$/.test(path))
  .map((path) => join('src', path))
  .filter((path) => only.length === 0 || only.some((word) => path.includes(word)))
  .sort();
if (tests.length === 0) {
  // Running no test must not look like a green run.
  const matching = only.length > 0 ? ` matching ${only.join(' ')}` : '';
  console.error(`no test files found under web/src (*.test.ts, *.test.tsx)${matching}`);
  process.exit(1);
}

const outdir = mkdtempSync(join(tmpdir(), 'market-web-tests-'));
try {
  await esbuild.build({
    absWorkingDir: web, // esbuild took its default from the cwd before the chdir
    entryPoints: tests,
    outbase: 'src',
    outdir,
    // .mjs, because the temporary folder has no package.json saying "type": "module".
    outExtension: { '.js': '.mjs' },
    bundle: true, // packages too: nothing in the temporary folder can resolve node_modules
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    jsx: 'automatic',
    loader: { '.svg': 'file', '.webp': 'file' }, // as build.mjs, for tests that import components
    sourcemap: 'inline', // with --enable-source-maps, failures point at the .ts lines
    logLevel: 'warning',
  });
  const outputs = tests.map((path) => join(outdir, path.slice('src/'.length).replace(/\.tsx?$/, '.mjs')));
  const run = spawnSync(process.execPath, ['--enable-source-maps', '--test', ...outputs], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1; // killed by a signal counts as a failure
} catch {
  process.exitCode = 1; // esbuild has already printed the error
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
