import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/doc-filters';
import '../../elements/search-results';
import { effectsSettled, expectFocused, loadStyles } from './helpers';
import { libraryMarkup, loadFilterStyles, stubFetch, type FetchStub } from './filters-support';
import { pageOfDocs, restoreRunnerUrl, searchAnswer, startAt, stubProxy, type ProxyStub } from './search-support';

/**
 * The kit's one focus style (src/styles/theme.css) where the filters and the search results style their own
 * controls: a yellow band with a dark underline on links, buttons and checkboxes; a white field with a yellow
 * outline and a dark inner edge on text fields and selects. Before and after the upgrade.
 */

const YELLOW = 'rgb(255, 221, 0)';
const DARK = 'rgb(11, 12, 12)';
const WHITE = 'rgb(255, 255, 255)';

/** Focuses an element as the keyboard does (so it matches :focus-visible) and reads its look. */
async function focusLook(element: HTMLElement) {
  await sendKeys({ press: 'Shift' });
  element.focus();
  expectFocused(element);
  expect(element.matches(':focus-visible'), 'focus is not keyboard focus').to.be.true;
  const style = getComputedStyle(element);
  return {
    background: style.backgroundColor,
    color: style.color,
    boxShadow: style.boxShadow,
    outline: `${style.outlineStyle} ${style.outlineColor} ${style.outlineWidth}`,
  };
}

const BAND = {
  background: YELLOW,
  color: DARK,
  boxShadow: `${YELLOW} 0px -2px 0px 0px, ${DARK} 0px 4px 0px 0px`,
  outline: 'solid rgba(0, 0, 0, 0) 3px',
};

async function expectBand(element: HTMLElement) {
  expect(await focusLook(element), element.outerHTML.slice(0, 80)).to.deep.equal(BAND);
}

async function expectFieldLook(element: HTMLElement) {
  const look = await focusLook(element);
  expect({ background: look.background, boxShadow: look.boxShadow, outline: look.outline }, element.outerHTML.slice(0, 80)).to.deep.equal({
    background: WHITE,
    boxShadow: `${DARK} 0px 0px 0px 2px inset`,
    outline: `solid ${YELLOW} 3px`,
  });
}

/** The search page as the example site writes it: the filters' classes, inside the element's tag. */
const serverSearchPage = (tag: 'search-results' | 'search-results-never-defined') => {
  const page = html`
    <div class="filters search-page">
      <form class="filters__form" action="/search/SearchForm" method="get" role="search" aria-label="Search and filter">
        <div class="filters__field filters__field--keywords">
          <label class="filters__label" for="style-term">Search Harbourton City Council website</label>
          <input class="filters__input" id="style-term" name="Search" type="search" value="rates" />
        </div>
        <div class="filters__actions"><button class="button" type="submit">Search</button></div>
      </form>
      <div class="filters__results" id="search-results">
        <form class="filters__sort" action="/search/SearchForm" method="get">
          <label class="filters__label filters__label--inline" for="style-sort">Sort by</label>
          <select class="filters__select" id="style-sort" name="sort">
            <option value="relevance">Relevance</option>
          </select>
        </form>
        <ol class="filters__list">
          <li class="filters__result">
            <h3><a class="filters__result-link" href="/server-a">Server result A</a></h3>
          </li>
        </ol>
      </div>
    </div>
  `;
  return tag === 'search-results'
    ? html`<search-results data-engine-name="harbourton">${page}</search-results>`
    : html`<search-results-never-defined>${page}</search-results-never-defined>`;
};

describe('the focus style in the filters’ and search results’ regions', () => {
  let proxy: ProxyStub | undefined;
  let fetchStub: FetchStub | undefined;

  before(async () => {
    await loadStyles('search-results');
    await loadFilterStyles();
    await setViewport({ width: 1200, height: 900 });
  });
  afterEach(async () => {
    fixtureCleanup();
    await effectsSettled();
    proxy?.restore();
    fetchStub?.restore();
    proxy = undefined;
    fetchStub = undefined;
    restoreRunnerUrl();
  });

  it('on the server’s search page, before any script: a result link, the search field and the sort select', async () => {
    const root = await fixture<HTMLElement>(serverSearchPage('search-results-never-defined'));
    await expectBand(root.querySelector<HTMLAnchorElement>('.filters__result-link')!);
    await expectBand(root.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await expectFieldLook(root.querySelector<HTMLInputElement>('#style-term')!);
    await expectFieldLook(root.querySelector<HTMLSelectElement>('#style-sort')!);
  });

  it('on the results <search-results> renders: a result link, the search field and a select', async () => {
    proxy = stubProxy();
    proxy.autoRespond((call) =>
      call.action === 'click' ? {} : searchAnswer({ docs: pageOfDocs(1, 10, 3), total: 3, current: 1, size: 10, requestId: 'style-1' }),
    );
    startAt('/search/SearchForm?Search=rates');
    const root = await fixture<HTMLElement>(serverSearchPage('search-results'));
    await waitUntil(() => root.querySelector('.search-results__item-title a'), 'the results did not show', { timeout: 3000 });
    await expectBand(root.querySelector<HTMLAnchorElement>('.search-results__item-title a')!);
    await expectFieldLook(root.querySelector<HTMLInputElement>('.search-results__input')!);
    await expectFieldLook(root.querySelector<HTMLSelectElement>('.search-results__select')!);
  });

  it('in <doc-filters>: a dropdown button (which has its own colours), a result link and the keyword field', async () => {
    startAt('/library');
    fetchStub = stubFetch();
    const root = await fixture<HTMLElement>(html`
      <doc-filters>${libraryMarkup('style')}</doc-filters>
    `);
    await waitUntil(() => root.querySelector('.filters__dropdown-toggle'), '<doc-filters> did not upgrade');
    await expectBand(root.querySelector<HTMLButtonElement>('.filters__dropdown-toggle')!);
    await expectBand(root.querySelector<HTMLAnchorElement>('[data-result] a')!);
    await expectFieldLook(root.querySelector<HTMLInputElement>('#style-keywords')!);
  });
});
