import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import {
  Adopt,
  createCustomElement,
  defineOnce,
  dispatch,
  useServerContent,
  type ElementProps,
  type PropsOf,
} from '../../src/web-component';
import { capturingConsole, effectsSettled } from './helpers';

const probeAttributes = { open: 'boolean', size: 'number', label: 'string', config: 'json' } as const;

declare module '../../src/web-component/events' {
  interface CivicEventDetails {
    'probe-click': { count: number };
  }
}

/** A component that shows exactly what it was given, so the tests can read it from the DOM. */
function Probe({ host, serverNodes, open, size, label, config }: PropsOf<typeof probeAttributes> & ElementProps) {
  const [count, setCount] = useState(0);
  const children = useServerContent(serverNodes, (nodes) => [...nodes]);
  return (
    <div className="probe">
      <output className="probe__props">{JSON.stringify({ open, size: size ?? null, label: label ?? null, config: config ?? null })}</output>
      <button
        type="button"
        onClick={() => {
          setCount(count + 1);
          dispatch(host, 'probe-click', { count: count + 1 });
        }}
      >
        Clicked {count}
      </button>
      <Adopt className="probe__server" nodes={children} />
    </div>
  );
}

const ProbeElement = createCustomElement('probe-element', Probe, probeAttributes);
defineOnce('probe-element', ProbeElement);
type ProbeNode = HTMLElement & PropsOf<typeof probeAttributes>;

const props = (el: Element) => JSON.parse(el.querySelector('.probe__props')?.textContent || 'null');
const rendered = (el: Element) => waitUntil(() => el.querySelector('.probe__props'), 'the element did not render');

