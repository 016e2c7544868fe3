import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/filter-input';
import { capturingConsole, expectFocused, loadStyles, upgraded } from './helpers';

const search = (value = '') => html`
  <form action="/forms" method="get" role="search">
    <label class="filter-input__label" for="forms-filter">Search forms and tools</label>
    <div class="filter-input__row">
      <input class="filter-input__field" id="forms-filter" name="q" type="search" .value=${value} value=${value} />
      <button class="filter-input__button" type="submit">Search</button>
    </div>
  </form>
`;

const list = (hidden: string[] = []) => html`
  <ul id="forms-list">
    <li ?hidden=${hidden.includes('consent')}><a href="/a">Do I need a building consent?</a></li>
    <li ?hidden=${hidden.includes('rebate')}><a href="/b">Can I get a rates rebate?</a></li>
    <li ?hidden=${hidden.includes('report')}><a href="/c">Report a problem with a road or footpath</a></li>
    <li ?hidden=${hidden.includes('rates')}><a href="/d">Pay your rates</a></li>
    <li ?hidden=${hidden.includes('maori')}><a href="/e">Apply for a Māori land rates remission</a></li>
  </ul>
`;

const page = (value = '', hidden: string[] = [], target = 'forms-list') => html`
  <div>
    <filter-input target=${target}>${search(value)}</filter-input>
    ${list(hidden)}
  </div>
`;

const input = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="search"]')!;
const button = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('button')!;
const status = (root: HTMLElement) => root.querySelector<HTMLElement>('[role="status"]');
const shown = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLLIElement>('#forms-list > li'))
    .filter((li) => !li.hidden)
    .map((li) => li.textContent?.trim());
const upgradedPage = (value?: string, hidden?: string[]) =>
  upgraded<HTMLElement>(page(value, hidden), (e) => !!e.querySelector('.filter-input'));

