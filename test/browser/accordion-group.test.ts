import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/accordion-group';
import { upgraded, capturingConsole } from './helpers';

const markup = html`
  <accordion-group>
    <section>
      <h3 id="fees">Fees</h3>
      <p>The fee is <strong>£120</strong>.</p>
    </section>
    <section data-open>
      <h3>Documents you need</h3>
      <ul>
        <li><a id="plans-link" href="#plans">Site plans</a></li>
      </ul>
    </section>
    <section>
      <h3>How long it takes</h3>
      <p>Up to 20 working days.</p>
    </section>
  </accordion-group>
`;

const buttons = (el: HTMLElement) => Array.from(el.querySelectorAll<HTMLButtonElement>('.accordion__button'));
const panel = (button: HTMLButtonElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('<accordion-group>', () => {
  it('keeps every server-rendered section, once, inside headed buttons and panels', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    expect(buttons(el).map((b) => b.textContent?.trim())).to.deep.equal(['Fees', 'Documents you need', 'How long it takes']);
    expect(el.querySelectorAll('strong')).to.have.length(1);
    expect(el.textContent?.match(/£120/g)).to.have.length(1);
    const first = buttons(el)[0];
    expect(first.parentElement!.localName).to.equal('h3');
    expect(first.parentElement!.id).to.equal('fees');
    expect(panel(first).textContent).to.contain('£120');
  });

  it('starts closed except sections marked data-open, with matching aria-expanded and hidden', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    const [fees, docs] = buttons(el);
    expect(fees.getAttribute('aria-expanded')).to.equal('false');
    expect(panel(fees).hasAttribute('hidden')).to.be.true;
    expect(docs.getAttribute('aria-expanded')).to.equal('true');
    expect(panel(docs).hasAttribute('hidden')).to.be.false;
  });

  it('toggles by click and announces the change with an accordion-toggle event', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    const events: Array<{ index: number; open: boolean; heading: string }> = [];
    el.addEventListener('accordion-toggle', (e) => events.push(e.detail));
    const fees = buttons(el)[0];
    fees.click();
    await waitUntil(() => fees.getAttribute('aria-expanded') === 'true');
    expect(panel(fees).hasAttribute('hidden')).to.be.false;
    fees.click();
    await waitUntil(() => fees.getAttribute('aria-expanded') === 'false');
    expect(panel(fees).hasAttribute('hidden')).to.be.true;
    expect(events).to.deep.equal([
      { index: 0, open: true, heading: 'Fees' },
      { index: 0, open: false, heading: 'Fees' },
    ]);
  });

  it('toggles from the keyboard with Enter and Space', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    const timing = buttons(el)[2];
    timing.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => timing.getAttribute('aria-expanded') === 'true');
    expect(panel(timing).hasAttribute('hidden')).to.be.false;
    await sendKeys({ press: 'Space' });
    await waitUntil(() => timing.getAttribute('aria-expanded') === 'false');
    expect(panel(timing).hasAttribute('hidden')).to.be.true;
  });

  it('has no axe violations with a section opened and one closed', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    buttons(el)[0].click();
    await waitUntil(() => buttons(el)[0].getAttribute('aria-expanded') === 'true');
    await expect(el).to.be.accessible();
  });

  it('labels each panel as a region by its button', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    for (const button of buttons(el)) {
      expect(panel(button).getAttribute('role')).to.equal('region');
      expect(panel(button).getAttribute('aria-labelledby')).to.equal(button.id);
    }
  });

  it('shows and hides all sections at once', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    const all = el.querySelector<HTMLButtonElement>('.accordion__toggle-all')!;
    expect(all.textContent).to.equal('Show all sections');
    all.click();
    await waitUntil(() => buttons(el).every((b) => b.getAttribute('aria-expanded') === 'true'));
    expect(all.textContent).to.equal('Hide all sections');
    all.click();
    await waitUntil(() => buttons(el).every((b) => b.getAttribute('aria-expanded') === 'false'));
  });

  it('takes its labels from the i18n attribute', async () => {
    const el = await upgraded<HTMLElement>(
      html`<accordion-group i18n='{"showAll":"Dangos pob adran"}'
        ><div>
          <h2>Un</h2>
          <p>1</p>
        </div>
        <div>
          <h2>Dau</h2>
          <p>2</p>
        </div></accordion-group
      >`,
      (e) => !!e.querySelector('.accordion__toggle-all'),
    );
    expect(el.querySelector('.accordion__toggle-all')!.textContent).to.equal('Dangos pob adran');
  });

  it('survives being moved in the page without losing its content', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await waitUntil(() => buttons(el).length === 3 && !!el.querySelector('strong'));
    expect(el.textContent?.match(/£120/g)).to.have.length(1);
    elsewhere.remove();
  });

  it('keeps markup that is not a section and says what is missing', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await fixture<HTMLElement>(html`<accordion-group><p>Just a paragraph</p></accordion-group>`);
      await waitUntil(() => !!el.querySelector('.accordion'));
    });
    expect(el.textContent).to.contain('Just a paragraph');
    expect(warnings.join()).to.contain('h2 to h6');
  });

  it('reads as plain headings and paragraphs before it upgrades', async () => {
    const el = await fixture<HTMLElement>(
      html`<accordion-group-not-defined
        ><section>
          <h3>Fees</h3>
          <p>£120</p>
        </section></accordion-group-not-defined
      >`,
    );
    expect(el.querySelector('p')!.offsetHeight).to.be.greaterThan(0);
  });
});

describe('<accordion-group> and find in page', () => {
  it('keeps closed panels findable (hidden="until-found") and opens a section when the browser reveals a match', async () => {
    const el = await upgraded<HTMLElement>(markup, (e) => buttons(e).length === 3);
    const fees = buttons(el)[0];
    const feesPanel = panel(fees);
    expect(feesPanel.getAttribute('hidden')).to.equal('until-found');
    expect(feesPanel.querySelector('p')!.checkVisibility()).to.be.false;
    const events: boolean[] = [];
    el.addEventListener('accordion-toggle', (e) => events.push(e.detail.open));
    feesPanel.dispatchEvent(new Event('beforematch'));
    await waitUntil(() => fees.getAttribute('aria-expanded') === 'true', 'the section did not open');
    expect(feesPanel.hasAttribute('hidden')).to.be.false;
    expect(feesPanel.querySelector('p')!.checkVisibility()).to.be.true;
    expect(events).to.deep.equal([true]);
  });
});
