import { expect, fixture, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';

/** Renders markup, waits for the element to upgrade and render, and returns it. */
export async function upgraded<T extends HTMLElement>(template: TemplateResult, rendered: (element: T) => boolean): Promise<T> {
  const element = await fixture<T>(template);
  await waitUntil(() => rendered(element), `<${element.localName}> did not render`, { timeout: 3000 });
  return element;
}

/** The next animation frame: React has committed and the browser has laid out. */
export const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Every IntersectionObserver already watching `element` has had its first report on it. The browser reports to its
 * observers in the order they were made, in one task, so once an observer made now has heard about the element,
 * every earlier one (autoload's, say) has too. Frames alone are no measure: a loaded machine may take several
 * before the first report.
 */
export function intersectionReported(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(element);
  });
}

/**
 * React has run the effects of what it last committed: they run after paint, in a task of their own, so one
 * frame and one task later they are done.
 */
export async function effectsSettled(): Promise<void> {
  await nextFrame();
  await new Promise<void>((resolve) => setTimeout(resolve));
}

/** Records the console messages of a kind while a callback runs, and until React's effects have settled. */
export async function capturingConsole(kind: 'warn' | 'error', run: () => Promise<void> | void): Promise<string[]> {
  const messages: string[] = [];
  const original = console[kind];
  console[kind] = (...args: unknown[]) => void messages.push(args.map(String).join(' '));
  try {
    await run();
    await effectsSettled();
  } finally {
    console[kind] = original;
  }
  return messages;
}

/**
 * Loads the theme and a component's stylesheet, as a site does, so visibility, layout and axe's colour checks
 * see what visitors see. Each sheet is added once per test page.
 */
export async function loadStyles(component: string): Promise<void> {
  const hrefs = ['/src/styles/theme.css', `/src/components/${component}/styles.css`];
  await Promise.all(
    hrefs.map((href) => {
      if (document.querySelector(`link[href="${href}"]`)) return undefined;
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
      const loaded = new Promise<void>((resolve, reject) => {
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => reject(new Error(`${href} did not load`)));
      });
      document.head.append(link);
      return loaded;
    }),
  );
}

const describeNode = (node: Element | null) =>
  node ? `<${node.localName}${node.id ? `#${node.id}` : ''}> "${(node.textContent ?? '').trim().slice(0, 30)}"` : 'nothing';

/**
 * Asserts that focus is on an element. Compared as a boolean on purpose: a failing chai comparison of two DOM
 * nodes makes web-test-runner hang instead of reporting.
 */
export function expectFocused(element: Element | null | undefined): void {
  const active = document.activeElement;
  expect(active === element && element !== null, `focus is on ${describeNode(active)}, not on ${describeNode(element ?? null)}`).to.be.true;
}
