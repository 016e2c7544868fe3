import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import { define as defineAccordion } from '../../elements/classes/accordion-group';
import { define as defineDataTable } from '../../elements/classes/data-table';
import { define as defineJumpToTop } from '../../elements/classes/jump-to-top';
import { loadStyles } from './helpers';

// This page imports only the class modules: nothing is registered until a test calls define().
const KIT_TAGS = ['accordion-group', 'data-table', 'jump-to-top'];

const accordion = (tag: string) => staticHtml`
  <${unsafeStatic(tag)}>
    <section>
      <h3>Fees</h3>
      <p>The fee is <strong>£120</strong>.</p>
    </section>
    <section data-open>
      <h3>Documents you need</h3>
      <p><a href="#plans">Site plans</a></p>
    </section>
  </${unsafeStatic(tag)}>
`;
const dataTable = (tag: string) => staticHtml`
  <${unsafeStatic(tag)}>
    <table>
      <caption>Fees for 2026</caption>
      <thead><tr><th scope="col">Application type</th><th scope="col">Lodgement fee</th></tr></thead>
      <tbody><tr><th scope="row">New dwelling</th><td>£1,250.00</td></tr></tbody>
    </table>
  </${unsafeStatic(tag)}>
`;
const jumpToTop = (tag: string) => staticHtml`<${unsafeStatic(tag)}><a href="#top">Back to top</a></${unsafeStatic(tag)}>`;

const accordionButtons = (host: Element) => Array.from(host.querySelectorAll<HTMLButtonElement>('.accordion__button'));
const rendered = {
  accordion: (host: Element) => accordionButtons(host).length === 2,
  dataTable: (host: Element) => host.querySelector('.data-table') !== null,
  jumpToTop: (host: Element) => host.querySelector('.jump-to-top') !== null,
};

/**
 * Sizes that getComputedStyle reports from layout, not from the cascade: in a closed panel (not rendered) they are
 * whatever the last layout left, so they are compared only where both elements are rendered.
 */
const LAYOUT_SIZES = new Set(['width', 'height', 'block-size', 'inline-size']);

/** Every computed style of an element (and its ::before and ::after) that differs from another's, by name. */
function styleDifferences(a: Element, b: Element, path: string): string[] {
  const differences: string[] = [];
  const bothRendered = a.checkVisibility() && b.checkVisibility();
  for (const pseudo of [null, '::before', '::after']) {
    const styleA = getComputedStyle(a, pseudo);
    const styleB = getComputedStyle(b, pseudo);
    for (const property of Array.from(styleA)) {
      if (!bothRendered && LAYOUT_SIZES.has(property)) continue;
      const valueA = styleA.getPropertyValue(property);
      const valueB = styleB.getPropertyValue(property);
      if (valueA !== valueB) differences.push(`${path}${pseudo ?? ''} ${property}: ${valueA} / ${valueB}`);
    }
  }
  return differences;
}

/** Compares two rendered elements node by node: the same tree, and the same computed styles everywhere. */
function sameLook(kit: Element, own: Element): string[] {
  const differences = styleDifferences(kit, own, 'host');
  const kitNodes = Array.from(kit.querySelectorAll('*'));
  const ownNodes = Array.from(own.querySelectorAll('*'));
  if (kitNodes.length !== ownNodes.length) return [`${kitNodes.length} elements under the kit's tag, ${ownNodes.length} under the site's`];
  kitNodes.forEach((node, index) => differences.push(...styleDifferences(node, ownNodes[index], `${node.localName}.${node.className}`)));
  return differences;
}

describe('an element class imported on its own', () => {
  it('registers nothing when imported', () => {
    for (const tag of KIT_TAGS) expect(customElements.get(tag), `<${tag}>`).to.equal(undefined);
  });

  it("define('council-accordion') registers only that name, and the element works under it", async () => {
    await loadStyles('accordion');
    const registered = defineAccordion('council-accordion');
    expect(customElements.get('council-accordion') === registered).to.be.true;
    expect(customElements.get('accordion-group')).to.equal(undefined);

    const host = await fixture<HTMLElement>(accordion('council-accordion'));
    await waitUntil(() => rendered.accordion(host), '<council-accordion> did not render');
    // A page's <accordion-group> stays plain markup: nothing upgraded it.
    const untouched = await fixture<HTMLElement>(accordion('accordion-group'));
    expect(untouched.matches(':defined')).to.be.false;
    expect(untouched.querySelector('button')).to.equal(null);

    const events: { index: number; open: boolean }[] = [];
    host.addEventListener('accordion-toggle', (event) => events.push({ index: event.detail.index, open: event.detail.open }));
    const [fees] = accordionButtons(host);
    expect(fees.getAttribute('aria-expanded')).to.equal('false');
    fees.click();
    await waitUntil(() => fees.getAttribute('aria-expanded') === 'true');
    expect(events).to.deep.equal([{ index: 0, open: true }]);
    expect(host.getAttribute('data-civic')).to.equal('accordion-group');
    expect(customElements.get('accordion-group')).to.equal(undefined);
  });

  it('a tag some other script took first is left alone', () => {
    class Theirs extends HTMLElement {}
    customElements.define('council-table', Theirs);
    expect(defineDataTable('council-table') === Theirs).to.be.true;
    expect(customElements.get('data-table')).to.equal(undefined);
  });
});

describe('an element under a site-chosen tag', () => {
  before(async () => {
    await Promise.all(['accordion', 'data-table', 'jump-to-top'].map(loadStyles));
    // The kit's own tags too, now, to compare with.
    defineAccordion();
    defineDataTable();
    defineDataTable('council-data-table');
    defineJumpToTop();
    defineJumpToTop('council-jump-to-top');
  });

  const cases = [
    { name: 'an accordion', kit: 'accordion-group', own: 'council-accordion', markup: accordion, ready: rendered.accordion },
    { name: 'a data table', kit: 'data-table', own: 'council-data-table', markup: dataTable, ready: rendered.dataTable },
    { name: 'a back-to-top link', kit: 'jump-to-top', own: 'council-jump-to-top', markup: jumpToTop, ready: rendered.jumpToTop },
  ];
  for (const { name, kit, own, markup, ready } of cases) {
    it(`styles ${name} exactly as under <${kit}>`, async () => {
      const wrapper = await fixture<HTMLElement>(html`<div style="width: 40rem">${markup(kit)}${markup(own)}</div>`);
      const [kitElement, ownElement] = Array.from(wrapper.children);
      await waitUntil(() => ready(kitElement) && ready(ownElement), `<${kit}> and <${own}> did not both render`);
      expect(ownElement.localName).to.equal(own);
      expect(sameLook(kitElement, ownElement)).to.deep.equal([]);
    });
  }
});
