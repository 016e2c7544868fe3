import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/accordion-group';
import '../../elements/site-search';
import {
  expectFocused,
  expectNoAxeViolations,
  mountUpgraded,
  nextKitEvent,
  press,
  startSearchService,
  tabTo,
  type,
  unmountAll,
  type TestSearchService,
} from '../../src/testing';
import { loadStyles } from './helpers';
import type { ApiErrorResponse, ApiQuerySuggestionResponse, ApiSearchResponse } from '../../src/core/search/app-search-api';

/** Any of the service's answers: a search, suggestions, or App Search's error body. */
type Answer = Partial<ApiSearchResponse & ApiQuerySuggestionResponse & ApiErrorResponse>;

/** `civic-elements/testing` from the repository's sources; test/packaged runs the same kind of suite on the packed package. */

const DOCUMENTS = [
  { id: 'pay-rates', title: 'Pay your rates', body: 'Rates are due each quarter. Pay online or at the service centre.', topic: 'Rates and property', year: 2026 },
  { id: 'rebate', title: 'Rates rebate', body: 'A rates rebate helps people on low incomes with their rates.', topic: 'Rates and property', year: 2025 },
  { id: 'dogs', title: 'Register your dog', body: 'Every dog over three months old must be registered each year.', topic: 'Animals', year: 2026 },
  { id: 'consent', title: 'Building consent', body: 'Apply for a building consent before you build a deck or a shed.', topic: 'Building', year: 2024 },
];

const proxy = async (action: string, params: unknown, engine = 'site') => {
  const body = new URLSearchParams({ key: '{key}', engine, action, params: JSON.stringify(params) });
  const response = await fetch('/_search-proxy', { method: 'POST', body });
  return { status: response.status, body: (await response.json()) as Answer };
};
const ids = (body: Answer) => body.results!.map((result) => result._meta.id);

