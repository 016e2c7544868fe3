import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataFolderOperatorStore } from '../../packages/civic-search/src/operator-state';
import { previewSearch, relevanceRules, withRelevance, RELEVANCE_COLLECTIONS } from '../../packages/civic-search/src/relevance';
import { boostAmount, boostedScore, boostsProblems } from '../../packages/civic-search/src/relevance/boosts';
import { MAX_ALTERNATIVES, prepareRules, rulesFor } from '../../packages/civic-search/src/relevance/resolve-rules';
import type { BackendSearchRequest } from '../../packages/civic-search/src/relevance/rules';
import type { SearchBackend } from '../../packages/civic-search/src/search/types';

const SETS = [{ synonyms: ['rubbish', 'refuse', 'garbage'] }, { synonyms: ['dog licence', 'dog registration'] }];
const CURATIONS = [{ queries: ['Rates', 'council rates'], promoted: ['pay-rates'], hidden: ['rates-2019'] }];

describe('rules for one query', () => {
  const rules = prepareRules(SETS, CURATIONS);

  it('gives each other synonym of a set, whichever of its words was searched', () => {
    assert.deepEqual(rulesFor(rules, 'rubbish')?.alternatives, ['refuse', 'garbage']);
    assert.deepEqual(rulesFor(rules, 'Garbage day')?.alternatives, ['rubbish day', 'refuse day']);
  });

  it('replaces phrases of several words inside a longer query', () => {
    assert.deepEqual(rulesFor(rules, 'renew my dog licence')?.alternatives, ['renew my dog registration']);
    assert.deepEqual(rulesFor(rules, 'dog registration')?.alternatives, ['dog licence']);
    assert.equal(rulesFor(rules, 'dog'), undefined);
  });

  it('applies a curation to its queries as typed in any case and spacing, and to no other', () => {
    assert.deepEqual(rulesFor(rules, '  RATES '), { promoted: ['pay-rates'], hidden: ['rates-2019'] });
    assert.deepEqual(rulesFor(rules, 'council   rates')?.promoted, ['pay-rates']);
    assert.equal(rulesFor(rules, 'rates rebate'), undefined);
  });

  it('keeps the alternatives of a query touching many sets bounded', () => {
    const many = prepareRules([{ synonyms: Array.from({ length: 30 }, (_, i) => `word${i}`) }], []);
    assert.equal(rulesFor(many, 'word0')?.alternatives?.length, MAX_ALTERNATIVES);
  });
});

describe('boosts', () => {
  it('scale a score by multiplying amounts and add the adding ones', () => {
    const boosts = [
      {
        field: 'kind',
        type: 'text' as const,
        boosts: [{ type: 'value' as const, value: 'News', operation: 'multiply' as const, factor: 3 }],
      },
      { field: 'views', type: 'number' as const, boosts: [{ type: 'functional' as const, function: 'linear' as const, factor: 0.5 }] },
    ];
    const values: Record<string, unknown> = { kind: 'News', views: 4 };
    assert.equal(
      boostedScore(2, boosts, (field) => values[field], 0),
      2 * 3 + 0.5 * 4,
    );
    assert.equal(
      boostedScore(2, boosts, () => undefined, 0),
      2,
      'a document without the fields keeps its score',
    );
  });

  it('halve a proximity amount at its half distance', () => {
    const day = 86_400_000;
    const now = Date.parse('2026-11-28');
    const recency = (fn: 'linear' | 'exponential' | 'gaussian') => ({ type: 'proximity' as const, function: fn, center: 'now', factor: 2 });
    for (const fn of ['linear', 'exponential', 'gaussian'] as const) {
      assert.equal(boostAmount(recency(fn), 'date', new Date(now).toISOString(), now), 2);
      assert.ok(Math.abs(boostAmount(recency(fn), 'date', new Date(now - 180 * day).toISOString(), now)! - 1) < 1e-9, fn);
    }
    const near = boostAmount(
      { type: 'proximity', function: 'exponential', center: '-41.29, 174.78', factor: 1 },
      'geolocation',
      '-41.29, 174.78',
      now,
    );
    const far = boostAmount(
      { type: 'proximity', function: 'exponential', center: '-41.29, 174.78', factor: 1 },
      'geolocation',
      '-36.85, 174.76',
      now,
    );
    assert.equal(near, 1);
    assert.ok(far! < 0.001);
  });

  it('are refused where App Search refuses them, each problem named', () => {
    const schema = { title: 'text', views: 'number', opened: 'date', place: 'geolocation' } as const;
    assert.deepEqual(boostsProblems({ views: { type: 'functional', function: 'linear', factor: 2 } }, schema), []);
    assert.deepEqual(boostsProblems({ place: { type: 'value', value: 'x' } }, schema), [
      'boosts.place.type must be "proximity" for a geolocation field',
    ]);
    assert.deepEqual(boostsProblems({ views: [{ type: 'functional', function: 'cubic', factor: 11 }] }, schema), [
      'boosts.views[0].factor must be a number from 0 to 10',
      'boosts.views[0].function must be one of linear, exponential, logarithmic',
    ]);
    assert.deepEqual(boostsProblems({ opened: { type: 'proximity', function: 'gaussian', center: 'soon' } }, schema), [
      'boosts.opened.center must be an ISO date or "now"',
    ]);
  });
});

