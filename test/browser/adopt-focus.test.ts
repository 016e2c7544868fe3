import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { TemplateResult } from 'lit';
import { define as defineAccordionGroup } from '../../elements/accordion-group';
import { define as defineDocFilters } from '../../elements/doc-filters';
import { define as defineMegaMenu } from '../../elements/mega-menu';
import { define as defineSubsiteTheme } from '../../elements/subsite-theme';
import { effectsSettled, expectFocused } from './helpers';
import { libraryMarkup, restoreRunnerUrl, startAt, stubFetch, type FetchStub } from './filters-support';

/**
 * Every element moves its server-rendered nodes into its own markup when it upgrades (Adopt). A visitor who
 * tabbed to a link or clicked into a field before the script arrived keeps focus, caret and selection, and the
 * page does not scroll. Each test uses a tag that is not defined yet, as a page whose script is still loading.
 */

/** A document library as its server writes it (the form and the results region), inside `wrap`. */
const library = (wrap: (body: TemplateResult) => TemplateResult) => wrap(libraryMarkup('focus'));

/** The site's navigation: one item with a panel, one plain link. */
const navigation = html`
  <nav aria-label="Main">
    <ul>
      <li>
        <a href="/services/building">Building</a>
        <ul>
          <li><a href="/guidance/building-consent">Apply for a building consent</a></li>
        </ul>
      </li>
      <li><a id="focus-contact" href="/contact">Contact us</a></li>
    </ul>
  </nav>
`;

const upgradedFilters = (root: Element) => root.querySelector('.filters__dropdown-toggle') !== null;
const upgradedMenu = (root: Element) => root.querySelector('.mega-menu__button') !== null;

let fetchStub: FetchStub | undefined;

