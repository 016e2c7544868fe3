/**
 * Calls back once for each tag the first time one of its elements comes near the viewport. An element with no
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

export function whenVisible(margin: string, onVisible: (tag: string) => void): VisibilityWatch {
  const tagOf = new WeakMap<Element, string>();
  const targetsByTag = new Map<string, Element[]>();

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const tag = tagOf.get(entry.target);
        if (entry.isIntersecting && tag !== undefined && targetsByTag.has(tag)) onVisible(tag);
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
        tagOf.set(target, tag);
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
