// Bundles the app with esbuild and writes index.html pointing at the hashed files.
//   node build.mjs --outdir DIR           one production build (called by build.rs)
//   node build.mjs --outdir DIR --watch   rebuild on every change (make dev)
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
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
      // esbuild writes one stylesheet per chunk and loads none of a lazy chunk's; their
      // sources are joined into one stylesheet, each once, in esbuild's order (the
      // entry's first). CSS modules keep them scoped.
      const app = reachable(result.metafile, file);
      const stylesheets = Object.keys(result.metafile.outputs)
        .filter((path) => path.endsWith('.css') && !buildOnlyStylesheets(result.metafile).includes(path))
        .sort((a, b) => (a === output.cssBundle ? -1 : b === output.cssBundle ? 1 : a.localeCompare(b)));
      const pieces = await stylesheetPieces(stylesheets, result.metafile);
      const appCss = await writeHashed(join(staticDir, 'app.css'), pieces.map((piece) => piece.css).join(''));
      const adminCss = await buildBackOfficeCss();
      // A page carries, in itself, the CSS of the app's frame and of its own screen
      // (styles.json, filled in by the server where the template says <!-- style -->):
      // the first paint waits for no second request, and the page stays within the
      // first round trip's 14 kB. The whole stylesheet is named for the entry to load
      // before the app starts, so every other screen is styled when it opens.
      const tags = [
        STYLE_MARK,
        `<meta name="market-app-css" content="${url(appCss)}">`,
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
      await writeFile(join(outdir, 'styles.json'), JSON.stringify(pageStyles(result.metafile, pieces)));
      await bundleServer(result.metafile);
      await writeFile(join(outdir, 'prerendered.json'), JSON.stringify(await prerendered(result.metafile, app)));
      const written = [...Object.keys(result.metafile.outputs).filter((path) => !path.endsWith('.css') && app.has(path)), appCss, adminCss];
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

// The stylesheets' sources, each once, in order, as `{ source, css }`: esbuild's metafile
// gives every source's bytes in each stylesheet, one after another. A lazy chunk's
// stylesheet repeats the CSS of every module it shares with the entry (the button's, the
// card's...), which is kept once (the app's CSS went from 180 kB to 40 kB). The files
// esbuild wrote are removed.
async function stylesheetPieces(paths, metafile) {
  const pieces = new Map();
  for (const path of paths) {
    const text = await readFile(path);
    let at = 0;
    for (const [source, { bytesInOutput }] of Object.entries(metafile.outputs[path].inputs)) {
      const css = text.subarray(at, at + bytesInOutput).toString('utf8');
      at += bytesInOutput;
      if (!pieces.has(source)) pieces.set(source, { source, css });
    }
    // Only a newline may follow the last source; anything else means the sums are not
    // where the text is, and a page would carry cut rules.
    if (text.subarray(at).toString('utf8').trim() !== '')
      throw new Error(`${path}: esbuild's metafile does not account for ${text.length - at} bytes of its CSS`);
  }
  await Promise.all(paths.map((path) => rm(path)));
  return [...pieces.values()];
}

// Where index.html takes the page's own CSS (src/storefront/mod.rs).
const STYLE_MARK = '<!-- style -->';

// What each page carries in its <style>, for the server (styles.json): `frame`, the CSS
// of everything the entry and the app it starts import without waiting (the bar, the
// footer, the landing page, the panels and dialogs), for every page; and, by page
// (src/pages/<Name>.tsx), the frame's and the page's together, in the app's order, so
// that the rules cascade as in the whole stylesheet.
function pageStyles(metafile, pieces) {
  const frame = staticSources(metafile, ['src/main.tsx', 'src/app/start.tsx']);
  const text = (sources) => pieces.filter((piece) => sources.has(piece.source)).map((piece) => piece.css).join('').replaceAll('</', '<\\/');
  const pages = {};
  for (const source of Object.keys(metafile.inputs)) {
    const page = /^src\/pages\/(\w+)\.tsx$/.exec(source);
    if (page) pages[page[1]] = text(staticSources(metafile, [source], new Set(frame)));
  }
  return { frame: text(frame), pages };
}

// `roots` and every source they import without a dynamic import(), transitively.
function staticSources(metafile, roots, into = new Set()) {
  const visit = (source) => {
    if (into.has(source) || !metafile.inputs[source]) return;
    into.add(source);
    for (const i of metafile.inputs[source].imports) if (i.kind !== 'dynamic-import') visit(i.path);
  };
  roots.forEach(visit);
  return into;
}

// Writes `text` to `path` with its content's hash in the name (app.css → app-<hash>.css,
// as esbuild names its files) and answers the path written.
async function writeHashed(path, text) {
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 8).toUpperCase();
  const hashed = path.replace(/\.(\w+)$/, `-${hash}.$1`);
  await writeFile(hashed, text);
  return hashed;
}

// The back office's stylesheet (src/admin/styles/), bundled on its own into
// static/admin-<hash>.css: its screens are lazy chunks no shopper loads, and their CSS
// would otherwise be joined into every page (esbuild folds a lazy chunk's CSS modules
// into the entry's stylesheet). Answers the file's path.
async function buildBackOfficeCss() {
  const result = await esbuild.build({
    entryPoints: ['src/admin/styles/index.css'],
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
