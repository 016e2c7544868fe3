import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { nothing, type TemplateResult } from 'lit';
import '../../elements/doc-filters';
import { capturingConsole, effectsSettled, expectFocused, upgraded } from './helpers';
import {
  dateToolRequests,
  loadFilterStyles,
  restoreRunnerUrl,
  resultsFragment,
  startAt,
  stubFetch,
  type FetchStub,
} from './filters-support';

const WIDE = { width: 1024, height: 800 };
const NARROW = { width: 600, height: 800 };

interface MarkupOptions {
  dates?: boolean;
  i18n?: string;
  dateMin?: string;
  dateMax?: string;
  from?: string;
  to?: string;
  serverError?: boolean;
  tag?: 'doc-filters' | 'doc-filters-not-defined';
}

const sortOptions: Array<[string, string]> = [
  ['/library', 'Newest first'],
  ['/library?sort=oldest', 'Oldest first'],
  ['javascript:alert(1)', 'Broken'],
];

const typeDropdown = html`
  <div class="filters__dropdown" data-dropdown>
    <fieldset class="filters__group">
      <legend class="filters__legend">Document type</legend>
      <ul class="filters__options">
        <li><input type="checkbox" id="type-policy" name="type" value="Policy" /><label for="type-policy">Policy</label></li>
        <li><input type="checkbox" id="type-report" name="type" value="Report" /><label for="type-report">Report</label></li>
      </ul>
    </fieldset>
  </div>
`;

function dateDropdown({ from = '', to = '', serverError = false }: MarkupOptions) {
  return html`
    <div class="filters__dropdown" data-dropdown>
      <fieldset class="filters__group">
        <legend class="filters__legend">Date published</legend>
        <div class="filters__field">
          <label for="from">From</label>
          <p id="from-hint">For example, 27/03/2024</p>
          ${serverError ? html`<p id="from-error" data-server-error>Server says: enter a real date</p>` : nothing}
          <input
            id="from"
            name="from"
            type="text"
            .value=${from}
            aria-describedby=${serverError ? 'from-hint from-error' : 'from-hint'}
            aria-invalid=${serverError ? 'true' : nothing}
            data-date-field="from"
          />
        </div>
        <div class="filters__field">
          <label for="to">To</label>
          <input id="to" name="to" type="text" .value=${to} data-date-field="to" />
        </div>
      </fieldset>
    </div>
  `;
}

function library(options: MarkupOptions = {}): TemplateResult {
  const body = html`
    <form class="filters__form" action="/library" method="get" role="search" aria-label="Filter documents">
      <label for="keywords">Search</label>
      <input id="keywords" name="keywords" type="search" />
      <div class="filters__bar">${typeDropdown} ${options.dates ? dateDropdown(options) : nothing}</div>
      <button type="submit" class="filters__apply">Apply filters</button>
    </form>
    <div class="filters__results" data-results>
      <h2 class="filters__count" data-results-count="2">2 documents</h2>
      <form class="filters__sort" action="/library/sort">
        <label for="sort">Sort by</label>
        <select id="sort" name="url" data-sort-select>
          ${sortOptions.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
        </select>
        <button type="submit" data-sort-submit>Sort</button>
      </form>
      <ol class="filters__list">
        <li class="filters__result" data-result>
          <h3><a href="/docs/rates-policy">Rates policy</a></h3>
        </li>
        <li class="filters__result" data-result>
          <h3><a href="/docs/annual-report">Annual report</a></h3>
        </li>
      </ol>
    </div>
  `;
  if (options.tag === 'doc-filters-not-defined') return html`<doc-filters-not-defined>${body}</doc-filters-not-defined>`;
  return html`<doc-filters date-min=${options.dateMin ?? nothing} date-max=${options.dateMax ?? nothing} i18n=${options.i18n ?? nothing}
    >${body}</doc-filters
  >`;
}

const toggles = (el: HTMLElement) => Array.from(el.querySelectorAll<HTMLButtonElement>('.filters__dropdown-toggle'));
const toggle = (el: HTMLElement, name: RegExp) => toggles(el).find((button) => name.test(button.textContent ?? ''))!;
const panelOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute('aria-controls')!)!;
const titles = (el: HTMLElement) => Array.from(el.querySelectorAll('[data-result] a')).map((a) => a.textContent);
const status = (el: HTMLElement) => el.querySelector('.filters > [role="status"]')!.textContent!.trim();
const checkbox = (el: HTMLElement, value: string) => el.querySelector<HTMLInputElement>(`input[name="type"][value="${value}"]`)!;
const pickerButton = (el: HTMLElement, field: string) =>
  el.querySelector<HTMLButtonElement>(`#${field} ~ .date-field__controls .date-field__toggle`)!;

/** Upgraded, rendered, and listening (React attaches its listeners in effects, after the first paint). */
async function upgradedLibrary(options: MarkupOptions = {}) {
  const el = await upgraded<HTMLElement>(library(options), (e) => toggles(e).length === (options.dates ? 2 : 1));
  await effectsSettled();
  return el;
}

