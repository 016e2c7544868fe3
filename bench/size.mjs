#!/usr/bin/env node
// `npm run size`: both builds of the kit side by side (React in dist/, lean in dist/lean/, Preact inside). Each
// entry's minified and gzipped size, alone and with the chunks it imports (what a page pays to load it); then the
// JavaScript each example page loads, measured in Chromium (bench/page-weights.ts); then the search core. Run
// `npm run build` first. `--entries-only` skips the pages (npm run bench measures them in its pages section).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { KIT_BUILDS } from '../scripts/kit-builds.mjs';

const BUILDS = [
  { name: 'React', dir: KIT_BUILDS.react },
  { name: 'lean', dir: KIT_BUILDS.lean },
];
for (const { dir } of BUILDS) {
  if (!existsSync(join(dir, 'civic-elements.js'))) {
    console.error(`No build found in ${dir}/: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The file and every chunk it imports statically, transitively. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
    if (match[1].startsWith('.')) closure(join(dirname(file), match[1]), seen);
  }
  return seen;
}

/** An entry's own gzipped size, and with every chunk it imports (each file gzipped on its own, as it is fetched). */
function entrySize(dir, entry) {
  const file = join(dir, entry);
  const all = [...closure(file)].map((path) => readFileSync(path));
  return {
    gz: gzip(readFileSync(file)),
    totalMin: all.reduce((sum, buffer) => sum + buffer.length, 0),
    totalGz: all.reduce((sum, buffer) => sum + gzip(buffer), 0),
  };
}

/** Prints a table, the first column left-aligned and the others right-aligned. */
function printTable(header, rows) {
  const table = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const [index, row] of table.entries()) {
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

const entries = [
  'civic-elements.js',
  'autoload.js',
  // Each element's class module: what the autoloader imports (and registers) when the element is needed.
  ...readdirSync(join(KIT_BUILDS.react, 'classes'))
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => `classes/${file}`),
];
const header = ['entry', ...BUILDS.flatMap(({ name }) => [`${name}: gzipped`, `${name}: with imports, minified`, `${name}: with imports, gzipped`])];
const rows = entries.map((entry) => [
  entry,
  ...BUILDS.flatMap(({ dir }) => {
    const size = entrySize(dir, entry);
    return [kb(size.gz), kb(size.totalMin), kb(size.totalGz)];
  }),
]);
/** The renderer chunk of a build: React with r2wc, or Preact's React-compatible runtime with r2wc. */
const rendererChunk = (dir) => readdirSync(join(dir, 'chunks')).find((file) => /^(react|preact)-[\w-]+\.js$/.test(file));
rows.push([
  'the renderer chunk (in every entry above)',
  ...BUILDS.flatMap(({ dir }) => {
    const code = readFileSync(join(dir, 'chunks', rendererChunk(dir)));
    return [kb(gzip(code)), kb(code.length), kb(gzip(code))];
  }),
]);
rows.push([
  'civic-elements.css',
  ...BUILDS.flatMap(({ dir }) => {
    const css = readFileSync(join(dir, 'civic-elements.css'));
    return [kb(gzip(css)), kb(css.length), kb(gzip(css))];
  }),
]);
printTable(header, rows);
console.log('\n"with imports" is each entry plus the shared chunks it loads (the renderer included), each file gzipped on its own.');
// A page that imports an element's own entry (elements/<tag>.js) pays its class module plus the few lines that
// register it: measured here rather than assumed.
const entryOverhead = BUILDS.map(({ name, dir }) => {
  const tags = readdirSync(join(dir, 'classes')).filter((file) => file.endsWith('.js'));
  const extra = tags.map((file) => entrySize(dir, `elements/${file}`).totalGz - entrySize(dir, `classes/${file}`).totalGz);
  return `${name} ${kb(Math.min(...extra))} to ${kb(Math.max(...extra))}`;
});
console.log(`An element's own entry (elements/<tag>.js, for pages that import it directly) adds, gzipped: ${entryOverhead.join('; ')}.`);

if (!process.argv.includes('--entries-only')) {
  // What each page loads depends on what is near the first screen: measured in the browser.
  console.log('\nJavaScript per example page, both builds, measured in Chromium (bench/page-weights.ts):\n');
  const pages = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'bench/page-weights.ts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (pages.status !== 0) {
    console.error(`bench/page-weights.ts failed (exit ${pages.status}).`);
    process.exitCode = 1;
  }
  console.log(pages.stdout.trim());
}

// The search core (src/core/search): bundled on its own with esbuild, as a page's bundler would include it, with
// qs's side-channel swapped for the kit's shim as rollup.config.mjs does. The driver loads its URL-state module
// (and qs with it) only when it keeps the URL, so a page with only the header search box loads the first chunk
// of the split build and never the second.
const { build } = await import('esbuild');
const { sideChannelShim } = await import('../scripts/esbuild-side-channel-shim.mjs');
const SEARCH_ENTRY = 'src/core/search/index.ts';
const searchBuild = (options) =>
  build({
    entryPoints: [SEARCH_ENTRY],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [sideChannelShim],
    ...options,
  });
const outputs = (result) =>
  result.outputFiles.map((file) => ({ name: relative(process.cwd(), file.path), min: file.contents.length, gz: gzip(file.contents) }));
const [whole] = outputs(await searchBuild({ outfile: 'search-core.js' }));
const [withoutQs] = outputs(await searchBuild({ outfile: 'search-core.js', external: ['qs'] }));
const split = outputs(await searchBuild({ outdir: 'search-split', splitting: true, entryNames: '[name]', chunkNames: '[name]' }));
const firstChunk = split.find((file) => file.name.endsWith('index.js'));
const urlChunk = split
  .filter((file) => file !== firstChunk)
  .reduce((sum, file) => ({ min: sum.min + file.min, gz: sum.gz + file.gz }), { min: 0, gz: 0 });
const searchRows = [
  ['search core: driver, URL state, connector, qs included', whole],
  ['search core without qs', withoutQs],
  ['  first chunk: driver and connector (all a header search box loads)', firstChunk],
  ['  chunk loaded when the driver keeps the URL: URL state and qs', urlChunk],
];
console.log('');
printTable(
  ['search core (esbuild, minified)', 'minified', 'gzipped'],
  searchRows.map(([label, size]) => [label, kb(size.min), kb(size.gz)]),
);
console.log('For comparison, Elastic Search UI 1.24 gzipped with its dependencies: core 29 KB, App Search connector 14.8 KB.');
