import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/subsite-theme';
import '../../elements/accordion-group';
import { capturingConsole, upgraded } from './helpers';

const property = (el: HTMLElement, name: string) => el.style.getPropertyValue(name);
const colourOf = (el: HTMLElement) => property(el, '--civic-colour');
const contrastOf = (el: HTMLElement) => property(el, '--civic-colour-contrast');
const secondaryOf = (el: HTMLElement) => property(el, '--civic-colour-secondary');
const themed = (el: HTMLElement) => colourOf(el) !== '';

describe('<subsite-theme>', () => {
  it('sets the subsite colours as the theme custom properties', async () => {
    const el = await upgraded<HTMLElement>(
      html`<subsite-theme colour="#00703c" secondary-colour="#005a30"><p>Parks</p></subsite-theme>`,
      themed,
    );
    expect(colourOf(el)).to.equal('#00703c');
    expect(secondaryOf(el)).to.equal('#005a30');
  });

  it('picks white text for a dark colour and black text for a light one', async () => {
    const dark = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c"></subsite-theme>`, themed);
    expect(contrastOf(dark)).to.equal('#ffffff');
    const light = await upgraded<HTMLElement>(html`<subsite-theme colour="#ffdd00"></subsite-theme>`, themed);
    expect(contrastOf(light)).to.equal('#000000');
  });

  it('works out the text colour for colours in any CSS notation', async () => {
    for (const [colour, contrast] of [
      ['navy', '#ffffff'],
      ['rgb(255 221 0)', '#000000'],
      ['hsl(150 100% 22%)', '#ffffff'],
      ['#fd0', '#000000'],
      ['oklch(45% 0.1 150)', '#ffffff'],
      ['oklch(95% 0.15 100)', '#000000'],
      ['color(display-p3 0 0.3 0.15)', '#ffffff'],
    ]) {
      const el = await upgraded<HTMLElement>(html`<subsite-theme colour=${colour}></subsite-theme>`, themed);
      expect(contrastOf(el), colour).to.equal(contrast);
    }
  });

  it('re-themes live when the attributes change', async () => {
    const el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c" secondary-colour="#005a30"></subsite-theme>`, themed);
    el.setAttribute('colour', '#ffdd00');
    await waitUntil(() => colourOf(el) === '#ffdd00', 'the colour did not change');
    expect(contrastOf(el)).to.equal('#000000');
    el.setAttribute('secondary-colour', '#d4351c');
    await waitUntil(() => secondaryOf(el) === '#d4351c', 'the secondary colour did not change');
  });

  it('re-themes when the colour is set as a property', async () => {
    const el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c"></subsite-theme>`, themed);
    (el as HTMLElementTagNameMap['subsite-theme']).colour = '#4c2c92';
    await waitUntil(() => colourOf(el) === '#4c2c92');
    expect(el.getAttribute('colour')).to.equal('#4c2c92');
  });

  it('removes a property when its attribute is removed', async () => {
    const el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c" secondary-colour="#005a30"></subsite-theme>`, themed);
    el.removeAttribute('secondary-colour');
    await waitUntil(() => secondaryOf(el) === '', 'the secondary colour stayed');
    expect(colourOf(el)).to.equal('#00703c');
    el.removeAttribute('colour');
    await waitUntil(() => colourOf(el) === '', 'the colour stayed');
    expect(contrastOf(el)).to.equal('');
  });

  it('ignores a value that is not a colour, and says which attribute and value', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c" secondary-colour="greenish"></subsite-theme>`, themed);
    });
    expect(secondaryOf(el)).to.equal('');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('secondary-colour').and.to.contain('"greenish"');
  });

  it('falls back to the page colours when a valid colour is replaced by an invalid one', async () => {
    const el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c"></subsite-theme>`, themed);
    const warnings = await capturingConsole('warn', async () => {
      el.setAttribute('colour', 'var(--elsewhere)');
      await waitUntil(() => colourOf(el) === '', 'the old colour stayed');
    });
    expect(contrastOf(el)).to.equal('');
    expect(warnings.join()).to.contain('colour: "var(--elsewhere)"');
  });

  it('does not take keywords that only point at another colour', async () => {
    for (const keyword of ['inherit', 'currentColor', 'initial']) {
      const warnings = await capturingConsole('warn', async () => {
        const el = await fixture<HTMLElement>(html`<subsite-theme colour=${keyword}><p>x</p></subsite-theme>`);
        await waitUntil(() => el.querySelector('.subsite-theme__content'));
        expect(colourOf(el), keyword).to.equal('');
      });
      expect(warnings.join(), keyword).to.contain(keyword);
    }
  });

  it('treats an empty attribute as no colour, without a warning', async () => {
    const warnings = await capturingConsole('warn', async () => {
      const el = await fixture<HTMLElement>(html`<subsite-theme colour=""><p>x</p></subsite-theme>`);
      await waitUntil(() => el.querySelector('.subsite-theme__content'));
      expect(colourOf(el)).to.equal('');
    });
    expect(warnings).to.deep.equal([]);
  });

  it('colours what is inside it: a child styled with the theme variables', async () => {
    const style = document.createElement('style');
    style.textContent =
      '.themed-button { color: var(--civic-colour-contrast); background-color: var(--civic-colour); border: 2px solid var(--civic-colour-secondary); }';
    document.head.append(style);
    try {
      const el = await upgraded<HTMLElement>(
        html`<subsite-theme colour="#00703c" secondary-colour="#005a30"
          ><div class="accordion-like"><button class="themed-button">Opening times</button></div></subsite-theme
        >`,
        (e) => themed(e) && !!e.querySelector('.subsite-theme__content .themed-button'),
      );
      const button = el.querySelector<HTMLElement>('.themed-button')!;
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(0, 112, 60)');
      expect(getComputedStyle(button).color).to.equal('rgb(255, 255, 255)');
      expect(getComputedStyle(button).borderTopColor).to.equal('rgb(0, 90, 48)');
      el.setAttribute('colour', '#ffdd00');
      await waitUntil(() => getComputedStyle(button).backgroundColor === 'rgb(255, 221, 0)', 'the child did not follow the new colour');
      expect(getComputedStyle(button).color).to.equal('rgb(0, 0, 0)');
      // Outside the subsite, the page's own colours still apply.
      const outside = document.createElement('button');
      outside.className = 'themed-button';
      document.body.append(outside);
      expect(getComputedStyle(outside).backgroundColor).not.to.equal('rgb(255, 221, 0)');
      outside.remove();
    } finally {
      style.remove();
    }
  });

  it('has no accessibility violations', async () => {
    const el = await upgraded<HTMLElement>(
      html`<subsite-theme colour="#00703c" secondary-colour="#005a30"
        ><h2>Parks</h2>
        <p><a href="/parks">Find a park</a></p></subsite-theme
      >`,
      themed,
    );
    await expect(el).to.be.accessible();
  });

  it('keeps every server-rendered node, once, with its identity', async () => {
    const template = html`<subsite-theme colour="#00703c"
      >Intro text <a id="sub-link" href="/parks">Parks</a>
      <form id="sub-form"><input name="q" value="typed" /></form
    ></subsite-theme>`;
    const el = await upgraded<HTMLElement>(template, (e) => !!e.querySelector('.subsite-theme__content #sub-link'));
    expect(el.querySelectorAll('#sub-link')).to.have.length(1);
    expect(el.textContent?.match(/Intro text/g)).to.have.length(1);
    expect(el.querySelector<HTMLInputElement>('input')!.value).to.equal('typed');
  });

  it('keeps its content when moved in the page', async () => {
    const el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c"><p id="moved">Parks</p></subsite-theme>`, themed);
    const paragraph = el.querySelector('#moved');
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await waitUntil(() => el.querySelector('.subsite-theme__content #moved') !== null);
    expect(el.querySelector('#moved')).to.equal(paragraph);
    expect(el.querySelectorAll('p')).to.have.length(1);
    expect(colourOf(el)).to.equal('#00703c');
    elsewhere.remove();
  });

  it('lays out its content as if the wrapper were not there', async () => {
    const style = document.createElement('style');
    style.textContent = '@import url("/src/components/subsite-theme/styles.css");';
    document.head.append(style);
    try {
      const el = await upgraded<HTMLElement>(html`<subsite-theme colour="#00703c"><p>Parks</p></subsite-theme>`, themed);
      await waitUntil(
        () => getComputedStyle(el.querySelector('.subsite-theme__content')!).display === 'contents',
        'the stylesheet did not apply',
      );
    } finally {
      style.remove();
    }
  });

  it('reads as plain content before it upgrades', async () => {
    const el = await fixture<HTMLElement>(
      html`<subsite-theme-not-defined colour="#00703c"
        ><h2>Parks</h2>
        <p>Open daily.</p></subsite-theme-not-defined
      >`,
    );
    expect(el.querySelector('p')!.offsetHeight).to.be.greaterThan(0);
    expect(el.textContent).to.contain('Open daily.');
  });

  // A kit element inside another is moved while the outer one first renders (React empties its
  // container, Adopt puts the nodes back): the inner element must come through that intact.
  it('colours kit elements inside it, such as an accordion, once they upgrade', async () => {
    const style = document.createElement('style');
    style.textContent =
      '.accordion__button { color: var(--civic-colour); background-color: var(--civic-colour-secondary); border-color: var(--civic-colour-contrast); border-style: solid; }';
    document.head.append(style);
    try {
      const el = await upgraded<HTMLElement>(
        html`<subsite-theme colour="#00703c" secondary-colour="#005a30">
          <accordion-group
            ><section>
              <h2>Opening times</h2>
              <p>9 to 5.</p>
            </section></accordion-group
          >
        </subsite-theme>`,
        (e) => themed(e) && !!e.querySelector('.accordion__button'),
      );
      const button = el.querySelector<HTMLElement>('.accordion__button')!;
      expect(getComputedStyle(button).color).to.equal('rgb(0, 112, 60)');
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(0, 90, 48)');
      expect(getComputedStyle(button).borderTopColor).to.equal('rgb(255, 255, 255)');
      el.setAttribute('colour', '#ffdd00');
      await waitUntil(() => getComputedStyle(button).color === 'rgb(255, 221, 0)', 'the accordion did not follow the new colour');
      expect(getComputedStyle(button).borderTopColor).to.equal('rgb(0, 0, 0)');
    } finally {
      style.remove();
    }
  });
});
