import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../elements/mega-menu';
import { capturingConsole, effectsSettled, expectFocused, loadStyles, nextFrame, upgraded } from './helpers';

type ToggleDetail = { index: number; label: string; href: string | null; open: boolean };

/** The site's navigation as its CMS writes it, wrapped in the element, with page content after it. */
const markup = (currentPath = '/services/rates/relief', i18n?: string) => html`
  <div class="page">
    <mega-menu current-path=${currentPath} i18n=${i18n ?? '{}'}>
      <nav class="site-nav" aria-label="Main">
        <ul class="site-nav__list">
          <li class="site-nav__item">
            <a class="site-nav__link" href="/services/rates" aria-current="page">Rates and <em>property</em></a>
            <p class="site-nav__summary">Pay your rates and apply for relief.</p>
            <ul class="site-nav__children">
              <li><a href="/services/rates/pay">Pay your rates</a></li>
              <li><a href="/services/rates/relief">Rates relief</a></li>
            </ul>
          </li>
          <li class="site-nav__item">
            <a class="site-nav__link" href="/services/building">Building</a>
            <ul class="site-nav__children">
              <li><a href="/guidance/building-consent">Apply for a building consent</a></li>
              <li><a href="/services/building/inspections">Inspections</a></li>
            </ul>
          </li>
          <li class="site-nav__item"><a class="site-nav__link" id="contact" href="/contact">Contact us</a></li>
        </ul>
      </nav>
    </mega-menu>
    <main id="content">
      <h1>Rates relief</h1>
      <p><a id="after" href="#after">A link in the page</a></p>
    </main>
  </div>
`;

const menuOf = (page: HTMLElement) => page.querySelector<HTMLElement>('mega-menu')!;
const buttonsOf = (page: HTMLElement) => Array.from(page.querySelectorAll<HTMLButtonElement>('.mega-menu__button'));
const panelOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute('aria-controls')!)!;
const isOpen = (button: HTMLButtonElement) => button.getAttribute('aria-expanded') === 'true';
const linkNamed = (page: HTMLElement, name: string) =>
  Array.from(page.querySelectorAll<HTMLAnchorElement>('a')).find((a) => a.textContent!.replace(/\s+/g, ' ').trim() === name)!;
const rendered = (page: HTMLElement) => buttonsOf(page).length === 2 && !!page.querySelector('.mega-menu__panel a');

async function render(template = markup()): Promise<HTMLElement> {
  return upgraded<HTMLElement>(template, rendered);
}

