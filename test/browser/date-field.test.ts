/**
 * Date fields inside <doc-filters>: what a visitor types is shown in the display format, and the picker's words in a
 * page language the browser has no date data for.
 */
import { expect, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, setViewport } from '@web/test-runner-commands';
import { nothing } from 'lit';
import '../../elements/doc-filters';
import { capturingConsole, effectsSettled, upgraded } from './helpers';
import { loadFilterStyles, restoreRunnerUrl, startAt, stubFetch, type FetchStub } from './filters-support';

interface Options {
  lang?: string;
  i18n?: string;
}

const library = ({ lang, i18n }: Options = {}) => html`
  <div lang=${lang ?? nothing}>
    <doc-filters date-min="1900-01-01" date-max="2060-12-31" i18n=${i18n ?? nothing}>
      <form class="filters__form" action="/library" method="get" role="search" aria-label="Filter documents">
        <div class="filters__bar">
          <div class="filters__dropdown" data-dropdown>
            <fieldset class="filters__group">
              <legend class="filters__legend">Date published</legend>
              <div class="filters__field">
                <label for="df-from">From</label>
                <input id="df-from" name="from" type="text" data-date-field="from" />
              </div>
              <div class="filters__field">
                <label for="df-to">To</label>
                <input id="df-to" name="to" type="text" data-date-field="to" />
              </div>
            </fieldset>
          </div>
        </div>
        <button type="submit" class="filters__apply">Apply filters</button>
      </form>
      <div class="filters__results" data-results>
        <h2 data-results-count="1">1 document</h2>
        <ol>
          <li data-result><a href="/docs/rates-policy">Rates policy</a></li>
        </ol>
      </div>
    </doc-filters>
  </div>
`;

/** Upgraded, with the mask and the picker loaded and attached. */
async function upgradedLibrary(options: Options = {}) {
  const wrapper = await upgraded<HTMLElement>(library(options), (e) => e.querySelectorAll('.date-field__toggle').length === 2);
  await effectsSettled();
  const el = wrapper.querySelector<HTMLElement>('doc-filters')!;
  const dateToggle = el.querySelector<HTMLButtonElement>('.filters__dropdown-toggle')!;
  dateToggle.click();
  await waitUntil(() => el.querySelector<HTMLInputElement>('#df-from')!.checkVisibility(), 'the dates dropdown did not open');
  return el;
}

let fetchStub: FetchStub | undefined;

beforeEach(async () => {
  await loadFilterStyles();
  await setViewport({ width: 1024, height: 800 });
  startAt('/library');
});
afterEach(async () => {
  fetchStub?.restore();
  fetchStub = undefined;
  await resetMouse();
  restoreRunnerUrl();
});

describe('date fields: a two-digit year', () => {
  for (const [typed, shown] of [
    ['15/06/15', '15/06/2015'],
    ['15/06/51', '15/06/1951'],
    ['01/02/50', '01/02/2050'],
  ] as const) {
    it(`“${typed}” then Tab shows ${shown}, in the field and in the address the results reload with`, async () => {
      fetchStub = stubFetch();
      const el = await upgradedLibrary();
      const from = el.querySelector<HTMLInputElement>('#df-from')!;
      from.focus();
      await sendKeys({ type: typed });
      expect(from.value).to.equal(typed);
      await sendKeys({ press: 'Tab' });
      await waitUntil(() => from.value === shown, `the field shows “${from.value}”`);
      const request = await fetchStub.request(1);
      expect(request.url.searchParams.get('from')).to.equal(shown);
      expect(from.hasAttribute('aria-invalid')).to.be.false;
    });
  }

  it('a four-digit year stays as typed', async () => {
    fetchStub = stubFetch();
    const el = await upgradedLibrary();
    const from = el.querySelector<HTMLInputElement>('#df-from')!;
    from.focus();
    await sendKeys({ type: '15062015' });
    await sendKeys({ press: 'Tab' });
    const request = await fetchStub.request(1);
    expect(request.url.searchParams.get('from')).to.equal('15/06/2015');
    expect(from.value).to.equal('15/06/2015');
  });
});

const welsh = {
  monthNames: 'Ionawr, Chwefror, Mawrth, Ebrill, Mai, Mehefin, Gorffennaf, Awst, Medi, Hydref, Tachwedd, Rhagfyr',
  monthNamesShort: 'Ion, Chwef, Maw, Ebr, Mai, Meh, Gorff, Awst, Medi, Hyd, Tach, Rhag',
  weekdayNames: 'Dydd Sul, Dydd Llun, Dydd Mawrth, Dydd Mercher, Dydd Iau, Dydd Gwener, Dydd Sadwrn',
  weekdayNamesShort: 'Sul, Llun, Maw, Mer, Iau, Gwe, Sad',
  firstDayOfWeek: '1',
};

async function openPicker(el: HTMLElement) {
  const button = el.querySelector<HTMLButtonElement>('#df-from ~ .date-field__controls .date-field__toggle')!;
  button.focus();
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => document.activeElement?.matches('.flatpickr-day'), 'the picker did not open on a day');
  return el.querySelector<HTMLElement>('[role="dialog"]')!;
}

const weekdayHeadings = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('.flatpickr-weekday')).map((cell) => cell.textContent!.trim());

describe('date picker: words for a language the browser has no date data for', () => {
  it('(this browser has none for Welsh, so the test means something)', () => {
    expect(Intl.DateTimeFormat.supportedLocalesOf(['cy'])).to.deep.equal([]);
  });

  it('uses the i18n lists and first day of the week on a Welsh page: day names, heading, month view', async () => {
    const el = await upgradedLibrary({ lang: 'cy', i18n: JSON.stringify(welsh) });
    el.querySelector<HTMLInputElement>('#df-from')!.value = '27/03/2024';
    const dialog = await openPicker(el);
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).to.equal('Dydd Mercher 27 Mawrth 2024');
    expect(dialog.querySelector('.date-field__title')!.childNodes[0].textContent).to.equal('Mawrth 2024');
    expect(weekdayHeadings(dialog)).to.deep.equal(['Llun', 'Maw', 'Mer', 'Iau', 'Gwe', 'Sad', 'Sul']);
    // The month view shows the short names.
    dialog.querySelector<HTMLButtonElement>('.date-field__title')!.click();
    await waitUntil(() => dialog.textContent!.includes('Chwef'), 'the month view did not show the Welsh short names');
    expect(dialog.textContent).not.to.contain('Feb');
  });

  it('without the lists, falls back to the browser’s words and says which keys give them', async () => {
    const warnings = await capturingConsole('warn', async () => {
      const el = await upgradedLibrary({ lang: 'mi' });
      el.querySelector<HTMLInputElement>('#df-from')!.value = '27/03/2024';
      const dialog = await openPicker(el);
      expect(weekdayHeadings(dialog)[0]).to.equal('Sun');
    });
    expect(warnings.join('\n')).to.contain('lang="mi"').and.to.contain('monthNames');
  });

  it('ignores a list with a name missing, and says which key', async () => {
    const warnings = await capturingConsole('warn', async () => {
      const el = await upgradedLibrary({ lang: 'cy', i18n: JSON.stringify({ ...welsh, weekdayNamesShort: 'Sul, Llun' }) });
      el.querySelector<HTMLInputElement>('#df-from')!.value = '27/03/2024';
      const dialog = await openPicker(el);
      // The short list was not whole: the site's long names stand in for it, never half a list.
      expect(weekdayHeadings(dialog)[0]).to.equal('Dydd Llun');
    });
    expect(warnings.join('\n')).to.contain('weekdayNamesShort: 2 names, 7 needed');
  });
});
