import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { define } from '../../elements/site-search';
import { SEARCH_BAR_CLOSE_DELAY_MS, SEARCH_ESCAPE_CLOSE_MS, SUGGESTIONS_SHOWN } from '../../src/core/constants';
import { SUGGEST_DEBOUNCE_MS } from '../../src/core/search-combobox';
import { capturingConsole, effectsSettled, expectFocused, loadStyles, upgraded } from './helpers';
import { catchSubmits, stubProxy, suggestionAnswer, type ProxyStub } from './search-support';

const SUGGESTIONS = ['rates', 'rates rebate', 'rates relief', 'rates due dates', 'rates arrears', 'rates valuation'];

const headerForm = () => html`
  <div class="header">
    <site-search data-engine-name="harbourton">
      <form class="site-search" action="/search/SearchForm" method="get" role="search">
        <label class="site-search__label" for="header-search">Search Harbourton City Council website</label>
        <input
          class="site-search__input"
          id="header-search"
          name="Search"
          type="search"
          placeholder="Search Harbourton"
          autocomplete="off"
        />
        <button class="site-search__button" type="submit">Search</button>
      </form>
    </site-search>
    <a href="/after">A link after the search</a>
  </div>
`;

const field = (root: ParentNode) => root.querySelector<HTMLInputElement>('input[name="Search"]')!;
const options = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLElement>('[role="option"]'));
const panel = (root: ParentNode) => root.querySelector<HTMLElement>('.site-search__panel')!;
const status = (root: ParentNode) => root.querySelector<HTMLElement>('[role="status"]')!;
const toggle = (root: ParentNode) => root.querySelector<HTMLButtonElement>('.site-search__toggle');
const bar = (root: ParentNode) => root.querySelector<HTMLElement>('.site-search__bar')!;
const activeOption = (input: HTMLInputElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

async function header(markup = headerForm()) {
  const wrapper = await fixture<HTMLElement>(markup);
  await waitUntil(() => wrapper.querySelector('.site-search__bar'), '<site-search> did not render', { timeout: 3000 });
  return wrapper;
}

/** Types in the field as a visitor does and answers the suggestion request that follows. */
async function typeAndAnswer(proxy: ProxyStub, root: ParentNode, text: string, answer: readonly string[], n = 1) {
  field(root).focus();
  await sendKeys({ type: text });
  const call = await proxy.call('query_suggestion', n);
  call.respond(suggestionAnswer(answer, `suggest-${n}`));
  await waitUntil(
    () => field(root).getAttribute('aria-expanded') === String(answer.length > 0) && options(root).length === Math.min(answer.length, 5),
  );
  return call;
}

describe('<site-search> on a desktop window', () => {
  let proxy: ProxyStub;
  let submits: ReturnType<typeof catchSubmits>;

  before(async () => {
    await loadStyles('site-search');
    await setViewport({ width: 1200, height: 800 });
  });
  beforeEach(() => {
    proxy = stubProxy();
    submits = catchSubmits();
  });
  afterEach(async () => {
    proxy.restore();
    submits.stop();
    await resetMouse();
  });

  it('keeps the server’s form, once, with its own texts, and makes its field an APG combobox', async () => {
    const root = await header();
    expect(root.querySelectorAll('form')).to.have.length(1);
    expect(root.querySelectorAll('input')).to.have.length(1);
    const input = field(root);
    expect(input.labels![0].textContent).to.equal('Search Harbourton City Council website');
    expect(input.placeholder).to.equal('Search Harbourton');
    expect(input.getAttribute('role')).to.equal('combobox');
    expect(input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
    expect(listbox.getAttribute('role')).to.equal('listbox');
    expect(document.getElementById(listbox.getAttribute('aria-labelledby')!)!.textContent).to.equal('Suggested queries:');
    expect(input.maxLength).to.equal(128);
    expect(toggle(root), 'no toggle on a desktop window').to.equal(null);
    expect(bar(root).hidden).to.be.false;
  });

  it('asks the proxy for 5 suggestions after a pause in typing, and shows them under “Suggested queries:”', async () => {
    const root = await header();
    field(root).focus();
    const started = performance.now();
    await sendKeys({ type: 'rat' });
    const call = await proxy.call('query_suggestion', 1);
    expect(performance.now() - started).to.be.at.least(SUGGEST_DEBOUNCE_MS - 20);
    expect(proxy.of('query_suggestion'), 'one request for the whole word').to.have.length(1);
    expect(call.url).to.equal('/_search-proxy');
    expect(call.engine).to.equal('harbourton');
    expect(call.key).to.equal('{key}');
    expect(call.params).to.deep.equal({ query: 'rat', size: SUGGESTIONS_SHOWN });
    call.respond(suggestionAnswer(SUGGESTIONS));
    await waitUntil(() => options(root).length > 0);
    expect(options(root).map((option) => option.textContent)).to.deep.equal(SUGGESTIONS.slice(0, SUGGESTIONS_SHOWN));
    expect(panel(root).hidden).to.be.false;
    expect(panel(root).textContent).to.contain('Suggested queries:');
    expect(field(root).getAttribute('aria-expanded')).to.equal('true');
    expect(options(root).every((option) => option.getAttribute('aria-selected') === 'false')).to.be.true;
    await waitUntil(() => status(root).textContent === '5 suggestions');
  });

  it('asks nothing for fewer than 2 characters, and closes the list when the text gets that short', async () => {
    const root = await header();
    field(root).focus();
    await sendKeys({ type: 'r' });
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 100));
    expect(proxy.of('query_suggestion')).to.have.length(0);
    await sendKeys({ type: 'a' });
    (await proxy.call('query_suggestion', 1)).respond(suggestionAnswer(SUGGESTIONS));
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'true');
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'false');
    expect(panel(root).hidden).to.be.true;
  });

  it('moves the active option with ArrowDown and ArrowUp, wrapping, and ArrowUp from the field goes to the fifth', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'ra', SUGGESTIONS);
    const input = field(root);
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => activeOption(input)?.textContent === 'rates arrears');
    expect(options(root).indexOf(activeOption(input)!)).to.equal(4);
    expect(activeOption(input)!.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => activeOption(input)?.textContent === 'rates');
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => activeOption(input)?.textContent === 'rates rebate');
    expect(options(root).filter((option) => option.getAttribute('aria-selected') === 'true')).to.have.length(1);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => activeOption(input)?.textContent === 'rates arrears');
    expectFocused(input);
    expect(input.value, 'the field keeps what was typed while moving').to.equal('ra');
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => !input.hasAttribute('aria-activedescendant'));
  });

  it('two quick ArrowDowns (nothing rendered between them) land on the second suggestion', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'ra', SUGGESTIONS);
    const input = field(root);
    const press = () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    // Back to back, before anything renders: each press reads the state the one before it left.
    press();
    press();
    await waitUntil(() => activeOption(input)?.textContent === 'rates rebate', 'the second press did not move on from the first');
  });

  it('Enter on the active option fills the field, submits the form and tracks the suggestion click-through', async () => {
    const root = await header();
    const events: Array<{ type: string; detail: unknown }> = [];
    for (const type of ['site-search-submit', 'site-search-suggestion-click'] as const) {
      root.addEventListener(type, (event) => events.push({ type, detail: event.detail }));
    }
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => activeOption(field(root))?.textContent === 'rates rebate');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => submits.submitted.length === 1);
    expect(submits.submitted).to.deep.equal([{ action: '/search/SearchForm', term: 'rates rebate' }]);
    expect(field(root).value).to.equal('rates rebate');
    expect(events).to.deep.equal([
      { type: 'site-search-suggestion-click', detail: { suggestion: 'rates rebate', position: 2, query: 'rat' } },
      { type: 'site-search-submit', detail: { searchTerm: 'rates rebate', suggestion: true } },
    ]);
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'false');
  });

  it('a click on a suggestion does the same, and keeps focus in the field', async () => {
    const root = await header();
    const submitted: unknown[] = [];
    root.addEventListener('site-search-submit', (event) => submitted.push(event.detail));
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    const third = options(root)[2];
    const box = third.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 10), Math.round(box.top + box.height / 2)] });
    await waitUntil(() => submits.submitted.length === 1);
    expect(submits.submitted[0].term).to.equal('rates relief');
    expect(submitted).to.deep.equal([{ searchTerm: 'rates relief', suggestion: true }]);
    expectFocused(field(root));
  });

  it('Enter without an active option submits what was typed, as the form always did', async () => {
    const root = await header();
    const submitted: unknown[] = [];
    root.addEventListener('site-search-submit', (event) => submitted.push(event.detail));
    await typeAndAnswer(proxy, root, 'dog registration', ['dog registration fees']);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => submits.submitted.length === 1);
    expect(submits.submitted[0]).to.deep.equal({ action: '/search/SearchForm', term: 'dog registration' });
    expect(submitted).to.deep.equal([{ searchTerm: 'dog registration', suggestion: false }]);
  });

  it('lets the page keep itself: a cancelled site-search-submit stops the form', async () => {
    const root = await header();
    root.addEventListener('site-search-submit', (event) => event.preventDefault());
    field(root).focus();
    await sendKeys({ type: 'bins' });
    await sendKeys({ press: 'Enter' });
    await effectsSettled();
    expect(submits.submitted).to.deep.equal([]);
  });

  it('Escape closes the list after 200 ms, not at once; a second Escape clears the field', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    await sendKeys({ press: 'ArrowDown' });
    const input = field(root);
    const pressed = performance.now();
    await sendKeys({ press: 'Escape' });
    expect(input.getAttribute('aria-expanded'), 'still open right after Escape').to.equal('true');
    await waitUntil(() => input.getAttribute('aria-expanded') === 'false', 'the list did not close', { timeout: 2000, interval: 10 });
    expect(performance.now() - pressed).to.be.at.least(SEARCH_ESCAPE_CLOSE_MS - 10);
    expect(panel(root).hidden).to.be.true;
    expect(input.hasAttribute('aria-activedescendant')).to.be.false;
    expect(input.value).to.equal('rat');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => input.value === '');
    expectFocused(input);
  });

  it('an answer that comes after Escape does not open the list again; ArrowDown does', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    await sendKeys({ type: 'e' });
    await sendKeys({ press: 'Escape' });
    const late = await proxy.call('query_suggestion', 2);
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'false');
    late.respond(suggestionAnswer(['rate cap']));
    await waitUntil(() => options(root).length === 1);
    expect(field(root).getAttribute('aria-expanded')).to.equal('false');
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'true' && activeOption(field(root))?.textContent === 'rate cap');
  });

  it('drops an answer older than the one shown (stale answers)', async () => {
    const root = await header();
    field(root).focus();
    await sendKeys({ type: 'ra' });
    const first = await proxy.call('query_suggestion', 1);
    await sendKeys({ type: 'tes r' });
    // However the typing fell against the pause before asking (a busy machine types slowly), one call asks for
    // the whole text; any calls between are older too.
    await waitUntil(() => proxy.of('query_suggestion').some((call) => call.params.query === 'rates r'), 'no call for “rates r”');
    const calls = proxy.of('query_suggestion');
    const latest = calls.find((call) => call.params.query === 'rates r')!;
    await latest.respond(suggestionAnswer(['rates rebate', 'rates relief']));
    await waitUntil(() => options(root).length === 2);
    // The older answers arrive last; once each has been read, the list is still the newer one.
    for (const older of [first, ...calls.filter((call) => call !== first && call !== latest)].reverse()) {
      await older.respond(suggestionAnswer(['rabbits', 'races', 'radio']));
    }
    await effectsSettled();
    expect(options(root).map((option) => option.textContent)).to.deep.equal(['rates rebate', 'rates relief']);
  });

  it('says “No suggestions” politely and keeps the list closed when there are none', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'zzqx', []);
    await waitUntil(() => status(root).textContent === 'No suggestions');
    expect(status(root).getAttribute('role')).to.equal('status');
    expect(panel(root).hidden).to.be.true;
    expect(field(root).getAttribute('aria-expanded')).to.equal('false');
  });

  it('says “1 suggestion” for one, and again when the next answer has the same count', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'dog', ['dog registration']);
    await waitUntil(() => status(root).textContent === '1 suggestion');
    await sendKeys({ type: 's' });
    (await proxy.call('query_suggestion', 2)).respond(suggestionAnswer(['dogs on beaches']));
    await waitUntil(() => status(root).textContent !== '1 suggestion' && status(root).textContent!.trim() === '1 suggestion');
  });

  it('closes the list when focus leaves the element (desktop blur handling)', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expectFocused(root.querySelector('a'));
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'false');
    expect(bar(root).hidden, 'the bar itself always shows on a desktop window').to.be.false;
  });

  it('takes its texts from i18n', async () => {
    const wrapper = await fixture<HTMLElement>(html`
      <site-search data-engine-name="harbourton" i18n='{"suggestionsHeading":"Chwiliadau awgrymedig:","suggestionsCount":"{count} awgrym"}'>
        <form action="/search/SearchForm">
          <label for="cy-search">Chwilio</label><input id="cy-search" name="Search" type="search" /><button>Chwilio</button>
        </form>
      </site-search>
    `);
    await waitUntil(() => wrapper.querySelector('.site-search__heading'));
    expect(wrapper.querySelector('.site-search__heading')!.textContent).to.equal('Chwiliadau awgrymedig:');
    await typeAndAnswer(proxy, wrapper, 'tr', ['treth', 'trwydded']);
    await waitUntil(() => status(wrapper).textContent === '2 awgrym');
  });

  it('without an engine name: logs the configuration error once, suggests nothing, and the form still submits', async () => {
    let root!: HTMLElement;
    const errors = await capturingConsole('error', async () => {
      root = await fixture<HTMLElement>(html`
        <site-search>
          <form action="/search/SearchForm">
            <label for="plain-search">Search</label><input id="plain-search" name="Search" type="search" /><button>Search</button>
          </form>
        </site-search>
      `);
      await waitUntil(() => root.querySelector('.site-search__bar'));
      field(root).focus();
      await sendKeys({ type: 'rates' });
      await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 100));
    });
    expect(errors).to.deep.equal(['<site-search>: hostIdentifier or endpointBase, and engineName are required']);
    expect(proxy.calls).to.have.length(0);
    expect(field(root).hasAttribute('role')).to.be.false;
    expect(root.querySelector('[role="listbox"]')).to.equal(null);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => submits.submitted.length === 1);
    expect(submits.submitted[0]).to.deep.equal({ action: '/search/SearchForm', term: 'rates' });
  });

  it('writes its own form when the server sent none, from site-name and short-name', async () => {
    const root = await upgraded<HTMLElement>(
      html`<site-search data-engine-name="harbourton" site-name="Harbourton City Council" short-name="Harbourton"></site-search>`,
      (element) => !!element.querySelector('form'),
    );
    const form = root.querySelector('form')!;
    expect(new URL(form.action).pathname).to.equal('/search/SearchForm');
    expect(form.method).to.equal('get');
    expect(form.getAttribute('role')).to.equal('search');
    const input = field(root);
    expect(input.labels![0].textContent).to.equal('Search Harbourton City Council website');
    expect(input.placeholder).to.equal('Search Harbourton');
    expect(input.maxLength).to.equal(128);
    expect(form.querySelector('button')!.textContent).to.equal('Search');
    expect(input.getAttribute('role')).to.equal('combobox');
    root.setAttribute('site-name', 'Te Kaunihera');
    await waitUntil(() => input.labels![0].textContent === 'Search Te Kaunihera website');
  });

  it('keeps focus, the caret and what was typed in a field used before the element upgraded', async () => {
    const root = await fixture<HTMLElement>(html`
      <div>
        <site-search-late data-engine-name="harbourton"
          ><form action="/search/SearchForm">
            <label for="early">Search</label><input id="early" name="Search" type="search" /><button>Search</button>
          </form></site-search-late
        >
      </div>
    `);
    const input = root.querySelector<HTMLInputElement>('#early')!;
    input.focus();
    await sendKeys({ type: 'ra' });
    define('site-search-late');
    await waitUntil(() => root.querySelector('.site-search__bar') && input.getAttribute('role') === 'combobox');
    expectFocused(input);
    await sendKeys({ type: 'tes' });
    expect(input.value).to.equal('rates');
    (await proxy.call('query_suggestion', 1)).respond(suggestionAnswer(['rates rebate']));
    await waitUntil(() => input.getAttribute('aria-expanded') === 'true');
  });

  it('reads suggest-min-chars, and ignores a value that is not a number', async () => {
    const warnings = await capturingConsole('warn', async () => {
      const root = await fixture<HTMLElement>(html`
        <site-search data-engine-name="harbourton" suggest-min-chars="lots"
          ><form action="/search/SearchForm"><label for="bad-min">Search</label><input id="bad-min" name="Search" type="search" /></form
        ></site-search>
      `);
      await waitUntil(() => field(root).getAttribute('role') === 'combobox');
      field(root).focus();
      await sendKeys({ type: 'ra' });
      await proxy.call('query_suggestion', 1);
      root.setAttribute('suggest-min-chars', '4');
      await effectsSettled();
      await sendKeys({ type: 't' });
      await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 100));
      expect(proxy.of('query_suggestion'), '3 characters are not enough now').to.have.length(1);
      await sendKeys({ type: 'e' });
      await proxy.call('query_suggestion', 2);
    });
    expect(warnings.join(' ')).to.contain('"lots" is not a number');
  });

  it('survives being moved in the page with its form, once', async () => {
    const root = await header();
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(root.querySelector('site-search')!);
    await waitUntil(() => elsewhere.querySelector('.site-search__bar') && field(elsewhere)?.getAttribute('role') === 'combobox');
    expect(elsewhere.querySelectorAll('form')).to.have.length(1);
    expect(elsewhere.querySelectorAll('[role="listbox"]')).to.have.length(1);
    elsewhere.remove();
  });

  it('has no axe violations, with the suggestions open', async () => {
    const root = await header();
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    await sendKeys({ press: 'ArrowDown' });
    await expect(root).to.be.accessible();
  });

  it('before it upgrades (and without JavaScript) the plain form shows and reads as it is', async () => {
    const root = await fixture<HTMLElement>(html`
      <site-search-not-defined data-engine-name="harbourton">
        <form action="/search/SearchForm" role="search">
          <label for="nojs-search">Search Harbourton City Council website</label
          ><input id="nojs-search" name="Search" type="search" /><button>Search</button>
        </form>
      </site-search-not-defined>
    `);
    const input = field(root);
    expect(input.checkVisibility()).to.be.true;
    expect(input.labels![0].textContent).to.equal('Search Harbourton City Council website');
    expect(input.hasAttribute('role')).to.be.false;
    expect(root.querySelector('button')!.checkVisibility()).to.be.true;
  });
});

