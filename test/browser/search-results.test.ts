import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { define } from '../../elements/search-results';
import '../../elements/site-search';
import { MAX_TOTAL_PAGES, URL_PUSH_DEBOUNCE_MS } from '../../src/core/constants';
import type { ApiSearchRequest } from '../../src/core/search/app-search-api';
import { capturingConsole, effectsSettled, expectFocused, loadStyles } from './helpers';
import {
  catchSubmits,
  pageOfDocs,
  restoreRunnerUrl,
  searchAnswer,
  startAt,
  stubProxy,
  type ProxyCall,
  type ProxyStub,
} from './search-support';

const FACETS = {
  document_type: [
    ['Guidance', 26],
    ['Policy', 12],
    ['Report', 4],
  ] as Array<[string, number]>,
  topic: [
    ['Rates', 30],
    ['Water', 12],
  ] as Array<[string, number]>,
};

let answered = 0;

/** A small engine: 42 results for a word (12 with Policy ticked, none for "zzz"), a page at a time. */
function engine(call: ProxyCall) {
  if (call.action === 'click') return {};
  const params = call.params as unknown as ApiSearchRequest;
  const filters = JSON.stringify(params.filters ?? {});
  const total = params.query === 'zzz' ? 0 : params.query === 'many' ? 5000 : filters.includes('Policy') ? 12 : 42;
  const size = params.page?.size || 1;
  const current = params.page?.current ?? 1;
  const docs = pageOfDocs(current, size, total).map((doc) => ({
    ...doc,
    snippet: `Pay your <em>${params.query}</em> &lt;script&gt;online&lt;/script&gt;`,
  }));
  answered += 1;
  return searchAnswer({ docs, total, current, size, requestId: `request-${answered}`, facets: FACETS });
}

/** The server-rendered page, as the example site's search page writes it, inside the element. */
const serverPage = (attributes: { engine?: string; i18n?: string; config?: string } = {}) => html`
  <search-results data-engine-name=${attributes.engine ?? 'harbourton'} i18n=${attributes.i18n ?? '{}'} config=${attributes.config ?? '{}'}>
    <div class="search-page" data-server-page>
      <form action="/search/SearchForm" method="get" role="search" aria-label="Search and filter">
        <label for="server-term">Search Harbourton City Council website</label>
        <input id="server-term" name="Search" type="search" value="rates" />
        <button type="submit">Search</button>
      </form>
      <h2>2 results for “rates”</h2>
      <ol>
        <li data-server-result>
          <h3><a href="/server-a">Server result A</a></h3>
        </li>
        <li data-server-result>
          <h3><a href="/server-b">Server result B</a></h3>
        </li>
      </ol>
    </div>
  </search-results>
`;

const clientPage = (root: Element) => root.querySelector<HTMLElement>('.search-results');
const heading = (root: Element) => root.querySelector<HTMLHeadingElement>('.search-results__count');
const titles = (root: Element) => Array.from(root.querySelectorAll('.search-results__item-title')).map((title) => title.textContent);
const checkbox = (root: Element, label: string) =>
  Array.from(root.querySelectorAll<HTMLInputElement>('.search-results__checkbox')).find((box) =>
    box.labels![0].textContent!.startsWith(label),
  )!;
const select = (root: Element, label: string) =>
  Array.from(root.querySelectorAll<HTMLSelectElement>('select')).find((element) => element.labels![0].textContent === label)!;
const status = (root: Element) => root.querySelector<HTMLElement>('[role="status"]')!;
const searches = (proxy: ProxyStub) => proxy.of('search').map((call) => call.params as unknown as ApiSearchRequest);
const lastSearch = (proxy: ProxyStub) =>
  searches(proxy)
    .filter((request) => request.page?.size !== 0)
    .at(-1)!;
const changeSelect = (element: HTMLSelectElement, value: string) => {
  element.value = value;
  element.dispatchEvent(new Event('change', { bubbles: true }));
};

/** Renders the page at an address and waits for the element's own results. */
async function resultsPage(path = '/search/SearchForm?Search=rates', markup = serverPage()) {
  startAt(path);
  const root = await fixture<HTMLElement>(markup);
  await waitUntil(() => heading(root), 'the results did not show', { timeout: 3000 });
  return root;
}

