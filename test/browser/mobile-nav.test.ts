import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../elements/mobile-nav';
import '../../elements/mega-menu';
import { MOBILE_OVERLAY_CLEANUP_MS } from '../../src/core/constants';
import { capturingConsole, expectFocused, loadStyles, upgraded } from './helpers';

const navList = html`
  <ul class="site-nav__list">
    <li class="site-nav__item">
      <a class="site-nav__link" href="/services/rates">Rates and property</a>
      <p class="site-nav__summary">Pay your rates and apply for relief.</p>
      <ul class="site-nav__children">
        <li><a href="/services/rates/pay">Pay your rates</a></li>
        <li>
          <a href="/services/rates/relief">Rates relief</a>
          <ul>
            <li><a href="/services/rates/relief/pensioners">Relief for pensioners</a></li>
          </ul>
        </li>
      </ul>
    </li>
    <li class="site-nav__item">
      <a class="site-nav__link" href="/services/building">Building</a>
      <ul class="site-nav__children">
        <li><a href="/guidance/building-consent">Apply for a building consent</a></li>
      </ul>
    </li>
    <li class="site-nav__item"><a class="site-nav__link" href="/contact">Contact us</a></li>
  </ul>
`;

/** A header with the element, the page's navigation after it (as on the example site), and content behind. */
const markup = (attributes: { currentPath?: string; i18n?: string } = {}) => html`
  <div class="page">
    <header>
      <a href="/">Harbourton</a>
      <mobile-nav
        for="test-nav"
        current-path=${attributes.currentPath ?? '/services/rates/relief'}
        i18n=${attributes.i18n ?? '{}'}
      ></mobile-nav>
    </header>
    <nav id="test-nav" aria-label="Main">${navList}</nav>
    <main>
      <h1>Rates relief</h1>
      <p><a id="behind" href="#behind">A link behind the overlay</a></p>
    </main>
  </div>
`;

type Page = HTMLElement;
const hostOf = (page: Page) => page.querySelector<HTMLElement>('mobile-nav')!;
const wrapperOf = (page: Page) => page.querySelector<HTMLElement>('.mobile-nav')!;
const toggleOf = (page: Page) => page.querySelector<HTMLButtonElement>('.mobile-nav__toggle')!;
const dialogOf = (page: Page) => page.querySelector<HTMLDialogElement>('.mobile-nav__dialog')!;
const closeOf = (page: Page) => page.querySelector<HTMLButtonElement>('.mobile-nav__close')!;
const shownLevel = (page: Page) => page.querySelector<HTMLElement>('.mobile-nav__level:not([hidden])')!;
const text = (element: Element) => element.textContent!.replace(/\s+/g, ' ').trim();
const controlsOf = (level: HTMLElement) => Array.from(level.querySelectorAll<HTMLElement>('.mobile-nav__list > li > :is(a, button, span)'));
const controlNamed = (page: Page, name: string) => controlsOf(shownLevel(page)).find((control) => text(control) === name)!;
const sourceLinks = (page: Page) => Array.from(page.querySelectorAll<HTMLAnchorElement>('#test-nav a'));

async function render(template = markup()): Promise<Page> {
  return upgraded<Page>(template, (page) => !!page.querySelector('.mobile-nav__toggle'));
}

/** The overlay has finished sliding in: pointer positions and colours are final. */
const settled = (dialog: HTMLDialogElement) => {
  const style = getComputedStyle(dialog);
  return dialog.open && style.opacity === '1' && style.transform === 'none';
};

async function openOverlay(page: Page) {
  toggleOf(page).click();
  await waitUntil(() => settled(dialogOf(page)) && !!shownLevel(page), 'the overlay did not open');
}

