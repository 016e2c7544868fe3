import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/jump-to-top';
import { JUMP_TO_TOP_INTERVAL_MS, JUMP_TO_TOP_STEP_PX } from '../../src/core/constants';
import { capturingConsole, upgraded, expectFocused } from './helpers';

/** A long page: skip links in #top, 3000 px of content, the control at the end. */
const longPage = (control = html`<jump-to-top><a href="#top">Back to top</a></jump-to-top>`) => html`
  <div>
    <div id="top"><a class="skip-link" href="#main-content">Skip to main content</a></div>
    <main id="main-content" style="height: 3000px">Guidance.</main>
    ${control}
  </div>
`;

async function pageWithControl(control?: ReturnType<typeof html>) {
  const root = await upgraded<HTMLElement>(longPage(control), (e) => !!e.querySelector('.jump-to-top a'));
  const host = root.querySelector<HTMLElement>('jump-to-top')!;
  return { root, host, link: host.querySelector<HTMLAnchorElement>('a')! };
}

const skipLink = (root: HTMLElement) => root.querySelector<HTMLAnchorElement>('.skip-link')!;

function scrollTo(y: number) {
  window.scrollTo({ top: y, behavior: 'instant' });
  expect(window.scrollY).to.equal(y);
}

/** Every position the window passes through while a callback's effects play out. */
function recordScrolling(): { positions: number[]; done: () => void } {
  const positions: number[] = [];
  const record = () => positions.push(window.scrollY);
  window.addEventListener('scroll', record);
  return { positions, done: () => window.removeEventListener('scroll', record) };
}

