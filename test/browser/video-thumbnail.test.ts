import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { define } from '../../elements/video-thumbnail';
import { capturingConsole, upgraded, loadStyles, expectFocused } from './helpers';

const FAKE_API = new URL('./fixtures/fake-youtube-api.js', import.meta.url).href;
const SILENT_API = new URL('./fixtures/silent-youtube-api.js', import.meta.url).href;
const MISSING_API = new URL('./fixtures/no-such-api.js', import.meta.url).href;
const THUMB = new URL('./fixtures/thumb.svg', import.meta.url).href;
const TITLE = 'Watch: How to apply for a building consent (3 minutes)';

interface FakePlayer {
  options: { host: string; videoId: string; playerVars: Record<string, number> };
  playing: boolean;
  iframe: HTMLIFrameElement;
}
type FakeRecord = { loads: number; players: FakePlayer[] };
const fake = () => (window as unknown as { fakeYouTube: FakeRecord }).fakeYouTube;

// Each test loads the API from its own URL and starts with no API on the page.
let run = 0;
const apiUrl = (base: string) => `${base}?run=${++run}`;
const scriptsFor = (src: string) => Array.from(document.scripts).filter((script) => script.src === src);

const button = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('button.video-thumbnail__button');
const thumbnail = (src: string) => html`
  <video-thumbnail api-src=${src}>
    <a href="https://www.youtube.com/watch?v=M7lc1UVf-VE"
      ><img src=${THUMB} alt="" /> Watch: How to apply for a building consent (3 minutes)</a
    >
  </video-thumbnail>
`;

