// Bundles the app with esbuild and writes index.html pointing at the hashed files.
//   node build.mjs --outdir DIR           one production build (called by build.rs)
//   node build.mjs --outdir DIR --watch   rebuild on every change (make dev)
import * as esbuild from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
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
      const stylesheets = Object.keys(result.metafile.outputs)
        .filter((path) => path.endsWith('.css'))
        .sort((a, b) => (a === output.cssBundle ? -1 : b === output.cssBundle ? 1 : a.localeCompare(b)));
      const css = await joinStylesheets(stylesheets, result.metafile);
      // The CSS goes into the page itself: the first paint (the bar drawn by index.html)
      // then waits for no second request, and a first visit makes one request fewer.
      // `style-src` allows inline styles already (src/headers.rs).
      const tags = [
        `<style>${css.replaceAll('</', '<\\/')}</style>`,
        ...[...startup(result.metafile, file)].filter((path) => path !== file).map((path) => `<link rel="modulepreload" href="${url(path)}">`),
        `<script type="module" src="${url(file)}"></script>`,
      ];
      const template = await readFile('index.html', 'utf8');
      await writeFile(join(outdir, 'index.html'), template.replace('<!-- app -->', tags.join('\n    ')));
      await writeFile(join(outdir, 'modules.json'), JSON.stringify(pageModules(result.metafile, file, url)));
      const written = Object.keys(result.metafile.outputs).filter((path) => !path.endsWith('.css'));
      // index.html is a template the server fills in for each address (src/storefront/).
      if (production) await precompress(written);
      if (args.watch) console.log(`[${new Date().toLocaleTimeString()}] rebuilt ${url(file)}`);
    });
  },
};

// `path` and every script file it imports, statically, transitively.
function imported(metafile, path, into = new Set()) {
  if (into.has(path)) return into;
  into.add(path);
  for (const i of metafile.outputs[path]?.imports ?? []) if (i.kind === 'import-statement') imported(metafile, i.path, into);
  return into;
}

// What a first visit runs: the entry, the app it starts once the page has painted (its
// dynamic import, src/app/start.tsx), and everything those import; index.html names each
// in a <link rel="modulepreload">, so all of it is fetched at once.
function startup(metafile, entry) {
  const files = imported(metafile, entry);
  for (const i of metafile.outputs[entry].imports) if (i.kind === 'dynamic-import') imported(metafile, i.path, files);
  return files;
}

// Each lazily loaded page (src/pages/<Name>.tsx) and the script files it needs beyond
// those of the startup, for the server to name in <link rel="modulepreload"> on that
// page's addresses, so the browser fetches them beside the entry instead of after it.
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
  entryPoints: ['src/main.tsx'],
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
}
