/**
 * Calls back with each watched element (and its tag) as it comes near the viewport, until its tag is forgotten. An element with no
 * box of its own (`display: contents`, like a wrapper around a form) is seen through its children; an element
 * that is not rendered (`display: none`, in a closed `<details>`, in a layout for another screen size) is seen
 * when it starts to be.
 */
export interface VisibilityWatch {
  watch(element: Element): void;
  /** Stops watching every element of this tag (its code is loading). */
  forget(tag: string): void;
  disconnect(): void;
}

export function whenVisible(margin: string, onVisible: (tag: string, element: Element) => void): VisibilityWatch {
  /** Each observed box, and the element it stands for (itself, or the element it is a child of). */
  const watchedOf = new WeakMap<Element, Element>();
  const targetsByTag = new Map<string, Element[]>();

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = watchedOf.get(entry.target);
        if (entry.isIntersecting && element !== undefined && targetsByTag.has(element.localName)) onVisible(element.localName, element);
      }
    },
    { rootMargin: margin },
  );

  const targetsOf = (element: Element) =>
    getComputedStyle(element).display === 'contents' ? [element, ...element.children] : [element];

  return {
    watch(element) {
      const tag = element.localName;
      const targets = targetsByTag.get(tag) ?? [];
      targetsByTag.set(tag, targets);
      for (const target of targetsOf(element)) {
        watchedOf.set(target, element);
        targets.push(target);
        observer.observe(target);
      }
    },
    forget(tag) {
      for (const target of targetsByTag.get(tag) ?? []) observer.unobserve(target);
      targetsByTag.delete(tag);
    },
    disconnect: () => observer.disconnect(),
  };
}