describe('<jump-to-top>', () => {
  const startUrl = location.href;
  before(() => setViewport({ width: 800, height: 600 }));
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    window.scrollTo({ top: 0, behavior: 'instant' });
    if (location.href !== startUrl) history.replaceState(null, '', startUrl);
  });

  it('keeps the server link once and unchanged', async () => {
    const { host, link } = await pageWithControl();
    expect(host.querySelectorAll('a')).to.have.length(1);
    expect(link.getAttribute('href')).to.equal('#top');
    expect(link.textContent).to.equal('Back to top');
  });

  it('has no accessibility violations', async () => {
    const { host } = await pageWithControl();
    await expect(host).to.be.accessible();
  });

  it(`scrolls up ${JUMP_TO_TOP_STEP_PX} px at a time on click, then focuses the skip link, without changing the URL`, async () => {
    const { root, host, link } = await pageWithControl();
    scrollTo(1000);
    const recording = recordScrolling();
    const done = oneEvent(host, 'jump-to-top-done');
    const started = performance.now();
    link.click();
    expect(host.hasAttribute('data-scrolling')).to.be.true;
    await done;
    const elapsed = performance.now() - started;
    await waitUntil(() => recording.positions.at(-1) === 0, 'the last step was not seen');
    recording.done();

    expect(window.scrollY).to.equal(0);
    expectFocused(skipLink(root));
    expect(location.href).to.equal(startUrl);
    expect(host.hasAttribute('data-scrolling')).to.be.false;
    // Stepwise: several stops on the way, each a whole number of steps from the start, never jumping back.
    expect(recording.positions.length).to.be.greaterThan(5);
    expect(recording.positions.every((y) => (1000 - y) % JUMP_TO_TOP_STEP_PX === 0)).to.be.true;
    expect(recording.positions).to.deep.equal([...recording.positions].sort((a, b) => b - a));
    // 20 steps, one every interval: it cannot arrive before 19 intervals have passed.
    expect(elapsed).to.be.at.least(19 * JUMP_TO_TOP_INTERVAL_MS);
  });

  it('does the same from the keyboard with Enter on the link', async () => {
    const { root, host, link } = await pageWithControl();
    scrollTo(600);
    link.focus();
    const done = oneEvent(host, 'jump-to-top-done');
    await sendKeys({ press: 'Enter' });
    await done;
    expect(window.scrollY).to.equal(0);
    expectFocused(skipLink(root));
    expect(location.hash).to.equal(new URL(startUrl).hash);
  });

  it('jumps at once, then focuses the skip link, when the visitor prefers reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const { root, host, link } = await pageWithControl();
    scrollTo(2000);
    const recording = recordScrolling();
    const done = oneEvent(host, 'jump-to-top-done');
    link.click();
    // Synchronously: no timer involved.
    expect(window.scrollY).to.equal(0);
    expectFocused(skipLink(root));
    await done;
    await waitUntil(() => recording.positions.length > 0);
    recording.done();
    expect(recording.positions).to.deep.equal([0]);
  });

  for (const [input, interrupt] of [
    ['a key', () => sendKeys({ press: 'Shift' })],
    ['the wheel', () => document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }))],
    ['a touch', () => document.body.dispatchEvent(new Event('touchstart', { bubbles: true }))],
  ] as const) {
    it(`stops stepping where it is when the visitor uses ${input}`, async () => {
      const { host, link } = await pageWithControl();
      scrollTo(2000);
      let finished = false;
      host.addEventListener('jump-to-top-done', () => (finished = true));
      link.click();
      await waitUntil(() => window.scrollY <= 1900, 'stepping did not start');
      await interrupt();
      expect(host.hasAttribute('data-scrolling')).to.be.false;
      const stoppedAt = window.scrollY;
      expect(stoppedAt).to.be.greaterThan(0);
      // Long enough for several more steps, had the stepping gone on.
      await new Promise((resolve) => setTimeout(resolve, 5 * JUMP_TO_TOP_INTERVAL_MS));
      expect(window.scrollY).to.equal(stoppedAt);
      expect(finished).to.be.false;
      expect(document.activeElement).not.to.equal(document.querySelector('.skip-link'));
    });
  }

  it('starts again from where it is when clicked again', async () => {
    const { host, link } = await pageWithControl();
    scrollTo(1500);
    link.click();
    await waitUntil(() => window.scrollY <= 1400);
    await sendKeys({ press: 'Shift' });
    const done = oneEvent(host, 'jump-to-top-done');
    link.click();
    await done;
    expect(window.scrollY).to.equal(0);
  });

  it('focuses the target itself, made focusable by script only, when it holds nothing focusable', async () => {
    const { root, host, link } = await pageWithControl(html`<jump-to-top><a href="#page-title">Back to top</a></jump-to-top>`);
    const title = document.createElement('h1');
    title.id = 'page-title';
    title.textContent = 'Building consent';
    root.prepend(title);
    await emulateMedia({ reducedMotion: 'reduce' });
    scrollTo(800);
    const done = oneEvent(host, 'jump-to-top-done');
    link.click();
    await done;
    expectFocused(title);
    expect(title.getAttribute('tabindex')).to.equal('-1');
  });

  it('still scrolls to the top, and says what is missing, when the target does not exist', async () => {
    const { host, link } = await pageWithControl(html`<jump-to-top><a href="#nowhere">Back to top</a></jump-to-top>`);
    await emulateMedia({ reducedMotion: 'reduce' });
    scrollTo(800);
    const warnings = await capturingConsole('warn', async () => {
      const done = oneEvent(host, 'jump-to-top-done');
      link.click();
      await done;
    });
    expect(window.scrollY).to.equal(0);
    expect(warnings.join()).to.contain('"nowhere"');
  });

  it('leaves a link to another page alone and says so', async () => {
    let host!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      host = await fixture<HTMLElement>(html`<jump-to-top><a href="/elsewhere#top">Back to top</a></jump-to-top>`);
      await waitUntil(() => !!host.querySelector('.jump-to-top a'));
    });
    expect(warnings.join()).to.contain('no link to a place on this page');
    expect(host.querySelectorAll('a')).to.have.length(1);
  });

  it('lets a modified click (new tab or window) through to the browser', async () => {
    const { host, link } = await pageWithControl();
    let claimedByElement: boolean | undefined;
    // Runs after the element's own listener on the link; then stops the real navigation.
    const observe = (event: Event) => {
      claimedByElement = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', observe, { once: true });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(claimedByElement).to.equal(false);
    expect(host.hasAttribute('data-scrolling')).to.be.false;

    // The same plain click is claimed.
    document.addEventListener('click', observe, { once: true });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(claimedByElement).to.equal(true);
  });

  it('is a working anchor link before it upgrades', async () => {
    const root = await fixture<HTMLElement>(
      longPage(html`<jump-to-top-not-defined><a href="#top">Back to top</a></jump-to-top-not-defined>`),
    );
    scrollTo(1500);
    root.querySelector<HTMLAnchorElement>('jump-to-top-not-defined a')!.click();
    await waitUntil(() => window.scrollY < 100, 'the anchor did not take the page up');
    expect(location.hash).to.equal('#top');
  });
});
