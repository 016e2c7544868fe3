import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/feedback-widget';
import { capturingConsole, nextFrame, upgraded, loadStyles, expectFocused } from './helpers';

const form = html`
  <form action="/feedback" method="post">
    <input type="hidden" name="page" value="/guidance/building-consent" />
    <fieldset>
      <legend>Is this page useful?</legend>
      <button type="submit" name="useful" value="yes">Yes</button>
      <button type="submit" name="useful" value="no">No</button>
    </fieldset>
  </form>
`;

/** A tall page: a 150 px header, long content, the widget, then the footer. */
const page = (widget = html`<feedback-widget>${form}</feedback-widget>`) => html`
  <div>
    <header style="height: 150px; margin: 0">Site header</header>
    <main style="height: 2000px">Guidance about building consent.</main>
    ${widget}
    <footer style="height: 200px">Site footer</footer>
  </div>
`;

const HEADER_HEIGHT = 150;

async function tallPage(widget?: ReturnType<typeof html>): Promise<HTMLElement> {
  const root = await upgraded<HTMLElement>(page(widget), (e) => !!e.querySelector('.feedback-widget__bar form'));
  await nextFrame();
  return root.querySelector<HTMLElement>('feedback-widget')!;
}

const bar = (host: HTMLElement) => host.querySelector<HTMLElement>('.feedback-widget__bar')!;
const yes = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('button[value="yes"]')!;
const message = (host: HTMLElement) => host.querySelector<HTMLElement>('[role="status"]')!;
const isVisible = (host: HTMLElement) => host.hasAttribute('data-visible');
const isAtFooter = (host: HTMLElement) => host.hasAttribute('data-at-footer');

async function scrollAndSettle(y: number, settled: () => boolean) {
  window.scrollTo({ top: y, behavior: 'instant' });
  await waitUntil(settled, `not settled after scrolling to ${y}`, { timeout: 3000 });
  await nextFrame();
}

interface FetchCall {
  url: string;
  init: RequestInit;
}

/** Replaces window.fetch for one test; `answer` decides what each call gets. */
function stubFetch(answer: (call: FetchCall) => Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  window.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return answer(call);
  };
  return calls;
}

const originalFetch = window.fetch;

