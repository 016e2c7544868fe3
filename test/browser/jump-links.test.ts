import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/jump-links';
import '../../elements/accordion-group';
import { capturingConsole, upgraded, expectFocused } from './helpers';

const linksOf = (root: Element) => Array.from(root.querySelectorAll<HTMLAnchorElement>('jump-links .jump-links__link'));
const hrefs = (root: Element) => linksOf(root).map((a) => a.getAttribute('href'));
const texts = (root: Element) => linksOf(root).map((a) => a.textContent);
const jumpLinks = (root: Element) => root.querySelector('jump-links')!;
const built = (count: number) => (root: Element) => linksOf(root).length === count;

const page = html`
  <div class="page">
    <aside class="page__aside" data-jump-links-area><jump-links content="#main-content"></jump-links></aside>
    <main id="main-content">
      <h2 id="overview">Overview</h2>
      <p>What the service is for.</p>
      <h2>How to apply</h2>
      <p><a id="apply-online" href="/apply">Apply online</a></p>
      <h2 class="jump-links-ignore">Print this page</h2>
      <h2 data-jump-links-ignore>Also ignored</h2>
      <h2>Fees &amp; charges</h2>
      <p>£120.</p>
      <feedback-widget><h2>Is this page useful?</h2></feedback-widget>
      <announcement-banner><h2>Office closed on Friday</h2></announcement-banner>
    </main>
  </div>
`;