/** Opens a dropdown by its button and waits until its panel shows. */
async function openDropdown(el: HTMLElement, name: RegExp) {
  const button = toggle(el, name);
  if (button.getAttribute('aria-expanded') !== 'true') button.click();
  await waitUntil(() => button.getAttribute('aria-expanded') === 'true' && panelOf(button).checkVisibility(), `${name} did not open`);
  return button;
}

/** Upgraded with date fields, and their mask and picker loaded. */
async function upgradedWithDates(options: MarkupOptions = {}) {
  const el = await upgradedLibrary({ dates: true, dateMin: '2000-01-01', dateMax: '2026-12-31', ...options });
  await waitUntil(() => el.querySelectorAll('.date-field__toggle').length === 2, 'the date tools did not load', { timeout: 5000 });
  // The masks attach in the effects after the render that shows the toggles.
  await effectsSettled();
  return el;
}

/** Types into a field as a visitor does, then leaves it (the change event). */
async function typeInto(input: HTMLInputElement, text: string) {
  input.focus();
  input.select();
  await sendKeys({ type: text });
  input.blur();
}

let fetchStub: FetchStub | undefined;
function useFetch(options?: { honourAbort?: boolean }) {
  fetchStub = stubFetch(options);
  return fetchStub;
}

beforeEach(async () => {
  await loadFilterStyles();
  await setViewport(WIDE);
  startAt('/library');
});
afterEach(async () => {
  fetchStub?.restore();
  fetchStub = undefined;
  await resetMouse();
  restoreRunnerUrl();
});

describe('<doc-filters> loading', () => {
  // First in the file on purpose: nothing before it has used a date field.
  it('never downloads the mask or the calendar when the form has no date fields', async () => {
    const el = await upgradedLibrary();
    await effectsSettled();
    expect(el.querySelector('.date-field__toggle')).to.equal(null);
    expect(dateToolRequests()).to.deep.equal([]);
  });

  it('downloads them once it finds date fields', async () => {
    await upgradedWithDates();
    expect(dateToolRequests().length).to.be.greaterThan(0);
  });
});

describe('<doc-filters> upgrade', () => {
  it('keeps every server node once and adds a disclosure button per dropdown', async () => {
    const el = await upgradedLibrary({ dates: true });
    expect(el.querySelectorAll('input[type="checkbox"]')).to.have.length(2);
    expect(el.querySelectorAll('[data-result]')).to.have.length(2);
    expect(el.textContent?.match(/Rates policy/g)).to.have.length(1);
    expect(toggles(el).map((b) => b.querySelector('.filters__dropdown-label')!.textContent)).to.deep.equal([
      'Document type',
      'Date published',
    ]);
    for (const button of toggles(el)) {
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      expect(panelOf(button).localName).to.equal('fieldset');
      expect(panelOf(button).hidden).to.be.true;
    }
  });

  it('has no axe violations as it upgrades and with a dropdown open', async () => {
    const el = await upgradedLibrary({ dates: true });
    await expect(el).to.be.accessible();
    const [type] = toggles(el);
    type!.click();
    await waitUntil(() => !panelOf(type!).hidden);
    await expect(el).to.be.accessible();
  });

  it('hides the no-JavaScript Sort button, which the select replaces', async () => {
    const el = await upgradedLibrary();
    expect(el.querySelector<HTMLElement>('[data-sort-submit]')!.checkVisibility()).to.be.false;
    expect(el.querySelector<HTMLElement>('.filters__apply')!.checkVisibility()).to.be.true;
  });

  it('reads as a plain form before it upgrades: every filter, the Apply and Sort buttons', async () => {
    const el = await fixture<HTMLElement>(library({ dates: true, tag: 'doc-filters-not-defined' }));
    expect(el.querySelector<HTMLElement>('#type-policy')!.checkVisibility()).to.be.true;
    expect(el.querySelector<HTMLElement>('#from')!.checkVisibility()).to.be.true;
    expect(el.querySelector<HTMLElement>('[data-sort-submit]')!.checkVisibility()).to.be.true;
    expect(el.querySelector<HTMLElement>('.filters__apply')!.checkVisibility()).to.be.true;
  });

  it('survives being moved in the page', async () => {
    const el = await upgradedLibrary();
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await effectsSettled();
    expect(toggles(el)).to.have.length(1);
    expect(el.querySelectorAll('[data-result]')).to.have.length(2);
    elsewhere.remove();
  });

  it('says what is missing when there is no results region', async () => {
    const warnings = await capturingConsole('warn', async () => {
      await upgraded<HTMLElement>(
        html`<doc-filters
          ><form action="/library"><input type="checkbox" name="type" value="x" aria-label="x" /></form
        ></doc-filters>`,
        (e) => !!e.querySelector('.filters'),
      );
    });
    expect(warnings.join()).to.contain('[data-results]');
  });
});