describe('<filter-input>', () => {
  before(() => loadStyles('filter-input'));

  it('keeps its form once and disables the button while the input is empty', async () => {
    const root = await upgradedPage();
    expect(root.querySelectorAll('form')).to.have.length(1);
    expect(root.querySelectorAll('input')).to.have.length(1);
    expect(button(root).disabled).to.be.true;
    input(root).focus();
    await sendKeys({ type: 'rates' });
    expect(button(root).disabled).to.be.false;
    for (let i = 0; i < 5; i += 1) await sendKeys({ press: 'Backspace' });
    expect(button(root).disabled).to.be.true;
    await sendKeys({ type: '   ' });
    expect(button(root).disabled, 'spaces alone are empty').to.be.true;
  });

  it('has no axe violations empty and with the list filtered', async () => {
    const root = await upgradedPage();
    await expect(root).to.be.accessible();
    input(root).focus();
    await sendKeys({ type: 'rates' });
    await waitUntil(() => !!status(root)?.textContent);
    await expect(root).to.be.accessible();
  });

  it('filters the target list as the visitor types, announcing how many show', async () => {
    const root = await upgradedPage();
    const changes: Array<{ query: string; count: number; total: number }> = [];
    root.addEventListener('filter-input-change', (e) => changes.push(e.detail));
    expect(status(root)!.textContent).to.equal('');
    input(root).focus();
    await sendKeys({ type: 'rates' });
    expect(shown(root)).to.deep.equal(['Can I get a rates rebate?', 'Pay your rates', 'Apply for a Māori land rates remission']);
    expect(status(root)!.textContent).to.equal('Showing 3 of 5');
    await sendKeys({ type: ' pay' });
    expect(shown(root)).to.deep.equal(['Pay your rates']);
    expect(changes.at(-1)).to.deep.equal({ query: 'rates pay', count: 1, total: 5 });
    await sendKeys({ type: 'ment plan' });
    expect(shown(root)).to.deep.equal([]);
    expect(status(root)!.textContent).to.equal('No results match “rates payment plan”');
  });

  it('matches without case or accents', async () => {
    const root = await upgradedPage();
    input(root).focus();
    await sendKeys({ type: 'MAORI' });
    expect(shown(root)).to.deep.equal(['Apply for a Māori land rates remission']);
  });

  it('keeps the search on the page when it filters: Enter and the button submit nothing', async () => {
    const root = await upgradedPage();
    let submitted = 0;
    const record = (event: Event) => {
      if (!event.defaultPrevented) submitted += 1;
      event.preventDefault();
    };
    document.addEventListener('submit', record);
    input(root).focus();
    await sendKeys({ type: 'consent' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Tab' });
    expectFocused(button(root));
    await sendKeys({ press: 'Enter' });
    document.removeEventListener('submit', record);
    expect(submitted).to.equal(0);
    expect(shown(root)).to.deep.equal(['Do I need a building consent?']);
  });

  it('without a target it is a plain search: the button enables with text and the form is sent', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div><filter-input>${search()}</filter-input></div>`,
      (e) => !!e.querySelector('.filter-input'),
    );
    expect(status(root)).to.be.null;
    let submitted = 0;
    const record = (event: Event) => {
      if (!event.defaultPrevented) submitted += 1;
      event.preventDefault();
    };
    document.addEventListener('submit', record);
    button(root).click();
    expect(submitted, 'a disabled button sends nothing').to.equal(0);
    input(root).focus();
    await sendKeys({ type: 'dog' });
    button(root).click();
    document.removeEventListener('submit', record);
    expect(submitted).to.equal(1);
  });

  it('takes over a list the server filtered (no-JS search): clearing the input shows every item again', async () => {
    const root = await upgradedPage('rebate', ['consent', 'report', 'rates', 'maori']);
    expect(button(root).disabled).to.be.false;
    expect(shown(root)).to.deep.equal(['Can I get a rates rebate?']);
    input(root).focus();
    await sendKeys({ press: 'Control+A' });
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => shown(root).length === 5);
    expect(button(root).disabled).to.be.true;
  });

  it('never hides an item holding the checked option', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <filter-input target="streets"><input type="search" aria-label="Find a street" /><button type="button">Find</button></filter-input>
        <div id="streets">
          <div><input type="radio" id="s1" name="s" checked /><label for="s1">Wharf Street</label></div>
          <div><input type="radio" id="s2" name="s" /><label for="s2">Harbour View Road</label></div>
        </div>
      </div>`,
      (e) => !!e.querySelector('.filter-input'),
    );
    input(root).focus();
    await sendKeys({ type: 'harbour' });
    expect(Array.from(root.querySelectorAll<HTMLElement>('#streets > div')).map((d) => d.hidden)).to.deep.equal([false, false]);
  });

  it('takes its words from the i18n attribute', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <filter-input target="forms-list" i18n='{"count":"{count} o {total} ffurflen"}'>${search()}</filter-input>
        ${list()}
      </div>`,
      (e) => !!e.querySelector('.filter-input'),
    );
    input(root).focus();
    await sendKeys({ type: 'rates' });
    expect(status(root)!.textContent).to.equal('3 o 5 ffurflen');
  });

  it('says what is wrong with a target that is not on the page, and still disables the button', async () => {
    let root!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      root = await upgraded<HTMLElement>(page('', [], 'nowhere'), (e) => !!e.querySelector('.filter-input'));
    });
    expect(warnings.join()).to.contain('"nowhere"');
    expect(button(root).disabled).to.be.true;
  });

  it('reads as a working search form before it upgrades', async () => {
    const root = await fixture<HTMLElement>(html`<div><filter-input-not-defined>${search()}</filter-input-not-defined>${list()}</div>`);
    expect(button(root).disabled).to.be.false;
    expect(root.querySelector('form')!.getAttribute('action')).to.equal('/forms');
    expect(root.querySelectorAll('#forms-list > li:not([hidden])')).to.have.length(5);
  });
});
