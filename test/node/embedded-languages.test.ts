import { describe, it } from 'node:test';
import type { ApiResult } from '../../src/core/search/app-search-api';
import assert from 'node:assert/strict';
import { createEmbeddedBackend, type EmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { analyzerFor, checkedLanguage } from '../../packages/civic-search/src/search/embedded/languages';
import { buildSuggestionIndex } from '../../packages/civic-search/src/search/embedded/suggestions';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { ENGINE, FIXTURE_DOCUMENTS, resultIds, temporaryDataDir } from './embedded-fixtures';

function doc(id: string, title: string, body = ''): SiteDocument {
  return {
    id,
    title,
    summary: '',
    body,
    url: `/${id}`,
    document_type: 'Page',
    published_date: '2026-01-01',
    topic: 'Council and democracy',
    subtopic: '',
    subsite: '',
  };
}

/** Bilingual pages of a council in Aotearoa and one in Wales. */
const PAGES: readonly SiteDocument[] = [
  doc('wards', 'Māori wards', 'Te reo Māori is an official language. The council has two Māori wards.'),
  doc('river', 'Whānganui River', 'Te Awa Tupua: the river is a legal person. Kayak hire on the Whanganui.'),
  doc('leader', 'Kai-hautū o te kaunihera', 'Ko te kai-hautū te kaiārahi o ngā kaimahi. Ko tō kaunihera tēnei.'),
  doc('tax', "Talu'r dreth gyngor", "Sut i dalu'r dreth ar-lein. Gallwch dalu drwy ddebyd uniongyrchol."),
  doc('consent', 'Building consent', 'Apply to the council before you build.'),
];

async function backendIn(language: string | null | undefined, documents = PAGES): Promise<EmbeddedBackend> {
  const backend = createEmbeddedBackend({
    engines: { [ENGINE]: { documents: () => documents, language } },
    dataDir: await temporaryDataDir(),
  });
  await backend.ready();
  return backend;
}

const snippetOf = (result: ApiResult, field: string) => String((result[field] as { snippet?: string }).snippet);
const ids = async (backend: EmbeddedBackend, query: string) => resultIds(await backend.search(ENGINE, { query }));
const suggestions = async (backend: EmbeddedBackend, query: string, fields: ('title' | 'body')[] = ['title']) =>
  (await backend.suggest(ENGINE, { query, size: 10, types: { documents: { fields } } })).results.documents.map((entry) => entry.suggestion);

describe('embedded engine languages', () => {
  it('knows en, mi, cy, ga, gd and null (universal), and refuses any other code at creation, naming the known ones', async () => {
    for (const code of ['en', 'mi', 'cy', 'ga', 'gd', null]) assert.equal(checkedLanguage(code), code);
    assert.equal(checkedLanguage(undefined), 'en', 'English unless told');
    const documents = () => PAGES;
    assert.throws(
      () => createEmbeddedBackend({ engines: { [ENGINE]: { documents, language: 'fr' } } }),
      /engine "site" language: "fr" is not a language the embedded engine knows; use one of en, mi, cy, ga, gd, or null/,
    );
    assert.throws(() => createEmbeddedBackend({ engines: { [ENGINE]: documents }, language: 'EN' }), /"EN" is not a language/);
    const backend = createEmbeddedBackend({ engines: { [ENGINE]: documents, other: { documents, language: null } }, language: 'mi' });
    assert.equal(backend.languageOf(ENGINE), 'mi', 'the backend-wide default');
    assert.equal(backend.languageOf('other'), null, 'an engine’s own language');
    await backend.close();
  });

  for (const language of ['en', 'mi', 'cy', null]) {
    it(`folds macrons and diacritics on both sides (${language ?? 'universal'})`, async () => {
      const backend = await backendIn(language);
      assert.deepEqual(await ids(backend, 'Maori'), ['wards']);
      assert.deepEqual(await ids(backend, 'MĀORI'), ['wards']);
      assert.deepEqual(await ids(backend, 'Whanganui'), ['river'], '"Whanganui" finds "Whānganui"');
      assert.deepEqual(await ids(backend, 'whānganui river'), ['river']);
      // The body's "Whanganui" is found by "Whānganui" too: one document either way, its title first.
      const byMacron = await backend.search(ENGINE, { query: 'Whānganui', result_fields: { body: { snippet: { size: 200 } } } });
      assert.match(snippetOf(byMacron.results[0], 'body'), /on the <em>Whanganui<\/em>\./, 'the text keeps its own spelling');
      await backend.close();
    });
  }

  it('English keeps its stop words and stems; te reo Māori has neither', async () => {
    const english = await backendIn('en');
    const maori = await backendIn('mi');
    assert.deepEqual(await ids(english, 'applying'), ['consent'], 'English stems: "applying" finds "Apply"');
    assert.deepEqual(await ids(maori, 'applying'), [], 'no English stems for te reo');
    assert.equal((await english.search(ENGINE, { query: 'to' })).meta.page.total_results, PAGES.length, '"to" is an English stop word');
    assert.deepEqual((await ids(maori, 'to')).sort(), ['consent', 'leader'], '"tō" is a word of te reo Māori, not a stop word');
    await english.close();
    await maori.close();
  });

  it('finds a hyphenated word by its parts, joined, or hyphenated, and marks it as written', async () => {
    const backend = await backendIn('mi');
    for (const query of ['kai-hautū', 'Kai-hautu', 'kaihautū', 'hautū', 'kai hautu']) {
      assert.equal((await ids(backend, query))[0], 'leader', query);
    }
    const snippetFor = async (query: string) =>
      snippetOf((await backend.search(ENGINE, { query, result_fields: { title: { snippet: {} } } })).results[0], 'title');
    assert.equal(await snippetFor('kaihautu'), '<em>Kai-hautū</em> o te kaunihera', 'the joined word, whole');
    assert.equal(await snippetFor('hautu'), 'Kai-<em>hautū</em> o te kaunihera', 'a part, alone');
    await backend.close();
  });

  it('reads Welsh words with an apostrophe: "talu\'r" is found by "talu", "talu\'r" and "talur"', async () => {
    const backend = await backendIn('cy');
    for (const query of ['talu', "talu'r", 'talu’r', 'talur', "Talu'r dreth"]) assert.equal((await ids(backend, query))[0], 'tax', query);
    await backend.close();
  });

  it('rebuilds the saved index when the engine’s language changes', async () => {
    const dataDir = await temporaryDataDir();
    const start = async (language: string) => {
      const backend = createEmbeddedBackend({ engines: { [ENGINE]: { documents: () => FIXTURE_DOCUMENTS, language } }, dataDir });
      const status = await backend.indexStatus(ENGINE);
      await backend.close();
      return status.source;
    };
    assert.equal(await start('en'), 'built');
    assert.equal(await start('en'), 'loaded');
    assert.equal(await start('mi'), 'built', 'an English index is not a Māori one');
    assert.equal(await start('mi'), 'loaded');
  });
});

describe('suggestions as the content spells them', () => {
  for (const language of ['en', 'mi'] as const) {
    it(`keeps macrons, whatever was typed (${language})`, async () => {
      const backend = await backendIn(language);
      assert.deepEqual((await suggestions(backend, 'mao')).slice(0, 2), ['māori', 'māori wards']);
      assert.deepEqual(await suggestions(backend, 'whan'), ['whānganui', 'whānganui river']);
      assert.deepEqual(await suggestions(backend, 'Whanganui '), ['whānganui river'], 'earlier words spelled as the titles spell them');
      assert.equal((await suggestions(backend, 'maori w'))[0], 'māori wards');
      await backend.close();
    });
  }

  it('offers a hyphenated or apostrophe word whole, as written', async () => {
    const maori = await backendIn('mi');
    assert.deepEqual((await suggestions(maori, 'kai'))[0], 'kai-hautū');
    await maori.close();
    const welsh = await backendIn('cy');
    assert.deepEqual(await suggestions(welsh, 'tal'), ["talu'r", "talu'r dreth"]);
    await welsh.close();
  });

  it('offers words as written, one form per stem: the form used most', () => {
    const titles = [
      'Rates rebates',
      'Pay your rates',
      'Rates arrears',
      'Rating valuations',
      'Rat trapping',
      'Council’s plans',
      "Don't burn rubbish",
    ];
    const index = buildSuggestionIndex(titles);
    const offered = index.suggest('ra', { size: 20 });
    const written = new Set(titles.flatMap((title) => title.toLowerCase().split(/[^\p{L}'’]+/u)));
    for (const suggestion of offered)
      for (const word of suggestion.split(' ')) assert.ok(written.has(word), `"${word}" (in "${suggestion}") is written in a title`);
    assert.ok(offered.includes('rates') && !offered.includes('rating'), '"rating" searches as "rates" does: offered once, as "rates"');
    assert.deepEqual(index.suggest('ratin'), ['rating', 'rating valuations'], 'the form that begins with what was typed');
    assert.deepEqual(index.suggest('coun'), ['council', 'council plans'], 'no possessive');
    assert.deepEqual(index.suggest('do'), ["don't", "don't burn"], 'an apostrophe kept');
  });

  it('offers the same in every language: no stems, only words of the texts', () => {
    const titles = ['Ngā kaupapa Māori', 'Kaupapa here', 'Te kaupapa'];
    const index = buildSuggestionIndex(titles, analyzerFor('mi'));
    assert.deepEqual(index.suggest('kau'), ['kaupapa', 'kaupapa here', 'kaupapa māori']);
    assert.deepEqual(index.suggest('ng'), ['ngā', 'ngā kaupapa']);
    assert.deepEqual(index.suggest('nga'), ['ngā kaupapa'], 'the word typed is not offered back, macron or not');
  });
});
