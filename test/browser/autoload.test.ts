import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { autoload, type ElementLoaders } from '../../src/autoload/autoload';
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
    stop = autoload(root, loaders);
    expect(requested).to.deep.equal(['test-accordion']);
  });

  it('loads an element added later, also deep inside added content, once', async () => {
    const root = await fixture(html`<div></div>`);
    const { loaders, requested } = recordingLoaders(['test-search', 'test-date']);
    stop = autoload(root, loaders);
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
    stop = autoload(root, loaders);
    expect(requested).to.deep.equal([]);
  });

  it('reports an element that fails to load and keeps loading the others', async () => {
    const root = await fixture(html`<div><test-broken></test-broken></div>`);
    const { loaders, requested } = recordingLoaders(['test-broken', 'test-ok'], ['test-broken']);
    const errors = await capturingConsole('error', async () => {
      stop = autoload(root, loaders);
      await nextFrame();
    });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('<test-broken>');
    root.append(document.createElement('test-ok'));
    await waitUntil(() => requested.includes('test-ok'), 'the next element still loads');
  });
});