describe('<doc-filters> dropdowns', () => {
  it('open and close by click, one at a time', async () => {
    const el = await upgradedLibrary({ dates: true });
    const [type, date] = toggles(el);
    const events: Array<{ label: string; open: boolean }> = [];
    el.addEventListener('doc-filters-dropdown', (e) => events.push(e.detail));
    type.click();
    await waitUntil(() => type.getAttribute('aria-expanded') === 'true');
    expect(panelOf(type).checkVisibility()).to.be.true;
    date.click();
    await waitUntil(() => date.getAttribute('aria-expanded') === 'true');
    expect(type.getAttribute('aria-expanded')).to.equal('false');
    expect(panelOf(type).hidden).to.be.true;
    date.click();
    await waitUntil(() => date.getAttribute('aria-expanded') === 'false');
    expect(events).to.deep.equal([
      { label: 'Document type', open: true },
      { label: 'Document type', open: false },
      { label: 'Date published', open: true },
      { label: 'Date published', open: false },
    ]);
  });

  it('open from the keyboard; Escape closes and puts focus back on the button', async () => {
    const el = await upgradedLibrary();
    const type = toggle(el, /Document type/);
    type.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => type.getAttribute('aria-expanded') === 'true');
    await sendKeys({ press: 'Tab' });
    expectFocused(checkbox(el, 'Policy'));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => type.getAttribute('aria-expanded') === 'false');
    expectFocused(type);
    await sendKeys({ press: 'Space' });
    await waitUntil(() => type.getAttribute('aria-expanded') === 'true');
  });

  it('close on a click outside on wide screens', async () => {
    const el = await upgradedLibrary();
    const type = toggle(el, /Document type/);
    type.click();
    await waitUntil(() => type.getAttribute('aria-expanded') === 'true');
    const label = el.querySelector('label[for="keywords"]')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(label.left + 5), Math.round(label.top + 5)] });
    await waitUntil(() => type.getAttribute('aria-expanded') === 'false', 'an outside click did not close the dropdown');
  });

  it('stay open on a click outside on small screens', async () => {
    await setViewport(NARROW);
    const el = await upgradedLibrary();
    const type = toggle(el, /Document type/);
    type.click();
    await waitUntil(() => type.getAttribute('aria-expanded') === 'true');
    const label = el.querySelector('label[for="keywords"]')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(label.left + 5), Math.round(label.top + 5)] });
    await effectsSettled();
    expect(type.getAttribute('aria-expanded')).to.equal('true');
  });

  it('show how many filters are chosen inside', async () => {
    useFetch();
    const el = await upgradedLibrary();
    const type = toggle(el, /Document type/);
    type.click();
    await waitUntil(() => type.getAttribute('aria-expanded') === 'true');
    checkbox(el, 'Report').click();
    await waitUntil(() => /1 selected/.test(type.textContent ?? ''));
  });
});

