// Bundles the app with esbuild and writes index.html pointing at the hashed files.
//   node build.mjs --outdir DIR           one production build (called by build.rs)
//   node build.mjs --outdir DIR --watch   rebuild on every change (make dev)
import * as esbuild from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const { values: args } = parseArgs({
  options: { outdir: { type: 'string' }, watch: { type: 'boolean', default: false } },
});
if (!args.outdir) {
  console.error('usage: node build.mjs --outdir DIR [--watch]');
  process.exit(2);
}
const outdir = args.outdir;
const staticDir = join(outdir, 'static');

// index.html carries the app's CSS and names the entry script by its hashed name, read
// from the metafile after each build.
const writeIndexHtml = {
  name: 'index-html',
  setup(build) {
    build.onStart(() => rm(staticDir, { recursive: true, force: true }));
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const [file, output] = Object.entries(result.metafile.outputs).find(
        ([, o]) => o.entryPoint === 'src/main.tsx',
      );
      const url = (path) => '/' + relative(outdir, path).split('\\').join('/');
      // esbuild writes one stylesheet per chunk and loads none of a lazy chunk's; they
      // are joined into one (the entry's first), so that every screen's CSS is there from
      // the first visit. CSS modules keep them scoped.
      const app = reachable(result.metafile, file);
      const stylesheets = Object.keys(result.metafile.outputs)
        .filter((path) => path.endsWith('.css') && !buildOnlyStylesheets(result.metafile).includes(path))
        .sort((a, b) => (a === output.cssBundle ? -1 : b === output.cssBundle ? 1 : a.localeCompare(b)));
      const css = await joinStylesheets(stylesheets, result.metafile);
      const adminCss = await buildBackOfficeCss();
      // The CSS goes into the page itself: the first paint (the bar drawn by index.html)
      // then waits for no second request, and a first visit makes one request fewer.
      // `style-src` allows inline styles already (src/headers.rs).
      const tags = [
        `<style>${css.replaceAll('</', '<\\/')}</style>`,
        `<meta name="market-admin-css" content="${url(adminCss)}">`,
        // The app's modules, for the entry to fetch once the first screen has painted
        // (src/main.tsx): not <link rel="modulepreload">, which would fetch them beside
        // the page's pictures and hold the first paint behind them.
        `<script type="application/json" id="app-modules">${JSON.stringify([...startup(result.metafile, file)].filter((path) => path !== file).map(url))}</script>`,
        `<script type="module" src="${url(file)}"></script>`,
      ];
      const template = await readFile('index.html', 'utf8');
      await writeFile(join(outdir, 'index.html'), template.replace('<!-- app -->', tags.join('\n    ')));
      await writeFile(join(outdir, 'modules.json'), JSON.stringify(pageModules(result.metafile, file, url)));
      await bundleServer(result.metafile);
      await writeFile(join(outdir, 'screens.json'), JSON.stringify(await prerendered(result.metafile, app)));
      const written = [...Object.keys(result.metafile.outputs).filter((path) => !path.endsWith('.css') && app.has(path)), adminCss];
      // index.html is a template the server fills in for each address (src/storefront/).
      if (production) await precompress(written);
      if (args.watch) console.log(`[${new Date().toLocaleTimeString()}] rebuilt ${url(file)}`);
    });
  },
};

const PRERENDER = 'src/prerender.tsx';
const SERVER = 'src/server.tsx';

// The first screens' markup (src/prerender.tsx), made by running the build's own
// prerender entry under Node; then every file only it needs (react-dom/server...) is
// removed, so none of it ships.
async function prerendered(metafile, app) {
  const [entry] = prerenderEntry(metafile);
  staticImports();
  const { prerender } = await import(`${pathToFileURL(resolve(entry)).href}?${Date.now()}`);
  const screens = await prerender();
  const unused = Object.keys(metafile.outputs).filter(
    (path) => !app.has(path) && (!path.endsWith('.css') || buildOnlyStylesheets(metafile).includes(path)),
  );
  await Promise.all(unused.map((path) => rm(path, { force: true })));
  return screens;
}

