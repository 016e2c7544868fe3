import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import Cookies from 'js-cookie';
import '../../elements/announcement-banner';
import { ANNOUNCEMENT_COOKIE_DAYS, ANNOUNCEMENT_COOKIE_NAME } from '../../src/core/constants';
import { capturingConsole, upgraded, loadStyles } from './helpers';

/** What Chromium's cookieStore returns (the DOM typings list only name and value). */
interface StoredCookie {
  name: string;
  value: string;
  expires: number | null;
  path: string;
  sameSite: 'strict' | 'lax' | 'none';
  secure: boolean;
}

const DAY_MS = 86_400_000;
const TIMESTAMP = '2026-11-02 09:00:00';

const closeButtonOf = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('.announcement-banner__close')!;
const regionOf = (el: HTMLElement) => el.querySelector<HTMLElement>('[role="region"]')!;
const rendered = (el: HTMLElement) => !!el.querySelector('.announcement-banner__close');
const storedCookie = async () => (await cookieStore.get(ANNOUNCEMENT_COOKIE_NAME)) as StoredCookie | null;

function clearCookies() {
  for (const name of document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean)) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** A page with the banner, a main landmark after it and a link to return focus to. */
const page = (banner: ReturnType<typeof html>) => html`
  <div>
    <a id="skip" href="#content">Skip to main content</a>
    ${banner}
    <main id="content">
      <h1>Council tax</h1>
      <p>Pay your council tax online.</p>
    </main>
  </div>
`;

const banner = (timestamp: string | undefined = TIMESTAMP, extra = '') => html`
  <announcement-banner data-timestamp=${timestamp ?? ''} data-expires=${extra}>
    <h2>Offices closed on Monday</h2>
    <p>Our offices are closed for the bank holiday. <a id="more" href="/news/bank-holiday">Read more about opening times</a>.</p>
  </announcement-banner>
`;

/** Renders a page with a banner and waits for it to upgrade; returns the banner. */
async function bannerOnPage(template = banner()): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(page(template));
  const el = wrapper.querySelector<HTMLElement>('announcement-banner')!;
  await waitUntil(() => rendered(el), '<announcement-banner> did not render', { timeout: 3000 });
  return el;
}

before(() => loadStyles('announcement-banner'));

