// The service's declarations name the kit's core as the sources do, `civic-elements/core`; a server installs no
// civic-elements, so each such import is pointed at the kit's declarations tsc wrote beside the service's (the
// build's `paths` send that import to the kit's sources, so tsc emits their declarations under `types/src/core`).
// Fails the build when a declaration still names civic-elements, or when the kit's declarations are missing.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const KIT_CORE = 'civic-elements/core';
/** Where tsc writes the declaration of the kit's core entry, under the service's types folder (rootDir: the repository). */
const KIT_CORE_DECLARATION = join('src', 'core', 'for-servers');

/** Every .d.ts file under a folder. */
function declarationFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return declarationFiles(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A module specifier in a declaration: `from '…'`, `import '…'`, `import("…")`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]*)\2/g;

export function inlineKitTypes(types) {
  const target = join(types, KIT_CORE_DECLARATION);
  if (!existsSync(`${target}.d.ts`))
    throw new Error(`kit types: ${target}.d.ts was not written; is civic-elements/core in the build's paths?`);
  const leftovers = [];
  for (const file of declarationFiles(types)) {
    const source = readFileSync(file, 'utf8');
    const output = source.replace(SPECIFIER, (match, keyword, quote, specifier) => {
      if (specifier !== KIT_CORE) return match;
      const path = relative(dirname(file), target).split(sep).join('/');
      return `${keyword}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (output !== source) writeFileSync(file, output);
    for (const [, , , specifier] of output.matchAll(SPECIFIER)) {
      if (specifier === 'civic-elements' || specifier.startsWith('civic-elements/'))
        leftovers.push(`${relative(types, file)}: ${specifier}`);
    }
  }
  if (leftovers.length > 0)
    throw new Error(`kit types: declarations still import civic-elements, which a server does not install:\n${leftovers.join('\n')}`);
}
