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
