import { expect, waitUntil } from '@open-wc/testing';
import { Component, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Component as PreactComponent } from 'preact';

declare global {
  /** The build this run of the browser tests stands for, set by web-test-runner.config.mjs (CIVIC_BUILD). */
  var CIVIC_BUILD: 'react' | 'lean';
}

// The browser tests run once per build: the elements must meet them on the renderer that build ships, or a pass
// would say nothing about it.
describe('the renderer under test', () => {
  it('is the one the build ships: React by default, Preact with CIVIC_BUILD=lean', () => {
    expect(globalThis.CIVIC_BUILD).to.be.oneOf(['react', 'lean']);
    expect(Component === PreactComponent, 'react answered by preact/compat').to.equal(globalThis.CIVIC_BUILD === 'lean');
  });

  it('renders into an element through react-dom/client', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(createElement('p', null, 'rendered'));
    await waitUntil(() => host.textContent === 'rendered', 'nothing rendered');
    root.unmount();
    host.remove();
  });
});