describe('<video-thumbnail>', () => {
  before(() => loadStyles('video-thumbnail'));

  beforeEach(() => {
    const page = window as unknown as Record<string, unknown>;
    delete page.YT;
    delete page.onYouTubeIframeAPIReady;
    page.fakeYouTube = { loads: 0, players: [] };
  });

  it('turns a video link into a play button named after the link, moving the same image into it', async () => {
    const host = await fixture<HTMLElement>(html`
      <video-thumbnail-adopting>
        <a href="https://www.youtube.com/watch?v=M7lc1UVf-VE"><img src=${THUMB} alt="" /> ${TITLE}</a>
      </video-thumbnail-adopting>
    `);
    const serverImage = host.querySelector('img')!;
    define('video-thumbnail-adopting');
    await waitUntil(() => button(host), 'no play button');
    const play = button(host)!;
    expect(play.getAttribute('aria-label')).to.equal(`Play video: ${TITLE}`);
    expect(play.type).to.equal('button');
    expect(play.querySelector('img')).to.equal(serverImage);
    expect(play.querySelector('.video-thumbnail__icon')!.getAttribute('aria-hidden')).to.equal('true');
    expect(host.querySelectorAll('img')).to.have.length(1);
    expect(host.querySelector('a')).to.be.null;
    expect(host.textContent!.split('How to apply for a building consent')).to.have.length(2);
  });

  it('on click hides the thumbnail, loads the API and plays on the privacy-enhanced host with focus in the player', async () => {
    const src = apiUrl(FAKE_API);
    const el = await upgraded<HTMLElement>(thumbnail(src), (e) => !!button(e));
    const events: Array<{ videoId: string }> = [];
    el.addEventListener('video-thumbnail-play', (e) => events.push(e.detail));
    button(el)!.click();
    await waitUntil(
      () => fake().players.length === 1 && document.activeElement === fake().players[0].iframe,
      'the player did not take focus',
    );
    const [player] = fake().players;
    expect(player.options.host).to.equal('https://www.youtube-nocookie.com');
    expect(player.options.videoId).to.equal('M7lc1UVf-VE');
    expect(player.options.playerVars.autoplay).to.equal(1);
    expect(player.playing).to.be.true;
    expect(player.iframe.title).to.equal(`Video: ${TITLE}`);
    expect(el.contains(player.iframe)).to.be.true;
    expect(button(el)).to.be.null;
    expect(el.querySelector('img')).to.be.null;
    expect(events).to.deep.equal([{ videoId: 'M7lc1UVf-VE' }]);
    expect(scriptsFor(src)).to.have.length(1);
  });

  it('loads the API script once for the whole page however many thumbnails play', async () => {
    const src = apiUrl(FAKE_API);
    const page = await fixture<HTMLElement>(html`<div>${thumbnail(src)}${thumbnail(src)}</div>`);
    const [first, second] = Array.from(page.querySelectorAll('video-thumbnail'));
    await waitUntil(() => button(first) && button(second));
    button(first)!.click();
    button(second)!.click();
    await waitUntil(() => fake().players.length === 2, 'two players were not created');
    expect(scriptsFor(src)).to.have.length(1);
    expect(fake().loads).to.equal(1);
    expect(first.querySelectorAll('iframe')).to.have.length(1);
    expect(second.querySelectorAll('iframe')).to.have.length(1);
  });

  it('keeps an onYouTubeIframeAPIReady callback the page already set', async () => {
    let calls = 0;
    window.onYouTubeIframeAPIReady = () => void (calls += 1);
    const el = await upgraded<HTMLElement>(thumbnail(apiUrl(FAKE_API)), (e) => !!button(e));
    button(el)!.click();
    await waitUntil(() => fake().players.length === 1);
    expect(calls).to.equal(1);
  });

  it('uses an API the page has already loaded instead of loading it again', async () => {
    const created: string[] = [];
    window.YT = {
      Player: class {
        constructor(target: HTMLElement, options: { videoId: string }) {
          created.push(options.videoId);
          target.replaceWith(document.createElement('iframe'));
        }
      },
    };
    const src = apiUrl(FAKE_API);
    const el = await upgraded<HTMLElement>(thumbnail(src), (e) => !!button(e));
    button(el)!.click();
    await waitUntil(() => created.length === 1);
    expect(created).to.deep.equal(['M7lc1UVf-VE']);
    expect(scriptsFor(src)).to.have.length(0);
  });

  it('falls back to a plain privacy-enhanced frame when the API script cannot load', async () => {
    const src = apiUrl(MISSING_API);
    let page!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      page = await fixture<HTMLElement>(html`<div>${thumbnail(src)}${thumbnail(src)}</div>`);
      const [first, second] = Array.from(page.querySelectorAll('video-thumbnail'));
      await waitUntil(() => button(first) && button(second));
      button(first)!.click();
      await waitUntil(
        () => first.querySelector('iframe') && document.activeElement === first.querySelector('iframe'),
        'no fallback frame with focus',
      );
      button(second)!.click();
      await waitUntil(() => second.querySelector('iframe'), 'the second thumbnail did not fall back');
    });
    for (const el of Array.from(page.querySelectorAll('video-thumbnail'))) {
      const frame = el.querySelector('iframe')!;
      expect(frame.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1');
      expect(frame.getAttribute('allow')).to.equal('autoplay; encrypted-media; picture-in-picture');
      expect(frame.hasAttribute('allowfullscreen')).to.be.true;
      expect(frame.title).to.equal(`Video: ${TITLE}`);
      expect(button(el)).to.be.null;
    }
    expect(scriptsFor(src)).to.have.length(1);
    expect(warnings.join()).to.contain('plain frame');
  });

  it('with embed-only, plays in the plain privacy-enhanced frame at once and never asks for the API script', async () => {
    const src = apiUrl(FAKE_API);
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await upgraded<HTMLElement>(
        html`<video-thumbnail embed-only api-src=${src}
          ><a href="https://youtu.be/M7lc1UVf-VE"><img src=${THUMB} alt="" /> ${TITLE}</a></video-thumbnail
        >`,
        (e) => !!button(e),
      );
      button(el)!.click();
      await waitUntil(() => el.querySelector('iframe') && document.activeElement === el.querySelector('iframe'), 'no frame with focus');
    });
    const frame = el.querySelector('iframe')!;
    expect(frame.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1');
    expect(frame.getAttribute('allow')).to.equal('autoplay; encrypted-media; picture-in-picture');
    expect(frame.title).to.equal(`Video: ${TITLE}`);
    expect(el.querySelector('.video-thumbnail__loading')).to.be.null;
    expect(scriptsFor(src)).to.have.length(0);
    expect(fake().loads).to.equal(0);
    expect(warnings).to.deep.equal([]);
  });

  it('falls back when the API loads but does not become ready in time', async () => {
    const src = apiUrl(SILENT_API);
    let el!: HTMLElement;
    await capturingConsole('warn', async () => {
      el = await upgraded<HTMLElement>(
        html`<video-thumbnail api-src=${src} api-timeout="300"
          ><a href="https://youtu.be/M7lc1UVf-VE">Council meeting</a></video-thumbnail
        >`,
        (e) => !!button(e),
      );
      button(el)!.click();
      await waitUntil(() => scriptsFor(src).length === 1);
      expect(el.querySelector('.video-thumbnail__loading')!.textContent).to.equal('Loading video');
      await waitUntil(() => el.querySelector('iframe'), 'no fallback frame after the timeout', { timeout: 3000 });
    });
    expect(el.querySelector('iframe')!.getAttribute('src')).to.equal('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1');
    expectFocused(el.querySelector('iframe'));
  });

  it('plays from the keyboard with Enter and with Space', async () => {
    const src = apiUrl(FAKE_API);
    const page = await fixture<HTMLElement>(html`<div>${thumbnail(src)}${thumbnail(src)}</div>`);
    const [first, second] = Array.from(page.querySelectorAll('video-thumbnail'));
    await waitUntil(() => button(first) && button(second));
    button(first)!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => fake().players.length === 1 && document.activeElement === first.querySelector('iframe'));
    button(second)!.focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => fake().players.length === 2 && document.activeElement === second.querySelector('iframe'));
  });

  it('leaves every other link exactly as the server wrote it', async () => {
    const hrefs = [
      'https://vimeo.com/76979871',
      'https://youtube.com.evil.example/watch?v=M7lc1UVf-VE',
      'https://www.youtube.com/watch?v=M7lc1UVf-V',
      'https://youtu.be/M7lc1UVf-VEx',
      'javascript:void(0)',
      '/videos/building-consent',
    ];
    for (const href of hrefs) {
      const el = document.createElement('video-thumbnail');
      const link = Object.assign(document.createElement('a'), { href, className: 'server-link' });
      link.append(Object.assign(document.createElement('img'), { src: THUMB, alt: '' }), ' Watch the video');
      el.append(link);
      document.body.append(el);
      await waitUntil(() => el.querySelector('.video-thumbnail__content'), `${href}: did not render`);
      expect(el.querySelector('a'), href).to.equal(link);
      expect(link.getAttribute('href')).to.equal(href);
      expect(link.className).to.equal('server-link');
      expect(link.querySelectorAll('img')).to.have.length(1);
      expect(el.querySelector('button'), href).to.be.null;
      expect(el.textContent!.match(/Watch the video/g)).to.have.length(1);
      el.remove();
    }
  });

  it('keeps the 16:9 box and the caption in place when the player replaces the thumbnail', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div style="width: 640px">
        ${thumbnail(apiUrl(FAKE_API))}
        <p id="after">Next paragraph</p>
      </div>`,
    );
    const el = wrapper.querySelector<HTMLElement>('video-thumbnail')!;
    await waitUntil(() => button(el));
    const box = el.querySelector('.video-thumbnail__frame')!.getBoundingClientRect();
    const after = wrapper.querySelector('#after')!.getBoundingClientRect().top;
    expect(box.width).to.equal(640);
    expect(box.height).to.equal(360);
    button(el)!.click();
    await waitUntil(() => fake().players.length === 1);
    expect(el.querySelector('.video-thumbnail__frame')!.getBoundingClientRect().height).to.equal(360);
    expect(fake().players[0].iframe.getBoundingClientRect().height).to.equal(360);
    expect(wrapper.querySelector('#after')!.getBoundingClientRect().top).to.equal(after);
    expect(el.querySelector('.video-thumbnail__caption')!.textContent!.trim()).to.equal(TITLE);
  });

  it('names the button from the image when the link has no text, and says "Play video" when nothing names it', async () => {
    const named = await upgraded<HTMLElement>(
      html`<video-thumbnail
        ><a href="https://youtu.be/M7lc1UVf-VE"><img src=${THUMB} alt="Council meeting, May" /></a
      ></video-thumbnail>`,
      (e) => !!button(e),
    );
    expect(button(named)!.getAttribute('aria-label')).to.equal('Play video: Council meeting, May');
    expect(named.querySelector('.video-thumbnail__caption')).to.be.null;
    const unnamed = await upgraded<HTMLElement>(
      html`<video-thumbnail
        ><a href="https://youtu.be/M7lc1UVf-VE"><img src=${THUMB} alt="" /></a
      ></video-thumbnail>`,
      (e) => !!button(e),
    );
    expect(button(unnamed)!.getAttribute('aria-label')).to.equal('Play video');
  });

  it('takes its strings from the i18n attribute', async () => {
    const el = await upgraded<HTMLElement>(
      html`<video-thumbnail api-src=${apiUrl(FAKE_API)} i18n='{"play":"Chwarae fideo: {title}","frameTitle":"Fideo: {title}"}'>
        <a href="https://youtu.be/M7lc1UVf-VE">Cyfarfod y cyngor</a>
      </video-thumbnail>`,
      (e) => !!button(e),
    );
    expect(button(el)!.getAttribute('aria-label')).to.equal('Chwarae fideo: Cyfarfod y cyngor');
    button(el)!.click();
    await waitUntil(() => fake().players.length === 1);
    expect(fake().players[0].iframe.title).to.equal('Fideo: Cyfarfod y cyngor');
  });

  it('keeps content around the link and survives being moved before it plays', async () => {
    const el = await upgraded<HTMLElement>(
      html`<video-thumbnail
        ><p>Before</p>
        <a href="https://youtu.be/M7lc1UVf-VE"><img src=${THUMB} alt="" /> Title</a>
        <p><a href="/transcript">Read the transcript</a></p></video-thumbnail
      >`,
      (e) => !!button(e),
    );
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await waitUntil(() => button(el)?.querySelector('img'));
    expect(el.querySelectorAll('img')).to.have.length(1);
    expect(el.textContent!.match(/Before|Read the transcript|Title/g)).to.deep.equal(['Before', 'Title', 'Read the transcript']);
    expect(el.querySelector<HTMLAnchorElement>('a[href="/transcript"]')).to.exist;
    elsewhere.remove();
  });

  it('has no axe violations as a thumbnail or as a player', async () => {
    const el = await upgraded<HTMLElement>(thumbnail(apiUrl(FAKE_API)), (e) => !!button(e));
    await expect(el).to.be.accessible();
    button(el)!.click();
    await waitUntil(() => fake().players.length === 1 && el.querySelector('[aria-busy="false"]'));
    await expect(el).to.be.accessible();
  });

  it('reads as a plain link to the video before it upgrades', async () => {
    const el = await fixture<HTMLElement>(html`
      <video-thumbnail-not-defined>
        <a href="https://www.youtube.com/watch?v=M7lc1UVf-VE"><img src=${THUMB} alt="" /> ${TITLE}</a>
      </video-thumbnail-not-defined>
    `);
    const link = el.querySelector('a')!;
    expect(link.href).to.equal('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    expect(link.textContent!.trim()).to.equal(TITLE);
    expect(link.offsetHeight).to.be.greaterThan(0);
  });
});
