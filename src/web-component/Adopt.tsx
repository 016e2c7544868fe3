import { useLayoutEffect, useMemo, useRef, type ElementType, type HTMLAttributes } from 'react';
import { giveFocusBack, noteFocus } from './keep-focus';

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
 *
 * Focus survives the move: a node that had focus (a field with its caret, a link) has it again afterwards.
 */
export function Adopt({ nodes, as: Wrapper = 'div', ...attributes }: AdoptProps) {
  const ref = useRef<HTMLElement>(null);
  // Noted while rendering, because the commit that follows takes the nodes out of the page before any effect
  // runs: on an element's first render React empties the element, which blurs whatever was focused in it.
  const focus = useMemo(() => noteFocus(nodes), [nodes]);
  useLayoutEffect(() => {
    const wrapper = ref.current;
    if (!wrapper) return;
    for (const node of nodes) {
      if (node.parentNode !== wrapper || node !== wrapper.lastChild) wrapper.append(node);
    }
    // Before the component's own layout effects (a child's run first): focus they move on purpose stays moved.
    giveFocusBack(focus);
  }, [nodes, focus]);
  return <Wrapper ref={ref} {...attributes} />;
}