async function clickOn(element: Element) {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

describe('<mobile-nav> on a phone-sized window', () => {
  before(async () => {
    await loadStyles('mobile-nav');
    await setViewport({ width: 375, height: 800 });
  });
  afterEach(() => resetMouse());

  it('shows a Menu button that controls the overlay, and hides the page’s own navigation (moving none of it)', async () => {
    const page = await render();
    const toggle = toggleOf(page);
    expect(text(toggle)).to.equal('Menu');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(dialogOf(page).id);
    expect(toggle.checkVisibility()).to.be.true;
    expect(dialogOf(page).open).to.be.false;
    const nav = page.querySelector<HTMLElement>('#test-nav')!;
    await waitUntil(() => nav.hidden, 'the page navigation was not hidden');
    expect(sourceLinks(page)).to.have.length(7);
    expect(page.querySelectorAll('.mobile-nav__level')).to.have.length(0);
  });

  it('opens a modal overlay with the top level of the tree; focus goes in, the page behind is inert', async () => {
    const page = await render();
    const events: boolean[] = [];
    hostOf(page).addEventListener('mobile-nav-toggle', (event) => events.push(event.detail.open));
    await clickOn(toggleOf(page));
    await waitUntil(() => dialogOf(page).open, 'the overlay did not open');
    const dialog = dialogOf(page);
    expect(dialog.matches(':modal')).to.be.true;
    expect(toggleOf(page).getAttribute('aria-expanded')).to.equal('true');
    expectFocused(closeOf(page));
    expect(dialog.getAttribute('aria-labelledby')).to.equal(page.querySelector('.mobile-nav__title')!.id);
    expect(dialog.querySelector('nav')!.getAttribute('aria-label')).to.equal('Main');
    const controls = controlsOf(shownLevel(page));
    expect(controls.map((control) => [control.localName, text(control)])).to.deep.equal([
      ['button', 'Rates and property'],
      ['button', 'Building'],
      ['a', 'Contact us'],
    ]);
    expect(controls[2].getAttribute('href')).to.equal('/contact');
    const behind = page.querySelector<HTMLAnchorElement>('#behind')!;
    behind.focus();
    expect(document.activeElement === behind, 'focus reached the page behind').to.be.false;
    expect(events).to.deep.equal([true]);
  });

  it('keeps Tab inside the overlay', async () => {
    const page = await render();
    await openOverlay(page);
    const dialog = dialogOf(page);
    const visited = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      await sendKeys({ press: 'Tab' });
      const active = document.activeElement!;
      expect(active === document.body || dialog.contains(active), `Tab reached ${text(active)} outside the overlay`).to.be.true;
      if (dialog.contains(active)) visited.add(text(active));
    }
    expect([...visited]).to.include.members(['Close menu', 'Rates and property', 'Building', 'Contact us']);
  });

  it('opens a child level by click: Back, a heading (focused), the summary, the section link, the children', async () => {
    const page = await render();
    await openOverlay(page);
    await clickOn(controlNamed(page, 'Rates and property'));
    await waitUntil(() => shownLevel(page).querySelector('.mobile-nav__heading') !== null, 'the child level did not open');
    const level = shownLevel(page);
    expect(page.querySelectorAll('.mobile-nav__level:not([hidden])')).to.have.length(1);
    expect(text(level.querySelector('.mobile-nav__back')!)).to.equal('Back');
    const heading = level.querySelector<HTMLElement>('.mobile-nav__heading')!;
    expect(text(heading)).to.equal('Rates and property');
    expectFocused(heading);
    expect(text(level.querySelector('.mobile-nav__summary')!)).to.equal('Pay your rates and apply for relief.');
    expect(controlsOf(level).map((control) => [control.localName, text(control), control.getAttribute('href')])).to.deep.equal([
      ['a', 'All Rates and property', '/services/rates'],
      ['a', 'Pay your rates', '/services/rates/pay'],
      ['button', 'Rates relief', null],
    ]);
    const opener = page.querySelector<HTMLButtonElement>('.mobile-nav__level[hidden] .mobile-nav__opener')!;
    expect(opener.getAttribute('aria-expanded')).to.equal('true');
    expect(opener.getAttribute('aria-controls')).to.equal(level.id);
  });

  it('goes down and back up by keyboard; Back puts focus on the item that opened the level', async () => {
    const page = await render();
    toggleOf(page).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialogOf(page).open && !!shownLevel(page));
    await sendKeys({ press: 'Tab' }); // Close menu → Rates and property
    await sendKeys({ press: 'Tab' }); // → Building
    expectFocused(controlNamed(page, 'Building'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(shownLevel(page).querySelector('.mobile-nav__heading') ?? page) === 'Building');
    await sendKeys({ press: 'Tab' });
    expectFocused(controlNamed(page, 'All Building'));
    await sendKeys({ press: 'Shift+Tab' }); // the heading is not in the Tab order
    expectFocused(shownLevel(page).querySelector('.mobile-nav__back'));
    await sendKeys({ press: 'Space' });
    await waitUntil(() => !shownLevel(page).querySelector('.mobile-nav__heading'), 'Back did not return to the top level');
    expectFocused(controlNamed(page, 'Building'));
  });

  it('goes more than one level down, and back one level at a time', async () => {
    const page = await render();
    await openOverlay(page);
    controlNamed(page, 'Rates and property').click();
    await waitUntil(() => !!controlNamed(page, 'Rates relief'));
    controlNamed(page, 'Rates relief').click();
    await waitUntil(() => text(shownLevel(page).querySelector('.mobile-nav__heading') ?? page) === 'Rates relief');
    expect(controlsOf(shownLevel(page)).map(text)).to.deep.equal(['All Rates relief', 'Relief for pensioners']);
    shownLevel(page).querySelector<HTMLButtonElement>('.mobile-nav__back')!.click();
    await waitUntil(() => text(shownLevel(page).querySelector('.mobile-nav__heading') ?? page) === 'Rates and property');
    expectFocused(controlNamed(page, 'Rates relief'));
  });

  it('closes on Escape, from any level: focus returns to the Menu button', async () => {
    const page = await render();
    const events: boolean[] = [];
    hostOf(page).addEventListener('mobile-nav-toggle', (event) => events.push(event.detail.open));
    toggleOf(page).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialogOf(page).open && !!shownLevel(page));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !!shownLevel(page).querySelector('.mobile-nav__heading'));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOf(page).open, 'Escape did not close the overlay');
    expectFocused(toggleOf(page));
    expect(toggleOf(page).getAttribute('aria-expanded')).to.equal('false');
    expect(events).to.deep.equal([true, false]);
  });

  it('closes with its close control; clean-up runs MOBILE_OVERLAY_CLEANUP_MS later, and the next opening starts at the top', async () => {
    const page = await render();
    await openOverlay(page);
    controlNamed(page, 'Building').click();
    await waitUntil(() => !!shownLevel(page).querySelector('.mobile-nav__heading'));
    // Each change of state as it happens, with the time and the levels still in the page: the test reads what the
    // element did, however late the test itself gets to look (a busy machine).
    const changes: Array<{ state: string | undefined; at: number; levels: number }> = [];
    const watch = new MutationObserver(() => {
      const state = wrapperOf(page).dataset.state;
      if (state !== changes.at(-1)?.state) {
        changes.push({ state, at: performance.now(), levels: page.querySelectorAll('.mobile-nav__level').length });
      }
    });
    watch.observe(page, { attributes: true, attributeFilter: ['data-state'], subtree: true });
    try {
      await clickOn(closeOf(page));
      await waitUntil(() => !dialogOf(page).open, 'the close control did not close the overlay');
      expectFocused(toggleOf(page));
      await waitUntil(() => changes.at(-1)?.state === 'closed', 'clean-up did not run', { timeout: 5000 });
    } finally {
      watch.disconnect();
    }
    const [closing, closed] = changes;
    expect(changes.map((change) => change.state)).to.deep.equal(['closing', 'closed']);
    // The levels stay while the overlay slides out, and go with the clean-up, no sooner than the delay.
    expect(closing.levels).to.equal(2);
    expect(closed.at - closing.at).to.be.at.least(MOBILE_OVERLAY_CLEANUP_MS - 2);
    expect(page.querySelectorAll('.mobile-nav__level')).to.have.length(0);
    await openOverlay(page);
    expect(shownLevel(page).querySelector('.mobile-nav__heading')).to.equal(null);
  });

  it('slides out while it cleans up, and goes at once under reduced motion', async () => {
    const page = await render();
    await openOverlay(page);
    closeOf(page).click();
    await waitUntil(() => wrapperOf(page).dataset.state === 'closing');
    expect(dialogOf(page).open).to.be.false;
    expect(dialogOf(page).checkVisibility(), 'no close animation').to.be.true;
    await waitUntil(() => wrapperOf(page).dataset.state === 'closed', 'clean-up did not run', { timeout: 5000 });
    expect(dialogOf(page).checkVisibility()).to.be.false;

    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      toggleOf(page).click();
      await waitUntil(() => dialogOf(page).open);
      expect(getComputedStyle(dialogOf(page)).opacity).to.equal('1');
      closeOf(page).click();
      await waitUntil(() => wrapperOf(page).dataset.state === 'closing');
      expect(dialogOf(page).checkVisibility()).to.be.false;
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('opening again before the clean-up cancels it', async () => {
    const page = await render();
    await openOverlay(page);
    closeOf(page).click();
    await waitUntil(() => wrapperOf(page).dataset.state === 'closing');
    await openOverlay(page);
    await new Promise((resolve) => setTimeout(resolve, MOBILE_OVERLAY_CLEANUP_MS + 100));
    expect(wrapperOf(page).dataset.state).to.equal('open');
    expect(dialogOf(page).open).to.be.true;
    expect(controlsOf(shownLevel(page))).to.have.length(3);
  });

  it('marks the current page and the sections it is in', async () => {
    const page = await render();
    await openOverlay(page);
    expect(controlNamed(page, 'Rates and property').getAttribute('aria-current')).to.equal('true');
    expect(controlNamed(page, 'Building').hasAttribute('aria-current')).to.be.false;
    controlNamed(page, 'Rates and property').click();
    await waitUntil(() => !!controlNamed(page, 'Rates relief'));
    expect(controlNamed(page, 'Rates relief').getAttribute('aria-current')).to.equal('true');
    expect(controlNamed(page, 'All Rates and property').getAttribute('aria-current')).to.equal('true');
    expect(controlNamed(page, 'Pay your rates').hasAttribute('aria-current')).to.be.false;
  });

  it('marks a page link as the page', async () => {
    const page = await render(markup({ currentPath: '/contact' }));
    await openOverlay(page);
    expect(controlNamed(page, 'Contact us').getAttribute('aria-current')).to.equal('page');
    expect(page.querySelectorAll('.mobile-nav__dialog [aria-current]')).to.have.length(1);
  });

  it('takes every string from i18n', async () => {
    const page = await render(
      markup({ i18n: '{"menu":"Tahua","close":"Kati","back":"Hoki","sectionLink":"{section} katoa","navigation":"Matua"}' }),
    );
    expect(text(toggleOf(page))).to.equal('Tahua');
    await openOverlay(page);
    expect(text(page.querySelector('.mobile-nav__title')!)).to.equal('Tahua');
    expect(text(closeOf(page))).to.equal('Kati');
    controlNamed(page, 'Building').click();
    await waitUntil(() => !!shownLevel(page).querySelector('.mobile-nav__back'));
    expect(text(shownLevel(page).querySelector('.mobile-nav__back')!)).to.equal('Hoki');
    expect(controlsOf(shownLevel(page)).map(text)[0]).to.equal('Building katoa');
    // The page's nav names itself: its name wins over the default.
    expect(dialogOf(page).querySelector('nav')!.getAttribute('aria-label')).to.equal('Main');
  });

  it('names its navigation from i18n when the page’s nav has no name', async () => {
    const page = await render(
      html`<div>
        <header>
          <mobile-nav for="plain-nav" i18n='{"navigation":"Matua"}'></mobile-nav>
          <nav id="plain-nav">
            <ul>
              <li><a href="/a">A</a></li>
            </ul>
          </nav>
        </header>
      </div>`,
    );
    await openOverlay(page);
    expect(dialogOf(page).querySelector('nav')!.getAttribute('aria-label')).to.equal('Matua');
  });

  it('closes when the window grows past the breakpoint, hides itself and gives the page its navigation back', async () => {
    const page = await render();
    const events: boolean[] = [];
    hostOf(page).addEventListener('mobile-nav-toggle', (event) => events.push(event.detail.open));
    await openOverlay(page);
    await setViewport({ width: 1200, height: 800 });
    try {
      await waitUntil(() => !dialogOf(page).open, 'the overlay stayed open above the breakpoint');
      await waitUntil(() => !toggleOf(page).checkVisibility(), 'the Menu button is still shown');
      expect(page.querySelector<HTMLElement>('#test-nav')!.hidden).to.be.false;
      expect(events).to.deep.equal([true, false]);
    } finally {
      await setViewport({ width: 375, height: 800 });
    }
  });

  it('finds the header’s <nav> without a for attribute', async () => {
    const page = await render(
      html`<div>
        <header>
          <mobile-nav></mobile-nav>
          <nav aria-label="Sections">
            <ul>
              <li><a href="/a">A</a></li>
            </ul>
          </nav>
        </header>
      </div>`,
    );
    await openOverlay(page);
    expect(controlsOf(shownLevel(page)).map(text)).to.deep.equal(['A']);
    expect(dialogOf(page).querySelector('nav')!.getAttribute('aria-label')).to.equal('Sections');
  });

  it('shows no button, and says why, when the navigation it names is missing', async () => {
    let page!: Page;
    const warnings = await capturingConsole('warn', async () => {
      page = await fixture<Page>(
        html`<div>
          <mobile-nav for="nowhere"><span class="note">kept</span></mobile-nav>
        </div>`,
      );
      await waitUntil(() => !!page.querySelector('.mobile-nav__content'));
    });
    expect(page.querySelector('.mobile-nav__toggle')).to.equal(null);
    expect(page.querySelectorAll('.note')).to.have.length(1);
    expect(warnings.join()).to.contain('no element has the id "nowhere"');
  });

  it('reads the tree as the server wrote it, even after <mega-menu> has rearranged the list', async () => {
    const page = await upgraded<Page>(
      html`<div>
        <header></header>
        <mega-menu><nav id="shared-nav" aria-label="Main">${navList}</nav></mega-menu>
      </div>`,
      (el) => el.querySelectorAll('.mega-menu__button').length === 2,
    );
    const mobileNav = document.createElement('mobile-nav');
    mobileNav.setAttribute('for', 'shared-nav');
    page.querySelector('header')!.append(mobileNav);
    await waitUntil(() => !!page.querySelector('.mobile-nav__toggle'));
    await openOverlay(page);
    expect(controlsOf(shownLevel(page)).map(text)).to.deep.equal(['Rates and property', 'Building', 'Contact us']);
    controlNamed(page, 'Rates and property').click();
    await waitUntil(() => !!controlNamed(page, 'Pay your rates'));
    expect(controlsOf(shownLevel(page)).map(text)).to.deep.equal(['All Rates and property', 'Pay your rates', 'Rates relief']);
    expect(page.querySelectorAll('#shared-nav a')).to.have.length(7);
    expect(page.querySelector<HTMLElement>('#shared-nav')!.hidden).to.be.true;
  });

  it('has no axe violations, closed and open', async () => {
    const page = await render();
    await expect(page).to.be.accessible();
    await openOverlay(page);
    controlNamed(page, 'Rates and property').click();
    await waitUntil(() => !!shownLevel(page).querySelector('.mobile-nav__heading'));
    await expect(page).to.be.accessible();
  });

  it('before it upgrades (and without JavaScript) the page’s navigation shows as it is', async () => {
    const page = await fixture<Page>(html`
      <div>
        <header><mobile-nav-not-defined for="plain"></mobile-nav-not-defined></header>
        <nav id="plain" aria-label="Main">
          <ul>
            <li><a href="/services/rates">Rates and property</a></li>
            <li><a href="/contact">Contact us</a></li>
          </ul>
        </nav>
      </div>
    `);
    const links = Array.from(page.querySelectorAll('a'));
    expect(links.every((a) => a.checkVisibility())).to.be.true;
    expect(page.querySelector('button')).to.equal(null);
  });
});

describe('<mobile-nav> on a desktop-sized window', () => {
  before(async () => {
    await loadStyles('mobile-nav');
    await setViewport({ width: 1200, height: 800 });
  });

  it('hides its button and leaves the page’s navigation alone', async () => {
    const page = await render();
    expect(toggleOf(page).checkVisibility()).to.be.false;
    expect(wrapperOf(page).dataset.layout).to.equal('desktop');
    expect(page.querySelector<HTMLElement>('#test-nav')!.hidden).to.be.false;
    expect(sourceLinks(page).every((a) => a.checkVisibility())).to.be.true;
  });

  it('shows its button when the window narrows past the breakpoint', async () => {
    const page = await render();
    await setViewport({ width: 700, height: 800 });
    try {
      await waitUntil(() => toggleOf(page).checkVisibility(), 'the Menu button did not appear');
      expect(page.querySelector<HTMLElement>('#test-nav')!.hidden).to.be.true;
    } finally {
      await setViewport({ width: 1200, height: 800 });
    }
  });
});