describe('<doc-filters> reloading the results in place (wide screens)', () => {
  it('reloads on a checkbox change: uncached GET of the form target with the form, results replaced, URL pushed, count announced', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    const updates: unknown[] = [];
    el.addEventListener('doc-filters-update', (e) => updates.push(e.detail));
    const historyLength = history.length;
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    const request = await fetch.request(1);
    expect(request.url.pathname).to.equal('/library');
    expect([...request.url.searchParams]).to.deep.equal([
      ['type', 'Policy'],
      ['fragment', 'results'],
    ]);
    expect(request.init?.cache).to.equal('no-store');
    expect(el.querySelector('[data-results]')!.getAttribute('aria-busy')).to.equal('true');
    request.respond(resultsFragment(['Dog policy', 'Rates policy', 'Tree policy']));
    await waitUntil(() => titles(el).length === 3, 'the results were not replaced');
    expect(titles(el)).to.deep.equal(['Dog policy', 'Rates policy', 'Tree policy']);
    expect(el.querySelectorAll('[data-results]')).to.have.length(1);
    expect(el.querySelector('[data-results]')!.hasAttribute('aria-busy')).to.be.false;
    expect(`${location.pathname}${location.search}`).to.equal('/library?type=Policy');
    expect(history.length).to.equal(historyLength + 1);
    await waitUntil(() => status(el) === '3 documents found');
    expect(updates).to.deep.equal([{ query: 'type=Policy', count: 3, cause: 'change' }]);
    expect(fetch.requests).to.have.length(1);
  });

  it('reloads when a checkbox is toggled with the Space key', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    await waitUntil(() => checkbox(el, 'Report').checkVisibility());
    checkbox(el, 'Report').focus();
    await sendKeys({ press: 'Space' });
    const request = await fetch.request(1);
    expect(request.url.searchParams.getAll('type')).to.deep.equal(['Report']);
  });

  it('applies the keywords on submit, in place', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    const keywords = el.querySelector<HTMLInputElement>('#keywords')!;
    keywords.focus();
    await sendKeys({ type: 'dog registration' });
    expect(fetch.requests).to.have.length(0);
    let submitPrevented = false;
    el.querySelector('form')!.addEventListener('submit', (e) => {
      submitPrevented = e.defaultPrevented;
      e.preventDefault();
    });
    await sendKeys({ press: 'Enter' });
    const request = await fetch.request(1);
    expect(submitPrevented).to.be.true;
    expect(request.url.searchParams.get('keywords')).to.equal('dog registration');
    request.respond(resultsFragment(['Dog registration form']));
    await waitUntil(() => location.search === '?keywords=dog+registration');
  });

  it('applies only the latest of two quick changes, even when the earlier answer arrives last', async () => {
    const fetch = useFetch({ honourAbort: false });
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    checkbox(el, 'Report').click();
    const first = await fetch.request(1);
    const second = await fetch.request(2);
    expect(first.signal?.aborted).to.be.true;
    expect(second.url.searchParams.getAll('type')).to.deep.equal(['Policy', 'Report']);
    second.respond(resultsFragment(['Both kinds']));
    await waitUntil(() => titles(el).join() === 'Both kinds');
    first.respond(resultsFragment(['Only policies']));
    await effectsSettled();
    expect(titles(el)).to.deep.equal(['Both kinds']);
    expect(location.search).to.equal('?type=Policy&type=Report');
  });

  it('keeps the results, logs and shows a note when a reload fails; the next change works', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    const failures: unknown[] = [];
    el.addEventListener('doc-filters-error', (e) => failures.push(e.detail));
    await openDropdown(el, /Document type/);
    const errors = await capturingConsole('error', async () => {
      checkbox(el, 'Policy').click();
      (await fetch.request(1)).respond('<p>Bad gateway</p>', 502);
      await waitUntil(() => el.querySelector('.filters__note')?.textContent?.includes('Could not update the results'));
    });
    expect(errors.join()).to.contain('could not reload the results');
    expect(titles(el)).to.deep.equal(['Rates policy', 'Annual report']);
    expect(location.search).to.equal('');
    expect(failures).to.have.length(1);
    await waitUntil(() => status(el).startsWith('Could not update the results'));
    // Still usable.
    checkbox(el, 'Report').click();
    (await fetch.request(2)).respond(resultsFragment(['Annual report 2026']));
    await waitUntil(() => titles(el).join() === 'Annual report 2026');
    expect(el.querySelector('.filters__note')).to.equal(null);
  });

  it('treats an answer without a results region as a failure', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    const errors = await capturingConsole('error', async () => {
      checkbox(el, 'Policy').click();
      (await fetch.request(1)).respond('<!doctype html><title>Sign in</title><p>Please sign in</p>');
      await waitUntil(() => !!el.querySelector('.filters__note'));
    });
    expect(errors.join()).to.contain('[data-results]');
    expect(titles(el)).to.deep.equal(['Rates policy', 'Annual report']);
  });

  it('never runs scripts or inline handlers from the answer', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    (await fetch.request(1)).respond(
      '<div data-results><p data-results-count="1">1</p><script>window.__ran = true</script><img src="x" onerror="window.__ran = true" alt=""><ol><li data-result><a href="/a">A</a></li></ol></div>',
    );
    await waitUntil(() => titles(el).join() === 'A');
    await effectsSettled();
    expect((window as unknown as { __ran?: boolean }).__ran).to.equal(undefined);
    expect(el.querySelector('[data-results] script')).to.equal(null);
    expect(el.querySelector('[data-results] img')!.hasAttribute('onerror')).to.be.false;
  });

  it('moves focus to the results region when the content it was on is replaced', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    el.querySelector<HTMLAnchorElement>('[data-result] a')!.focus();
    el.querySelector('form')!.requestSubmit();
    (await fetch.request(1)).respond(resultsFragment(['New']));
    await waitUntil(() => titles(el).join() === 'New');
    expectFocused(el.querySelector('[data-results]'));
  });

  it('restores the form and the results on back and forward, without pushing again', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    (await fetch.request(1)).respond(resultsFragment(['Policies']));
    await waitUntil(() => location.search === '?type=Policy');
    checkbox(el, 'Report').click();
    (await fetch.request(2)).respond(resultsFragment(['Policies and reports']));
    await waitUntil(() => location.search === '?type=Policy&type=Report');
    const historyLength = history.length;

    history.back();
    const back = await fetch.request(3);
    expect(back.url.search).to.equal('?type=Policy&fragment=results');
    expect(checkbox(el, 'Policy').checked).to.be.true;
    expect(checkbox(el, 'Report').checked).to.be.false;
    back.respond(resultsFragment(['Policies again']));
    await waitUntil(() => titles(el).join() === 'Policies again');
    await waitUntil(() => /1 document/.test(status(el)));

    history.forward();
    const forward = await fetch.request(4);
    expect(forward.url.searchParams.getAll('type')).to.deep.equal(['Policy', 'Report']);
    expect(checkbox(el, 'Report').checked).to.be.true;
    forward.respond(resultsFragment(['Both again']));
    await waitUntil(() => titles(el).join() === 'Both again');
    expect(history.length).to.equal(historyLength);
    expect(location.search).to.equal('?type=Policy&type=Report');
  });

  it('scrolls the page to the top after a reload when the filters are out of view', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    const spacerAfter = Object.assign(document.createElement('div'), { className: 'test-spacer' });
    spacerAfter.style.setProperty('height', '3000px');
    el.after(spacerAfter);
    try {
      await openDropdown(el, /Document type/);
      checkbox(el, 'Policy').click();
      window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY + 200, behavior: 'instant' });
      expect(el.getBoundingClientRect().top).to.be.lessThan(0);
      (await fetch.request(1)).respond(resultsFragment(['Policies']));
      await waitUntil(() => window.scrollY === 0, 'the page did not go back to the top', { timeout: 3000 });
    } finally {
      spacerAfter.remove();
    }
  });

  it('takes its announcements from i18n', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary({ i18n: '{"resultsFound":"{count} dogfen","selectedCount":"{count} wedi’u dewis"}' });
    const type = toggle(el, /Document type/);
    type.click();
    checkbox(el, 'Policy').click();
    (await fetch.request(1)).respond(resultsFragment(['A', 'B']));
    await waitUntil(() => status(el) === '2 dogfen');
    expect(type.textContent).to.contain('1 wedi’u dewis');
  });
});

