import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { nothing, type TemplateResult } from 'lit';
import '../../elements/listing-filters';
import { capturingConsole, effectsSettled, upgraded } from './helpers';
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

const SUBTOPICS: Record<string, string[]> = {
  Animals: ['Dog registration', 'Pest control'],
  Roads: ['Parking', 'Roadworks'],
};

/** The subtopics field as the server writes it, for a topic and the subtopics chosen. */
function subtopicsField(topic: string, chosen: readonly string[] = []) {
  const subtopics = SUBTOPICS[topic] ?? [];
  if (subtopics.length === 0) return '<div data-subtopics><p>Choose a topic to filter by its subtopics.</p></div>';
  const boxes = subtopics
    .map(
      (subtopic, index) =>
        `<li><input type="checkbox" id="subtopic-${index}" name="subtopic" value="${subtopic}"${chosen.includes(subtopic) ? ' checked' : ''}><label for="subtopic-${index}">${subtopic}</label></li>`,
    )
    .join('');
  return `<div data-subtopics><fieldset><legend>Subtopics of ${topic}</legend><ul>${boxes}</ul></fieldset></div>`;
}

function listing({ tag = 'listing-filters', i18n }: { tag?: string; i18n?: string } = {}): TemplateResult {
  const body = html`
    <form action="/news" method="get" aria-label="Filter news">
      <fieldset>
        <legend>Published by</legend>
        <input type="checkbox" id="pub-council" name="publisher" value="Council" /><label for="pub-council">Council</label>
        <input type="checkbox" id="pub-water" name="publisher" value="Water" /><label for="pub-water">Water</label>
      </fieldset>
      <label for="topic">Topic</label>
      <select id="topic" name="topic" data-subtopics-url="/news/subtopics?v=1">
        <option value="">All topics</option>
        <option value="Animals">Animals</option>
        <option value="Roads">Roads</option>
      </select>
      <div id="subtopics" data-subtopics><p>Choose a topic to filter by its subtopics.</p></div>
      <button type="submit" class="filters__apply">Apply filters</button>
    </form>
    <div data-results>
      <h2 data-results-count="1">1 news item</h2>
      <ol>
        <li data-result><a href="/news/first">First news</a></li>
      </ol>
    </div>
  `;
  if (tag === 'listing-filters-not-defined') return html`<listing-filters-not-defined>${body}</listing-filters-not-defined>`;
  return html`<listing-filters i18n=${i18n ?? nothing}>${body}</listing-filters>`;
}

const titles = (el: HTMLElement) => Array.from(el.querySelectorAll('[data-result] a')).map((a) => a.textContent);
const status = (el: HTMLElement) => el.querySelector('.filters > [role="status"]')!.textContent!.trim();
const subtopicValues = (el: HTMLElement) => Array.from(el.querySelectorAll<HTMLInputElement>('[data-subtopics] input')).map((i) => i.value);
const topicSelect = (el: HTMLElement) => el.querySelector<HTMLSelectElement>('#topic')!;

