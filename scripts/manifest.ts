// Writes dist/custom-elements.json, dist/types/jsx.d.ts (see custom-elements-manifest.ts) and dist/jsx.js, the module a
// bundler resolves for `import 'civic-elements/jsx'` (the typings are all it is for). Run by `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { collectElements, toJsxTypes, toManifest } from './custom-elements-manifest';

const elements = collectElements();
mkdirSync('dist/types', { recursive: true });
writeFileSync('dist/custom-elements.json', `${JSON.stringify(toManifest(elements), null, 2)}\n`);
writeFileSync('dist/types/jsx.d.ts', toJsxTypes(elements));
writeFileSync(
  'dist/jsx.js',
  "// The JSX typings of the kit's tags are in types/jsx.d.ts: this module is empty, so bundlers resolve the import.\nexport {};\n",
);
console.log(`custom-elements.json: ${elements.length} elements`);
