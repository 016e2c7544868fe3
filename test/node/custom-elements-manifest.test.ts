import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { collectElements, toJsxTypes, toManifest } from '../../scripts/custom-elements-manifest';

const elements = collectElements();
const elementFiles = readdirSync('elements').filter((file) => file.endsWith('.ts') && file !== 'index.ts');

test('the manifest lists every element with its tag, class and module', () => {
  const manifest = toManifest(elements);
  assert.equal(manifest.schemaVersion, '2.1.0');
  assert.equal(manifest.modules.length, elementFiles.length);
  for (const module of manifest.modules) {
    const [declaration] = module.declarations;
    assert.equal(module.path, `elements/${declaration.tagName}.ts`);
    assert.ok(declaration.description.length > 20, `<${declaration.tagName}> is described`);
    assert.ok(
      module.exports.some((entry) => entry.kind === 'custom-element-definition' && entry.name === declaration.tagName),
      `<${declaration.tagName}> is exported as a definition`,
    );
  }
});

test('attributes come from the schema in kebab case, with their types; every element takes i18n', () => {
  const banner = elements.find((element) => element.tag === 'announcement-banner')!;
  assert.deepEqual(
    banner.attributes.map(({ name, fieldName }) => [name, fieldName]),
    [
      ['data-timestamp', 'dataTimestamp'],
      ['data-expires', 'dataExpires'],
      ['return-focus', 'returnFocus'],
      ['i18n', 'i18n'],
    ],
  );
  const video = elements.find((element) => element.tag === 'video-thumbnail')!;
  assert.equal(video.attributes.find(({ name }) => name === 'api-timeout')?.type, 'number');
  for (const element of elements)
    assert.ok(
      element.attributes.some(({ name }) => name === 'i18n'),
      `<${element.tag}> takes i18n`,
    );
});

test('events come from the component folder with their detail types and descriptions', () => {
  const share = elements.find((element) => element.tag === 'share-panel')!;
  assert.deepEqual(
    share.events.map(({ name }) => name),
    ['share-panel-toggle', 'share-panel-share'],
  );
  assert.equal(share.events[0].type, 'CustomEvent<{ open: boolean }>');
  assert.match(share.events[0].description ?? '', /opened or closed/);
});

test('CSS custom properties are the theme properties each element reads', () => {
  const share = elements.find((element) => element.tag === 'share-panel')!;
  assert.ok(share.cssProperties.includes('--civic-colour') || share.cssProperties.includes('--civic-link'));
  assert.ok(share.cssProperties.every((name) => name.startsWith('--civic-')));
});

test('JSX typings declare every tag for React apps', () => {
  const jsx = toJsxTypes(elements);
  for (const element of elements) assert.match(jsx, new RegExp(`'${element.tag}': CivicElementProps<`));
});