describe('<doc-filters> on small screens', () => {
  beforeEach(() => setViewport(NARROW));

  it('leaves blank fields out of the address the Apply button loads', async () => {
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    // The form loads its page into a frame, so the test page stays; the address is what the browser built.
    const frame = document.createElement('iframe');
    frame.name = 'filters-sink';
    document.body.append(frame);
    try {
      const form = el.querySelector('form')!;
      form.target = 'filters-sink';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      el.querySelector<HTMLButtonElement>('.filters__apply')!.click();
      await loaded;
      const address = new URL(frame.contentWindow!.location.href);
      expect(address.pathname).to.equal('/library');
      expect(address.search).to.equal('?type=Policy');
    } finally {
      frame.remove();
    }
  });

  it('does not reload on a change: the form applies on submit, as without JavaScript', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    await effectsSettled();
    expect(fetch.requests).to.have.length(0);
    let submitted: boolean | undefined;
    el.querySelector('form')!.addEventListener('submit', (e) => {
      submitted = !e.defaultPrevented;
      e.preventDefault();
    });
    el.querySelector<HTMLButtonElement>('.filters__apply')!.click();
    await waitUntil(() => submitted !== undefined);
    expect(submitted).to.be.true;
    expect(fetch.requests).to.have.length(0);
  });
});

