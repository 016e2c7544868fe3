// Completes dist/lean/ (the build on Preact's React-compatible runtime, from rollup.config.mjs) with what the main
// build gets after rollup: its Custom Elements Manifest and its types. Run by `npm run build` after
// scripts/manifest.ts and tsc.
// - custom-elements.json: the main manifest with every module path moved under dist/lean/. The elements, their
//   attributes, events and i18n keys are the same on both builds; only where the code is differs.
// - types/: the same tree as dist/types/ for the entries the lean build has, each file re-exporting the main
//   declaration. The public API (tags, classes, events) does not depend on the renderer, so there is one source
//   of truth for it, and a project importing `civic-elements/lean/...` gets the same types as the main entries.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';

const DIST = 'dist';
const LEAN = join(DIST, 'lean');
const TYPES = join(DIST, 'types');

if (!existsSync(join(LEAN, 'civic-elements.js'))) {
  console.error('No lean build in dist/lean/: run rollup first (npm run build).');
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(join(DIST, 'custom-elements.json'), 'utf8'));
const moved = (path) => (typeof path === 'string' && path.startsWith(`${DIST}/`) ? `${LEAN}/${path.slice(DIST.length + 1)}` : path);
/** Every `path` and `module` a manifest holds (modules, exports, references to declarations). */
function movePaths(value) {
  if (Array.isArray(value)) return value.map(movePaths);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'path' || key === 'module' ? moved(item) : movePaths(item)]),
  );
}
writeFileSync(join(LEAN, 'custom-elements.json'), `${JSON.stringify(movePaths(manifest), null, 2)}\n`);

/** The declaration of each lean entry, as a path under dist/types/ (the layout tsc writes from the sources). */
const declarations = [
  'elements/index.d.ts',
  'elements/classes/index.d.ts',
  'src/autoload/index.d.ts',
  ...readdirSync(join(TYPES, 'elements'))
    .filter((file) => file.endsWith('.d.ts') && file !== 'index.d.ts')
    .map((file) => `elements/${file}`),
  ...readdirSync(join(TYPES, 'elements', 'classes'))
    .filter((file) => file.endsWith('.d.ts') && file !== 'index.d.ts')
    .map((file) => `elements/classes/${file}`),
];
for (const declaration of declarations) {
  const target = join(LEAN, 'types', declaration);
  mkdirSync(dirname(target), { recursive: true });
  const main = relative(dirname(target), join(TYPES, declaration)).split('\\').join(posix.sep).replace(/\.d\.ts$/, '.js');
  writeFileSync(target, `// The lean build's API is the main build's: the same elements, events and types.\nexport * from '${main}';\n`);
}
console.log(`dist/lean: custom-elements.json and ${declarations.length} type re-exports`);