/** Clicks at the middle of an element, as a mouse does (focus moves on press, then the click). */
async function clickOn(element: Element) {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

describe('<mega-menu> on a desktop-sized window', () => {
  let restore: Array<() => void> = [];
  before(async () => {
    await loadStyles('mega-menu');
    await setViewport({ width: 1200, height: 800 });
  });
  afterEach(async () => {
    for (const undo of restore) undo();
    restore = [];
    await resetMouse();
  });

  it('gives each top-level item with children a disclosure button and a hidden panel (no menu roles)', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    expect(rates.textContent!.trim()).to.equal('Rates and property');
    expect(building.textContent!.trim()).to.equal('Building');
    for (const button of [rates, building]) {
      expect(button.localName).to.equal('button');
      expect(button.type).to.equal('button');
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      expect(panelOf(button).hidden).to.be.true;
      expect(button.closest('li')!.contains(panelOf(button))).to.be.true;
    }
    expect(page.querySelector('[role^="menu"]')).to.equal(null);
    expect(menuOf(page).querySelector('nav[aria-label="Main"]')).to.not.equal(null);
  });

  it('keeps every server node once: the section link, summary and child list move into the panel', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    const panel = panelOf(rates);
    expect(page.querySelectorAll('a')).to.have.length(8);
    expect(page.querySelectorAll('em')).to.have.length(1);
    expect(page.querySelectorAll('.site-nav__summary')).to.have.length(1);
    expect(panel.querySelector('.site-nav__summary')!.textContent).to.equal('Pay your rates and apply for relief.');
    expect(Array.from(panel.querySelectorAll('a')).map((a) => a.getAttribute('href'))).to.deep.equal([
      '/services/rates',
      '/services/rates/pay',
      '/services/rates/relief',
    ]);
    expect(panel.querySelector('a')!.className).to.contain('site-nav__link');
    expect(panel.textContent!.match(/Pay your rates/g)).to.have.length(2); // the summary and the link
    // A top-level link without children stays where it was, a plain link.
    const contact = page.querySelector<HTMLAnchorElement>('#contact')!;
    expect(contact.parentElement!.classList.contains('site-nav__item')).to.be.true;
    expect(contact.closest('.mega-menu__panel')).to.equal(null);
  });

  it('names the section link "All <section>" around the link’s own content, and takes the site’s link class on the button', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    expect(linkNamed(page, 'All Rates and property').getAttribute('href')).to.equal('/services/rates');
    expect(linkNamed(page, 'All Building').getAttribute('href')).to.equal('/services/building');
    expect(rates.classList.contains('site-nav__link')).to.be.true;
    expect(building.classList.contains('site-nav__link')).to.be.true;
  });

  it('opens a panel on a click and closes it on a second click, telling the page each time', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    const events: ToggleDetail[] = [];
    menuOf(page).addEventListener('mega-menu-toggle', (event) => events.push(event.detail));
    await clickOn(rates);
    await waitUntil(() => isOpen(rates) && !panelOf(rates).hidden, 'the panel did not open');
    expect(linkNamed(page, 'Pay your rates').checkVisibility()).to.be.true;
    await clickOn(rates);
    await waitUntil(() => !isOpen(rates) && panelOf(rates).hidden, 'the panel did not close');
    expect(events).to.deep.equal([
      { index: 0, label: 'Rates and property', href: '/services/rates', open: true },
      { index: 0, label: 'Rates and property', href: '/services/rates', open: false },
    ]);
  });

  it('keeps at most one panel open', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    const events: ToggleDetail[] = [];
    menuOf(page).addEventListener('mega-menu-toggle', (event) => events.push(event.detail));
    await clickOn(rates);
    await waitUntil(() => isOpen(rates));
    await clickOn(building);
    await waitUntil(() => isOpen(building), 'the second panel did not open');
    expect(isOpen(rates)).to.be.false;
    expect(panelOf(rates).hidden).to.be.true;
    expect(page.querySelectorAll('.mega-menu__panel:not([hidden])')).to.have.length(1);
    expect(events.map(({ index, open }) => [index, open])).to.deep.equal([
      [0, true],
      [0, false],
      [1, true],
    ]);
  });

  it('closes on a click outside, but not on a click on the panel’s own text', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    await clickOn(rates);
    await waitUntil(() => isOpen(rates));
    await clickOn(panelOf(rates).querySelector('.site-nav__summary')!);
    await effectsSettled();
    expect(isOpen(rates), 'a click in the panel closed it').to.be.true;
    // Below the panel (which covers the top of the page).
    const below = Math.round(panelOf(rates).getBoundingClientRect().bottom + 40);
    expect(below).to.be.below(800);
    await sendMouse({ type: 'click', position: [600, below] });
    await waitUntil(() => !isOpen(rates), 'a click outside did not close the panel');
    expect(panelOf(rates).hidden).to.be.true;
  });

  it('closes when the window is resized, in width or in height', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    try {
      rates.click();
      await waitUntil(() => isOpen(rates));
      await setViewport({ width: 1000, height: 800 });
      await waitUntil(() => !isOpen(rates), 'a change of width did not close the panel');
      rates.click();
      await waitUntil(() => isOpen(rates));
      await setViewport({ width: 1000, height: 700 });
      await waitUntil(() => !isOpen(rates), 'a change of height did not close the panel');
    } finally {
      await setViewport({ width: 1200, height: 800 });
    }
  });

  it('opens the panel over the page: nothing after the menu moves', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    const content = page.querySelector('#content')!;
    const bar = page.querySelector('.site-nav__list')!;
    const before = content.getBoundingClientRect().toJSON();
    const barBefore = bar.getBoundingClientRect().toJSON();
    rates.click();
    await waitUntil(() => isOpen(rates));
    await nextFrame();
    expect(content.getBoundingClientRect().toJSON()).to.deep.equal(before);
    expect(bar.getBoundingClientRect().toJSON()).to.deep.equal(barBefore);
    const panel = panelOf(rates).getBoundingClientRect();
    expect(panel.height).to.be.greaterThan(0);
    expect(Math.round(panel.top)).to.equal(Math.round(barBefore.bottom));
    expect(Math.round(panel.left)).to.equal(Math.round(barBefore.left));
    expect(Math.round(panel.width)).to.equal(Math.round(barBefore.width));
  });

  it('opens with Enter or Space, Tab moves through the panel in order, and leaving it by Tab closes it', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    rates.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => isOpen(rates), 'Enter did not open the panel');
    const order: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await sendKeys({ press: 'Tab' });
      order.push(document.activeElement!.textContent!.replace(/\s+/g, ' ').trim());
    }
    expect(order).to.deep.equal(['All Rates and property', 'Pay your rates', 'Rates relief']);
    expect(isOpen(rates)).to.be.true;
    await sendKeys({ press: 'Tab' });
    expectFocused(building);
    await waitUntil(() => !isOpen(rates), 'Tab out of the panel did not close it');
    await sendKeys({ press: 'Space' });
    await waitUntil(() => isOpen(building), 'Space did not open the panel');
  });

  it('skips closed panels with Tab', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    rates.focus();
    await sendKeys({ press: 'Tab' });
    expectFocused(building);
    await sendKeys({ press: 'Tab' });
    expectFocused(page.querySelector('#contact'));
  });

  it('Shift+Tab out of an open item closes it too', async () => {
    const page = await render();
    const [, building] = buttonsOf(page);
    building.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => isOpen(building));
    await sendKeys({ press: 'Shift+Tab' });
    await waitUntil(() => !isOpen(building), 'leaving backwards did not close the panel');
    expectFocused(buttonsOf(page)[0]);
  });

  it('closes on Escape from inside the panel and puts focus back on its button', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    rates.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => isOpen(rates));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expectFocused(linkNamed(page, 'Pay your rates'));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !isOpen(rates), 'Escape did not close the panel');
    expectFocused(rates);
  });

  it('closes on Escape with focus elsewhere, without taking focus away', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    rates.click();
    await waitUntil(() => isOpen(rates));
    const elsewhere = page.querySelector<HTMLAnchorElement>('#after')!;
    elsewhere.focus();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !isOpen(rates), 'Escape did not close the panel');
    expectFocused(elsewhere);
  });

  it('moves along the bar with the arrow keys, Home and End, and into and out of an open panel', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    const contact = page.querySelector<HTMLAnchorElement>('#contact')!;
    rates.focus();
    await sendKeys({ press: 'ArrowRight' });
    expectFocused(building);
    await sendKeys({ press: 'ArrowRight' });
    expectFocused(contact);
    await sendKeys({ press: 'ArrowRight' });
    expectFocused(contact);
    await sendKeys({ press: 'Home' });
    expectFocused(rates);
    await sendKeys({ press: 'End' });
    expectFocused(contact);
    await sendKeys({ press: 'ArrowLeft' });
    expectFocused(building);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => isOpen(building));
    await sendKeys({ press: 'ArrowDown' });
    expectFocused(linkNamed(page, 'All Building'));
    await sendKeys({ press: 'ArrowDown' });
    expectFocused(linkNamed(page, 'Apply for a building consent'));
    await sendKeys({ press: 'End' });
    expectFocused(linkNamed(page, 'Inspections'));
    await sendKeys({ press: 'Home' });
    expectFocused(linkNamed(page, 'All Building'));
    await sendKeys({ press: 'ArrowUp' });
    expectFocused(building);
    expect(isOpen(building)).to.be.true;
  });

  it('follows a top-level link without children normally', async () => {
    const page = await render();
    const contact = page.querySelector<HTMLAnchorElement>('#contact')!;
    let followed: boolean | undefined;
    const observe = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', observe);
    restore.push(() => window.removeEventListener('click', observe));
    const events: ToggleDetail[] = [];
    menuOf(page).addEventListener('mega-menu-toggle', (event) => events.push(event.detail));
    await clickOn(contact);
    await waitUntil(() => followed !== undefined);
    expect(followed).to.be.true;
    expect(contact.getAttribute('href')).to.equal('/contact');
    expect(events).to.deep.equal([]);
  });

  it('follows a link in an open panel', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    rates.click();
    await waitUntil(() => isOpen(rates));
    let followed: boolean | undefined;
    const observe = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', observe);
    restore.push(() => window.removeEventListener('click', observe));
    await clickOn(linkNamed(page, 'Pay your rates'));
    await waitUntil(() => followed !== undefined);
    expect(followed).to.be.true;
  });

  it('marks the current page from current-path: the page’s link, its section’s link and button', async () => {
    const page = await render();
    const [rates, building] = buttonsOf(page);
    await waitUntil(() => linkNamed(page, 'Rates relief').getAttribute('aria-current') === 'page');
    expect(linkNamed(page, 'All Rates and property').getAttribute('aria-current')).to.equal('true');
    expect(rates.getAttribute('aria-current')).to.equal('true');
    expect(building.hasAttribute('aria-current')).to.be.false;
    expect(page.querySelectorAll('[aria-current]')).to.have.length(3);
  });

  it('marks a section page itself as the page, and follows a change of current-path', async () => {
    const page = await render(markup('/services/building/'));
    const [, building] = buttonsOf(page);
    await waitUntil(() => linkNamed(page, 'All Building').getAttribute('aria-current') === 'page');
    expect(building.getAttribute('aria-current')).to.equal('true');
    menuOf(page).setAttribute('current-path', '/contact');
    await waitUntil(() => page.querySelector('#contact')!.getAttribute('aria-current') === 'page', 'current-path change ignored');
    expect(page.querySelectorAll('[aria-current]')).to.have.length(1);
  });

  it('uses the page’s own address when current-path is absent', async () => {
    const here = `${location.pathname}`;
    const page = await upgraded<HTMLElement>(
      html`<div>
        <mega-menu>
          <ul>
            <li><a href=${here}>This page</a></li>
            <li>
              <a href="/elsewhere">Elsewhere</a>
              <ul>
                <li><a href="/elsewhere/too">Too</a></li>
              </ul>
            </li>
          </ul>
        </mega-menu>
      </div>`,
      (el) => !!el.querySelector('.mega-menu__button'),
    );
    await waitUntil(() => linkNamed(page, 'This page').getAttribute('aria-current') === 'page');
    expect(page.querySelector('.mega-menu__button')!.hasAttribute('aria-current')).to.be.false;
  });

  it('takes the section link wording from i18n', async () => {
    const page = await render(markup(undefined, '{"sectionLink":"{section}: overview"}'));
    expect(linkNamed(page, 'Rates and property: overview').getAttribute('href')).to.equal('/services/rates');
  });

  it('labels a group without a link by its own label element, moved into the button', async () => {
    const page = await upgraded<HTMLElement>(
      html`<div>
        <mega-menu>
          <ul>
            <li>
              <span class="group">Topics</span>
              <ul>
                <li><a href="/a">A</a></li>
              </ul>
            </li>
          </ul>
        </mega-menu>
      </div>`,
      (el) => !!el.querySelector('.mega-menu__button .group'),
    );
    const button = page.querySelector<HTMLButtonElement>('.mega-menu__button')!;
    expect(button.textContent!.trim()).to.equal('Topics');
    expect(page.querySelectorAll('.group')).to.have.length(1);
    button.click();
    await waitUntil(() => isOpen(button));
    expect(Array.from(panelOf(button).querySelectorAll('a')).map((a) => a.textContent)).to.deep.equal(['A']);
  });

  it('survives being moved in the page without losing or repeating anything', async () => {
    const page = await render();
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    restore.push(() => elsewhere.remove());
    elsewhere.append(menuOf(page));
    await waitUntil(() => buttonsOf(elsewhere).length === 2 && elsewhere.querySelectorAll('.mega-menu__panel a').length === 6);
    expect(elsewhere.querySelectorAll('a')).to.have.length(7);
    expect(elsewhere.querySelectorAll('nav')).to.have.length(1);
    expect(linkNamed(elsewhere, 'All Rates and property')).to.not.equal(undefined);
    const [rates] = buttonsOf(elsewhere);
    rates.click();
    await waitUntil(() => isOpen(rates));
  });

  it('keeps markup without a list and says what is missing', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await fixture<HTMLElement>(html`<mega-menu><p>Just a paragraph</p></mega-menu>`);
      await waitUntil(() => !!el.querySelector('.mega-menu'));
    });
    expect(el.textContent).to.contain('Just a paragraph');
    expect(warnings.join()).to.contain('no navigation list');
  });

  it('has no axe violations, with a panel closed and open', async () => {
    const page = await render();
    await expect(page).to.be.accessible();
    const [rates] = buttonsOf(page);
    rates.click();
    await waitUntil(() => isOpen(rates));
    await expect(page).to.be.accessible();
  });

  it('reads as a list of links before it upgrades (and without JavaScript)', async () => {
    const page = await fixture<HTMLElement>(html`
      <mega-menu-not-defined>
        <nav aria-label="Main">
          <ul>
            <li><a href="/services/rates">Rates and property</a></li>
            <li><a href="/contact">Contact us</a></li>
          </ul>
        </nav>
      </mega-menu-not-defined>
    `);
    const links = Array.from(page.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['/services/rates', '/contact']);
    expect(links.every((a) => a.checkVisibility())).to.be.true;
    expect(page.querySelector('button')).to.equal(null);
  });
});

