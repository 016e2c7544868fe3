import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { autoload, type ElementLoaders } from '../../src/autoload/autoload';
import { RENDERED } from '../../src/core/rendered-signal';
import { setViewport } from '@web/test-runner-commands';
import { capturingConsole, intersectionReported, nextFrame } from './helpers';

/** Loaders that record which tags were asked for, instead of loading element code. */
function recordingLoaders(tags: string[], fail: string[] = []) {
  const requested: string[] = [];
  const loaders: ElementLoaders = Object.fromEntries(
    tags.map((tag) => [
      tag,
      () => {
        requested.push(tag);
        return fail.includes(tag) ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    ]),
  );
  return { loaders, requested };
}

describe('autoload', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('loads only the elements present in the page', async () => {
    const root = await fixture(
      html`<div>
        <test-accordion></test-accordion>
        <p>Text</p>
        <test-accordion></test-accordion>
      </div>`,
    );
    const { loaders, requested } = recordingLoaders(['test-accordion', 'test-search', 'test-date']);
    stop = autoload(root, loaders, { when: 'present' });
    expect(requested).to.deep.equal(['test-accordion']);
  });

  it('loads an element added later, also deep inside added content, once', async () => {
    const root = await fixture(html`<div></div>`);
    const { loaders, requested } = recordingLoaders(['test-search', 'test-date']);
    stop = autoload(root, loaders, { when: 'present' });
    expect(requested).to.deep.equal([]);

    const fragment = document.createElement('section');
    fragment.append(document.createElement('p'), document.createElement('test-date'));
    root.append(fragment);
    await waitUntil(() => requested.length === 1, 'the date element is loaded');
    root.append(document.createElement('test-date'));
    root.append(document.createElement('test-search'));
    await waitUntil(() => requested.length === 2, 'the search element is loaded');
    await nextFrame();
    expect(requested).to.deep.equal(['test-date', 'test-search']);
  });

  it('leaves a tag another script already registered alone', async () => {
    customElements.define('test-registered', class extends HTMLElement {});
    const root = await fixture(html`<div><test-registered></test-registered></div>`);
    const { loaders, requested } = recordingLoaders(['test-registered']);
    stop = autoload(root, loaders, { when: 'present' });
    expect(requested).to.deep.equal([]);
  });

  it('reports an element that fails to load and keeps loading the others', async () => {
    const root = await fixture(html`<div><test-broken></test-broken></div>`);
    const { loaders, requested } = recordingLoaders(['test-broken', 'test-ok'], ['test-broken']);
    const errors = await capturingConsole('error', async () => {
      stop = autoload(root, loaders, { when: 'present' });
      await nextFrame();
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('<test-broken>');
    root.append(document.createElement('test-ok'));
    await waitUntil(() => requested.includes('test-ok'), 'the next element still loads');
  });

  describe('when visible (the default)', () => {
    /** A page taller than the window: what is below `spacer` is out of sight until scrolled to. */
    const tall = (content: unknown) =>
      fixture(html`<div><div class="spacer" style="height: 300vh"></div>${content}</div>`);

    afterEach(() => window.scrollTo(0, 0));

    it('loads an element in view at once and one far below the fold only when scrolled near it', async () => {
      const root = await fixture(
        html`<div>
          <test-top>At the top</test-top>
          <div style="height: 300vh"></div>
          <test-below>Far below</test-below>
        </div>`,
      );
      const { loaders, requested } = recordingLoaders(['test-top', 'test-below']);
      stop = autoload(root, loaders);
      await waitUntil(() => requested.includes('test-top'), 'the element in view loads');
      await nextFrame();
      await nextFrame();
      expect(requested).to.deep.equal(['test-top']);

      root.querySelector('test-below')!.scrollIntoView();
      await waitUntil(() => requested.includes('test-below'), 'the element scrolled to loads');
      expect(requested).to.deep.equal(['test-top', 'test-below']);
    });

    it('loads an element half a screen below the fold before it is scrolled into view', async () => {
      const root = await fixture(
        html`<div><div style="height: calc(100vh + 10px)"></div><test-near>Just below</test-near></div>`,
      );
      const { loaders, requested } = recordingLoaders(['test-near']);
      stop = autoload(root, loaders);
      await waitUntil(() => requested.includes('test-near'), 'the element just below the fold loads');
    });

    it('loads a hidden element when it is shown, not before', async () => {
      const root = await fixture(html`<div><test-later style="display: none">Menu</test-later></div>`);
      const { loaders, requested } = recordingLoaders(['test-later']);
      stop = autoload(root, loaders);
      await nextFrame();
      await nextFrame();
      expect(requested).to.deep.equal([]);

      root.querySelector<HTMLElement>('test-later')!.style.display = 'block';
      await waitUntil(() => requested.includes('test-later'), 'the element loads once shown');
    });

    it('sees an element with no box of its own through its children', async () => {
      const root = await fixture(
        html`<div><test-wrapper style="display: contents"><form><input aria-label="Search" /></form></test-wrapper></div>`,
      );
      const { loaders, requested } = recordingLoaders(['test-wrapper']);
      stop = autoload(root, loaders);
      await waitUntil(() => requested.includes('test-wrapper'), 'the wrapper loads because its form is in view');
    });

    it('loads a tag once, however many of its elements come into view', async () => {
      const root = await tall(html`<test-many>One</test-many><test-many>Two</test-many>`);
      const { loaders, requested } = recordingLoaders(['test-many']);
      stop = autoload(root, loaders);
      root.append(document.createElement('test-many'));
      root.querySelector('test-many')!.scrollIntoView();
      await waitUntil(() => requested.length > 0, 'the tag loads');
      window.scrollTo(0, document.body.scrollHeight);
      await nextFrame();
      await nextFrame();
      expect(requested).to.deep.equal(['test-many']);
    });

    it('watches elements added later too', async () => {
      const root = await tall(html``);
      const { loaders, requested } = recordingLoaders(['test-added']);
      stop = autoload(root, loaders);
      const added = document.createElement('test-added');
      added.textContent = 'Added by a fragment reload';
      root.prepend(added);
      await waitUntil(() => requested.includes('test-added'), 'the added element in view loads');
    });
  });

  describe('an element kept for some screens', () => {
    afterEach(() => setViewport({ width: 800, height: 600 }));

    it('loads only once the screen matches, even with no box of its own', async () => {
      await setViewport({ width: 800, height: 600 });
      const root = await fixture(html`<div><test-menu style="display: contents"></test-menu></div>`);
      const { loaders, requested } = recordingLoaders(['test-menu']);
      stop = autoload(root, loaders, { media: { 'test-menu': '(max-width: 500px)' } });
      await nextFrame();
      await nextFrame();
      expect(requested, 'not on a wide screen').to.deep.equal([]);

      await setViewport({ width: 400, height: 600 });
      await waitUntil(() => requested.includes('test-menu'), 'the element loads when the window narrows');
      expect(requested).to.deep.equal(['test-menu']);
    });

    it('loads at once on a screen that already matches', async () => {
      await setViewport({ width: 400, height: 600 });
      const root = await fixture(html`<div><test-menu-now></test-menu-now></div>`);
      const { loaders, requested } = recordingLoaders(['test-menu-now']);
      stop = autoload(root, loaders, { media: { 'test-menu-now': '(max-width: 500px)' } });
      expect(requested).to.deep.equal(['test-menu-now']);
    });
  });
});

describe('autoload: elements that wait for the visitor', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  });

  /** The browser never idle: only the visitor's intent loads the code. */
  const neverIdle = () => new Promise<void>(() => {});

  it('loads an element in view only when the visitor turns to it: focus inside it', async () => {
    const root = await fixture(html`<div><test-form-intent><form><input aria-label="Search" /></form></test-form-intent></div>`);
    const { loaders, requested } = recordingLoaders(['test-form-intent']);
    stop = autoload(root, loaders, { upgrade: { 'test-form-intent': 'intent' }, idle: neverIdle });
    await nextFrame();
    await nextFrame();
    expect(requested, 'not before intent').to.deep.equal([]);

    root.querySelector('input')!.focus();
    await waitUntil(() => requested.includes('test-form-intent'), 'focus inside loads the element');
  });

  it('loads on the pointer coming over it, and on a key pressed in it', async () => {
    const root = await fixture(
      html`<div><test-hover-intent><a href="#a">Link</a></test-hover-intent><test-key-intent><a href="#b">Link</a></test-key-intent></div>`,
    );
    const { loaders, requested } = recordingLoaders(['test-hover-intent', 'test-key-intent']);
    stop = autoload(root, loaders, { upgrade: { 'test-hover-intent': 'intent', 'test-key-intent': 'intent' }, idle: neverIdle });
    // Each starts waiting for the visitor once autoload has seen it in view, which on a busy machine can be some
    // frames after its observer's first report: the pointer comes over it (and the key is pressed) again each
    // frame until it loads, as a visitor's pointer keeps moving.
    await intersectionReported(root.querySelector('test-key-intent')!);
    const hover = () => root.querySelector('test-hover-intent a')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await waitUntil(() => (hover(), requested.includes('test-hover-intent')), 'the pointer over it loads it', { timeout: 5000 });
    expect(requested).to.deep.equal(['test-hover-intent']);
    const key = () => root.querySelector('test-key-intent a')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    await waitUntil(() => (key(), requested.includes('test-key-intent')), 'a key in it loads it', { timeout: 5000 });
  });

  it('loads without any interaction once the browser is idle', async () => {
    const root = await fixture(html`<div><test-idle-intent><a href="#c">Link</a></test-idle-intent></div>`);
    const { loaders, requested } = recordingLoaders(['test-idle-intent']);
    let becomeIdle = () => {};
    const idle = () => new Promise<void>((resolve) => (becomeIdle = resolve));
    stop = autoload(root, loaders, { upgrade: { 'test-idle-intent': 'intent' }, idle });
    await nextFrame();
    expect(requested).to.deep.equal([]);
    becomeIdle();
    await waitUntil(() => requested.includes('test-idle-intent'), 'the idle browser loads it');
  });

  it('lets the page choose for one element with data-civic-upgrade', async () => {
    const root = await fixture(
      html`<div>
        <test-chosen data-civic-upgrade="intent"><a href="#d">Waits</a></test-chosen>
        <test-default-intent data-civic-upgrade="visible"><a href="#e">At once</a></test-default-intent>
      </div>`,
    );
    const { loaders, requested } = recordingLoaders(['test-chosen', 'test-default-intent']);
    stop = autoload(root, loaders, { upgrade: { 'test-default-intent': 'intent' }, idle: neverIdle });
    await waitUntil(() => requested.includes('test-default-intent'), 'the element chosen to load at once loads');
    await nextFrame();
    expect(requested, 'the one chosen to wait waits').to.deep.equal(['test-default-intent']);
  });

  it('holds a click made while the code loads and gives it to the control that now shows the clicked link', async () => {
    const root = await fixture(
      html`<div><test-held-menu><a class="section" href="#section-page">Building</a></test-held-menu></div>`,
    );
    const menu = root.querySelector('test-held-menu')!;
    const link = menu.querySelector('a')!;
    let finishLoading = () => {};
    let loadStarted = false;
    let opened = 0;
    const loaders: ElementLoaders = {
      'test-held-menu': () =>
        new Promise<void>((resolve) => {
          loadStarted = true;
          finishLoading = () => {
            // The upgrade: the link moves into a closed panel, and a button that shows the panel takes its place.
            customElements.define(
              'test-held-menu',
              class extends HTMLElement {
                [RENDERED] = Promise.resolve().then(() => {
                  const button = document.createElement('button');
                  button.textContent = 'Building';
                  button.setAttribute('aria-controls', 'held-panel');
                  button.addEventListener('click', () => opened++);
                  const panel = document.createElement('div');
                  panel.id = 'held-panel';
                  panel.hidden = true;
                  panel.append(link);
                  this.append(button, panel);
                });
              },
            );
            resolve();
          };
        }),
    };
    stop = autoload(root, loaders, { upgrade: { 'test-held-menu': 'intent' }, idle: neverIdle });
    // As a visitor's pointer comes over the link before it clicks: the code starts loading once autoload has seen
    // the element in view (some frames from now on a busy machine), and the click comes while it loads.
    const pointerOver = () => link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await waitUntil(() => (pointerOver(), loadStarted), 'the pointer over it starts loading it', { timeout: 5000 });
    link.click();
    await nextFrame();
    expect(location.hash, 'the click does not leave while the code loads').to.equal('');
    finishLoading();
    await waitUntil(() => opened === 1, 'the button that shows the link gets the click');
    expect(location.hash, 'the server link is not followed').to.equal('');
  });

  it('lets a held click do what it does without JavaScript when the code cannot load', async () => {
    const root = await fixture(html`<div><test-held-broken><a href="#server-link">Section</a></test-held-broken></div>`);
    const { loaders, requested } = recordingLoaders(['test-held-broken'], ['test-held-broken']);
    await capturingConsole('error', async () => {
      stop = autoload(root, loaders, { upgrade: { 'test-held-broken': 'intent' }, idle: neverIdle });
      const link = root.querySelector('a')!;
      const pointerOver = () => link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      await waitUntil(() => (pointerOver(), requested.includes('test-held-broken')), 'the pointer over it starts loading it', { timeout: 5000 });
      link.click();
      await waitUntil(() => location.hash === '#server-link', 'the link is followed');
    });
  });
});
