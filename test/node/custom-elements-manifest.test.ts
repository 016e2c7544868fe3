import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { collectElements, forReaders, toJsxTypes, toManifest } from '../../scripts/custom-elements-manifest';
import { docFiltersMessages, listingFiltersMessages } from '../../src/components/filters/messages';
import { siteSearchMessages } from '../../src/components/site-search/messages';
import { multiStepFormMessages } from '../../src/components/multi-step-form/MultiStepForm';

const elements = collectElements();
const elementFiles = readdirSync('elements/classes').filter((file) => file.endsWith('.ts') && file !== 'index.ts');

/** The class declaration of each element in the manifest, with the module that declares it. */
const classDeclarations = (manifest: ReturnType<typeof toManifest>) =>
  manifest.modules.flatMap((module) =>
    module.declarations.flatMap((declaration) => ('tagName' in declaration ? [{ module, declaration }] : [])),
  );

test('the manifest lists every element with its tag and class at the published paths', () => {
  const manifest = toManifest(elements);
  assert.equal(manifest.schemaVersion, '2.1.0');
  const classes = classDeclarations(manifest);
  assert.equal(classes.length, elementFiles.length);
  for (const { module, declaration } of classes) {
    const tag = declaration.tagName;
    // The class module declares the class and define(), and registers nothing.
    assert.equal(module.path, `dist/classes/${tag}.js`);
    assert.ok(declaration.description.length > 20, `<${tag}> is described`);
    assert.deepEqual(
      module.exports.map((entry) => [entry.kind, entry.name]),
      [
        ['js', declaration.name],
        ['js', 'define'],
      ],
    );
    // The element's entry registers it: the definition names the class in the class module.
    const entry = manifest.modules.find((candidate) => candidate.path === `dist/elements/${tag}.js`);
    assert.ok(entry, `<${tag}> has its entry`);
    const definition = entry.exports.find((exported) => exported.kind === 'custom-element-definition');
    assert.deepEqual(definition, {
      kind: 'custom-element-definition',
      name: tag,
      declaration: { name: declaration.name, module: module.path },
    });
  }
});