describe('<mega-menu> on a phone-sized window (a page without <mobile-nav>)', () => {
  before(async () => {
    await loadStyles('mega-menu');
    await setViewport({ width: 375, height: 800 });
  });
  after(() => setViewport({ width: 1200, height: 800 }));

  it('opens panels in place, in the flow of the page, by keyboard and by click', async () => {
    const page = await render();
    expect(page.querySelector('.mega-menu')!.getAttribute('data-layout')).to.equal('mobile');
    const [rates] = buttonsOf(page);
    rates.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => isOpen(rates));
    const panel = panelOf(rates);
    expect(getComputedStyle(panel).position).to.equal('static');
    expect(panel.getBoundingClientRect().top).to.be.at.least(rates.getBoundingClientRect().bottom - 1);
    await clickOn(rates);
    await waitUntil(() => !isOpen(rates), 'a click did not close it');
  });

  it('stays open when only the height changes (a phone’s address bar), closes when the width does', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    try {
      rates.click();
      await waitUntil(() => isOpen(rates));
      const resized = new Promise((resolve) => window.addEventListener('resize', resolve, { once: true }));
      await setViewport({ width: 375, height: 700 });
      await resized;
      await effectsSettled();
      expect(isOpen(rates), 'a height change closed the panel').to.be.true;
      await setViewport({ width: 360, height: 700 });
      await waitUntil(() => !isOpen(rates), 'a change of width did not close the panel');
    } finally {
      await setViewport({ width: 375, height: 800 });
    }
  });

  it('switches to the desktop layout when the window grows, closing an open panel', async () => {
    const page = await render();
    const [rates] = buttonsOf(page);
    rates.click();
    await waitUntil(() => isOpen(rates));
    await setViewport({ width: 1200, height: 800 });
    await waitUntil(() => page.querySelector('.mega-menu')!.getAttribute('data-layout') === 'desktop');
    await waitUntil(() => !isOpen(rates));
    await setViewport({ width: 375, height: 800 });
  });
});
