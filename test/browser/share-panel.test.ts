import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../elements/share-panel';
import { capturingConsole, nextFrame, upgraded, loadStyles } from './helpers';

type ShareDetail = { network: string; url: string };

const toggleOf = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('.share-panel__toggle')!;
const panelOf = (el: HTMLElement) => document.getElementById(toggleOf(el).getAttribute('aria-controls')!)!;
const linksOf = (el: HTMLElement) => Array.from(panelOf(el).querySelectorAll<HTMLAnchorElement>('.share-panel__list a'));
const copyButtonOf = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('.share-panel__copy')!;
const statusOf = (el: HTMLElement) => el.querySelector<HTMLElement>('[role="status"]')!;
const isOpen = (el: HTMLElement) => toggleOf(el).getAttribute('aria-expanded') === 'true';
const rendered = (el: HTMLElement) => !!el.querySelector('.share-panel__toggle');
/** The text a link is announced with: its text, icons excluded (they are aria-hidden and have none). */
const linkText = (link: HTMLAnchorElement) => link.textContent!.replace(/\s+/g, ' ').trim();

const builtMarkup = html`<share-panel
  url="https://www.example.gov/news/rates & fees?year=2026#top"
  page-title="Rates & fees"
></share-panel>`;

const serverMarkup = html`
  <share-panel url="https://www.example.gov/parking">
    <ul class="cms-share">
      <li><a id="fb" href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.example.gov%2Fparking">Facebook</a></li>
      <li><a href="https://x.com/intent/tweet?url=https%3A%2F%2Fwww.example.gov%2Fparking">X</a></li>
      <li><a href="https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fwww.example.gov%2Fparking">LinkedIn</a></li>
      <li><a href="https://www.reddit.com/submit?url=https%3A%2F%2Fwww.example.gov%2Fparking" rel="external">Reddit</a></li>
      <li><a href="mailto:?subject=Parking&amp;body=https%3A%2F%2Fwww.example.gov%2Fparking">Email</a></li>
    </ul>
  </share-panel>
`;

/** Loads the real stylesheets once, so visibility and axe's colour checks see what visitors see. */
before(() => loadStyles('share-panel'));

/** Replaces navigator.clipboard.writeText for one test. */
function stubClipboard(writeText: (text: string) => Promise<void>): () => void {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, get: () => ({ writeText }) });
  return () => void delete (navigator as unknown as Record<string, unknown>).clipboard;
}

/** Keeps share links from opening tabs during a test; the panel still sees the click first. */
function keepLinksInPage(): () => void {
  const prevent = (event: Event) => event.preventDefault();
  document.addEventListener('click', prevent);
  return () => document.removeEventListener('click', prevent);
}

async function openPanel(el: HTMLElement) {
  toggleOf(el).click();
  await waitUntil(() => isOpen(el) && !panelOf(el).hidden, 'panel did not open');
}

