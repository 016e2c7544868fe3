import { useLayoutEffect, useRef, type ElementType, type HTMLAttributes } from 'react';

interface AdoptProps extends HTMLAttributes<HTMLElement> {
  /** Server-rendered nodes to move (not copy) into this element. */
  nodes: readonly Node[];
  /** The wrapper element; `div` unless the content needs another. */
  as?: ElementType;
}

/**
 * Renders a wrapper and moves existing DOM nodes into it before the browser paints. The nodes keep
 * their identity: listeners, form values, iframes and media carry on as they were, nothing is cloned and
 * nothing passes through innerHTML. React never manages the wrapper's children.
 */
export function Adopt({ nodes, as: Wrapper = 'div', ...attributes }: AdoptProps) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const wrapper = ref.current;
    if (!wrapper) return;
    for (const node of nodes) {
      if (node.parentNode !== wrapper || node !== wrapper.lastChild) wrapper.append(node);
    }
  }, [nodes]);
  return <Wrapper ref={ref} {...attributes} />;
}
