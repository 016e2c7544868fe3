#!/usr/bin/env node
// `npm run size`: each dist entry's minified and gzipped size, alone and with the chunks it imports
// (what a page pays to load it). Run `npm run build` first.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
if (!existsSync(join(DIST, 'civic-elements.js'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
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

const entries = [
  join(DIST, 'civic-elements.js'),
  ...readdirSync(join(DIST, 'elements'))
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => join(DIST, 'elements', file)),
];

const rows = entries.map((entry) => {
  const own = readFileSync(entry);
  const all = [...closure(entry)].map((file) => readFileSync(file));
  return {
    entry: relative(DIST, entry),
    min: own.length,
    gz: gzip(own),
    totalMin: all.reduce((sum, buffer) => sum + buffer.length, 0),
    // Each file is fetched (and compressed) on its own: what a page transfers is the sum.
    totalGz: all.reduce((sum, buffer) => sum + gzip(buffer), 0),
  };
});

const css = readFileSync(join(DIST, 'civic-elements.css'));
const header = ['entry', 'minified', 'gzipped', 'with imports, minified', 'with imports, gzipped'];
const table = [header, ...rows.map((r) => [r.entry, kb(r.min), kb(r.gz), kb(r.totalMin), kb(r.totalGz)])];
table.push(['civic-elements.css', kb(css.length), kb(gzip(css)), '', '']);
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const [index, row] of table.entries()) {
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
console.log('\n"with imports" is each entry plus the shared chunks it loads (React included), each file gzipped on its own.');

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
const searchHeader = ['search core (esbuild, minified)', 'minified', 'gzipped'];
const searchTable = [searchHeader, ...searchRows.map(([label, size]) => [label, kb(size.min), kb(size.gz)])];
const searchWidths = searchHeader.map((_, i) => Math.max(...searchTable.map((row) => row[i].length)));
console.log('');
for (const [index, row] of searchTable.entries()) {
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(searchWidths[i]) : cell.padStart(searchWidths[i]))).join('  '));
  if (index === 0) console.log(searchWidths.map((w) => '-'.repeat(w)).join('  '));
}
console.log('For comparison, Elastic Search UI 1.24 gzipped with its dependencies: core 29 KB, App Search connector 14.8 KB.');