describe('<search-results>', () => {
  let proxy: ProxyStub;

  before(async () => {
    await loadStyles('search-results');
    await setViewport({ width: 1200, height: 900 });
  });
  beforeEach(() => {
    proxy = stubProxy();
    proxy.autoRespond(engine);
  });
  afterEach(async () => {
    fixtureCleanup();
    await effectsSettled();
    proxy.restore();
    restoreRunnerUrl();
  });

  it('keeps the server’s page, once, until its first results arrive, then shows its own, once', async () => {
    proxy.autoRespond(undefined);
    startAt('/search/SearchForm?Search=rates');
    const root = await fixture<HTMLElement>(serverPage());
    const first = await proxy.call('search', 1);
    await effectsSettled();
    expect(root.querySelectorAll('[data-server-result]')).to.have.length(2);
    expect(root.querySelector('[data-server-page]')!.checkVisibility()).to.be.true;
    expect(clientPage(root)).to.equal(null);
    first.respond(engine(first));
    await waitUntil(() => clientPage(root));
    expect(root.querySelectorAll('[data-server-result], [data-server-page]')).to.have.length(0);
    expect(root.querySelectorAll('form')).to.have.length(1);
    expect(root.querySelectorAll('h2')).to.have.length(1);
    expect(root.querySelectorAll('.search-results__item')).to.have.length(20);
    expect(heading(root)!.textContent).to.equal('42 results for “rates”');
  });

  it('searches from the header form’s address, with the page’s fields, facets and a result page of 20', async () => {
    const root = await resultsPage();
    expect(proxy.of('search')[0].engine).to.equal('harbourton');
    expect(searches(proxy)[0]).to.deep.include({ query: 'rates', page: { size: 20, current: 1 } });
    expect(searches(proxy)[0].facets).to.deep.equal({ document_type: { type: 'value', size: 50 }, topic: { type: 'value', size: 50 } });
    expect(Object.keys(searches(proxy)[0].result_fields!)).to.include.members([
      'title',
      'url',
      'document_type',
      'published_date',
      'body',
      'summary',
    ]);
    expect(root.querySelector<HTMLInputElement>('input[type="search"]')!.value).to.equal('rates');
  });

  it('reads the server form’s facets, order and page, and rewrites the address in Search UI’s keys without a new entry', async () => {
    const entries = history.length;
    await resultsPage('/search/SearchForm?Search=rates&type=Policy&sort=newest&page=2');
    expect(searches(proxy)[0]).to.deep.include({
      query: 'rates',
      page: { size: 20, current: 2 },
      sort: { published_date: 'desc' },
      filters: { all: [{ any: [{ document_type: 'Policy' }] }] },
    });
    const params = new URLSearchParams(location.search);
    expect(params.get('q')).to.equal('rates');
    expect(params.get('current')).to.equal('n_2_n');
    expect(params.get('filters[0][values][0]')).to.equal('Policy');
    expect(params.get('sort-field')).to.equal('published_date');
    expect(params.has('Search') || params.has('type') || params.has('page')).to.be.false;
    expect(history.length).to.equal(entries);
  });

  it('reads a Search UI address as it is (a copied address reproduces the page)', async () => {
    const root = await resultsPage('/search/SearchForm?q=rates&current=n_3_n&size=n_10_n&sort-field=title&sort-direction=asc');
    expect(searches(proxy)[0]).to.deep.include({ query: 'rates', page: { size: 10, current: 3 }, sort: { title: 'asc' } });
    expect(select(root, 'Sort by').value).to.equal('title');
    expect(select(root, 'Results per page').value).to.equal('10');
    expect(root.querySelector('.search-results__list')!.getAttribute('start')).to.equal('21');
    expect(root.querySelector('[aria-current="page"]')!.textContent).to.equal('3');
  });

  it('shows each result’s linked title, highlighted snippet (as text, never markup), type and date', async () => {
    const root = await resultsPage();
    const item = root.querySelector('.search-results__item')!;
    const link = item.querySelector('a')!;
    expect(link.textContent).to.equal('Result 1');
    expect(link.getAttribute('href')).to.equal('/docs/doc-1');
    const snippet = item.querySelector('.search-results__snippet')!;
    expect(snippet.textContent).to.equal('Pay your rates <script>online</script>');
    expect(Array.from(snippet.querySelectorAll('mark')).map((mark) => mark.textContent)).to.deep.equal(['rates']);
    expect(root.querySelector('script')).to.equal(null);
    expect(item.querySelector('.search-results__type')!.textContent).to.equal('Guidance');
    expect(item.querySelector('time')!.getAttribute('datetime')).to.equal('2026-03-09');
    expect(item.querySelector('.search-results__meta')!.textContent).to.contain('Published 09/03/2026');
  });

  it('announces the range shown in a polite live region', async () => {
    const root = await resultsPage();
    await waitUntil(() => status(root).textContent === 'Showing 1 to 20 results out of 42, searching for "rates"');
    expect(status(root).getAttribute('role')).to.equal('status');
  });

  it('shows value facets as fieldsets of checkboxes with counts; ticking searches at once and the address follows', async () => {
    const root = await resultsPage();
    const legends = Array.from(root.querySelectorAll('fieldset legend')).map((legend) => legend.textContent);
    expect(legends).to.deep.equal(['Document type', 'Topic']);
    expect(checkbox(root, 'Policy').labels![0].textContent).to.equal('Policy (12)');
    await waitUntil(() => location.search === '?q=rates&size=n_20_n', 'the first search’s address', { timeout: 2000 });
    const entries = history.length;
    const policy = checkbox(root, 'Policy');
    policy.focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => heading(root)!.textContent === '12 results for “rates”');
    expect(lastSearch(proxy).filters).to.deep.equal({ all: [{ any: [{ document_type: 'Policy' }] }] });
    expect(checkbox(root, 'Policy').checked).to.be.true;
    expectFocused(checkbox(root, 'Policy'));
    await waitUntil(() => new URLSearchParams(location.search).get('filters[0][values][0]') === 'Policy', 'the address', { timeout: 2000 });
    expect(history.length, 'a new history entry').to.equal(entries + 1);
    checkbox(root, 'Policy').click();
    await waitUntil(() => heading(root)!.textContent === '42 results for “rates”');
    expect(lastSearch(proxy).filters).to.equal(undefined);
  });

  it('writes the address 500 ms after the results, not before', async () => {
    const root = await resultsPage();
    await waitUntil(() => location.search === '?q=rates&size=n_20_n', 'the first address', { timeout: 2000 });
    let answeredAt = 0;
    const shownRequest = `request-${answered}`;
    root.addEventListener('search-state-change', (event) => {
      const { state } = event.detail;
      if (!answeredAt && !state.isLoading && state.requestId !== shownRequest) answeredAt = performance.now();
    });
    checkbox(root, 'Report').click();
    await waitUntil(() => location.search.includes('Report'), 'the address', { timeout: 2000, interval: 10 });
    expect(answeredAt).to.be.greaterThan(0);
    expect(performance.now() - answeredAt).to.be.at.least(URL_PUSH_DEBOUNCE_MS - 5);
  });

  it('sorts: Relevance, Newest, Oldest and Title A-Z', async () => {
    const root = await resultsPage();
    const sort = select(root, 'Sort by');
    expect(Array.from(sort.options).map((option) => option.textContent)).to.deep.equal(['Relevance', 'Newest', 'Oldest', 'Title A-Z']);
    expect(sort.value).to.equal('relevance');
    changeSelect(sort, 'oldest');
    await waitUntil(() => JSON.stringify(lastSearch(proxy).sort) === '{"published_date":"asc"}');
    await waitUntil(() => location.search.includes('sort-direction=asc'), 'the address', { timeout: 2000 });
    changeSelect(select(root, 'Sort by'), 'relevance');
    await waitUntil(() => lastSearch(proxy).sort === undefined);
  });

  it('changes the page size (10, 20, 50) and starts again at page 1', async () => {
    const root = await resultsPage('/search/SearchForm?q=rates&current=n_2_n');
    const size = select(root, 'Results per page');
    expect(Array.from(size.options).map((option) => option.value)).to.deep.equal(['10', '20', '50']);
    changeSelect(size, '50');
    await waitUntil(() => root.querySelectorAll('.search-results__item').length === 42);
    expect(lastSearch(proxy).page).to.deep.equal({ size: 50, current: 1 });
    await waitUntil(() => new URLSearchParams(location.search).get('size') === 'n_50_n', 'the address', { timeout: 2000 });
  });

  it('pages with links that work as addresses; following one moves focus to the results heading', async () => {
    const root = await resultsPage();
    const nav = root.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).to.equal('Results pages');
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((link) => link.textContent)).to.deep.equal(['1', '2', '3', 'Next']);
    expect(links[0].getAttribute('aria-current')).to.equal('page');
    expect(links[1].getAttribute('aria-label')).to.equal('Page 2');
    const href = new URLSearchParams(links[1].getAttribute('href')!.slice(1));
    expect([href.get('q'), href.get('current'), href.get('size')]).to.deep.equal(['rates', 'n_2_n', 'n_20_n']);
    links[1].focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => titles(root)[0] === 'Result 21');
    expect(root.querySelector('[aria-current="page"]')!.textContent).to.equal('2');
    expect(lastSearch(proxy).page).to.deep.equal({ size: 20, current: 2 });
    await waitUntil(() => document.activeElement === heading(root), 'focus did not move to the heading');
    await waitUntil(() => status(root).textContent!.startsWith('Showing 21 to 40 results out of 42'));
  });

  it('caps the page links at 100 pages', async () => {
    const root = await resultsPage('/search/SearchForm?Search=many');
    const numbers = Array.from(root.querySelectorAll('.search-results__page--page a')).map((link) => Number(link.textContent));
    expect(Math.max(...numbers)).to.equal(MAX_TOTAL_PAGES);
  });

  it('a page past the last one (an old link) says so and links to the last page', async () => {
    const root = await resultsPage('/search/SearchForm?q=rates&current=n_7_n');
    expect(root.querySelector('.search-results__past-end')!.textContent).to.contain('There are only 3 pages of results.');
    root.querySelector<HTMLAnchorElement>('.search-results__past-end a')!.click();
    await waitUntil(() => titles(root)[0] === 'Result 41');
    expect(root.querySelector('[aria-current="page"]')!.textContent).to.equal('3');
  });

  it('back and forward restore earlier searches without writing the address again', async () => {
    const root = await resultsPage();
    await waitUntil(() => location.search === '?q=rates&size=n_20_n', 'the first address', { timeout: 2000 });
    checkbox(root, 'Policy').click();
    await waitUntil(() => location.search.includes('Policy'), 'the address', { timeout: 2000 });
    const withPolicy = location.search;
    const entries = history.length;
    history.back();
    await waitUntil(() => heading(root)!.textContent === '42 results for “rates”' && !checkbox(root, 'Policy').checked);
    expect(location.search).to.equal('?q=rates&size=n_20_n');
    history.forward();
    await waitUntil(() => heading(root)!.textContent === '12 results for “rates”' && checkbox(root, 'Policy').checked);
    await new Promise((resolve) => setTimeout(resolve, URL_PUSH_DEBOUNCE_MS + 100));
    expect(location.search).to.equal(withPolicy);
    expect(history.length).to.equal(entries);
  });

  it('marks the results busy while a search runs and keeps the previous results visible', async () => {
    const root = await resultsPage();
    proxy.autoRespond(undefined);
    const before = proxy.of('search').length;
    checkbox(root, 'Policy').click();
    await waitUntil(() => proxy.of('search').length > before);
    const results = root.querySelector('.search-results__results')!;
    await waitUntil(() => results.getAttribute('aria-busy') === 'true');
    expect(titles(root)).to.have.length(20);
    for (const call of proxy.of('search').slice(before)) call.respond(engine(call));
    await waitUntil(() => results.getAttribute('aria-busy') === 'false');
    expect(titles(root)).to.have.length(12);
  });

  it('drops an answer older than the one shown', async () => {
    const root = await resultsPage();
    proxy.autoRespond(undefined);
    const before = proxy.of('search').length;
    checkbox(root, 'Policy').click();
    await waitUntil(() => proxy.of('search').length > before);
    const older = proxy.of('search').slice(before);
    checkbox(root, 'Policy').click();
    await waitUntil(() => proxy.of('search').length > before + older.length);
    const newer = proxy.of('search').slice(before + older.length);
    for (const call of newer) call.respond(engine(call));
    await waitUntil(() => heading(root)!.textContent === '42 results for “rates”' && root.querySelector('[aria-busy="false"]'));
    for (const call of older) call.respond(engine(call));
    await effectsSettled();
    await effectsSettled();
    expect(heading(root)!.textContent).to.equal('42 results for “rates”');
  });

  it('shows the error text of a failed search in an alert', async () => {
    const root = await resultsPage();
    proxy.autoRespond(undefined);
    checkbox(root, 'Report').click();
    const failing = await proxy.call('search', proxy.of('search').length);
    for (const call of proxy.of('search').filter((call) => call !== failing)) call.respond({ errors: ['Engine is down'] }, 500);
    failing.respond({ errors: ['Engine is down'] }, 500);
    await waitUntil(() => root.querySelector('[role="alert"]'));
    expect(root.querySelector('[role="alert"]')!.textContent).to.contain(
      'An unexpected error occurred: The search service answered with HTTP status 500: Engine is down',
    );
    expect(root.querySelector('input[type="search"]')).to.exist;
  });

  it('when the first search fails, shows the error text above the server’s page, which stays (and says why in the console)', async () => {
    proxy.autoRespond(undefined);
    let root!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      startAt('/search/SearchForm?Search=rates');
      root = await fixture<HTMLElement>(serverPage());
      (await proxy.call('search', 1)).fail('offline');
      await waitUntil(() => root.querySelector('[role="alert"]'), 'no error text was shown');
    });
    const alert = root.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).to.contain('Search is not working right now');
    expect(alert.textContent).to.contain('An unexpected error occurred: The search service could not be reached (offline).');
    expect(alert.checkVisibility()).to.be.true;
    expect(warnings.join(' ')).to.contain('An unexpected error occurred: The search service could not be reached (offline).');
    // The server's results stay, once, under the error.
    expect(root.querySelectorAll('[data-server-result]')).to.have.length(2);
    expect(alert.compareDocumentPosition(root.querySelector('[data-server-result]')!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(clientPage(root)).to.equal(null);
  });

  it('when the first search fails and the server’s page says it failed too, adds the error text without a second heading', async () => {
    proxy.autoRespond(undefined);
    startAt('/search/SearchForm?Search=rates');
    const root = await fixture<HTMLElement>(html`
      <search-results data-engine-name="harbourton">
        <div class="search-page">
          <div role="alert">
            <h2>Search is not working right now</h2>
            <p>Please try again in a few minutes.</p>
          </div>
        </div>
      </search-results>
    `);
    await capturingConsole('warn', async () => {
      (await proxy.call('search', 1)).fail('offline');
      await waitUntil(() => root.querySelectorAll('[role="alert"]').length === 2, 'no error text was shown');
    });
    expect(Array.from(root.querySelectorAll('h2')).filter((h) => h.textContent === 'Search is not working right now')).to.have.length(1);
    expect(root.textContent).to.contain('An unexpected error occurred: The search service could not be reached (offline).');
  });

  for (const control of ['Sort by', 'Results per page'] as const) {
    it(`keeps the ${control} control, and focus on it, when the search it started fails; choosing again searches again`, async () => {
      const root = await resultsPage();
      proxy.autoRespond(undefined);
      const element = select(root, control);
      element.focus();
      const before = proxy.of('search').length;
      await sendKeys({ press: 'ArrowDown' });
      const failing = await proxy.call('search', before + 1);
      failing.respond({ errors: ['Engine is down'] }, 500);
      await waitUntil(() => root.querySelector('[role="alert"]'), 'no error text was shown');
      expect(root.querySelector('[role="alert"]')!.textContent).to.contain('An unexpected error occurred:');
      expect(select(root, control) === element, 'the same control is still in the page').to.be.true;
      expect(element.isConnected && element.checkVisibility()).to.be.true;
      expectFocused(element);
      // From the same control, the visitor tries again.
      proxy.autoRespond(engine);
      await sendKeys({ press: 'ArrowUp' });
      await waitUntil(() => !root.querySelector('[role="alert"]'), 'the next search did not clear the error');
      expectFocused(element);
    });
  }

  it('a failed search takes the old results away but not focus: focus on a result goes to the error text', async () => {
    const root = await resultsPage();
    proxy.autoRespond(undefined);
    const link = root.querySelector<HTMLAnchorElement>('.search-results__item-title a')!;
    link.focus();
    const before = proxy.of('search').length;
    // The header search on this page, submitted while focus is on a result (as back and forward can do).
    document.dispatchEvent(new CustomEvent('site-search-submit', { detail: { searchTerm: 'bins' }, cancelable: true }));
    (await proxy.call('search', before + 1)).respond({ errors: ['Engine is down'] }, 500);
    await waitUntil(() => root.querySelector('[role="alert"]'), 'no error text was shown');
    expect(root.querySelectorAll('.search-results__item')).to.have.length(0);
    expect(heading(root)).to.equal(null);
    expectFocused(root.querySelector('[role="alert"]'));
    // The controls stay for a retry.
    expect(select(root, 'Sort by').checkVisibility()).to.be.true;
    expect(select(root, 'Results per page').checkVisibility()).to.be.true;
  });

  it('helps when nothing is found: “No results for …”, suggestions, and Clear filters when filters are set', async () => {
    const root = await resultsPage('/search/SearchForm?Search=zzz&topic=Water');
    expect(heading(root)!.textContent).to.equal('No results for “zzz”');
    const empty = root.querySelector('.search-results__empty')!;
    expect(Array.from(empty.querySelectorAll('li')).map((item) => item.textContent)).to.deep.equal([
      'checking your spelling',
      'using fewer, or more general, words',
      'removing the filters',
    ]);
    expect(root.querySelectorAll('button.search-results__clear'), 'one Clear filters button').to.have.length(1);
    empty.querySelector<HTMLButtonElement>('.search-results__clear')!.click();
    await waitUntil(() => searches(proxy).length > 1 && lastSearch(proxy).filters === undefined);
    await waitUntil(() => !root.querySelector('.search-results__clear'));
  });

  it('without filters the empty state offers no Clear filters', async () => {
    const root = await resultsPage('/search/SearchForm?Search=zzz');
    expect(root.querySelectorAll('.search-results__empty li')).to.have.length(2);
    expect(root.querySelector('.search-results__clear')).to.equal(null);
  });

  it('searches again with new words from its own field, clearing the ticked facets (a new term starts afresh)', async () => {
    const root = await resultsPage('/search/SearchForm?Search=rates&type=Policy');
    expect(checkbox(root, 'Policy').checked).to.be.true;
    const input = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    input.focus();
    input.select();
    await sendKeys({ type: 'water meters' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => lastSearch(proxy).query === 'water meters');
    expect(lastSearch(proxy).filters).to.equal(undefined);
    await waitUntil(() => heading(root)!.textContent === '42 results for “water meters”');
    expect(checkbox(root, 'Policy').checked).to.be.false;
    expect(input.maxLength).to.equal(128);
  });

  it('with keep-filters, new words from its own field keep the ticked facets', async () => {
    const markup = html`
      <search-results data-engine-name="harbourton" keep-filters>
        <div class="search-page"><h2>2 results for “rates”</h2></div>
      </search-results>
    `;
    const root = await resultsPage('/search/SearchForm?Search=rates&type=Policy', markup);
    const input = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    input.focus();
    input.select();
    await sendKeys({ type: 'water meters' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => lastSearch(proxy).query === 'water meters');
    expect(lastSearch(proxy).filters).to.deep.equal({ all: [{ any: [{ document_type: 'Policy' }] }] });
    await waitUntil(() => heading(root)!.textContent === '12 results for “water meters”');
    expect(checkbox(root, 'Policy').checked).to.be.true;
  });

  it('tracks a followed result with the request id and tells the page', async () => {
    const root = await resultsPage();
    const events: unknown[] = [];
    root.addEventListener('search-result-click', (event) => events.push(event.detail));
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    try {
      root.querySelector<HTMLAnchorElement>('.search-results__item a')!.click();
    } finally {
      document.removeEventListener('click', stay);
    }
    const click = await proxy.call('click', 1);
    expect(click.params).to.deep.equal({ query: 'rates', document_id: 'doc-1', request_id: `request-${answered}`, tags: ['results'] });
    expect(click.init.keepalive, 'sent even as the page goes').to.be.true;
    expect(events).to.deep.equal([{ documentId: 'doc-1', url: '/docs/doc-1', requestId: `request-${answered}` }]);
  });

  it('tells the page every state with search-state-change', async () => {
    const states: Array<{ wasSearched: boolean; totalResults: number }> = [];
    document.addEventListener('search-state-change', (event) => states.push(event.detail.state));
    try {
      await resultsPage();
    } finally {
      await effectsSettled();
    }
    expect(states.length).to.be.greaterThan(1);
    expect(states.at(-1)).to.deep.include({ wasSearched: true, totalResults: 42, searchTerm: 'rates' });
  });

  it('takes its texts from i18n', async () => {
    const i18n = JSON.stringify({
      sortLabel: 'Trefnu yn ôl',
      resultsCountForTerm: '{count} canlyniad ar gyfer “{term}”',
      resultsNotice: 'Dangos {start} i {end} o {total}',
    });
    const root = await resultsPage('/search/SearchForm?Search=rates', serverPage({ i18n }));
    expect(heading(root)!.textContent).to.equal('42 canlyniad ar gyfer “rates”');
    expect(select(root, 'Trefnu yn ôl')).to.exist;
    await waitUntil(() => status(root).textContent!.startsWith('Dangos 1 i 20 o 42'));
  });

  it('searches the header element’s engine when it has none of its own', async () => {
    startAt('/search/SearchForm?Search=rates');
    const root = await fixture<HTMLElement>(html`
      <div>
        <site-search data-engine-name="from-header"
          ><form action="/search/SearchForm">
            <label for="h">Search</label><input id="h" name="Search" type="search" /><button>Search</button>
          </form></site-search
        >
        <search-results></search-results>
      </div>
    `);
    await waitUntil(() => heading(root));
    expect(proxy.of('search')[0].engine).to.equal('from-header');
  });

  it('without any engine name: logs the configuration error and leaves the server’s page as it is', async () => {
    let root!: HTMLElement;
    const errors = await capturingConsole('error', async () => {
      startAt('/search/SearchForm?Search=rates');
      root = await fixture<HTMLElement>(html`<search-results><p data-server-page>Server results</p></search-results>`);
      await effectsSettled();
    });
    expect(errors).to.deep.equal(['<search-results>: hostIdentifier or endpointBase, and engineName are required']);
    expect(root.querySelector('[data-server-page]')!.checkVisibility()).to.be.true;
    expect(proxy.calls).to.have.length(0);
  });

  it('reports a config it cannot use and keeps its defaults', async () => {
    let root!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      root = await resultsPage('/search/SearchForm?Search=rates', serverPage({ config: '{"facets": 5, "pageSizes": [15, 30]}' }));
    });
    expect(warnings.join(' ')).to.contain('"facets" is not valid');
    expect(root.querySelectorAll('fieldset')).to.have.length(2);
    expect(Array.from(select(root, 'Results per page').options).map((option) => option.value)).to.deep.equal(['15', '20', '30']);
  });

  it('works with its defaults when config is not JSON', async () => {
    let root!: HTMLElement;
    const errors = await capturingConsole('error', async () => {
      root = await resultsPage('/search/SearchForm?Search=rates', serverPage({ config: '{facets:' }));
    });
    expect(errors.join(' ')).to.contain('config: the attribute is not valid JSON');
    expect(root.querySelectorAll('fieldset')).to.have.length(2);
  });

  it('shows a prompt, and searches nothing, at an address without words or filters', async () => {
    startAt('/search/SearchForm');
    const root = await fixture<HTMLElement>(serverPage());
    await waitUntil(() => root.querySelector('.search-results__idle'));
    expect(proxy.calls).to.have.length(0);
    expect(root.querySelector('[data-server-page]')).to.equal(null);
  });

  it('keeps a visitor typing in the server’s field where they were when its own page replaces it', async () => {
    proxy.autoRespond(undefined);
    startAt('/search/SearchForm?Search=rates');
    const root = await fixture<HTMLElement>(serverPage());
    const serverField = root.querySelector<HTMLInputElement>('#server-term')!;
    serverField.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' rebate' });
    const first = await proxy.call('search', 1);
    first.respond(engine(first));
    await waitUntil(() => clientPage(root));
    const input = root.querySelector<HTMLInputElement>('.search-results__input')!;
    expectFocused(input);
    expect(input.value).to.equal('rates rebate');
  });

  it('keeps the filters open, with focus on their toggle, when a visitor opened the server’s while the code loaded', async () => {
    await setViewport({ width: 375, height: 800 });
    try {
      proxy.autoRespond(undefined);
      startAt('/search/SearchForm?Search=rates');
      const root = await fixture<HTMLElement>(html`
        <search-results data-engine-name="harbourton">
          <form action="/search/SearchForm" method="get" role="search" aria-label="Search and filter">
            <label for="fold-term">Search</label><input id="fold-term" name="Search" type="search" value="rates" />
            <details>
              <summary>Filter results</summary>
              <label><input type="checkbox" name="document_type" value="Policy" /> Policy</label>
            </details>
          </form>
          <p>Server results</p>
        </search-results>
      `);
      const serverToggle = root.querySelector('summary')!;
      serverToggle.focus();
      await sendKeys({ press: 'Enter' });
      expect(root.querySelector('details')!.open, 'the server’s filters opened').to.be.true;
      const first = await proxy.call('search', 1);
      first.respond(engine(first));
      await waitUntil(() => clientPage(root));
      const fold = root.querySelector<HTMLDetailsElement>('.search-results__filters')!;
      expect(fold.open).to.be.true;
      expect(checkbox(root, 'Policy').checkVisibility()).to.be.true;
      expectFocused(fold.querySelector('summary')!);
    } finally {
      await setViewport({ width: 1200, height: 900 });
    }
  });

  it('keeps the filters folded on a phone when the visitor had not opened them', async () => {
    await setViewport({ width: 375, height: 800 });
    try {
      const root = await resultsPage();
      const fold = root.querySelector<HTMLDetailsElement>('.search-results__filters')!;
      expect(fold.open).to.be.false;
      expect(checkbox(root, 'Policy').checkVisibility()).to.be.false;
    } finally {
      await setViewport({ width: 1200, height: 900 });
    }
  });

  it('keeps focus in the server’s field when the element upgrades around it', async () => {
    proxy.autoRespond(undefined);
    startAt('/search/SearchForm?Search=rates');
    const root = await fixture<HTMLElement>(html`
      <search-results-late data-engine-name="harbourton"
        ><form action="/search/SearchForm">
          <label for="late-term">Search</label><input id="late-term" name="Search" type="search" value="rates" /></form
      ></search-results-late>
    `);
    const serverField = root.querySelector<HTMLInputElement>('#late-term')!;
    serverField.focus();
    define('search-results-late');
    await waitUntil(() => root.querySelector('.search-results__server'));
    expectFocused(serverField);
  });

  it('searches in place when the header search is used on the page', async () => {
    const submits = catchSubmits();
    try {
      startAt('/search/SearchForm?Search=rates');
      const root = await fixture<HTMLElement>(html`
        <div>
          <site-search data-engine-name="harbourton"
            ><form action="/search/SearchForm">
              <label for="hs">Search</label><input id="hs" name="Search" type="search" /><button>Search</button>
            </form></site-search
          >
          ${serverPage()}
        </div>
      `);
      await waitUntil(() => heading(root));
      const header = root.querySelector<HTMLInputElement>('#hs')!;
      header.focus();
      await sendKeys({ type: 'zzz' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => heading(root)!.textContent === 'No results for “zzz”');
      expect(submits.submitted, 'the page did not load again').to.deep.equal([]);
      expect(root.querySelector<HTMLInputElement>('.search-results__input')!.value).to.equal('zzz');
    } finally {
      submits.stop();
    }
  });

  it('has no axe violations, with results and in the empty state', async () => {
    const root = await resultsPage();
    await expect(root).to.be.accessible();
    fixtureCleanup();
    const empty = await resultsPage('/search/SearchForm?Search=zzz&type=Policy');
    await expect(empty).to.be.accessible();
  });

  it('before it upgrades (and without JavaScript) the server’s page shows as it came', async () => {
    const root = await fixture<HTMLElement>(html`
      <search-results-not-defined data-engine-name="harbourton">
        <h2>2 results for “rates”</h2>
        <ol>
          <li><a href="/server-a">Server result A</a></li>
        </ol>
      </search-results-not-defined>
    `);
    expect(root.querySelector('a')!.checkVisibility()).to.be.true;
    expect(root.querySelector('h2')!.textContent).to.equal('2 results for “rates”');
  });
});
