// How the service's code is bundled for publishing, shared by build.mjs and the tests that bundle it as the
// package does: ES modules for Node 20, shared chunks, every dependency npm installs with the service left as an
// import, and what the service uses of `civic-elements/core` built in from the kit's TypeScript sources (their
// `source` export), so a server installs no civic-elements and no React.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** Each dependency and its subpaths: what stays an import. Anything else imported (the kit's core) is bundled. */
export const external = Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]);

export const bundleOptions = Object.freeze({
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  conditions: ['source'],
});