describe('<doc-filters> sort', () => {
  it('goes to the chosen option’s address when chosen with the mouse', async () => {
    const el = await upgradedLibrary();
    const urls: string[] = [];
    el.addEventListener('doc-filters-sort', (e) => {
      urls.push(e.detail.url);
      e.preventDefault();
    });
    const select = el.querySelector<HTMLSelectElement>('[data-sort-select]')!;
    select.value = '/library?sort=oldest';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(urls).to.deep.equal([new URL('/library?sort=oldest', location.href).href]);
  });

  it('only chooses with the arrow keys, and goes on Enter', async () => {
    const el = await upgradedLibrary();
    const urls: string[] = [];
    el.addEventListener('doc-filters-sort', (e) => {
      urls.push(e.detail.url);
      e.preventDefault();
    });
    const select = el.querySelector<HTMLSelectElement>('[data-sort-select]')!;
    select.focus();
    await sendKeys({ press: 'ArrowDown' });
    await effectsSettled();
    expect(select.value).to.equal('/library?sort=oldest');
    expect(urls).to.deep.equal([]);
    await sendKeys({ press: 'Enter' });
    expect(urls).to.deep.equal([new URL('/library?sort=oldest', location.href).href]);
  });

  it('works for a select that arrived with reloaded results', async () => {
    const fetch = useFetch();
    const el = await upgradedLibrary();
    await openDropdown(el, /Document type/);
    checkbox(el, 'Policy').click();
    (await fetch.request(1)).respond(
      resultsFragment(['A'], {
        sortOptions: [
          ['/library?type=Policy', 'Newest'],
          ['/library?type=Policy&sort=title', 'Title'],
        ],
      }),
    );
    await waitUntil(() => titles(el).join() === 'A');
    expect(el.querySelector<HTMLElement>('[data-sort-submit]')!.checkVisibility()).to.be.false;
    const urls: string[] = [];
    el.addEventListener('doc-filters-sort', (e) => {
      urls.push(e.detail.url);
      e.preventDefault();
    });
    const select = el.querySelector<HTMLSelectElement>('[data-sort-select]')!;
    select.value = '/library?type=Policy&sort=title';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(urls).to.deep.equal([new URL('/library?type=Policy&sort=title', location.href).href]);
  });

  it('refuses an option that is not an address on this site', async () => {
    const el = await upgradedLibrary();
    const urls: string[] = [];
    el.addEventListener('doc-filters-sort', (e) => urls.push(e.detail.url));
    const select = el.querySelector<HTMLSelectElement>('[data-sort-select]')!;
    const warnings = await capturingConsole('warn', () => {
      select.value = 'javascript:alert(1)';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(urls).to.deep.equal([]);
    expect(warnings.join()).to.contain('not an address on this site');
  });
});

describe('<doc-filters> date fields', () => {
  it('mask what is typed as dd/mm/yyyy and refuse letters', async () => {
    const el = await upgradedWithDates();
    await openDropdown(el, /Date published/);
    const from = el.querySelector<HTMLInputElement>('#from')!;
    from.focus();
    await sendKeys({ type: '2703ab2024' });
    expect(from.value).to.equal('27/03/2024');
  });

  it('show a value set by a script or autofill in the display format, within the watch interval', async () => {
    const el = await upgradedWithDates();
    const from = el.querySelector<HTMLInputElement>('#from')!;
    from.value = '2024-03-05';
    await waitUntil(() => from.value === '05/03/2024', 'the programmatic value was not masked', { timeout: 1500 });
    from.value = '1203';
    await waitUntil(() => from.value === '12/03', 'the programmatic digits were not masked', { timeout: 1500 });
  });

  it('accept a pasted date in another accepted format', async () => {
    const el = await upgradedWithDates();
    const from = el.querySelector<HTMLInputElement>('#from')!;
    const data = new DataTransfer();
    data.setData('text', '2024-03-27');
    from.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    expect(from.value).to.equal('27/03/2024');
  });

  it('mark an impossible date invalid with a linked, announced message, and do not reload', async () => {
    const fetch = useFetch();
    const el = await upgradedWithDates();
    await openDropdown(el, /Date published/);
    const from = el.querySelector<HTMLInputElement>('#from')!;
    await typeInto(from, '31022024');
    await waitUntil(() => from.getAttribute('aria-invalid') === 'true');
    const message = el.querySelector<HTMLElement>('.date-field__error')!;
    expect(message.textContent).to.contain('Enter a day that exists in that month');
    expect(message.checkVisibility()).to.be.true;
    expect(from.getAttribute('aria-describedby')!.split(' ')).to.include.members(['from-hint', message.id]);
    await waitUntil(() => status(el).startsWith('Enter a day that exists'));
    await effectsSettled();
    expect(fetch.requests).to.have.length(0);
  });

  it('clamp a date before the minimum, mark it and say so, and reload with the minimum', async () => {
    const fetch = useFetch();
    const el = await upgradedWithDates();
    await openDropdown(el, /Date published/);
    const from = el.querySelector<HTMLInputElement>('#from')!;
    await typeInto(from, '01011990');
    await waitUntil(() => from.value === '01/01/2000');
    expect(from.getAttribute('aria-invalid')).to.equal('true');
    expect(el.querySelector('.date-field__error')!.textContent).to.contain('The earliest date you can use is 01/01/2000');
    const request = await fetch.request(1);
    expect(request.url.searchParams.get('from')).to.equal('01/01/2000');
  });

  it('show From after To as an error on the field just changed, without reloading; fixing it reloads', async () => {
    const fetch = useFetch();
    const el = await upgradedWithDates();
    await openDropdown(el, /Date published/);
    const from = el.querySelector<HTMLInputElement>('#from')!;
    const to = el.querySelector<HTMLInputElement>('#to')!;
    await typeInto(to, '01102024');
    (await fetch.request(1)).respond(resultsFragment(['Until October']));
    await typeInto(from, '10102024');
    await waitUntil(() => from.getAttribute('aria-invalid') === 'true');
    expect(el.querySelector('.date-field__error')!.textContent).to.contain('The From date must be the same as or before the To date');
    await effectsSettled();
    expect(fetch.requests).to.have.length(1);
    await typeInto(from, '01092024');
    await waitUntil(() => !from.hasAttribute('aria-invalid'));
    expect(el.querySelector('.date-field__error')).to.equal(null);
    const request = await fetch.request(2);
    expect([request.url.searchParams.get('from'), request.url.searchParams.get('to')]).to.deep.equal(['01/09/2024', '01/10/2024']);
  });

  it('stop a submit with a date error: the dropdown opens and focus goes to the field', async () => {
    await setViewport(NARROW);
    const el = await upgradedWithDates({ from: '31/13/2024' });
    let submitted: boolean | undefined;
    el.querySelector('form')!.addEventListener('submit', (e) => {
      submitted = !e.defaultPrevented;
      e.preventDefault();
    });
    el.querySelector<HTMLButtonElement>('.filters__apply')!.click();
    await waitUntil(() => submitted !== undefined);
    expect(submitted).to.be.false;
    const from = el.querySelector<HTMLInputElement>('#from')!;
    expect(toggle(el, /Date published/).getAttribute('aria-expanded')).to.equal('true');
    expectFocused(from);
    expect(from.getAttribute('aria-invalid')).to.equal('true');
  });

  it('open the dropdown holding a field the server marked invalid, and hand over its message once changed', async () => {
    const el = await upgradedWithDates({ from: '31/02/2024', serverError: true });
    const date = toggle(el, /Date published/);
    expect(date.getAttribute('aria-expanded')).to.equal('true');
    const serverMessage = el.querySelector<HTMLElement>('#from-error')!;
    expect(serverMessage.checkVisibility()).to.be.true;
    const from = el.querySelector<HTMLInputElement>('#from')!;
    useFetch();
    await typeInto(from, '01022024');
    await waitUntil(() => serverMessage.hidden);
    expect(from.hasAttribute('aria-invalid')).to.be.false;
    expect(from.getAttribute('aria-describedby')).to.equal('from-hint');
  });

  it('open the dropdown and focus the field when a link points to it (the server’s list of problems)', async () => {
    const el = await upgradedWithDates();
    const link = Object.assign(document.createElement('a'), { href: '#to', textContent: 'The To date must be after the From date' });
    el.querySelector('[data-results]')!.prepend(link);
    link.click();
    await waitUntil(() => toggle(el, /Date published/).getAttribute('aria-expanded') === 'true');
    expectFocused(el.querySelector('#to'));
  });

  it('warn about a minimum that is not a date, and work without it', async () => {
    const warnings = await capturingConsole('warn', async () => {
      await upgradedWithDates({ dateMin: '1 January 2000' });
    });
    expect(warnings.join()).to.contain('date-min');
  });
});

describe('<doc-filters> date picker', () => {
  async function openPicker(el: HTMLElement, field = 'from') {
    await openDropdown(el, /Date published/);
    await waitUntil(() => pickerButton(el, field).checkVisibility());
    pickerButton(el, field).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(
      () =>
        el.querySelector('[role="dialog"]')?.querySelector('.flatpickr-day[tabindex="0"]') &&
        document.activeElement?.matches('.flatpickr-day'),
    );
    return el.querySelector<HTMLElement>('[role="dialog"]')!;
  }
  const focusedDay = () => document.activeElement as HTMLElement;
  const title = (dialog: HTMLElement) => dialog.querySelector('.date-field__title')!.childNodes[0].textContent;

  it('opens from its button on the field’s date, with focus on that day, and is named for the field', async () => {
    const el = await upgradedWithDates({ from: '27/03/2024' });
    const dialog = await openPicker(el);
    expect(pickerButton(el, 'from').getAttribute('aria-expanded')).to.equal('true');
    expect(dialog.getAttribute('aria-label')).to.equal('Choose a date for From');
    expect(focusedDay().getAttribute('aria-label')).to.equal('Wednesday 27 March 2024');
    expect(title(dialog)).to.equal('March 2024');
  });

  it('chooses a day with the arrow keys and Enter: fills the field, closes, returns focus to the field and reloads', async () => {
    const fetch = useFetch();
    const el = await upgradedWithDates({ from: '27/03/2024' });
    await openPicker(el);
    await sendKeys({ press: 'ArrowRight' });
    expect(focusedDay().getAttribute('aria-label')).to.equal('Thursday 28 March 2024');
    await sendKeys({ press: 'ArrowDown' });
    expect(focusedDay().getAttribute('aria-label')).to.equal('Thursday 4 April 2024');
    await sendKeys({ press: 'Enter' });
    const from = el.querySelector<HTMLInputElement>('#from')!;
    await waitUntil(() => from.value === '04/04/2024');
    await waitUntil(() => !el.querySelector('[role="dialog"]'));
    expectFocused(from);
    const request = await fetch.request(1);
    expect(request.url.searchParams.get('from')).to.equal('04/04/2024');
  });

  it('has a month view and a year view, reached and used from the keyboard', async () => {
    const el = await upgradedWithDates({ from: '27/03/2024' });
    const dialog = await openPicker(el);
    // Back from the day grid to the heading button.
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    expectFocused(dialog.querySelector('.date-field__title'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !!dialog.querySelector('.date-field__grid--months'));
    expect(focusedDay().getAttribute('aria-label')).to.equal('March 2024');
    await waitUntil(() => dialog.querySelector('[role="status"]')!.textContent!.startsWith('Months of 2024'));
    await sendKeys({ press: 'ArrowDown' });
    expect(focusedDay().getAttribute('aria-label')).to.equal('June 2024');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => document.activeElement?.matches('.flatpickr-day') ?? false);
    expect(title(dialog)).to.equal('June 2024');

    // Up to the years: the heading twice.
    (dialog.querySelector('.date-field__title') as HTMLElement).click();
    await waitUntil(() => !!dialog.querySelector('.date-field__grid--months'));
    (dialog.querySelector('.date-field__title') as HTMLElement).click();
    await waitUntil(() => !!dialog.querySelector('.date-field__grid--years'));
    const years = Array.from(dialog.querySelectorAll('.date-field__grid--years button')).map((b) => b.textContent);
    expect(years).to.have.length(20);
    expect([years[0], years[19]]).to.deep.equal(['2020', '2039']);
    expect(focusedDay().textContent).to.equal('2024');
    await sendKeys({ press: 'PageUp' });
    await waitUntil(() => dialog.querySelector('.date-field__grid--years button')?.textContent === '2000');
    expect(focusedDay().closest('.date-field__grid--years')).to.not.equal(null);
    await sendKeys({ press: 'Home' });
    expect(focusedDay().textContent).to.equal('2000');
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !!dialog.querySelector('.date-field__grid--months'));
    expect(title(dialog)).to.equal('2001');
  });

  it('marks months and years outside the allowed dates, and will not choose them', async () => {
    const el = await upgradedWithDates({ from: '15/02/2000' });
    const dialog = await openPicker(el);
    (dialog.querySelector('.date-field__title') as HTMLElement).click();
    await waitUntil(() => !!dialog.querySelector('.date-field__grid--months'));
    (dialog.querySelector('.date-field__title') as HTMLElement).click();
    await waitUntil(() => !!dialog.querySelector('.date-field__grid--years'));
    const year1999 = Array.from(dialog.querySelectorAll<HTMLButtonElement>('.date-field__grid--years button')).find(
      (b) => b.textContent === '1999',
    );
    expect(year1999).to.equal(undefined);
    await sendKeys({ press: 'PageUp' });
    await waitUntil(() => dialog.querySelector('.date-field__grid--years button')?.textContent === '1980');
    const disabled = dialog.querySelector<HTMLButtonElement>('.date-field__grid--years button[aria-disabled="true"]')!;
    disabled.click();
    await effectsSettled();
    expect(dialog.querySelector('.date-field__grid--years')).to.not.equal(null);
  });

  it('moves between months with its buttons and announces the month', async () => {
    const el = await upgradedWithDates({ from: '27/03/2024' });
    const dialog = await openPicker(el);
    dialog.querySelector<HTMLButtonElement>('.date-field__nav--next')!.click();
    await waitUntil(() => title(dialog) === 'April 2024');
    await waitUntil(() => dialog.querySelector('[role="status"]')!.textContent === 'April 2024');
    expect(dialog.querySelector('.date-field__nav--next')!.getAttribute('aria-label')).to.equal('Next month');
  });

  it('closes on Escape with focus back on its button, and a second Escape closes the dropdown', async () => {
    const el = await upgradedWithDates();
    await openPicker(el);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !el.querySelector('[role="dialog"]'));
    expectFocused(pickerButton(el, 'from'));
    const date = toggle(el, /Date published/);
    expect(date.getAttribute('aria-expanded')).to.equal('true');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => date.getAttribute('aria-expanded') === 'false');
    expectFocused(date);
  });

  it('closes on a click outside it, and leaves the field a plain text field', async () => {
    const el = await upgradedWithDates();
    await openPicker(el);
    const hint = el.querySelector('#from-hint')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(hint.left + 3), Math.round(hint.top + 3)] });
    await waitUntil(() => !el.querySelector('[role="dialog"]'), 'an outside click did not close the picker');
    const from = el.querySelector<HTMLInputElement>('#from')!;
    expect(from.type).to.equal('text');
    expect(from.readOnly).to.be.false;
  });

  it('closes on a click outside that comes the moment it shows', async () => {
    const el = await upgradedWithDates();
    await openDropdown(el, /Date published/);
    await waitUntil(() => pickerButton(el, 'from').checkVisibility());
    // The click comes in the first task after the picker is in the page, before any frame.
    const clicked = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!el.querySelector('[role="dialog"]')) return;
        observer.disconnect();
        setTimeout(() => {
          el.querySelector<HTMLElement>('#from-hint')!.click();
          resolve();
        });
      });
      observer.observe(el, { childList: true, subtree: true });
    });
    pickerButton(el, 'from').click();
    await clicked;
    await waitUntil(() => !el.querySelector('[role="dialog"]'), 'the click outside was missed: the picker stayed open');
  });

  it('takes its labels from i18n', async () => {
    const el = await upgradedWithDates({ i18n: '{"pickerButton":"Dewis dyddiad","pickerLabel":"Dewis dyddiad: {field}"}' });
    expect(pickerButton(el, 'from').textContent).to.contain('Dewis dyddiad');
    const dialog = await openPicker(el);
    expect(dialog.getAttribute('aria-label')).to.equal('Dewis dyddiad: From');
  });
});