describe('<jump-links>', () => {
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
    window.scrollTo(0, 0);
  });

  it('lists the h2 headings of the content in page order, with links to each', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    expect(texts(root)).to.deep.equal(['Overview', 'How to apply', 'Fees & charges']);
    expect(hrefs(root)).to.deep.equal(['#overview', '#how-to-apply', '#fees-charges']);
    for (const link of linksOf(root)) expect(document.getElementById(link.hash.slice(1))!.localName).to.equal('h2');
    expect(jumpLinks(root).hidden).to.be.false;
    expect(root.querySelector('aside')!.hidden).to.be.false;
  });

  it('is a navigation landmark named by its "On this page" heading', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    const nav = jumpLinks(root).querySelector('nav')!;
    const title = document.getElementById(nav.getAttribute('aria-labelledby')!)!;
    expect(title.localName).to.equal('h2');
    expect(title.textContent).to.equal('On this page');
    expect(nav.querySelector('ol')!.children).to.have.length(3);
  });

  it('has no accessibility violations, built or with a section current', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    await expect(root).to.be.accessible();
    linksOf(root)[0].click();
    await waitUntil(() => linksOf(root)[0].getAttribute('aria-current') === 'true');
    await expect(root).to.be.accessible();
  });

  it('skips ignored headings and headings of widgets such as the feedback widget and announcement banner', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    expect(texts(root).join()).not.to.contain('Print');
    expect(texts(root).join()).not.to.contain('ignored');
    expect(texts(root).join()).not.to.contain('useful');
    expect(texts(root).join()).not.to.contain('Office');
    expect(root.querySelector('.jump-links-ignore')!.hasAttribute('id')).to.be.false;
  });

  it('takes its own ignore selector', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <jump-links content="#c" ignore=".skip"></jump-links>
        <div id="c">
          <h2>One</h2>
          <h2 class="skip">Two</h2>
          <h2>Three</h2>
          <h2>Four</h2>
        </div>
      </div>`,
      built(3),
    );
    expect(texts(root)).to.deep.equal(['One', 'Three', 'Four']);
  });

  it('hides itself and its layout column when there are only two headings', async () => {
    const root = await fixture<HTMLElement>(html`
      <div>
        <aside data-jump-links-area><jump-links content="#two"></jump-links></aside>
        <main id="two">
          <h2>One</h2>
          <h2>Two</h2>
          <h2 class="jump-links-ignore">Not counted</h2>
        </main>
      </div>
    `);
    await waitUntil(() => jumpLinks(root).hidden, 'the element did not hide');
    expect(root.querySelector('aside')!.hidden).to.be.true;
    expect(jumpLinks(root).querySelector('nav')).to.equal(null);
    expect(root.querySelector('main h2')!.hasAttribute('id')).to.be.false;
  });

  it('shows a column the server rendered hidden once it builds the list', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <aside data-jump-links-area hidden><jump-links content="#c"></jump-links></aside>
        <div id="c">
          <h2>One</h2>
          <h2>Two</h2>
          <h2>Three</h2>
        </div>
      </div>`,
      built(3),
    );
    await waitUntil(() => !root.querySelector('aside')!.hidden, 'the column stayed hidden');
  });

  it('replaces the list the server rendered for visitors without JavaScript with the same list, and keeps it in place', async () => {
    const root = await fixture<HTMLElement>(html`
      <div class="page">
        <aside class="page__aside" data-jump-links-area>
          <jump-links content="#main-content">
            <nav class="jump-links" aria-labelledby="server-title">
              <h2 class="jump-links__title" id="server-title">On this page</h2>
              <ol class="jump-links__list">
                <li class="jump-links__item"><a class="jump-links__link" href="#overview">Overview</a></li>
                <li class="jump-links__item"><a class="jump-links__link" href="#fees">Fees</a></li>
                <li class="jump-links__item"><a class="jump-links__link" href="#apply">Apply</a></li>
              </ol>
            </nav>
            <p class="extra">Last reviewed in May.</p>
          </jump-links>
        </aside>
        <main id="main-content">
          <h2 id="overview">Overview</h2>
          <h2 id="fees">Fees</h2>
          <h2 id="apply">Apply</h2>
        </main>
      </div>
    `);
    await waitUntil(() => !root.querySelector('#server-title'), 'the built list replaces the server one');
    expect(root.querySelectorAll('jump-links nav.jump-links')).to.have.length(1);
    expect(hrefs(root)).to.deep.equal(['#overview', '#fees', '#apply']);
    expect(root.querySelectorAll('jump-links .extra')).to.have.length(1);
  });

  it('gives headings without an id a unique, readable one and keeps existing ids', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <p id="fees">Something else on the page already uses "fees".</p>
        <jump-links content="#c"></jump-links>
        <div id="c">
          <h2>Fees</h2>
          <h2>Fees</h2>
          <h2 id="kept">What’s new?</h2>
          <h2>Contact us</h2>
        </div>
      </div>`,
      built(4),
    );
    expect(hrefs(root)).to.deep.equal(['#fees-2', '#fees-3', '#kept', '#contact-us']);
    const ids = Array.from(document.querySelectorAll('[id]'), (el) => el.id);
    expect(ids.filter((id) => id.startsWith('fees'))).to.have.length(new Set(ids.filter((id) => id.startsWith('fees'))).size);
    expect(root.querySelector<HTMLElement>('#c h2:nth-child(3)')!.id).to.equal('kept');
  });

  it('reads headings from <main> by default and leaves its own heading out', async () => {
    const root = await upgraded<HTMLElement>(
      html`<main>
        <jump-links></jump-links>
        <h2>One</h2>
        <h2>Two</h2>
        <h2>Three</h2>
      </main>`,
      built(3),
    );
    expect(texts(root)).to.deep.equal(['One', 'Two', 'Three']);
  });

  it('moves focus to the section on click, updates the address and tells the page', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    const events: Array<{ id: string }> = [];
    root.addEventListener('jump-links-navigate', (e) => events.push(e.detail));
    const historyLength = history.length;
    linksOf(root)[1].click();
    const heading = document.getElementById('how-to-apply')!;
    expectFocused(heading);
    expect(heading.getAttribute('tabindex')).to.equal('-1');
    expect(location.hash).to.equal('#how-to-apply');
    expect(history.length).to.equal(historyLength + 1);
    expect(events).to.deep.equal([{ id: 'how-to-apply' }]);
  });

  it('goes back to the previous address with the browser back button', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    linksOf(root)[2].click();
    expect(location.hash).to.equal('#fees-charges');
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    history.back();
    await popped;
    expect(location.hash).to.equal('');
  });

  it('moves focus with Enter, and the next Tab continues from the section', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    linksOf(root)[1].focus();
    await sendKeys({ press: 'Enter' });
    const heading = document.getElementById('how-to-apply')!;
    await waitUntil(() => document.activeElement === heading, 'focus did not move to the heading');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement!.id).to.equal('apply-online');
    expect(heading.hasAttribute('tabindex')).to.be.false;
  });

  it('lets a modified click (new tab or window) through to the browser', async () => {
    const root = await upgraded<HTMLElement>(page, built(3));
    let claimedByElement: boolean | undefined;
    // Runs after the element's own handling; then stops the real navigation.
    const observe = (event: Event) => {
      claimedByElement = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', observe, { once: true });
    linksOf(root)[1].dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(claimedByElement).to.equal(false);
    expect(document.activeElement).not.to.equal(document.getElementById('how-to-apply'));
    expect(location.hash).to.equal('');
  });

  it('scrolls to a heading whose id it generated when the address names it on arrival', async () => {
    history.replaceState(null, '', '#third-part');
    const root = await upgraded<HTMLElement>(
      html`<div>
        <jump-links content="#arrival"></jump-links>
        <div id="arrival">
          <h2>First part</h2>
          <div style="height: 1500px"></div>
          <h2>Second part</h2>
          <div style="height: 1500px"></div>
          <h2>Third part</h2>
          <div style="height: 1500px"></div>
        </div>
      </div>`,
      built(3),
    );
    const third = root.querySelectorAll('#arrival h2')[2];
    expect(third.id).to.equal('third-part');
    await waitUntil(() => Math.abs(third.getBoundingClientRect().top) < 2, 'the heading was not scrolled to');
  });

  it('keeps a tabindex the page gave a heading', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <jump-links content="#c"></jump-links>
        <div id="c">
          <h2 tabindex="0">One</h2>
          <h2>Two</h2>
          <h2>Three</h2>
        </div>
      </div>`,
      built(3),
    );
    linksOf(root)[0].click();
    linksOf(root)[1].click();
    expect(root.querySelector('#c h2')!.getAttribute('tabindex')).to.equal('0');
  });

  it('marks the link of the section in view with aria-current as the page scrolls', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <jump-links content="#long"></jump-links>
        <div id="long">
          <h2>First</h2>
          <div style="height: 1500px"></div>
          <h2>Second</h2>
          <div style="height: 1500px"></div>
          <h2>Third</h2>
          <div style="height: 1500px"></div>
        </div>
      </div>`,
      built(3),
    );
    const current = () =>
      linksOf(root)
        .filter((a) => a.getAttribute('aria-current') === 'true')
        .map((a) => a.textContent);
    const headings = root.querySelectorAll('#long h2');
    headings[1].scrollIntoView({ block: 'start', behavior: 'instant' });
    await waitUntil(() => current().join() === 'Second', `current was ${current().join()}`);
    headings[2].scrollIntoView({ block: 'start', behavior: 'instant' });
    await waitUntil(() => current().join() === 'Third', `current was ${current().join()}`);
    // Half-way through the second section, the second is still the one being read.
    window.scrollTo({ top: window.scrollY - 1000, behavior: 'instant' });
    await waitUntil(() => current().join() === 'Second', `current was ${current().join()}`);
    expect(linksOf(root).filter((a) => a.hasAttribute('aria-current'))).to.have.length(1);
  });

  it('reads the headings again when the content changes', async () => {
    const root = await fixture<HTMLElement>(html`
      <div>
        <aside data-jump-links-area><jump-links content="#grows"></jump-links></aside>
        <div id="grows">
          <h2>One</h2>
          <h2>Two</h2>
        </div>
      </div>
    `);
    await waitUntil(() => jumpLinks(root).hidden);
    const more = document.createElement('h2');
    more.textContent = 'Three';
    root.querySelector('#grows')!.append(more);
    await waitUntil(() => linksOf(root).length === 3, 'the new heading was not listed');
    expect(jumpLinks(root).hidden).to.be.false;
    expect(root.querySelector('aside')!.hidden).to.be.false;
    more.textContent = 'Three and a half';
    await waitUntil(() => texts(root)[2] === 'Three and a half', 'the changed text was not read');
    more.remove();
    await waitUntil(() => jumpLinks(root).hidden, 'the list did not hide again');
  });

  it('keeps working when an accordion in the content upgrades', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <jump-links content="#with-accordion"></jump-links>
        <div id="with-accordion">
          <h2>Introduction</h2>
          <accordion-group>
            <section>
              <h2>Eligibility</h2>
              <p>Who can apply.</p>
            </section>
            <section>
              <h2 id="documents">Documents</h2>
              <p>What to bring.</p>
            </section>
          </accordion-group>
        </div>
      </div>`,
      (r) => built(3)(r) && !!r.querySelector('.accordion__button'),
    );
    expect(texts(root)).to.deep.equal(['Introduction', 'Eligibility', 'Documents']);
    const link = linksOf(root)[1];
    await waitUntil(
      () => document.getElementById(link.hash.slice(1))?.classList.contains('accordion__heading'),
      'the heading was not the accordion heading',
    );
    link.click();
    expectFocused(root.querySelector('accordion-group h2'));
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement!.classList.contains('accordion__button')).to.be.true;
  });

  it('takes its heading text from the i18n attribute', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <jump-links content="#c" i18n='{"title":"Ar y dudalen hon"}'></jump-links>
        <div id="c">
          <h2>Un</h2>
          <h2>Dau</h2>
          <h2>Tri</h2>
        </div>
      </div>`,
      built(3),
    );
    expect(root.querySelector('.jump-links__title')!.textContent).to.equal('Ar y dudalen hon');
  });

  it('hides itself and says which selector found nothing', async () => {
    let root!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      root = await fixture<HTMLElement>(
        html`<div>
          <jump-links content="#nowhere"></jump-links>
          <main>
            <h2>A</h2>
            <h2>B</h2>
            <h2>C</h2>
          </main>
        </div>`,
      );
      await waitUntil(() => jumpLinks(root).hidden);
    });
    expect(warnings.join()).to.contain('#nowhere');
  });

  it('falls back to the default ignore selector when the given one is not valid', async () => {
    let root!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      root = await upgraded<HTMLElement>(
        html`<div>
          <jump-links content="#c" ignore="[[nope"></jump-links>
          <div id="c">
            <h2>A</h2>
            <h2 class="jump-links-ignore">B</h2>
            <h2>C</h2>
            <h2>D</h2>
          </div>
        </div>`,
        built(3),
      );
    });
    expect(texts(root)).to.deep.equal(['A', 'C', 'D']);
    expect(warnings.join()).to.contain('[[nope');
  });

  it('without JavaScript, stays empty and leaves the content as the server wrote it', async () => {
    const root = await fixture<HTMLElement>(html`
      <div>
        <aside data-jump-links-area><jump-links-not-defined content="#plain"></jump-links-not-defined></aside>
        <main id="plain">
          <h2>One</h2>
          <p>Text</p>
          <h2>Two</h2>
          <h2>Three</h2>
        </main>
      </div>
    `);
    expect(root.querySelector('jump-links-not-defined')!.childNodes).to.have.length(0);
    expect(root.querySelector('aside')!.hidden).to.be.false;
    expect(Array.from(root.querySelectorAll('main h2'), (h) => h.id)).to.deep.equal(['', '', '']);
    expect(root.querySelector('main p')!.textContent).to.equal('Text');
  });
});