describe('civic-elements/testing', () => {
  let service: TestSearchService | undefined;
  afterEach(() => {
    service?.stop();
    service = undefined;
    unmountAll();
  });

  it('mounts server markup and returns once the element has rendered, its content kept once', async () => {
    const accordion = await mountUpgraded('<accordion-group><div><h2>Fees</h2><p>What it costs</p></div></accordion-group>');
    expect(accordion.querySelector('.accordion'), 'rendered on return, nothing to wait for').to.exist;
    expect(accordion.textContent!.match(/What it costs/g)).to.have.length(1);
  });

  it('waits for a kit event with its detail', async () => {
    const accordion = await mountUpgraded('<accordion-group><div><h2>Fees</h2><p>What it costs</p></div></accordion-group>');
    const toggled = nextKitEvent(accordion, 'accordion-toggle');
    accordion.querySelector<HTMLButtonElement>('.accordion__button')!.click();
    const { detail } = await toggled;
    expect(detail.open).to.be.true;
    expect(detail.heading).to.equal('Fees');
  });

  it('fails, naming the tag, when nothing loads an element’s code', async () => {
    const failure = await mountUpgraded('<never-defined-here></never-defined-here>', { defineTimeout: 200 }).catch((error: Error) => error);
    expect(String(failure)).to.contain('<never-defined-here>');
  });

  describe('the search service', () => {
    beforeEach(() => {
      service = startSearchService({ engines: { site: DOCUMENTS } });
    });

    it('ranks by the service’s rules: stems, the last word completed, typos, three in four words', async () => {
      expect(ids((await proxy('search', { query: 'rebates' })).body), 'a stem').to.deep.equal(['rebate']);
      expect(ids((await proxy('search', { query: 'buil' })).body), 'the last word completed').to.deep.equal(['consent']);
      expect(ids((await proxy('search', { query: 'registred' })).body), 'a typo').to.deep.equal(['dogs']);
      expect(ids((await proxy('search', { query: 'rates rebate' })).body)[0], 'the title that is the query first').to.equal('rebate');
      expect(ids((await proxy('search', { query: 'rates dog' })).body), 'one or two words: all of them').to.deep.equal([]);
    });

    it('filters, counts facets, sorts and pages as App Search does', async () => {
      const { body } = await proxy('search', {
        query: '',
        filters: { all: [{ topic: 'Rates and property' }] },
        facets: { topic: { type: 'value' }, year: { type: 'range', ranges: [{ from: 2026 }] } },
        sort: { year: 'asc' },
        page: { size: 1, current: 2 },
      });
      expect(ids(body)).to.deep.equal(['pay-rates']);
      expect(body.meta!.page).to.deep.equal({ current: 2, size: 1, total_pages: 2, total_results: 2 });
      expect(body.facets!.topic![0]!.data).to.deep.equal([{ value: 'Rates and property', count: 2 }]);
      expect(body.facets!.year![0]!.data).to.deep.equal([{ from: 2026, count: 1 }]);
    });

    it('marks the matched words in snippets, escaped', async () => {
      const { body } = await proxy('search', { query: 'deck', result_fields: { body: { snippet: { size: 100 } } } });
      expect((body.results![0]!.body as { snippet?: string }).snippet).to.equal('Apply for a building consent before you build a <em>deck</em> or a shed.');
    });

    it('answers App Search’s own API too: suggestions, clicks, and 400 and 404 with its error bodies', async () => {
      const suggest = await fetch('/api/as/v1/engines/site/query_suggestion', { method: 'POST', body: JSON.stringify({ query: 'ra', size: 5 }) });
      expect(((await suggest.json()) as ApiQuerySuggestionResponse).results.documents).to.deep.equal([{ suggestion: 'rates' }]);
      const click = await fetch('/api/as/v1/engines/site/click.json', { method: 'POST', body: JSON.stringify({ query: 'dog', document_id: 'dogs' }) });
      expect(click.status).to.equal(200);
      expect(service!.clicks).to.deep.equal([{ query: 'dog', document_id: 'dogs' }]);
      expect(await proxy('search', { query: 'x', page: { size: 5000 } })).to.deep.equal({ status: 400, body: { errors: ['Page size must be between 1 and 1000'] } });
      expect((await proxy('search', { query: 'x' }, 'other')).status).to.equal(404);
    });

    it('fails on demand, with a status and App Search’s error body or as the network does, then answers again', async () => {
      service!.fail({ status: 503, errors: ['Down for maintenance'] });
      expect(await proxy('search', { query: 'dog' })).to.deep.equal({ status: 503, body: { errors: ['Down for maintenance'] } });
      expect(ids((await proxy('search', { query: 'dog' })).body)).to.deep.equal(['dogs']);
      service!.fail({ network: true }, { times: Infinity, action: 'query_suggestion' });
      const failed = await proxy('query_suggestion', { query: 'do' }).catch((error: Error) => error);
      expect(failed).to.be.instanceOf(TypeError);
      service!.recover();
      expect((await proxy('query_suggestion', { query: 'do' })).body.results!.documents).to.deep.equal([{ suggestion: 'dog' }]);
    });

    it('gives <site-search> its suggestions, reached and chosen from the keyboard', async () => {
      const header = await mountUpgraded(
        '<div><a href="#before">Before</a><site-search data-engine-name="site" site-name="Harbourton City Council" short-name="Harbourton"></site-search></div>',
      );
      const field = header.querySelector<HTMLInputElement>('input[role="combobox"]')!;
      // On a narrow window the bar is closed behind its Search toggle, which opens it with focus in the field.
      await tabTo(header.querySelector('.site-search__toggle')!);
      await press('Enter');
      expectFocused(field, 'the opened bar');
      await type('rat');
      await waitUntil(() => header.querySelectorAll('[role="option"]').length > 0, 'suggestions shown');
      expect([...header.querySelectorAll('[role="option"]')].map((option) => option.textContent)).to.deep.equal(['rates']);
      await press('ArrowDown');
      expect(field.getAttribute('aria-activedescendant')).to.equal(header.querySelector('[role="option"]')!.id);
      expectFocused(field, 'focus stays in the field');
    });
  });

  it('runs axe on a fixture', async function () {
    // The first check loads axe-core's 500 KB script: past 5 s on a 2-core machine at load 30.
    this.timeout(20_000);
    await loadStyles('accordion');
    const accordion = await mountUpgraded('<accordion-group><div><h2>Fees</h2><p>What it costs</p></div></accordion-group>');
    await expectNoAxeViolations(accordion);
  });
});
