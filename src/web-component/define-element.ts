import r2wc from '@r2wc/react-to-web-component';
import { createElement, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { convertAll, convertValue, attributeName, type AttributeSchema, type PropsOf, type RawValues } from './attribute-values';
import { noteFocus, type FocusSnapshot } from './keep-focus';
import { NotedFocus } from './noted-focus';
import { RENDERED } from '../core/rendered-signal';

/** What every kit component receives besides its attributes. */
export interface ElementProps {
  /** The custom element itself: dispatch events from it, read its layout. */
  host: HTMLElement;
  /**
   * The element's server-rendered child nodes, read before the first render. While the component first renders they
   * may be out of the page (a renderer may empty the element before rendering): see `labelOf` and `languageAround`.
   */
  serverNodes: readonly Node[];
  /** Overrides of the component's English strings, from the `i18n` attribute or property. */
  i18n: unknown;
}

export type CivicElement<S extends AttributeSchema> = HTMLElement & PropsOf<S> & { i18n: unknown };
export type CivicElementConstructor<S extends AttributeSchema> = {
  new (): CivicElement<S>;
  readonly elementName: string;
  readonly observedAttributes: string[];
};

/**
 * Every kit element carries its own name in this attribute (`data-civic="accordion-group"`), whatever tag a site
 * registered it under: the kit's styles select it beside the tag, so `<council-accordion>` looks like
 * `<accordion-group>`. Server markup may carry it too, for the same styles before (and without) JavaScript.
 */
export const ELEMENT_MARKER = 'data-civic';

// r2wc keeps its state under these registered symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
/** r2wc's root, present only while the component is mounted. */
const ROOT = Symbol.for('r2wc.context');

interface R2wcInternals {
  [PROPS]: RawValues;
  [RENDER](): void;
  [ROOT]?: unknown;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

/** How each element's RENDERED promise is settled, by its first commit. */
const settleRendered = new WeakMap<Element, () => void>();

/** Renders the current props, only once mounted: before that, the mount in connectedCallback will use them. */
function renderIfMounted(element: R2wcInternals): void {
  if (element[ROOT] !== undefined) element[RENDER]();
}

/**
 * Wraps a React component as a custom element (r2wc underneath) with the behaviour HTML authors expect:
 * - attributes typed by a schema: boolean by presence, numbers and JSON that never throw;
 *   removing an attribute re-renders; every element also takes an `i18n` JSON attribute;
 * - the server-rendered children are read once, before the first render, and handed to the component
 *   as `serverNodes` (they survive the element being moved, which remounts it);
 * - `host` is the element, whichever container r2wc rendered into.
 *
 * The order on connecting is fixed, whatever the renderer: read the server's children and note which of them has
 * focus, then mount. Nothing renders before that. The HTML parser and an upgrade call `attributeChangedCallback`
 * before `connectedCallback`, and plain r2wc mounts from there; a renderer that renders at once (Preact's
 * `createRoot` empties the element synchronously) would then wipe the server's nodes before anyone read them. So
 * an attribute that changes before the mount (or while the element is out of the page) only updates the props
 * the mount will use.
 */
export function createCustomElement<S extends AttributeSchema>(
  elementName: string,
  Component: ComponentType<PropsOf<S> & ElementProps>,
  attributes: S,
): CivicElementConstructor<S> {
  const schema: AttributeSchema = { ...attributes, i18n: 'json' };
  const propByAttribute = new Map(Object.keys(schema).map((prop) => [attributeName(prop), prop]));

  function Bridge(raw: RawValues & { container?: Element | ShadowRoot; serverNodes?: readonly Node[]; serverFocus?: FocusSnapshot | null }) {
    const container = raw.container;
    const host = (container instanceof ShadowRoot ? container.host : container) as HTMLElement;
    const rawValues = Object.keys(schema).map((prop) => raw[prop]);
    // Convert (and report bad values) only when an attribute changed, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the raw values are the dependencies
    const props = useMemo(() => convertAll(schema, raw, elementName), rawValues) as PropsOf<S> & { i18n: unknown };
    // The outermost layout effect: it runs after the component's own (children's run first), so by then the server
    // nodes are adopted, focus is back and the listeners are added.
    useLayoutEffect(() => settleRendered.get(host)?.(), [host]);
    return createElement(
      NotedFocus.Provider,
      { value: raw.serverFocus ?? null },
      createElement(Component, { ...props, host, serverNodes: raw.serverNodes ?? [] }),
    );
  }
  Bridge.displayName = `${Component.displayName ?? Component.name}Element`;

  const Base = r2wc(Bridge, {
    props: Object.fromEntries(Object.keys(schema).map((prop) => [prop, 'string'])) as never,
  }) as unknown as { new (): HTMLElement & R2wcInternals };

  class KitElement extends Base {
    static readonly elementName = elementName;
    #serverNodes: readonly Node[] | undefined;
    /** Disconnected, with React still mounted until the microtask decides whether it was a move. */
    #unmountPending = false;

    /** Settles once the element has first rendered (see RENDERED). */
    readonly [RENDERED] = new Promise<void>((resolve) => settleRendered.set(this, resolve));

    constructor() {
      super();
      for (const [attribute, prop] of propByAttribute) {
        if (this.hasAttribute(attribute)) this[PROPS][prop] = this.getAttribute(attribute);
      }
    }

    connectedCallback() {
      // Marked on connecting, not in the constructor: an element made by createElement must start without attributes.
      if (this.getAttribute(ELEMENT_MARKER) !== elementName) this.setAttribute(ELEMENT_MARKER, elementName);
      // Read the server-rendered children once: a later remount (removed, then added again) must not lose them.
      this.#serverNodes ??= Array.from(this.childNodes);
      this[PROPS].serverNodes = this.#serverNodes;
      if (this.#unmountPending) {
        // Moved (disconnected and connected again in one task): React stays mounted, state and all.
        this.#unmountPending = false;
        return;
      }
      // Noted while the nodes are still where the server put them: mounting may empty the element at once, which
      // blurs a field the visitor is typing in. Adopt gives focus back once it has moved the nodes.
      this[PROPS].serverFocus = noteFocus(this.#serverNodes);
      super.connectedCallback();
    }


    disconnectedCallback() {
      // Unmount later, never synchronously: a move often happens inside another element's React commit
      // (an outer element clearing its container, or Adopt moving its children), and unmounting a root
      // while React renders leaves two roots fighting over this element's children.
      this.#unmountPending = true;
      queueMicrotask(() => {
        if (!this.#unmountPending) return;
        this.#unmountPending = false;
        super.disconnectedCallback();
      });
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null) {
      const prop = propByAttribute.get(attribute);
      if (prop === undefined) return;
      this[PROPS][prop] = value ?? undefined;
      renderIfMounted(this);
    }
  }

  for (const [prop, type] of Object.entries(schema)) {
    const attribute = attributeName(prop);
    Object.defineProperty(KitElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: KitElement) {
        return convertValue(type, this[PROPS][prop], `<${elementName}> ${attribute}`);
      },
      set(this: KitElement, value: unknown) {
        if (type === 'json') {
          this[PROPS][prop] = value;
          renderIfMounted(this);
        } else if (type === 'boolean') {
          this.toggleAttribute(attribute, Boolean(value));
        } else if (value == null) {
          this.removeAttribute(attribute);
        } else {
          this.setAttribute(attribute, String(value));
        }
      },
    });
  }

  return KitElement as unknown as CivicElementConstructor<S>;
}

/**
 * Registers an element under a tag unless that tag is taken, and returns the registered constructor.
 * A constructor can be registered once, so another tag gets a subclass: a site can use its own names.
 */
export function defineOnce(tag: string, constructor: CustomElementConstructor): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const alreadyUsed = customElements.getName(constructor) !== null;
  const toRegister = alreadyUsed ? class extends constructor {} : constructor;
  customElements.define(tag, toRegister);
  return toRegister;
}
