// Gives every relative module specifier in dist/types an explicit `.js` file (or `/index.js` for a folder), as
// Node's own module rules require: a consumer project on `moduleResolution: node16/nodenext` would otherwise not
// resolve the kit's types at all. Bundler resolution accepts both forms. The source keeps extensionless imports
// (the repository resolves as a bundler); tsc copies them as written, so the build rewrites them here.
// Run by `npm run build` after tsc, for the kit's types and (given its folder) the service's.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const TYPES = process.argv[2] ?? 'dist/types';

/** Every .d.ts file under a folder. */
function declarationFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The specifier with its file made explicit, or unchanged when it already names a file or names nothing here. */
export function withExtension(specifier, fromFile) {
  if (!specifier.startsWith('.') || /\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  const target = resolve(dirname(fromFile), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  return specifier;
}

// `from '…'`, `import '…'`, `import("…")` and `declare module '…'` (an augmentation names its module the same way).
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*|\bdeclare module\s+)(['"])(\.[^'"]*)\2/g;

let rewritten = 0;
for (const file of declarationFiles(TYPES)) {
  const source = readFileSync(file, 'utf8');
  const output = source.replace(SPECIFIER, (match, keyword, quote, specifier) => {
    const explicit = withExtension(specifier, file);
    if (explicit === specifier) return match;
    rewritten++;
    return `${keyword}${quote}${explicit}${quote}`;
  });
  if (output !== source) writeFileSync(file, output);
}
console.log(`declarations: ${rewritten} relative imports given explicit .js files`);