describe('<site-search> on a narrow window (the header search toggle)', () => {
  let proxy: ProxyStub;
  let submits: ReturnType<typeof catchSubmits>;

  before(async () => {
    await loadStyles('site-search');
    await setViewport({ width: 400, height: 800 });
  });
  after(async () => {
    await setViewport({ width: 1200, height: 800 });
  });
  beforeEach(() => {
    proxy = stubProxy();
    submits = catchSubmits();
  });
  afterEach(() => {
    proxy.restore();
    submits.stop();
  });

  it('folds the bar behind a “Search” toggle that opens it and moves focus into the field', async () => {
    const root = await header();
    const button = toggle(root)!;
    expect(button.textContent).to.equal('Search');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal(bar(root).id);
    expect(bar(root).hidden).to.be.true;
    expect(field(root).checkVisibility()).to.be.false;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => button.getAttribute('aria-expanded') === 'true');
    expect(bar(root).hidden).to.be.false;
    await waitUntil(() => document.activeElement === field(root));
    button.click();
    await waitUntil(() => button.getAttribute('aria-expanded') === 'false');
    expect(bar(root).hidden).to.be.true;
  });

  it('Enter in the empty field folds the bar and returns to the toggle; with words, Enter searches', async () => {
    const root = await header();
    toggle(root)!.click();
    await waitUntil(() => document.activeElement === field(root));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => bar(root).hidden);
    expectFocused(toggle(root));
    expect(submits.submitted).to.deep.equal([]);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => document.activeElement === field(root));
    await sendKeys({ type: 'bins' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => submits.submitted.length === 1);
    expect(submits.submitted[0].term).to.equal('bins');
  });

  it('closes the bar 500 ms after focus leaves it, not while focus is back inside', async () => {
    const root = await header();
    toggle(root)!.click();
    await waitUntil(() => document.activeElement === field(root));
    const after = root.querySelector('a')!;
    after.focus();
    await new Promise((resolve) => setTimeout(resolve, SEARCH_BAR_CLOSE_DELAY_MS / 2));
    expect(bar(root).hidden, 'still open before the delay').to.be.false;
    field(root).focus();
    await new Promise((resolve) => setTimeout(resolve, SEARCH_BAR_CLOSE_DELAY_MS + 100));
    expect(bar(root).hidden, 'focus came back in time').to.be.false;
    const left = performance.now();
    after.focus();
    await waitUntil(() => bar(root).hidden, 'the bar did not close', { timeout: 2000, interval: 10 });
    expect(performance.now() - left).to.be.at.least(SEARCH_BAR_CLOSE_DELAY_MS - 10);
    expect(toggle(root)!.getAttribute('aria-expanded')).to.equal('false');
    expectFocused(after);
  });

  it('Escape closes the suggestions first, then the bar, each after 200 ms, and focus returns to the toggle', async () => {
    const root = await header();
    toggle(root)!.click();
    await waitUntil(() => document.activeElement === field(root));
    await typeAndAnswer(proxy, root, 'rat', SUGGESTIONS);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => field(root).getAttribute('aria-expanded') === 'false');
    expect(bar(root).hidden).to.be.false;
    const pressed = performance.now();
    await sendKeys({ press: 'Escape' });
    expect(bar(root).hidden).to.be.false;
    await waitUntil(() => bar(root).hidden, 'the bar did not close', { timeout: 2000, interval: 10 });
    expect(performance.now() - pressed).to.be.at.least(SEARCH_ESCAPE_CLOSE_MS - 10);
    expectFocused(toggle(root));
    expect(field(root).value, 'what was typed is kept').to.equal('rat');
  });

  it('a window that widens past 990 px shows the bar and no toggle', async () => {
    const root = await header();
    await setViewport({ width: 1000, height: 800 });
    await waitUntil(() => !toggle(root));
    expect(bar(root).hidden).to.be.false;
    expect(field(root).checkVisibility()).to.be.true;
    await setViewport({ width: 400, height: 800 });
    await waitUntil(() => toggle(root));
    expect(bar(root).hidden).to.be.true;
  });

  it('a window that narrows while the field has focus keeps the bar open around it', async () => {
    await setViewport({ width: 1200, height: 800 });
    const root = await header();
    field(root).focus();
    await setViewport({ width: 400, height: 800 });
    await waitUntil(() => toggle(root));
    expect(toggle(root)!.getAttribute('aria-expanded')).to.equal('true');
    expect(bar(root).hidden).to.be.false;
    expectFocused(field(root));
  });

  it('has no axe violations, folded and open', async () => {
    const root = await header();
    await expect(root).to.be.accessible();
    toggle(root)!.click();
    await waitUntil(() => !bar(root).hidden);
    await expect(root).to.be.accessible();
  });
});
