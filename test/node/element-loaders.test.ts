import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

// The loaders module imports element code (browser only), so its source is read as text here.
const loaderSource = readFileSync('src/autoload/element-loaders.ts', 'utf8');
const elementTags = readdirSync('elements')
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -3))
  .sort();

test('the autoloader knows every element in elements/', () => {
  const listed = [...loaderSource.matchAll(/'([a-z-]+)': \(\) => import\('\.\.\/\.\.\/elements\/classes\/([a-z-]+)'\)\.then\(define\)/g)];
  for (const [, tag, file] of listed) assert.equal(tag, file, `<${tag}> loads elements/classes/${file}.ts and registers it`);
  assert.deepEqual(listed.map(([, tag]) => tag).sort(), elementTags);
});

test('the all-in-one entry registers every element in elements/', () => {
  const index = readFileSync('elements/index.ts', 'utf8');
  const exported = [...index.matchAll(/from '\.\/([a-z-]+)'/g)].map(([, file]) => file).sort();
  assert.deepEqual(exported, elementTags);
});
