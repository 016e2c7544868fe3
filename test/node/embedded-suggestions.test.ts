import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSuggestionIndex, normaliseQuery, POPULAR_QUERY_MIN_CLICKS } from '../../packages/civic-search/src/search/embedded/suggestions';
import { ENGINE, fixtureBackend } from './embedded-fixtures';

const TITLES = [
  'Building consent fees',
  'Apply for a building consent',
  'Building consents: what you need to know',
  'Building inspections',
  'Budget 2025',
  'Bus timetables',
  'Bus timetable changes',
  'The Bus Shelter',
];
const index = buildSuggestionIndex(TITLES);

describe('suggestions from titles', () => {
  it('completes the last word with title words, most used first, then two-word phrases', () => {
    // "building consent" counts the three titles with "building consent" or "building consents"; "bus timetable" two.
    assert.deepEqual(index.suggest('bu'), ['building', 'building consent', 'bus', 'bus timetable', 'budget']);
    assert.deepEqual(
      index.suggest('bu', { size: 8 }).slice(5),
      ['budget 2025', 'building inspections', 'bus shelter'],
      'ties alphabetically',
    );
  });

  it('keeps the earlier words and prefers completions that follow the previous word in a title', () => {
    assert.deepEqual(index.suggest('building c', { size: 3 }), ['building consent', 'building changes']);
    assert.deepEqual(index.suggest('Apply for a BUI'), ['apply for a building']);
  });

  it('offers the words that follow when the query ends with a space', () => {
    assert.deepEqual(index.suggest('building '), ['building consent', 'building inspections']);
  });

  it('is lowercase and has no duplicates, nor the query itself', () => {
    const suggestions = index.suggest('bus', { size: 20 });
    assert.equal(new Set(suggestions).size, suggestions.length);
    assert.ok(suggestions.every((suggestion) => suggestion === suggestion.toLowerCase()));
    assert.ok(!suggestions.includes('bus'));
    assert.deepEqual(suggestions, ['bus timetable', 'bus shelter']);
  });

  it('gives at most size suggestions (5 by default), none for a blank query or an unknown prefix', () => {
    assert.equal(index.suggest('b', { size: 2 }).length, 2);
    assert.equal(index.suggest('b').length, 5);
    assert.deepEqual(index.suggest('   '), []);
    assert.deepEqual(index.suggest('zz'), []);
  });

  it('does not complete to stop words', () => {
    assert.deepEqual(index.suggest('th'), []);
  });

  it('ranks popular queries that start with the typed text first, most clicked first', () => {
    const popular = new Map([
      ['bus timetable changes', 3],
      ['budget 2025', 5],
      ['building consent fees', POPULAR_QUERY_MIN_CLICKS - 1],
      ['parking', 9],
    ]);
    assert.deepEqual(index.suggest('bu', { popular, size: 4 }), ['budget 2025', 'bus timetable changes', 'building', 'building consent']);
  });

  it('suggests a popular query only when the documents use all its words', () => {
    const popular = new Map([['bus rude words', 10]]);
    const known = new Set(TITLES.flatMap((title) => normaliseQuery(title).split(' ')));
    assert.ok(!index.suggest('bu', { popular, isKnownWord: (word) => known.has(word) }).includes('bus rude words'));
  });

  it('normalises queries for counting: lowercase words, single spaces', () => {
    assert.equal(normaliseQuery('  Building   CONSENT, fees! '), 'building consent fees');
  });
});

describe('embedded backend: query suggestions', () => {
  it('answers in App Search’s shape, from titles unless other fields are asked', async () => {
    const backend = await fixtureBackend();
    const response = await backend.suggest(ENGINE, { query: 'bui' });
    assert.deepEqual(response.results.documents[0], { suggestion: 'building' });
    assert.ok(response.results.documents.length <= 5);
    assert.match(response.meta.request_id, /^[0-9a-f]{32}$/);

    const fromTitles = (await backend.suggest(ENGINE, { query: 'subd' })).results.documents;
    assert.deepEqual(fromTitles, [], '"subdivision" is only in a body');
    const fromBodies = (await backend.suggest(ENGINE, { query: 'subd', types: { documents: { fields: ['body'] } } })).results.documents;
    assert.equal(fromBodies[0].suggestion, 'subdivision');
  });

  it('respects size, up to 20', async () => {
    const backend = await fixtureBackend();
    assert.equal((await backend.suggest(ENGINE, { query: 'b', size: 2 })).results.documents.length, 2);
    assert.ok((await backend.suggest(ENGINE, { query: 'a', size: 100 })).results.documents.length <= 20);
  });
});
