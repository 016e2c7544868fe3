import { readdirSync } from 'node:fs';

/** Every kit tag, from the element files. */
export const elementTags = readdirSync(new URL('../elements', import.meta.url))
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -3));