describe('focus on server markup survives the upgrade (Adopt)', () => {
  before(async () => {
    await setViewport({ width: 1200, height: 800 });
  });
  beforeEach(() => {
    // The filters read the address and reload results with fetch: neither may reach the test runner.
    startAt('/library');
    fetchStub = stubFetch();
  });
  afterEach(() => {
    fetchStub?.restore();
    restoreRunnerUrl();
    window.scrollTo(0, 0);
  });

  it('keeps a filter field focused, with its selection, and typing goes on into it (<doc-filters>)', async () => {
    const root = await fixture<HTMLElement>(library((body) => html`<div><doc-filters-focus-caret>${body}</doc-filters-focus-caret></div>`));
    const input = root.querySelector<HTMLInputElement>('#focus-keywords')!;
    input.focus();
    await sendKeys({ type: 'rates policy' });
    input.setSelectionRange(2, 5, 'backward');
    defineDocFilters('doc-filters-focus-caret');
    await waitUntil(() => upgradedFilters(root), '<doc-filters> did not upgrade');
    expect(input.closest('.filters__content'), 'the field moved into the element’s markup').to.not.equal(null);
    expectFocused(input);
    expect([input.selectionStart, input.selectionEnd, input.selectionDirection]).to.deep.equal([2, 5, 'backward']);
    await effectsSettled();
    await sendKeys({ type: 'X' });
    expect(input.value).to.equal('raX policy');
  });

  it('keeps a link in the navigation focused, and the keyboard carries on from it (<mega-menu>)', async () => {
    const root = await fixture<HTMLElement>(html`<div><mega-menu-focus-link>${navigation}</mega-menu-focus-link></div>`);
    const contact = root.querySelector<HTMLAnchorElement>('#focus-contact')!;
    contact.focus();
    defineMegaMenu('mega-menu-focus-link');
    await waitUntil(() => upgradedMenu(root), '<mega-menu> did not upgrade');
    expect(contact.closest('.mega-menu'), 'the link moved into the element’s markup').to.not.equal(null);
    expectFocused(contact);
    await effectsSettled();
    await sendKeys({ press: 'Shift+Tab' });
    expectFocused(root.querySelector('.mega-menu__button'));
  });

  it('does not scroll the page back to the field', async () => {
    const root = await fixture<HTMLElement>(
      library(
        (body) =>
          html`<div>
            <doc-filters-focus-scroll>${body}</doc-filters-focus-scroll>
            <div class="spacer"></div>
          </div>`,
      ),
    );
    root.querySelector<HTMLElement>('.spacer')!.style.setProperty('height', '3000px');
    const input = root.querySelector<HTMLInputElement>('#focus-keywords')!;
    input.focus();
    window.scrollTo(0, 1500);
    await waitUntil(() => window.scrollY === 1500, 'the page did not scroll');
    defineDocFilters('doc-filters-focus-scroll');
    await waitUntil(() => upgradedFilters(root), '<doc-filters> did not upgrade');
    expectFocused(input);
    // Upgrading changes heights above the view (the browser's scroll anchoring follows), but the field stays out of it.
    expect(input.getBoundingClientRect().bottom, 'the page scrolled back to the field').to.be.below(0);
  });

  it('a control the upgrade hides hands focus to the button that shows it (<doc-filters> dropdown, <accordion-group>)', async () => {
    const filters = await fixture<HTMLElement>(library((body) => html`<div><doc-filters-focus-hidden>${body}</doc-filters-focus-hidden></div>`));
    filters.querySelector<HTMLInputElement>('#focus-policy')!.focus();
    defineDocFilters('doc-filters-focus-hidden');
    await waitUntil(() => upgradedFilters(filters), '<doc-filters> did not upgrade');
    const toggle = filters.querySelector<HTMLButtonElement>('.filters__dropdown-toggle')!;
    expect(toggle.getAttribute('aria-expanded'), 'the dropdown starts closed').to.equal('false');
    await waitUntil(() => document.activeElement === toggle, 'focus went to the dropdown’s button');
    await effectsSettled();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toggle.getAttribute('aria-expanded') === 'true', 'Enter on the focused toggle opens the dropdown');

    const accordion = await fixture<HTMLElement>(html`
      <div>
        <accordion-group-focus-hidden>
          <section><h3>Fees</h3><p>Set each year.</p></section>
          <section><h3>Plans</h3><p>Drawn to scale: <a id="focus-plan-link" href="#plans">an example</a>.</p></section>
        </accordion-group-focus-hidden>
      </div>
    `);
    accordion.querySelector<HTMLAnchorElement>('#focus-plan-link')!.focus();
    defineAccordionGroup('accordion-group-focus-hidden');
    await waitUntil(() => accordion.querySelectorAll('.accordion__button').length === 2, '<accordion-group> did not upgrade');
    const plans = accordion.querySelectorAll<HTMLButtonElement>('.accordion__button')[1];
    expect(plans.getAttribute('aria-expanded'), 'the section starts closed').to.equal('false');
    await waitUntil(() => document.activeElement === plans, 'focus went to the section’s button');
  });

  it('keeps focus through nested elements, whichever upgrades first', async () => {
    for (const [outer, inner, order] of [
      ['subsite-theme-focus-a', 'doc-filters-focus-a', 'outer first'],
      ['subsite-theme-focus-b', 'doc-filters-focus-b', 'inner first'],
    ] as const) {
      const wrap = (body: TemplateResult) =>
        outer === 'subsite-theme-focus-a'
          ? html`<subsite-theme-focus-a colour="#00703c"><doc-filters-focus-a>${body}</doc-filters-focus-a></subsite-theme-focus-a>`
          : html`<subsite-theme-focus-b colour="#00703c"><doc-filters-focus-b>${body}</doc-filters-focus-b></subsite-theme-focus-b>`;
      const root = await fixture<HTMLElement>(html`<div>${library(wrap)}</div>`);
      const field = root.querySelector<HTMLInputElement>('#focus-keywords')!;
      field.focus();
      if (order === 'outer first') defineSubsiteTheme(outer);
      defineDocFilters(inner);
      if (order === 'inner first') defineSubsiteTheme(outer);
      await waitUntil(() => upgradedFilters(root) && root.querySelector('.subsite-theme__content') !== null, `${order}: did not upgrade`);
      expect(field.closest('.subsite-theme__content .filters__content'), order).to.not.equal(null);
      expectFocused(field);
    }
  });

  it('leaves focus that was elsewhere where it was', async () => {
    const root = await fixture<HTMLElement>(
      html`<div>
        <button id="focus-outside" type="button">Outside</button><mega-menu-focus-outside>${navigation}</mega-menu-focus-outside>
      </div>`,
    );
    const outside = root.querySelector<HTMLButtonElement>('#focus-outside')!;
    outside.focus();
    defineMegaMenu('mega-menu-focus-outside');
    await waitUntil(() => upgradedMenu(root), '<mega-menu> did not upgrade');
    await effectsSettled();
    expectFocused(outside);
  });

  it('leaves focus where the visitor moved it after the script arrived, before the element rendered', async () => {
    const root = await fixture<HTMLElement>(
      library(
        (body) =>
          html`<div>
            <button id="focus-moved" type="button">Elsewhere</button><doc-filters-focus-moved>${body}</doc-filters-focus-moved>
          </div>`,
      ),
    );
    const input = root.querySelector<HTMLInputElement>('#focus-keywords')!;
    const elsewhere = root.querySelector<HTMLButtonElement>('#focus-moved')!;
    input.focus();
    defineDocFilters('doc-filters-focus-moved');
    // The element is defined; React renders it in a task of its own, after this one.
    elsewhere.focus();
    await waitUntil(() => upgradedFilters(root), '<doc-filters> did not upgrade');
    await effectsSettled();
    expectFocused(elsewhere);
  });
});
