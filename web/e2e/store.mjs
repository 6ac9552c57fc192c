// The store and the browser flags that the browser journeys (harness.mjs) and the quality
// stage (web/quality/run.mjs) share. Importing this file starts nothing by itself.
//   MARKET_BIN           the binary to start (default: target/release/market)
//   MARKET_E2E_WEB_DIR   serve the web app from this folder (node build.mjs --outdir DIR)
//                        instead of the copy inside the binary, to try web changes quickly
//   MARKET_TEST_POSTGRES a PostgreSQL server's database URL: each store gets a new
//                        database of its own there (made with psql) instead of a SQLite file
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium in a container: no sandbox, no GPU, nothing fetched in the background. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts the binary on a free port and a fresh data folder (seeded with a catalog of
 * `products` products first when that is given), with the `market serve` flags
 * `serveArgs` answers (an array, or a promise of one); resolves once it prints its URL.
 * `products` may be a function, asked after the first await: node:test starts a file's
 * `before` hook before the rest of the file has run (and called seedCatalog).
 */
export async function startStore({ products: wanted, staff = () => [], serveArgs = () => [] } = {}) {
  const bin = resolve(process.env.MARKET_BIN ?? join(root, 'target/release/market'));
  const dataDir = await mkdtemp(join(tmpdir(), 'market-e2e-'));
  const products = typeof wanted === 'function' ? wanted() : wanted;
  // The store's own MARKET_* settings from the caller's shell (cookies, address) stay out.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MARKET_')));
  const database = await newDatabase();
  const where = database ? ['--data-dir', dataDir, '--database', database] : ['--data-dir', dataDir];
  if (products !== undefined) await seed(bin, where, products, env);
  for (const account of staff()) await addStaff(bin, where, account, env);
  // Asked last, and awaited: the flags may name a server the caller starts only now.
  const args = ['serve', '--addr', '127.0.0.1:0', ...where, ...(await serveArgs())];
  if (process.env.MARKET_E2E_WEB_DIR) args.push('--web-dir', resolve(process.env.MARKET_E2E_WEB_DIR));
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, MARKET_LOG: 'info' } });
  let log = '';
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${bin} did not say where it is open within 30 s:\n${log}`)), 30_000);
    const read = (chunk) => {
      log = (log + chunk).slice(-200_000);
      const open = /Market is open at (http:\/\/\S+?)\/?\s/.exec(log);
      if (open) {
        clearTimeout(timer);
        resolveUrl(open[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${bin}: ${e.message} (build it with: cargo build --release --locked)`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${bin} exited (${code ?? signal}) before it opened:\n${log}`));
    });
  });
  return {
    url,
    log: () => log,
    /** Runs SQL statements on the store's database, either engine's (see runSql). */
    sql: (statements) => runSql(database ?? join(dataDir, 'market.db'), statements, env),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * On PostgreSQL (`MARKET_TEST_POSTGRES`): a new, empty database on that server, by its
 * URL; the store migrates and seeds it as it would a new file. `undefined` on SQLite.
 */
async function newDatabase() {
  const server = process.env.MARKET_TEST_POSTGRES;
  if (!server) return undefined;
  const name = `market_e2e_${process.pid}_${Date.now()}`;
  await promisify(execFile)('psql', [server, '-qc', `CREATE DATABASE ${name}`]);
  return `${server.slice(0, server.lastIndexOf('/'))}/${name}`;
}

/**
 * Runs `statements` (SQL both engines take) on a store's database while it serves: with
 * psql on PostgreSQL (a URL), with Python's sqlite3 module on a SQLite file (each
 * waits for the store's own writes). For what a journey needs the store to hold that no
 * shopper can make: shipping methods, tax rates, promotion codes.
 */
function runSql(database, statements, env) {
  if (/^postgres(ql)?:/.test(database)) return run('psql', [database, '-v', 'ON_ERROR_STOP=1', '-qc', statements], env);
  const script = [
    'import sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1], timeout=30)',
    'db.executescript(sys.argv[2])',
    'db.close()',
  ].join('\n');
  return run('python3', ['-c', script, database, statements], env);
}

/** `market seed --products N` at `where` (its data folder and database); rejects with its output if it fails. */
const seed = (bin, where, products, env) => run(bin, ['seed', '--products', String(products), ...where], env);

/**
 * `market staff add USERNAME --role ROLE` at `where`, the password on standard input, as
 * an operator makes the store's first owner.
 */
const addStaff = (bin, where, { username, role, password }, env) =>
  run(bin, ['staff', 'add', username, '--role', role, ...where], env, `${password}\n`);

/** Runs the binary with `args` (and `input` on standard input); rejects with its output if it fails. */
function run(bin, args, env, input) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(bin, args, { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env });
    if (input !== undefined) child.stdin.end(input);
    let output = '';
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${bin} ${args[0]}: ${e.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolveRun();
      else reject(new Error(`${bin} ${args.join(' ')} failed (${code ?? signal}):\n${output}`));
    });
  });
}