describe('createCustomElement', () => {
  it('types attributes: a bare boolean is true, numbers parse, strings pass through', async () => {
    const el = await fixture<ProbeNode>(html`<probe-element open size="20" label="Fees"></probe-element>`);
    await rendered(el);
    expect(props(el)).to.deep.equal({ open: true, size: 20, label: 'Fees', config: null });
    expect(el.open).to.equal(true);
    expect(el.size).to.equal(20);
  });

  it('re-renders when an attribute is removed, and when it is set to an empty value', async () => {
    const el = await fixture<ProbeNode>(html`<probe-element open label="Fees"></probe-element>`);
    await rendered(el);
    el.removeAttribute('open');
    el.setAttribute('label', '');
    await waitUntil(() => props(el).open === false && props(el).label === '');
  });

  it('reflects boolean, number and string properties to attributes, and keeps JSON properties as objects', async () => {
    const el = await fixture<ProbeNode>(html`<probe-element></probe-element>`);
    await rendered(el);
    el.open = true;
    el.size = 5;
    el.label = 'Rates';
    el.config = { step: 2 };
    expect(el.hasAttribute('open')).to.be.true;
    expect(el.getAttribute('size')).to.equal('5');
    expect(el.getAttribute('label')).to.equal('Rates');
    expect(el.hasAttribute('config')).to.be.false;
    await waitUntil(() => props(el).config?.step === 2 && props(el).open === true && props(el).size === 5);
    el.open = false;
    el.label = undefined;
    expect(el.hasAttribute('open')).to.be.false;
    expect(el.hasAttribute('label')).to.be.false;
  });

  it('reports bad JSON and numbers in the console instead of breaking the element', async () => {
    let el!: ProbeNode;
    const errors = await capturingConsole('error', async () => {
      el = await fixture<ProbeNode>(html`<probe-element config="{not json" size="many"></probe-element>`);
      await rendered(el);
    });
    expect(props(el)).to.deep.equal({ open: false, size: null, label: null, config: null });
    expect(errors.join()).to.contain('<probe-element> config: the attribute is not valid JSON');
  });

  it('keeps the server-rendered children, once, and keeps them when the element is moved', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <probe-element><a href="/fees">Fees</a></probe-element>
      </div>`,
    );
    const el = wrapper.querySelector('probe-element')!;
    const link = el.querySelector('a')!;
    await rendered(el);
    expect(el.querySelector('.probe__server a') === link).to.be.true;
    el.querySelector('button')!.click();
    await waitUntil(() => el.querySelector('button')!.textContent === 'Clicked 1');
    const elsewhere = document.createElement('section');
    wrapper.append(elsewhere);
    elsewhere.append(el);
    await waitUntil(() => el.querySelector('.probe__server a') === link);
    expect(el.querySelectorAll('a')).to.have.length(1);
    // A move in one task keeps React mounted: its state survives.
    expect(el.querySelector('button')!.textContent).to.equal('Clicked 1');
  });

  it('renders nothing before it is in the page: attributes and properties set first wait for the mount', async () => {
    const el = document.createElement('probe-element') as ProbeNode;
    const link = Object.assign(document.createElement('a'), { href: '/fees', textContent: 'Fees' });
    el.append(link);
    el.setAttribute('label', 'Fees');
    el.config = { step: 3 };
    await effectsSettled();
    // Nothing rendered, and the server's child is where it was: a mount now would have emptied the element.
    expect(el.querySelector('.probe') === null).to.be.true;
    expect(el.firstChild === link).to.be.true;
    const box = await fixture<HTMLElement>(html`<div></div>`);
    box.append(el);
    await rendered(el);
    expect(props(el)).to.deep.equal({ open: false, size: null, label: 'Fees', config: { step: 3 } });
    expect(el.querySelector('.probe__server a') === link).to.be.true;
    expect(el.querySelectorAll('a')).to.have.length(1);
  });

  it('keeps the children of markup parsed before the element was defined, with its attributes', async () => {
    const box = await fixture<HTMLElement>(
      html`<div><late-probe label="Rates" open><a href="/rates">Rates</a><p>Paid quarterly</p></late-probe></div>`,
    );
    const el = box.querySelector('late-probe')!;
    const [link, paragraph] = [el.querySelector('a')!, el.querySelector('p')!];
    // Defining upgrades it: attributes are reported before it is connected, and it must not render from them.
    defineOnce('late-probe', ProbeElement);
    await rendered(el);
    expect(props(el)).to.deep.include({ open: true, label: 'Rates' });
    expect(el.querySelector('.probe__server a') === link && el.querySelector('.probe__server p') === paragraph).to.be.true;
    expect(el.querySelectorAll('a, p')).to.have.length(2);
  });

  it('lets an element inside another upgrade and work (nested server content)', async () => {
    const el = await fixture<HTMLElement>(
      html`<probe-element label="outer"
        ><probe-element label="inner"><p>Deep</p></probe-element></probe-element
      >`,
    );
    await waitUntil(() => el.querySelectorAll('.probe__props').length === 2, 'the inner element did not render');
    const inner = el.querySelector('.probe__server probe-element')!;
    expect(props(inner).label).to.equal('inner');
    expect(el.querySelectorAll('p')).to.have.length(1);
  });

  it('dispatches typed, bubbling, composed events from the host', async () => {
    const el = await fixture<HTMLElement>(html`<probe-element></probe-element>`);
    await rendered(el);
    const seen: Array<{ count: number; bubbles: boolean; composed: boolean }> = [];
    document.addEventListener(
      'probe-click',
      (event) => seen.push({ count: event.detail.count, bubbles: event.bubbles, composed: event.composed }),
      { once: true },
    );
    el.querySelector('button')!.click();
    await waitUntil(() => seen.length === 1);
    expect(seen[0]).to.deep.equal({ count: 1, bubbles: true, composed: true });
  });
});

describe('defineOnce', () => {
  it('skips a tag that is taken and registers the same element under another name', async () => {
    expect(defineOnce('probe-element', ProbeElement)).to.equal(customElements.get('probe-element'));
    const other = defineOnce('council-probe', ProbeElement);
    expect(other).to.not.equal(ProbeElement);
    expect(customElements.get('council-probe')).to.equal(other);
    const el = await fixture<HTMLElement>(html`<council-probe open></council-probe>`);
    await rendered(el);
    expect(props(el).open).to.be.true;
  });
});