function chooseTopic(el: HTMLElement, topic: string) {
  const select = topicSelect(el);
  select.value = topic;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

async function upgradedListing(options?: { i18n?: string }) {
  const el = await upgraded<HTMLElement>(listing(options), (e) => !!e.querySelector('.filters > [role="status"]'));
  await effectsSettled();
  return el;
}

let fetchStub: FetchStub | undefined;
function useFetch(options?: { honourAbort?: boolean }) {
  fetchStub = stubFetch(options);
  return fetchStub;
}

beforeEach(async () => {
  await loadFilterStyles();
  await setViewport(WIDE);
  startAt('/news');
});
afterEach(() => {
  fetchStub?.restore();
  fetchStub = undefined;
  restoreRunnerUrl();
});
after(() => {
  // A listing page has no date fields: it must never have paid for the mask or the calendar.
  expect(dateToolRequests()).to.deep.equal([]);
});

describe('<listing-filters>', () => {
  it('keeps every server node once', async () => {
    const el = await upgradedListing();
    expect(el.querySelectorAll('input[type="checkbox"]')).to.have.length(2);
    expect(el.querySelectorAll('[data-result]')).to.have.length(1);
    expect(el.querySelectorAll('#topic option')).to.have.length(3);
  });

  it('has no axe violations once upgraded', async () => {
    const el = await upgradedListing();
    await expect(el).to.be.accessible();
  });

  it('reads as a plain form before it upgrades', async () => {
    const el = await fixture<HTMLElement>(listing({ tag: 'listing-filters-not-defined' }));
    expect(el.querySelector<HTMLElement>('#pub-council')!.checkVisibility()).to.be.true;
    expect(el.querySelector<HTMLElement>('.filters__apply')!.checkVisibility()).to.be.true;
  });

  it('reloads the results when a checkbox changes, and the URL follows', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    const updates: unknown[] = [];
    el.addEventListener('listing-filters-update', (e) => updates.push(e.detail));
    el.querySelector<HTMLInputElement>('#pub-water')!.focus();
    await sendKeys({ press: 'Space' });
    const request = await fetch.request(1);
    expect(request.url.pathname).to.equal('/news');
    expect(request.url.search).to.equal('?publisher=Water&fragment=results');
    expect(request.init?.cache).to.equal('no-store');
    request.respond(resultsFragment(['Water news', 'More water news']));
    await waitUntil(() => titles(el).join() === 'Water news,More water news');
    expect(location.search).to.equal('?publisher=Water');
    await waitUntil(() => status(el) === '2 results found');
    expect(updates).to.deep.equal([{ query: 'publisher=Water', count: 2, cause: 'change' }]);
  });

  it('refreshes the subtopics when the topic changes, then reloads the results with them', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    const subtopicEvents: unknown[] = [];
    el.addEventListener('listing-filters-subtopics', (e) => subtopicEvents.push(e.detail));
    el.querySelector<HTMLInputElement>('#pub-council')!.checked = true;
    chooseTopic(el, 'Animals');
    const request = await fetch.request(1);
    expect(request.url.pathname).to.equal('/news/subtopics');
    expect([...request.url.searchParams]).to.deep.equal([
      ['v', '1'],
      ['publisher', 'Council'],
      ['topic', 'Animals'],
    ]);
    expect(request.init?.cache).to.equal('no-store');
    expect(fetch.requests).to.have.length(1);
    request.respond(subtopicsField('Animals'));
    await waitUntil(() => subtopicValues(el).join() === 'Dog registration,Pest control');
    expect(el.querySelectorAll('[data-subtopics]')).to.have.length(1);
    expect(subtopicEvents).to.deep.equal([{ topic: 'Animals', refreshed: true }]);
    const results = await fetch.request(2);
    expect(results.url.search).to.equal('?publisher=Council&topic=Animals&fragment=results');
    results.respond(resultsFragment(['Dog news']));
    await waitUntil(() => titles(el).join() === 'Dog news');
  });

  it('keeps the current subtopics field when the refresh fails, and logs it', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    const errors = await capturingConsole('error', async () => {
      chooseTopic(el, 'Roads');
      (await fetch.request(1)).fail();
      await fetch.request(2);
    });
    expect(errors.join()).to.contain('could not refresh the subtopics');
    expect(el.querySelector('[data-subtopics]')!.textContent).to.contain('Choose a topic');
    expect(el.querySelector('.filters__note')).to.equal(null);
  });

  it('applies only the latest of two quick topic changes', async () => {
    const fetch = useFetch({ honourAbort: false });
    const el = await upgradedListing();
    chooseTopic(el, 'Animals');
    chooseTopic(el, 'Roads');
    const first = await fetch.request(1);
    const second = await fetch.request(2);
    expect(first.signal?.aborted).to.be.true;
    second.respond(subtopicsField('Roads'));
    await waitUntil(() => subtopicValues(el).join() === 'Parking,Roadworks');
    first.respond(subtopicsField('Animals'));
    await effectsSettled();
    expect(subtopicValues(el)).to.deep.equal(['Parking', 'Roadworks']);
  });

  it('on back and forward, brings back the topic’s subtopics and the results', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    chooseTopic(el, 'Animals');
    (await fetch.request(1)).respond(subtopicsField('Animals'));
    (await fetch.request(2)).respond(resultsFragment(['Animal news']));
    await waitUntil(() => location.search === '?topic=Animals');
    chooseTopic(el, 'Roads');
    (await fetch.request(3)).respond(subtopicsField('Roads'));
    await waitUntil(() => subtopicValues(el).join() === 'Parking,Roadworks');
    (await fetch.request(4)).respond(resultsFragment(['Road news']));
    await waitUntil(() => location.search === '?topic=Roads');

    history.back();
    const subtopics = await fetch.request(5);
    expect(topicSelect(el).value).to.equal('Animals');
    expect(subtopics.url.pathname).to.equal('/news/subtopics');
    expect(subtopics.url.searchParams.get('topic')).to.equal('Animals');
    subtopics.respond(subtopicsField('Animals'));
    const results = await fetch.request(6);
    expect(results.url.search).to.equal('?topic=Animals&fragment=results');
    results.respond(resultsFragment(['Animal news again']));
    await waitUntil(() => titles(el).join() === 'Animal news again');
    expect(subtopicValues(el)).to.deep.equal(['Dog registration', 'Pest control']);
  });

  it('keeps the results when a reload fails, and stays usable', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    const errors = await capturingConsole('error', async () => {
      el.querySelector<HTMLInputElement>('#pub-water')!.click();
      (await fetch.request(1)).fail();
      await waitUntil(() => !!el.querySelector('.filters__note'));
    });
    expect(errors.join()).to.contain('could not reload the results');
    expect(titles(el)).to.deep.equal(['First news']);
    el.querySelector<HTMLInputElement>('#pub-council')!.click();
    (await fetch.request(2)).respond(resultsFragment(['Council news']));
    await waitUntil(() => titles(el).join() === 'Council news');
  });

  it('takes its announcements from i18n', async () => {
    const fetch = useFetch();
    const el = await upgradedListing({ i18n: '{"resultsFound":"{count} eitem"}' });
    el.querySelector<HTMLInputElement>('#pub-water')!.click();
    (await fetch.request(1)).respond(resultsFragment(['a', 'b', 'c']));
    await waitUntil(() => status(el) === '3 eitem');
  });

  it('reports an unknown i18n key and keeps its default', async () => {
    const warnings = await capturingConsole('warn', async () => {
      await upgradedListing({ i18n: '{"nope":"x"}' });
    });
    expect(warnings.join()).to.contain('unknown i18n key "nope"');
  });
});

describe('<listing-filters> on small screens', () => {
  beforeEach(() => setViewport(NARROW));

  it('applies checkboxes on submit only', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    el.querySelector<HTMLInputElement>('#pub-water')!.click();
    await effectsSettled();
    expect(fetch.requests).to.have.length(0);
  });

  it('still refreshes the subtopics, without reloading the results', async () => {
    const fetch = useFetch();
    const el = await upgradedListing();
    chooseTopic(el, 'Animals');
    (await fetch.request(1)).respond(subtopicsField('Animals'));
    await waitUntil(() => subtopicValues(el).length === 2);
    await effectsSettled();
    expect(fetch.requests).to.have.length(1);
  });
});