describe('<share-panel>', () => {
  let restore: Array<() => void> = [];
  afterEach(async () => {
    for (const undo of restore) undo();
    restore = [];
    await resetMouse();
  });

  describe('disclosure', () => {
    it('renders a closed "Share this page" toggle that controls the panel', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const toggle = toggleOf(el);
      expect(toggle.localName).to.equal('button');
      expect(toggle.type).to.equal('button');
      expect(toggle.textContent).to.equal('Share this page');
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      expect(panelOf(el).hidden).to.be.true;
      expect(panelOf(el).offsetHeight).to.equal(0);
      expect(toggle.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
    });

    it('opens and closes on click, telling the page with share-panel-toggle', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const events: Array<{ open: boolean }> = [];
      el.addEventListener('share-panel-toggle', (e) => events.push(e.detail));
      await openPanel(el);
      expect(panelOf(el).offsetHeight).to.be.greaterThan(0);
      toggleOf(el).click();
      await waitUntil(() => !isOpen(el));
      expect(panelOf(el).hidden).to.be.true;
      expect(events).to.deep.equal([{ open: true }, { open: false }]);
    });

    it('toggles from the keyboard with Enter and Space', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      toggleOf(el).focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => isOpen(el));
      expect(panelOf(el).hidden).to.be.false;
      await sendKeys({ press: 'Space' });
      await waitUntil(() => !isOpen(el));
      expect(panelOf(el).hidden).to.be.true;
      await sendKeys({ press: 'Space' });
      await waitUntil(() => isOpen(el));
    });

    it('closes on Escape from inside the panel and puts focus back on the toggle', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const events: Array<{ open: boolean }> = [];
      el.addEventListener('share-panel-toggle', (e) => events.push(e.detail));
      await openPanel(el);
      linksOf(el)[1].focus();
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !isOpen(el));
      expect(panelOf(el).hidden).to.be.true;
      expect(document.activeElement === toggleOf(el), 'focus is back on the toggle').to.be.true;
      expect(events.at(-1)).to.deep.equal({ open: false });
    });

    it('closes on a real mouse click outside, and stays open on a click inside', async () => {
      const wrapper = await fixture<HTMLElement>(
        html`<div>
          <p id="elsewhere">Elsewhere on the page</p>
          ${builtMarkup}
        </div>`,
      );
      const el = wrapper.querySelector<HTMLElement>('share-panel')!;
      await waitUntil(() => rendered(el));
      await openPanel(el);

      const panel = panelOf(el).getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(panel.left + 4), Math.round(panel.bottom - 4)] });
      await nextFrame();
      expect(isOpen(el), 'a click inside the panel keeps it open').to.be.true;

      const outside = wrapper.querySelector('#elsewhere')!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(outside.left + 5), Math.round(outside.top + 5)] });
      await waitUntil(() => !isOpen(el), 'outside click did not close the panel');
      expect(panelOf(el).hidden).to.be.true;
    });

    it('closes on a click on the page body', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      document.body.click();
      await waitUntil(() => !isOpen(el));
    });

    it('is tabbed through in reading order: toggle, each share link, Copy link', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      toggleOf(el).focus();
      const order: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        await sendKeys({ press: 'Tab' });
        order.push((document.activeElement as HTMLElement).textContent!.replace(/\(opens in new tab\)/, '').trim());
      }
      expect(order).to.deep.equal(['Facebook', 'X (Twitter)', 'LinkedIn', 'Email', 'Copy link']);
    });

    it('skips the closed panel when tabbing', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div>${builtMarkup}<button id="after">After</button></div>`);
      const el = wrapper.querySelector<HTMLElement>('share-panel')!;
      await waitUntil(() => rendered(el));
      toggleOf(el).focus();
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement!.id).to.equal('after');
    });
  });

  describe('placement', () => {
    /** A column with the toggle at its end, as in a page's tools row ("Last updated … [Share this page]"). */
    const inRow = (dir = 'ltr') => html`
      <div dir=${dir} style="display: flex; justify-content: space-between; width: 600px; padding: 0 10px">
        <p style="margin: 0">Last updated 14 November 2026</p>
        ${builtMarkup}
      </div>
    `;
    const within = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;

    it('keeps the open panel inside its column when the toggle is at the column’s end', async () => {
      const row = await upgraded<HTMLElement>(inRow(), (e) => !!e.querySelector('.share-panel__toggle'));
      const el = row.querySelector<HTMLElement>('share-panel')!;
      toggleOf(el).click();
      await waitUntil(() => isOpen(el));
      const column = row.getBoundingClientRect();
      const content = new DOMRect(column.left + 10, column.top, column.width - 20, column.height);
      expect(within(panelOf(el).getBoundingClientRect(), content), 'panel inside the column').to.be.true;
      expect(panelOf(el).getBoundingClientRect().right).to.be.closeTo(toggleOf(el).getBoundingClientRect().right, 1);
    });

    it('opens from the toggle’s start edge when there is room, right to left as well', async () => {
      for (const dir of ['ltr', 'rtl']) {
        const row = await upgraded<HTMLElement>(
          html`<div dir=${dir} style="width: 600px">${builtMarkup}</div>`,
          (e) => !!e.querySelector('.share-panel__toggle'),
        );
        const el = row.querySelector<HTMLElement>('share-panel')!;
        toggleOf(el).click();
        await waitUntil(() => isOpen(el));
        const edge = dir === 'ltr' ? 'left' : 'right';
        expect(panelOf(el).getBoundingClientRect()[edge], dir).to.be.closeTo(toggleOf(el).getBoundingClientRect()[edge], 1);
        expect(within(panelOf(el).getBoundingClientRect(), row.getBoundingClientRect()), dir).to.be.true;
      }
    });
  });

  describe('links built by the element', () => {
    it('builds Facebook, X, LinkedIn and Email links for the url and page-title, encoded', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const links = linksOf(el);
      const shared = 'https://www.example.gov/news/rates%20&%20fees?year=2026#top';
      expect(links.map((link) => link.dataset.network)).to.deep.equal(['facebook', 'x', 'linkedin', 'email']);
      const [facebook, x, linkedin, email] = links.map((link) => new URL(link.href));
      expect(facebook.origin + facebook.pathname).to.equal('https://www.facebook.com/sharer/sharer.php');
      expect(facebook.searchParams.get('u')).to.equal(shared);
      expect(x.searchParams.get('url')).to.equal(shared);
      expect(x.searchParams.get('text')).to.equal('Rates & fees');
      expect(linkedin.searchParams.get('url')).to.equal(shared);
      expect(links[3].href).to.match(/^mailto:\?subject=Rates%20%26%20fees&body=/);
      expect(decodeURIComponent(links[3].href.split('body=')[1])).to.equal(`Rates & fees\r\n${shared}`);
      expect(email.protocol).to.equal('mailto:');
    });

    it('opens network links in a new tab without opener, and says so to screen readers', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      const [facebook, , , email] = linksOf(el);
      expect(facebook.target).to.equal('_blank');
      expect(facebook.rel).to.equal('noopener noreferrer');
      expect(linkText(facebook)).to.equal('Facebook (opens in new tab)');
      const note = facebook.querySelector('.share-panel__new-tab')!;
      expect(note.getBoundingClientRect().width).to.be.at.most(1);
      expect(email.hasAttribute('target'), 'mailto opens the mail app, not a tab').to.be.false;
      expect(linkText(email)).to.equal('Email');
    });

    it('draws an aria-hidden icon in every link and keeps the link text readable', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      for (const link of linksOf(el)) {
        const icons = link.querySelectorAll('svg');
        expect(icons.length).to.equal(1);
        expect(icons[0].getAttribute('aria-hidden')).to.equal('true');
        expect(icons[0].getAttribute('focusable')).to.equal('false');
        expect(link.getBoundingClientRect().width).to.be.greaterThan(icons[0].getBoundingClientRect().width + 10);
      }
    });

    it('shares the current page without its hash, titled by the document, by default', async () => {
      const before = { href: location.href, title: document.title };
      history.replaceState(null, '', `${location.pathname}${location.search}#somewhere`);
      document.title = 'Bin collection days';
      restore.push(() => {
        history.replaceState(null, '', before.href);
        document.title = before.title;
      });
      const el = await upgraded<HTMLElement>(html`<share-panel></share-panel>`, rendered);
      const pageUrl = before.href.split('#')[0];
      const x = new URL(linksOf(el)[1].href);
      expect(x.searchParams.get('url')).to.equal(pageUrl);
      expect(x.searchParams.get('text')).to.equal('Bin collection days');
    });

    it('resolves a relative url against the page', async () => {
      const el = await upgraded<HTMLElement>(html`<share-panel url="/news/flood-warning"></share-panel>`, rendered);
      expect(new URL(linksOf(el)[0].href).searchParams.get('u')).to.equal(`${location.origin}/news/flood-warning`);
    });

    it('refuses a url that is not http(s), warns, and shares the current page instead', async () => {
      let el!: HTMLElement;
      const warnings = await capturingConsole('warn', async () => {
        el = await upgraded<HTMLElement>(html`<share-panel url="javascript:alert(1)"></share-panel>`, rendered);
      });
      expect(warnings.join()).to.contain('javascript:alert(1)');
      expect(new URL(linksOf(el)[0].href).searchParams.get('u')).to.equal(location.href.split('#')[0]);
      expect(Array.from(el.querySelectorAll('a')).some((link) => link.href.includes('javascript'))).to.be.false;
    });

    it('follows a changed url attribute', async () => {
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      el.setAttribute('url', 'https://www.example.gov/other');
      await waitUntil(() => new URL(linksOf(el)[0].href).searchParams.get('u') === 'https://www.example.gov/other');
    });
  });

  describe('server-rendered links', () => {
    it('adopts the server list: the same link elements, none duplicated, plus a Copy link button', async () => {
      const before = await fixture<HTMLElement>(serverMarkup);
      const serverLinks = Array.from(before.querySelectorAll('a'));
      await waitUntil(() => rendered(before));
      const el = before;
      expect(linksOf(el).length).to.equal(serverLinks.length);
      expect(
        linksOf(el).every((link, i) => link === serverLinks[i]),
        'the very same link elements',
      ).to.be.true;
      expect(el.querySelectorAll('a').length).to.equal(5);
      expect(el.querySelectorAll('ul').length).to.equal(1);
      expect(el.querySelector('ul')!.classList.contains('cms-share')).to.be.true;
      expect(el.querySelectorAll('[data-network]').length).to.equal(0);
      expect(copyButtonOf(el).textContent).to.equal('Copy link');
      expect(panelOf(el).contains(el.querySelector('#fb'))).to.be.true;
    });

    it('keeps the server hrefs and makes network links open safely in a new tab', async () => {
      const el = await upgraded<HTMLElement>(serverMarkup, rendered);
      await openPanel(el);
      const [facebook, , , reddit, email] = linksOf(el);
      expect(facebook.getAttribute('href')).to.equal(
        'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.example.gov%2Fparking',
      );
      expect(facebook.target).to.equal('_blank');
      expect(facebook.relList.contains('noopener') && facebook.relList.contains('noreferrer')).to.be.true;
      expect(reddit.relList.contains('external'), 'the server rel is kept').to.be.true;
      expect(linkText(facebook)).to.equal('Facebook (opens in new tab)');
      expect(email.hasAttribute('target')).to.be.false;
      expect(linkText(email)).to.equal('Email');
    });

    it('adds one aria-hidden icon to each server link, shown before the text', async () => {
      const el = await upgraded<HTMLElement>(serverMarkup, rendered);
      await openPanel(el);
      for (const link of linksOf(el)) {
        const icons = link.querySelectorAll('svg');
        expect(icons.length, link.textContent!).to.equal(1);
        expect(icons[0].getAttribute('aria-hidden')).to.equal('true');
        const range = document.createRange();
        range.selectNodeContents(link.firstChild!);
        expect(icons[0].getBoundingClientRect().left).to.be.lessThan(range.getBoundingClientRect().left);
      }
      expect(linksOf(el)[0].querySelector('.share-panel__icon--facebook') !== null).to.be.true;
      expect(linksOf(el)[3].querySelector('.share-panel__icon--link') !== null, 'unknown network: a plain link icon').to.be.true;
    });

    it('survives being moved without losing or duplicating links, icons or notes', async () => {
      const el = await upgraded<HTMLElement>(serverMarkup, rendered);
      const elsewhere = document.createElement('div');
      document.body.append(elsewhere);
      restore.push(() => elsewhere.remove());
      elsewhere.append(el);
      await waitUntil(() => rendered(el) && linksOf(el).length === 5);
      expect(el.querySelectorAll('a').length).to.equal(5);
      for (const link of linksOf(el)) expect(link.querySelectorAll('svg').length, link.textContent!).to.equal(1);
      expect(el.querySelectorAll('.share-panel__new-tab').length).to.equal(4);
      expect(el.querySelectorAll('.share-panel__toggle').length).to.equal(1);
    });

    it('keeps other server content and builds links when the server gives no list', async () => {
      const el = await upgraded<HTMLElement>(html`<share-panel><p>Tell others about this service.</p></share-panel>`, rendered);
      expect(el.querySelectorAll('p')[0].textContent).to.equal('Tell others about this service.');
      expect(panelOf(el).contains(el.querySelector('p'))).to.be.true;
      expect(linksOf(el).length).to.equal(4);
    });

    it('reads as a plain list of working links before (or without) JavaScript', async () => {
      const el = await fixture<HTMLElement>(html`
        <share-panel-not-defined>
          <ul>
            <li><a href="https://www.facebook.com/sharer/sharer.php?u=x">Facebook</a></li>
            <li><a href="mailto:?subject=x">Email</a></li>
          </ul>
        </share-panel-not-defined>
      `);
      const links = Array.from(el.querySelectorAll('a'));
      expect(links.map((link) => link.textContent)).to.deep.equal(['Facebook', 'Email']);
      for (const link of links) expect(link.offsetHeight).to.be.greaterThan(0);
    });
  });

  describe('share-panel-share', () => {
    it('names the network when a built link is clicked or activated with Enter', async () => {
      restore.push(keepLinksInPage());
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const events: ShareDetail[] = [];
      el.addEventListener('share-panel-share', (e) => events.push(e.detail));
      await openPanel(el);
      linksOf(el)[2].click();
      linksOf(el)[0].focus();
      await sendKeys({ press: 'Enter' });
      const url = 'https://www.example.gov/news/rates%20&%20fees?year=2026#top';
      expect(events).to.deep.equal([
        { network: 'linkedin', url },
        { network: 'facebook', url },
      ]);
    });

    it('names the network of server links, by host for ones it does not know', async () => {
      restore.push(keepLinksInPage());
      const el = await upgraded<HTMLElement>(serverMarkup, rendered);
      const events: ShareDetail[] = [];
      el.addEventListener('share-panel-share', (e) => events.push(e.detail));
      await openPanel(el);
      for (const link of linksOf(el)) link.click();
      const url = 'https://www.example.gov/parking';
      expect(events.map((e) => e.network)).to.deep.equal(['facebook', 'x', 'linkedin', 'reddit.com', 'email']);
      expect(events.every((e) => e.url === url)).to.be.true;
    });
  });

  describe('Copy link', () => {
    it('copies the url, says "Link copied" politely, and tells the page', async () => {
      const written: string[] = [];
      restore.push(stubClipboard(async (text) => void written.push(text)));
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const events: ShareDetail[] = [];
      el.addEventListener('share-panel-share', (e) => events.push(e.detail));
      await openPanel(el);
      const status = statusOf(el);
      expect(status.textContent).to.equal('');
      copyButtonOf(el).click();
      await waitUntil(() => status.textContent === 'Link copied');
      expect(status.getAttribute('role')).to.equal('status');
      expect(statusOf(el) === status, 'the live region existed before the message').to.be.true;
      const url = 'https://www.example.gov/news/rates%20&%20fees?year=2026#top';
      expect(written).to.deep.equal([url]);
      expect(events).to.deep.equal([{ network: 'copy', url }]);
      expect(el.querySelector('.share-panel__field')).to.be.null;
    });

    it('changes the message on a second copy so it is announced again, and clears it on close', async () => {
      restore.push(stubClipboard(async () => {}));
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      copyButtonOf(el).click();
      await waitUntil(() => statusOf(el).textContent === 'Link copied');
      copyButtonOf(el).click();
      await waitUntil(() => statusOf(el).textContent === 'Link copied\u00a0');
      toggleOf(el).click();
      await waitUntil(() => statusOf(el).textContent === '');
    });

    it('works from the keyboard', async () => {
      const written: string[] = [];
      restore.push(stubClipboard(async (text) => void written.push(text)));
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      copyButtonOf(el).focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => statusOf(el).textContent === 'Link copied');
      expect(written).to.have.length(1);
    });

    it('on failure explains, and shows the url selected in a labelled read-only field', async () => {
      restore.push(stubClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))));
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      const events: ShareDetail[] = [];
      el.addEventListener('share-panel-share', (e) => events.push(e.detail));
      await openPanel(el);
      copyButtonOf(el).click();
      await waitUntil(() => !!el.querySelector('.share-panel__field'));
      const field = el.querySelector<HTMLInputElement>('.share-panel__field')!;
      expect(statusOf(el).textContent).to.contain('could not be copied');
      expect(field.readOnly).to.be.true;
      expect(field.value).to.equal('https://www.example.gov/news/rates%20&%20fees?year=2026#top');
      expect(field.labels![0].textContent).to.equal('Link to this page');
      await waitUntil(() => document.activeElement === field);
      expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, field.value.length]);
      expect(events, 'nothing was shared yet').to.deep.equal([]);
      expect(isOpen(el)).to.be.true;
    });

    it('falls back the same way where the Clipboard API is missing (an http page)', async () => {
      restore.push(stubClipboard(undefined as unknown as () => Promise<void>));
      const el = await upgraded<HTMLElement>(builtMarkup, rendered);
      await openPanel(el);
      copyButtonOf(el).click();
      await waitUntil(() => !!el.querySelector('.share-panel__field'));
      expect(statusOf(el).textContent).to.contain('could not be copied');
    });
  });

  it('takes its words from the i18n attribute', async () => {
    const el = await upgraded<HTMLElement>(
      html`<share-panel
        url="https://www.example.gov/"
        i18n='{"toggle":"Rhannu’r dudalen hon","email":"E-bost","copyLink":"Copïo’r ddolen","newTab":"(agor mewn tab newydd)","emailSubject":"Gwelwch: {title}"}'
        page-title="Parcio"
      ></share-panel>`,
      rendered,
    );
    expect(toggleOf(el).textContent).to.equal('Rhannu’r dudalen hon');
    expect(copyButtonOf(el).textContent).to.equal('Copïo’r ddolen');
    expect(linkText(linksOf(el)[3])).to.equal('E-bost');
    expect(linkText(linksOf(el)[0])).to.equal('Facebook (agor mewn tab newydd)');
    expect(linksOf(el)[3].href).to.contain('subject=Gwelwch%3A%20Parcio');
  });

  it('has no axe violations, closed and open', async () => {
    const wrapper = await fixture<HTMLElement>(html`<main>${serverMarkup}</main>`);
    const el = wrapper.querySelector<HTMLElement>('share-panel')!;
    await waitUntil(() => rendered(el));
    await expect(wrapper).to.be.accessible();
    await openPanel(el);
    await expect(wrapper).to.be.accessible();
  });
});