describe('rules read from the operator store', () => {
  it('reach the backend as data, and a change applies to the next search without a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'relevance-rules-'));
    const store = openDataFolderOperatorStore(dir);
    try {
      const received: BackendSearchRequest[] = [];
      const backend = {
        name: 'capturing',
        search: async (_engine: string, request: BackendSearchRequest) => {
          received.push(request);
          return { meta: {}, results: [] } as never;
        },
      } as unknown as SearchBackend;
      const searching = withRelevance(
        backend,
        relevanceRules(store, () => ({ title: 'text', opened: 'date' })),
      );

      await searching.search('site', { query: 'rubbish' });
      assert.equal(received[0].rules, undefined, 'no rules: the request goes through as it came');

      await store.collection(RELEVANCE_COLLECTIONS.synonyms).put('site', 'syn-1', SETS[0]);
      await store.collection(RELEVANCE_COLLECTIONS.settings).put('site', 'settings', {
        search_fields: { title: { weight: 4 } },
        result_fields: {},
        boosts: { opened: { type: 'proximity', function: 'gaussian', center: 'now' } },
      });
      await searching.search('site', { query: 'rubbish' });
      const { rules, search_fields } = received[1];
      assert.deepEqual(rules?.alternatives, ['refuse', 'garbage']);
      assert.deepEqual(rules?.boosts, [
        { field: 'opened', type: 'date', boosts: [{ type: 'proximity', function: 'gaussian', center: 'now' }] },
      ]);
      assert.equal(typeof rules?.now, 'number');
      assert.deepEqual(search_fields, { title: { weight: 4 } });
      // Another engine's rules are its own.
      await searching.search('other', { query: 'rubbish' });
      assert.equal(received[2].rules?.alternatives, undefined);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('preview a draft in place of the saved rules of its kinds, and change nothing saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'relevance-preview-'));
    const store = openDataFolderOperatorStore(dir);
    try {
      const received: BackendSearchRequest[] = [];
      const backend = {
        name: 'capturing',
        search: async (_engine: string, request: BackendSearchRequest) => {
          received.push(request);
          return { meta: {}, results: [] } as never;
        },
      } as unknown as SearchBackend;
      const rules = relevanceRules(store, () => ({ title: 'text' }));
      await store.collection(RELEVANCE_COLLECTIONS.synonyms).put('site', 'syn-1', SETS[0]);
      await store.collection(RELEVANCE_COLLECTIONS.curations).put('site', 'cur-1', CURATIONS[0]);
      const preview = previewSearch(backend, rules);

      await preview('site', { query: 'dog licence' }, { synonyms: [SETS[1]] });
      assert.deepEqual(received[0].rules?.alternatives, ['dog registration'], 'the draft synonyms apply');
      await preview('site', { query: 'rubbish' }, { synonyms: [SETS[1]] });
      assert.equal(received[1].rules?.alternatives, undefined, 'the draft replaces every saved set');
      await preview('site', { query: 'rates' }, { synonyms: [] });
      assert.deepEqual(received[2].rules?.promoted, ['pay-rates'], 'kinds the draft leaves out stay as saved');
      await preview('site', { query: 'rates' }, { curations: [{ queries: ['rates'], promoted: ['rates-rebate'], hidden: [] }] });
      assert.deepEqual(received[3].rules?.promoted, ['rates-rebate']);

      const searching = withRelevance(backend, rules);
      await searching.search('site', { query: 'dog licence' });
      assert.equal(received[4].rules?.alternatives, undefined, 'a saved search is as before the previews');
      await searching.search('site', { query: 'rates' });
      assert.deepEqual(received[5].rules?.promoted, ['pay-rates']);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