describe('<announcement-banner>', () => {
  beforeEach(() => {
    clearCookies();
    expect(document.cookie).to.equal('');
  });
  afterEach(clearCookies);

  describe('upgrade', () => {
    it('keeps the server content, once, in a region labelled by its heading, with a close button after it', async () => {
      const wrapper = await fixture<HTMLElement>(page(banner()));
      const el = wrapper.querySelector<HTMLElement>('announcement-banner')!;
      const serverHeading = el.querySelector('h2')!;
      const serverLink = el.querySelector('#more')!;
      await waitUntil(() => rendered(el));
      expect(el.hidden).to.be.false;
      expect(el.querySelectorAll('h2').length).to.equal(1);
      expect(el.querySelectorAll('a').length).to.equal(1);
      expect(el.querySelector('h2') === serverHeading && el.querySelector('#more') === serverLink, 'the same nodes, moved').to.be.true;
      const region = regionOf(el);
      expect(region.getAttribute('aria-labelledby')).to.equal(serverHeading.id);
      expect(serverHeading.id).not.to.equal('');
      expect(region.hasAttribute('aria-label')).to.be.false;
      const close = closeButtonOf(el);
      expect(close.type).to.equal('button');
      expect(close.textContent).to.equal('Close');
      expect(close.getAttribute('aria-label')).to.equal('Close announcement');
      expect(close.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
      expect(close.offsetHeight).to.be.greaterThan(0);
    });

    it('keeps a server heading id', async () => {
      const el = await upgraded<HTMLElement>(
        html`<announcement-banner data-timestamp="1"
          ><h2 id="closure">Closure</h2>
          <p>Text</p></announcement-banner
        >`,
        rendered,
      );
      expect(el.querySelector('h2')!.id).to.equal('closure');
      expect(regionOf(el).getAttribute('aria-labelledby')).to.equal('closure');
    });

    it('names the region "Announcement" when there is no heading', async () => {
      const el = await upgraded<HTMLElement>(
        html`<announcement-banner data-timestamp="1"><p>Roadworks on the high street.</p></announcement-banner>`,
        rendered,
      );
      expect(regionOf(el).getAttribute('aria-label')).to.equal('Announcement');
      expect(regionOf(el).hasAttribute('aria-labelledby')).to.be.false;
    });

    it('is tabbed in reading order: the announcement link, then Close', async () => {
      const el = await bannerOnPage();
      document.getElementById('skip')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement!.id).to.equal('more');
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement === closeButtonOf(el), 'Close comes after the content').to.be.true;
    });

    it('survives being moved in the page without losing or duplicating content', async () => {
      const el = await bannerOnPage();
      const elsewhere = document.createElement('div');
      document.body.append(elsewhere);
      try {
        elsewhere.append(el);
        await waitUntil(() => rendered(el) && !!el.querySelector('h2'));
        expect(el.querySelectorAll('h2').length).to.equal(1);
        expect(el.querySelectorAll('.announcement-banner__close').length).to.equal(1);
        expect(el.textContent!.match(/bank holiday/g)!.length).to.equal(1);
      } finally {
        elsewhere.remove();
      }
    });

    it('reads as the plain announcement before (or without) JavaScript', async () => {
      const el = await fixture<HTMLElement>(html`
        <announcement-banner-not-defined data-timestamp="1"
          ><h2>Offices closed</h2>
          <p>Closed on Monday.</p></announcement-banner-not-defined
        >
      `);
      expect(el.hidden).to.be.false;
      expect(el.querySelector('h2')!.offsetHeight).to.be.greaterThan(0);
      expect(el.querySelector('p')!.offsetHeight).to.be.greaterThan(0);
    });

    it('has no axe violations', async () => {
      const el = await bannerOnPage();
      await expect(el.parentElement!).to.be.accessible();
    });
  });

  describe('closing', () => {
    it('hides the banner, remembers its timestamp in the cookie for 365 days and tells the page', async () => {
      const el = await bannerOnPage();
      const events: Array<{ timestamp: string | null }> = [];
      el.addEventListener('announcement-dismiss', (e) => events.push(e.detail));
      const before = Date.now();
      closeButtonOf(el).click();
      expect(el.hidden).to.be.true;
      expect(el.offsetHeight).to.equal(0);
      expect(events).to.deep.equal([{ timestamp: TIMESTAMP }]);
      expect(Cookies.get(ANNOUNCEMENT_COOKIE_NAME)).to.equal(TIMESTAMP);
      expect(document.cookie, 'URI-encoded as js-cookie writes it').to.contain(`${ANNOUNCEMENT_COOKIE_NAME}=2026-11-02%2009:00:00`);
      const cookie = (await storedCookie())!;
      expect(cookie.path).to.equal('/');
      expect(cookie.sameSite).to.equal('lax');
      expect(cookie.secure, 'the test page is http').to.be.false;
      const days = ANNOUNCEMENT_COOKIE_DAYS * DAY_MS;
      expect(cookie.expires!).to.be.within(before + days - 1000, Date.now() + days + 1000);
    });

    it('closes with Enter and with Space', async () => {
      for (const key of ['Enter', 'Space']) {
        clearCookies();
        const el = await bannerOnPage();
        closeButtonOf(el).focus();
        await sendKeys({ press: key });
        await waitUntil(() => el.hidden, `${key} did not close the banner`);
        expect(Cookies.get(ANNOUNCEMENT_COOKIE_NAME)).to.equal(TIMESTAMP);
      }
    });

    it('remembers the dismissal until data-expires when it is given', async () => {
      const el = await bannerOnPage(banner(TIMESTAMP, '2027-03-31T17:00:00Z'));
      closeButtonOf(el).click();
      const cookie = (await storedCookie())!;
      expect(cookie.value).to.equal('2026-11-02%2009:00:00');
      expect(cookie.expires).to.equal(Date.UTC(2027, 2, 31, 17));
    });

    it('reads a date-only data-expires as the end of that day', async () => {
      const el = await bannerOnPage(banner(TIMESTAMP, '2027-03-31'));
      closeButtonOf(el).click();
      const cookie = (await storedCookie())!;
      expect(cookie.expires).to.equal(new Date(2027, 2, 31, 23, 59, 59).getTime());
    });

    it('warns about an invalid data-expires and remembers the dismissal for 365 days', async () => {
      const el = await bannerOnPage(banner(TIMESTAMP, 'end of March'));
      const before = Date.now();
      const warnings = await capturingConsole('warn', () => closeButtonOf(el).click());
      expect(warnings.join()).to.contain('"end of March" is not a date');
      expect(el.hidden).to.be.true;
      const cookie = (await storedCookie())!;
      const days = ANNOUNCEMENT_COOKIE_DAYS * DAY_MS;
      expect(cookie.expires!).to.be.within(before + days - 1000, Date.now() + days + 1000);
    });

    it('without data-timestamp: closes for this page view, warns, writes no cookie', async () => {
      const el = await bannerOnPage(
        html`<announcement-banner
          ><h2>Survey</h2>
          <p>Tell us what you think.</p></announcement-banner
        >`,
      );
      const events: Array<{ timestamp: string | null }> = [];
      el.addEventListener('announcement-dismiss', (e) => events.push(e.detail));
      const warnings = await capturingConsole('warn', () => closeButtonOf(el).click());
      expect(el.hidden).to.be.true;
      expect(warnings.join()).to.contain('no data-timestamp');
      expect(document.cookie).to.equal('');
      expect(events).to.deep.equal([{ timestamp: null }]);
    });
  });

  describe('on the next page view', () => {
    it('starts hidden when the cookie holds its timestamp (closed on an earlier page)', async () => {
      const first = await bannerOnPage();
      closeButtonOf(first).click();
      const second = await bannerOnPage();
      expect(second.hidden).to.be.true;
      expect(second.offsetHeight).to.equal(0);
    });

    it('starts hidden for a cookie the server or another page wrote', async () => {
      Cookies.set(ANNOUNCEMENT_COOKIE_NAME, TIMESTAMP, { path: '/' });
      const el = await bannerOnPage();
      expect(el.hidden).to.be.true;
    });

    it('shows again when the stored timestamp is another announcement’s', async () => {
      const first = await bannerOnPage(banner('2026-10-01 08:00:00'));
      closeButtonOf(first).click();
      expect(Cookies.get(ANNOUNCEMENT_COOKIE_NAME)).to.equal('2026-10-01 08:00:00');
      const second = await bannerOnPage(banner(TIMESTAMP));
      expect(second.hidden).to.be.false;
      expect(second.offsetHeight).to.be.greaterThan(0);
    });

    it('shows when its data-timestamp changes to one not closed, and hides when it changes to the closed one', async () => {
      Cookies.set(ANNOUNCEMENT_COOKIE_NAME, TIMESTAMP, { path: '/' });
      const el = await bannerOnPage();
      expect(el.hidden).to.be.true;
      el.setAttribute('data-timestamp', '2026-12-01 09:00:00');
      await waitUntil(() => !el.hidden, 'a new announcement did not show');
      el.setAttribute('data-timestamp', TIMESTAMP);
      await waitUntil(() => el.hidden, 'the closed announcement showed again');
    });

    it('always shows a banner without data-timestamp', async () => {
      Cookies.set(ANNOUNCEMENT_COOKIE_NAME, '', { path: '/' });
      const el = await bannerOnPage(html`<announcement-banner><h2>Survey</h2></announcement-banner>`);
      expect(el.hidden).to.be.false;
    });

    it('never shows a banner the page itself hid', async () => {
      const el = await upgraded<HTMLElement>(
        html`<announcement-banner hidden data-timestamp="x"><h2>Draft</h2></announcement-banner>`,
        rendered,
      );
      expect(el.hidden).to.be.true;
    });
  });

  describe('focus after closing', () => {
    it('moves to the main landmark, made focusable for the moment', async () => {
      const el = await bannerOnPage();
      const main = document.querySelector('main')!;
      closeButtonOf(el).focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => el.hidden);
      expect(document.activeElement === main, 'focus is on <main>').to.be.true;
      expect(main.getAttribute('tabindex')).to.equal('-1');
      document.getElementById('skip')!.focus();
      expect(main.hasAttribute('tabindex'), 'tabindex removed once focus leaves').to.be.false;
    });

    it('moves to the element named by return-focus', async () => {
      const el = await bannerOnPage(
        html`<announcement-banner data-timestamp="1" return-focus="#skip"><h2>Closure</h2></announcement-banner>`,
      );
      closeButtonOf(el).click();
      expect(document.activeElement!.id).to.equal('skip');
      expect(document.getElementById('skip')!.hasAttribute('tabindex'), 'a link is focusable already').to.be.false;
    });

    it('falls back to main, with a warning, when return-focus matches nothing or is not a selector', async () => {
      for (const selector of ['#nowhere', '[[bad']) {
        const el = await bannerOnPage(
          html`<announcement-banner data-timestamp="1" return-focus=${selector}><h2>Closure</h2></announcement-banner>`,
        );
        const warnings = await capturingConsole('warn', () => closeButtonOf(el).click());
        expect(warnings.join(), selector).to.contain(`"${selector}"`);
        expect(document.activeElement!.localName, selector).to.equal('main');
      }
    });
  });

  describe('with the server’s close form (which works without JavaScript)', () => {
    const withForm = (label = 'Close announcement') => html`
      <announcement-banner data-timestamp=${TIMESTAMP}>
        <h2>Offices closed on Monday</h2>
        <p>Our offices are closed for the bank holiday.</p>
        <form class="announcement-banner__close-form" action="/announcement/close" method="post" data-announcement-close>
          <input type="hidden" name="timestamp" value=${TIMESTAMP} />
          <input type="hidden" name="return" value="/contact" />
          <button type="submit" aria-label=${label}><span class="announcement-banner__close-text">Close</span></button>
        </form>
      </announcement-banner>
    `;
    const upgradedWithForm = async (template = withForm()) => {
      const wrapper = await fixture<HTMLElement>(page(template));
      const el = wrapper.querySelector<HTMLElement>('announcement-banner')!;
      await waitUntil(() => !!el.querySelector('[role="region"]'), '<announcement-banner> did not render', { timeout: 3000 });
      return el;
    };

    it('makes the form’s button its Close button: one button, after the content, the server’s label kept', async () => {
      const el = await upgradedWithForm();
      const buttons = el.querySelectorAll('button');
      expect(buttons).to.have.length(1);
      expect(buttons[0].classList.contains('announcement-banner__close')).to.be.true;
      expect(buttons[0].getAttribute('aria-label')).to.equal('Close announcement');
      expect(el.querySelectorAll('form')).to.have.length(1);
      const region = regionOf(el);
      expect(region.lastElementChild!.contains(buttons[0])).to.be.true;
      expect(region.querySelector('.announcement-banner__content form')).to.equal(null);
    });

    it('closes in place when pressed: no post, the cookie written here, focus moved to main, the page told', async () => {
      const el = await upgradedWithForm();
      const events: Array<{ timestamp: string | null }> = [];
      el.addEventListener('announcement-dismiss', (e) => events.push(e.detail));
      let posted: boolean | undefined;
      el.querySelector('form')!.addEventListener('submit', (e) => {
        posted = !e.defaultPrevented;
        e.preventDefault();
      });
      el.querySelector('button')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => posted !== undefined);
      expect(posted).to.be.false;
      expect(el.hidden).to.be.true;
      expect(Cookies.get(ANNOUNCEMENT_COOKIE_NAME)).to.equal(TIMESTAMP);
      expect(events).to.deep.equal([{ timestamp: TIMESTAMP }]);
      expect(document.activeElement!.localName).to.equal('main');
    });

    it('keeps focus on the button when it upgrades while focused', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div>${withForm()}</div>`);
      const el = wrapper.querySelector<HTMLElement>('announcement-banner')!;
      // Focused before the element renders (the fixture's element is already defined: render is asynchronous).
      const button = el.querySelector('button')!;
      button.focus();
      await waitUntil(() => !!el.querySelector('[role="region"]'), 'did not render', { timeout: 3000 });
      expect(document.activeElement === button).to.be.true;
    });

    it('names a button without a label from the i18n closeLabel', async () => {
      const el = await upgradedWithForm(html`
        <announcement-banner data-timestamp="1" i18n='{"closeLabel":"Cau’r cyhoeddiad"}'>
          <p>Ar gau ddydd Llun.</p>
          <form action="/announcement/close" method="post" data-announcement-close><button>Cau</button></form>
        </announcement-banner>
      `);
      expect(el.querySelector('button')!.getAttribute('aria-label')).to.equal('Cau’r cyhoeddiad');
    });

    it('has no axe violations', async () => {
      const el = await upgradedWithForm();
      await expect(el.parentElement!).to.be.accessible();
    });
  });

  it('takes its words from the i18n attribute', async () => {
    const el = await upgraded<HTMLElement>(
      html`<announcement-banner data-timestamp="1" i18n='{"close":"Cau","closeLabel":"Cau’r cyhoeddiad","label":"Cyhoeddiad"}'
        ><p>Ar gau ddydd Llun.</p></announcement-banner
      >`,
      rendered,
    );
    expect(closeButtonOf(el).textContent).to.equal('Cau');
    expect(closeButtonOf(el).getAttribute('aria-label')).to.equal('Cau’r cyhoeddiad');
    expect(regionOf(el).getAttribute('aria-label')).to.equal('Cyhoeddiad');
  });
});