// The build's scripts import each other at /static/... (publicPath): under Node those
// addresses are files in staticDir.
let registered = false;
function staticImports() {
  if (registered) return;
  registered = true;
  const base = pathToFileURL(resolve(staticDir)).href;
  const hook = `export function resolve(specifier, context, next) {
    return next(specifier.startsWith('/static/') ? ${JSON.stringify(base)} + specifier.slice(7) : specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

const entryOf = (metafile, entryPoint) => Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entryPoint);
const prerenderEntry = (metafile) => entryOf(metafile, PRERENDER);
// The stylesheets of the entries that never reach a browser: their CSS is the app's.
const buildOnlyStylesheets = (metafile) => [PRERENDER, SERVER].map((entry) => entryOf(metafile, entry)[1].cssBundle);

// The server's renderer (src/server.tsx, run by QuickJS inside the binary,
// src/storefront/render.rs): the build's own output of that entry, so its CSS module
// class names and pictures' addresses are the app's, made into one classic script (no
// modules to load) at server.js, beside index.html rather than under static/: it is
// never served, after the shims of src/server/globals.ts. Its split files are removed
// with the prerender's.
async function bundleServer(metafile) {
  const [entry] = entryOf(metafile, SERVER);
  // What QuickJS lacks of a browser, first: the router's module code asks for URL as
  // it loads, before any of the entry's own code runs.
  const shims = await esbuild.build({
    entryPoints: ['src/server/globals.ts'],
    bundle: true,
    format: 'iife',
    target: ['es2022'],
    minify: production,
    write: false,
    logLevel: 'warning',
  });
  await esbuild.build({
    banner: { js: shims.outputFiles[0].text },
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: ['es2022'],
    minify: production,
    outfile: join(outdir, 'server.js'),
    legalComments: 'none',
    logLevel: 'warning',
    // The router's development-only `import.meta.hot`, which a classic script reads as
    // absent, as it is.
    logOverride: { 'empty-import-meta': 'silent' },
    plugins: [
      {
        name: 'static-files',
        setup(build) {
          build.onResolve({ filter: /^\/static\// }, (args) => ({ path: resolve(staticDir, args.path.slice('/static/'.length)) }));
        },
      },
    ],
  });
}

// Every script file the app may load: the entry's imports, static and dynamic, transitively.
function reachable(metafile, path, into = new Set()) {
  if (into.has(path)) return into;
  into.add(path);
  for (const i of metafile.outputs[path]?.imports ?? []) reachable(metafile, i.path, into);
  return into;
}

// `path` and every script file it imports, statically, transitively.
function imported(metafile, path, into = new Set()) {
  if (into.has(path)) return into;
  into.add(path);
  for (const i of metafile.outputs[path]?.imports ?? []) if (i.kind === 'import-statement') imported(metafile, i.path, into);
  return into;
}

// What a first visit runs: the entry, the app it starts once the page has painted (its
// dynamic import, src/app/start.tsx), and everything those import; index.html lists
// them, so the entry fetches all of them at once.
function startup(metafile, entry) {
  const files = imported(metafile, entry);
  for (const i of metafile.outputs[entry].imports) if (i.kind === 'dynamic-import') imported(metafile, i.path, files);
  return files;
}

// Each lazily loaded page (src/pages/<Name>.tsx) and the script files it needs beyond
// those of the startup, for the server to list on that page's addresses, so the entry
// fetches them with the app's instead of after it.
function pageModules(metafile, entry, url) {
  const loaded = startup(metafile, entry);
  const modules = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    const page = /^src\/pages\/(\w+)\.tsx$/.exec(output.entryPoint ?? '');
    if (!page) continue;
    modules[page[1]] = [...imported(metafile, path)].filter((p) => !loaded.has(p)).map(url);
  }
  return modules;
}

// The stylesheets' text, in order; the files esbuild wrote are removed. A lazy chunk's
// stylesheet repeats the CSS of every module it shares with the entry (the button's, the
// card's...): one made of nothing but sources already joined is left out, which took the
// app's CSS from 180 kB to 40 kB.
async function joinStylesheets(paths, metafile) {
  const joined = new Set();
  const kept = paths.filter((path) => {
    const sources = Object.keys(metafile.outputs[path].inputs);
    const repeats = sources.every((source) => joined.has(source));
    for (const source of sources) joined.add(source);
    return !repeats;
  });
  const css = (await Promise.all(kept.map((path) => readFile(path, 'utf8')))).join('\n');
  await Promise.all(paths.map((path) => rm(path)));
  return css;
}

// The back office's stylesheet (src/features/admin/styles/), bundled on its own into
// static/admin-<hash>.css: its screens are lazy chunks no shopper loads, and their CSS
// would otherwise be joined into every page (esbuild folds a lazy chunk's CSS modules
// into the entry's stylesheet). Answers the file's path.
async function buildBackOfficeCss() {
  const result = await esbuild.build({
    entryPoints: ['src/features/admin/styles/index.css'],
    bundle: true,
    minify: production,
    outdir: staticDir,
    entryNames: 'admin-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.outputs).find((path) => path.endsWith('.css'));
}

// Beside every text file, its .gz and .br at the highest levels: the server sends
// these bytes as they are instead of compressing on every request (src/spa.rs).
async function precompress(paths) {
  const text = paths.filter((path) => /\.(html|js|css|svg|json)$/.test(path));
  for (const path of text) {
    const bytes = await readFile(path);
    await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    await writeFile(`${path}.br`, brotliCompressSync(bytes, { params }));
  }
}

const production = !args.watch;
await mkdir(outdir, { recursive: true });
const options = {
  entryPoints: ['src/main.tsx', PRERENDER, SERVER],
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022'],
  minify: production,
  sourcemap: production ? false : 'inline',
  jsx: 'automatic',
  outdir: staticDir,
  publicPath: '/static',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.svg': 'file', '.webp': 'file' },
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [writeIndexHtml],
};

if (args.watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log(`esbuild is watching web/src and writing to ${outdir}`);
} else {
  await esbuild.build(options);
  // The prerender's React leaves a MessageChannel open, which would keep Node running.
  process.exit(0);
}
