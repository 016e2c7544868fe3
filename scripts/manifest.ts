// Writes dist/custom-elements.json and dist/types/jsx.d.ts (see custom-elements-manifest.ts). Run by `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { collectElements, toJsxTypes, toManifest } from './custom-elements-manifest';

const elements = collectElements();
mkdirSync('dist/types', { recursive: true });
writeFileSync('dist/custom-elements.json', `${JSON.stringify(toManifest(elements), null, 2)}\n`);
writeFileSync('dist/types/jsx.d.ts', toJsxTypes(elements));
console.log(`custom-elements.json: ${elements.length} elements`);
