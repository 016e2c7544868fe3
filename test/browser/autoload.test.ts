import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { autoload, type ElementLoaders } from '../../src/autoload/autoload';
import { setViewport } from '@web/test-runner-commands';
import { capturingConsole, nextFrame } from './helpers';

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