test('descriptions carry no citations of the spec or issues, and README links are relative to the package root', () => {
  const text = JSON.stringify(toManifest(elements));
  assert.doesNotMatch(text, /spec points?|\bpoints? \d|\bissue #?\d/i);
  assert.equal(
    forReaders('Tables wrapped for scroll (spec point 2), as a region.', 'src/components/x', 'test'),
    'Tables wrapped for scroll, as a region.',
  );
  assert.equal(forReaders('"Search" (spec points 3, 4 and 8): the page.', 'src/components/x', 'test'), '"Search": the page.');
  assert.equal(forReaders('A toggle (spec point 2, content pages).', 'src/components/x', 'test'), 'A toggle (content pages).');
  assert.equal(forReaders('Back (spec point 2: *stepwise*; point 9: 50 px).', 'src/components/x', 'test'), 'Back (*stepwise*; 50 px).');
  assert.equal(forReaders('The announcement of spec points 2 and 4: visible.', 'src/components/x', 'test'), 'The announcement: visible.');
  assert.equal(
    forReaders(
      'As [`<mega-menu>`](../mega-menu/README.md) and [MDN](https://developer.mozilla.org/).',
      'src/components/mobile-nav',
      'test',
    ),
    'As [`<mega-menu>`](src/components/mega-menu/README.md) and [MDN](https://developer.mozilla.org/).',
  );
  assert.throws(() => forReaders('Fixed in issue 12.', 'src/components/x', '<x-y> description'), /<x-y> description: "issue 12"/);
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

test('CSS custom properties are the theme properties each element reads, with the theme defaults', () => {
  const share = elements.find((element) => element.tag === 'share-panel')!;
  const names = share.cssProperties.map(({ name }) => name);
  assert.ok(names.includes('--civic-colour') || names.includes('--civic-link'));
  assert.ok(names.every((name) => name.startsWith('--civic-')));
  const focus = elements.find((element) => element.tag === 'data-table')!.cssProperties.find(({ name }) => name === '--civic-focus');
  assert.equal(focus?.default, '#ffdd00');
});

test('i18n keys are the English defaults the component passes to useMessages', () => {
  const accordion = elements.find((element) => element.tag === 'accordion-group')!;
  assert.deepEqual(accordion.i18n, [
    { key: 'showAll', default: 'Show all sections' },
    { key: 'hideAll', default: 'Hide all sections' },
  ]);
  assert.match(accordion.attributes.find(({ name }) => name === 'i18n')?.description ?? '', /overriding any of the English strings/);
  // JSDoc of a key becomes its description.
  const video = elements.find((element) => element.tag === 'video-thumbnail')!;
  assert.deepEqual(video.i18n[0], { key: 'play', default: 'Play video: {title}', description: "The thumbnail button's accessible name." });
  // An element without strings says so on its i18n attribute.
  const jumpToTop = elements.find((element) => element.tag === 'jump-to-top')!;
  assert.deepEqual(jumpToTop.i18n, []);
  assert.match(jumpToTop.attributes.find(({ name }) => name === 'i18n')?.description ?? '', /no strings of its own/);
});

test('i18n keys follow spreads across files, overrides and constants, as the objects hold them at run time', () => {
  const cases = [
    ['doc-filters', docFiltersMessages], // a local spread overridden in place, then an imported one
    ['listing-filters', listingFiltersMessages],
    ['site-search', siteSearchMessages], // the search core's strings, imported
    ['multi-step-form', multiStepFormMessages], // a constant (STEP_BUTTON_LABEL) and an imported spread
  ] as const;
  for (const [tag, messages] of cases) {
    const element = elements.find((candidate) => candidate.tag === tag)!;
    assert.deepEqual(
      element.i18n.map(({ key, default: text }) => [key, text]),
      Object.entries(messages),
      `<${tag}>`,
    );
  }
});

test("the demo is the README's first html example of the tag", () => {
  const accordion = elements.find((element) => element.tag === 'accordion-group')!;
  assert.match(accordion.demo ?? '', /^<accordion-group>\n[\s\S]*<\/accordion-group>$/);
  // Two elements share the filters README: each gets its own example.
  assert.match(elements.find((element) => element.tag === 'listing-filters')!.demo ?? '', /^<listing-filters>/);
  assert.match(elements.find((element) => element.tag === 'doc-filters')!.demo ?? '', /<doc-filters /);
  const manifest = toManifest(elements);
  const { declaration } = classDeclarations(manifest).find(({ declaration }) => declaration.tagName === 'accordion-group')!;
  assert.equal(declaration.demo, accordion.demo);
  assert.deepEqual(declaration.i18n, accordion.i18n);
});

test("events declared in another element's component file of a shared folder are not listed", () => {
  const docFilters = elements.find((element) => element.tag === 'doc-filters')!;
  const listingFilters = elements.find((element) => element.tag === 'listing-filters')!;
  assert.ok(docFilters.events.length > 0 && docFilters.events.every(({ name }) => name.startsWith('doc-filters-')));
  assert.ok(listingFilters.events.length > 0 && listingFilters.events.every(({ name }) => name.startsWith('listing-filters-')));
});

test("attributes without JSDoc are described from the README's attribute table", () => {
  const banner = elements.find((element) => element.tag === 'announcement-banner')!;
  assert.match(banner.attributes.find(({ name }) => name === 'data-timestamp')?.description ?? '', /^Identifies this announcement/);
  // A table shared by two elements: rows for <doc-filters>, one row naming two attributes.
  const docFilters = elements.find((element) => element.tag === 'doc-filters')!;
  assert.match(docFilters.attributes.find(({ name }) => name === 'date-max')?.description ?? '', /earliest and latest dates/);
});

test('JSX typings declare every tag for React apps', () => {
  const jsx = toJsxTypes(elements);
  for (const element of elements) assert.match(jsx, new RegExp(`'${element.tag}': CivicElementProps<`));
});