describe('<feedback-widget>', () => {
  before(async () => {
    await loadStyles('feedback');
    await setViewport({ width: 800, height: 600 });
  });
  afterEach(() => {
    window.fetch = originalFetch;
    window.scrollTo({ top: 0, behavior: 'instant' });
  });

  it('keeps the server form once, with its hidden field and both buttons', async () => {
    const host = await tallPage();
    expect(host.querySelectorAll('form')).to.have.length(1);
    expect(host.querySelectorAll('legend')).to.have.length(1);
    expect(host.querySelectorAll('button')).to.have.length(2);
    expect(host.querySelector<HTMLInputElement>('input[name="page"]')!.value).to.equal('/guidance/building-consent');
    expect(host.textContent?.match(/Is this page useful\?/g)).to.have.length(1);
  });

  it('is hidden, and cannot be focused, until the page is scrolled past the header', async () => {
    const host = await tallPage();
    expect(isVisible(host)).to.be.false;
    expect(bar(host).inert).to.be.true;
    expect(getComputedStyle(bar(host)).visibility).to.equal('hidden');
    yes(host).focus();
    expect(document.activeElement).not.to.equal(yes(host));

    await scrollAndSettle(HEADER_HEIGHT - 20, () => true);
    expect(isVisible(host)).to.be.false;
  });

  it('floats fixed to the bottom of the window once scrolled past the header, without moving the page', async () => {
    const host = await tallPage();
    const heightBefore = host.getBoundingClientRect().height;
    expect(heightBefore).to.be.greaterThan(20);

    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    expect(isAtFooter(host)).to.be.false;
    expect(getComputedStyle(bar(host)).position).to.equal('fixed');
    await Promise.all(
      bar(host)
        .getAnimations()
        .map((animation) => animation.finished),
    );
    expect(bar(host).getBoundingClientRect().bottom).to.be.closeTo(window.innerHeight, 1);
    expect(bar(host).inert).to.be.false;
    expect(getComputedStyle(bar(host)).visibility).to.equal('visible');
    // The host stays in the flow as a placeholder of the same size.
    expect(host.getBoundingClientRect().height).to.equal(heightBefore);
    yes(host).focus();
    expectFocused(yes(host));
  });

  it('never covers what has keyboard focus: a field under the floating bar is scrolled clear of it', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <header style="height: 150px; margin: 0">Site header</header>
        <main style="height: 2000px; position: relative">
          <button id="under" style="position: absolute; top: 1000px">Report a pothole</button>
        </main>
        <feedback-widget>${form}</feedback-widget>
        <footer style="height: 200px">Site footer</footer>
      </div>`,
      (e) => !!e.querySelector('.feedback-widget__bar form'),
    );
    const host = root.querySelector<HTMLElement>('feedback-widget')!;
    const field = root.querySelector<HTMLButtonElement>('#under')!;
    // The button's bottom 10 px above the window's bottom edge: in view, but under the bar.
    const y = field.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 10;
    await scrollAndSettle(y, () => isVisible(host) && bar(host).hasAttribute('data-floating'));
    await Promise.all(
      bar(host)
        .getAnimations()
        .map((animation) => animation.finished),
    );
    expect(field.getBoundingClientRect().bottom).to.be.greaterThan(bar(host).getBoundingClientRect().top);
    expect(getComputedStyle(document.documentElement).scrollPaddingBottom).to.equal(
      `${Math.ceil(bar(host).getBoundingClientRect().height)}px`,
    );
    field.focus();
    await waitUntil(
      () => field.getBoundingClientRect().bottom <= bar(host).getBoundingClientRect().top,
      'the focused button is under the bar',
    );
  });

  it('sits in its own place in the page once that is in view, before the footer is', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <header style="height: 150px; margin: 0">Site header</header>
        <main style="height: 2000px">Guidance about building consent.</main>
        <feedback-widget>${form}</feedback-widget>
        <p style="height: 400px; margin: 0">Back to top</p>
        <footer style="height: 200px">Site footer</footer>
      </div>`,
      (e) => !!e.querySelector('.feedback-widget__bar form'),
    );
    const host = root.querySelector<HTMLElement>('feedback-widget')!;
    await scrollAndSettle(HEADER_HEIGHT + 50, () => bar(host).hasAttribute('data-floating'));
    expect(document.documentElement.style.scrollPaddingBottom).not.to.equal('');
    // The host's place wholly in view, the footer 400 px further down: not in view.
    const y = host.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 100;
    await scrollAndSettle(y, () => !bar(host).hasAttribute('data-floating'));
    expect(isAtFooter(host)).to.be.false;
    expect(getComputedStyle(bar(host)).position).to.equal('static');
    expect(bar(host).getBoundingClientRect().top).to.be.closeTo(host.getBoundingClientRect().top, 1);
    expect(document.documentElement.style.scrollPaddingBottom, 'the page’s own scroll padding is back').to.equal('');
  });

  it('rises into view, except when the visitor prefers reduced motion', async () => {
    const host = await tallPage();
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    expect(getComputedStyle(bar(host)).animationName).to.equal('feedback-widget-rise');
    await scrollAndSettle(0, () => !isVisible(host));
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
      expect(getComputedStyle(bar(host)).animationName).to.equal('none');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('docks back in the flow, marked at the footer, when the footer comes into view', async () => {
    const host = await tallPage();
    const heightBefore = host.getBoundingClientRect().height;
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    await scrollAndSettle(document.documentElement.scrollHeight, () => isAtFooter(host));
    expect(isVisible(host)).to.be.true;
    expect(getComputedStyle(bar(host)).position).to.equal('static');
    expect(bar(host).getBoundingClientRect().top).to.be.closeTo(host.getBoundingClientRect().top, 1);
    expect(host.getBoundingClientRect().height).to.equal(heightBefore);

    await scrollAndSettle(0, () => !isVisible(host) && !isAtFooter(host));
    expect(bar(host).inert).to.be.true;
  });

  it('shows at once, at the footer, on a page short enough for the footer to be in view', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <header style="height: 100px">Header</header>
        <p>Short page.</p>
        <feedback-widget>${form}</feedback-widget>
        <footer>Footer</footer>
      </div>`,
      (e) => !!e.querySelector('.feedback-widget__bar form'),
    );
    const host = root.querySelector<HTMLElement>('feedback-widget')!;
    await waitUntil(() => isVisible(host) && isAtFooter(host));
    expect(window.scrollY).to.equal(0);
    expect(bar(host).inert).to.be.false;
  });

  it('uses a header found by its header attribute, re-measured on resize', async () => {
    const root = await upgraded<HTMLElement>(
      html`<div>
        <div id="masthead" style="height: 400px">Masthead</div>
        <main style="height: 2000px">Content</main>
        <feedback-widget header="#masthead">${form}</feedback-widget>
        <footer style="height: 100px">Footer</footer>
      </div>`,
      (e) => !!e.querySelector('.feedback-widget__bar form'),
    );
    const host = root.querySelector<HTMLElement>('feedback-widget')!;
    const masthead = root.querySelector<HTMLElement>('#masthead')!;
    await scrollAndSettle(300, () => true);
    expect(isVisible(host)).to.be.false;
    await scrollAndSettle(450, () => isVisible(host));
    // Without scroll anchoring, which would otherwise scroll the page down by as much as the masthead grows.
    document.documentElement.style.setProperty('overflow-anchor', 'none');
    try {
      masthead.style.setProperty('height', '900px');
      await waitUntil(() => !isVisible(host), 'the taller masthead was not measured again');
      expect(window.scrollY).to.equal(450);
    } finally {
      document.documentElement.style.removeProperty('overflow-anchor');
    }
  });

  it('warns about a selector that does not parse and still docks at the footer', async () => {
    let host!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      host = await tallPage(html`<feedback-widget header="[[" footer="footer">${form}</feedback-widget>`);
    });
    expect(warnings.join()).to.contain('header="[["');
    await scrollAndSettle(document.documentElement.scrollHeight, () => isAtFooter(host));
  });

  it('sends the answer from the keyboard and thanks the visitor in a live region that takes focus', async () => {
    const host = await tallPage();
    const calls = stubFetch(
      async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const events: Array<{ useful: string; page: string }> = [];
    host.addEventListener('feedback-widget-submit', (e) => events.push(e.detail));
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));

    yes(host).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => message(host).textContent === 'Thank you for your feedback.');

    expect(calls).to.have.length(1);
    expect(calls[0].url).to.equal(new URL('/feedback', location.href).href);
    expect(calls[0].init.method).to.equal('POST');
    expect(new Headers(calls[0].init.headers).get('Accept')).to.equal('application/json');
    expect(String(calls[0].init.body)).to.equal('page=%2Fguidance%2Fbuilding-consent&useful=yes');
    expect(events).to.deep.equal([{ useful: 'yes', page: '/guidance/building-consent' }]);
    expectFocused(message(host));
    expect(host.querySelector<HTMLElement>('.feedback-widget__question')!.hidden).to.be.true;
    expect(location.href).not.to.contain('feedback=');
  });

  it('says so and keeps the form when sending fails, and can be tried again', async () => {
    const host = await tallPage();
    let status = 500;
    const calls = stubFetch(async () => new Response('{}', { status }));
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));

    host.querySelector<HTMLButtonElement>('button[value="no"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => message(host).textContent === 'Sorry, we could not send your feedback. Please try again.');
    expect(host.querySelector<HTMLElement>('.feedback-widget__question')!.hidden).to.be.false;
    expectFocused(host.querySelector('button[value="no"]'));
    expect(String(calls[0].init.body)).to.contain('useful=no');

    status = 200;
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => message(host).textContent === 'Thank you for your feedback.');
    expect(calls).to.have.length(2);
  });

  it('treats a network failure as a failure', async () => {
    const host = await tallPage();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    yes(host).click();
    await waitUntil(() => message(host).textContent!.startsWith('Sorry'));
  });

  it('keeps the form usable while sending, without sending twice', async () => {
    const host = await tallPage();
    let answer!: (response: Response) => void;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    yes(host).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => calls.length === 1);
    expect(yes(host).disabled).to.be.false;
    expectFocused(yes(host));
    await sendKeys({ press: 'Enter' });
    await nextFrame();
    expect(calls).to.have.length(1);
    answer(new Response('{"ok":true}', { status: 200 }));
    await waitUntil(() => message(host).textContent === 'Thank you for your feedback.');
  });

  it('has no accessibility violations floating, or after thanking the visitor', async () => {
    const host = await tallPage();
    stubFetch(async () => new Response('{"ok":true}', { status: 200 }));
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    await expect(host).to.be.accessible();
    yes(host).click();
    await waitUntil(() => message(host).textContent === 'Thank you for your feedback.');
    await expect(host).to.be.accessible();
  });

  it('takes its messages from the i18n attribute', async () => {
    const host = await tallPage(html`<feedback-widget i18n='{"thanks":"Diolch am eich adborth."}'>${form}</feedback-widget>`);
    stubFetch(async () => new Response('{"ok":true}', { status: 200 }));
    await scrollAndSettle(HEADER_HEIGHT + 50, () => isVisible(host));
    yes(host).click();
    await waitUntil(() => message(host).textContent === 'Diolch am eich adborth.');
  });

  it('survives being moved in the page without losing its form', async () => {
    const host = await tallPage();
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(host);
    await waitUntil(() => !!host.querySelector('.feedback-widget__bar form'));
    expect(host.querySelectorAll('form')).to.have.length(1);
    elsewhere.remove();
  });

  it('reads and posts as a plain form before it upgrades', async () => {
    const root = await fixture<HTMLElement>(html`<div><feedback-widget-not-defined>${form}</feedback-widget-not-defined></div>`);
    const plainForm = root.querySelector('form')!;
    expect(plainForm.offsetHeight).to.be.greaterThan(0);
    expect(plainForm.getAttribute('action')).to.equal('/feedback');
    expect(plainForm.method).to.equal('post');
    const buttons = Array.from(root.querySelectorAll('button'));
    expect(buttons.map((b) => [b.type, b.name, b.value, b.textContent])).to.deep.equal([
      ['submit', 'useful', 'yes', 'Yes'],
      ['submit', 'useful', 'no', 'No'],
    ]);
    expect(buttons.every((b) => b.offsetHeight > 0)).to.be.true;
  });
});
