import { useContext, useLayoutEffect, useMemo, useRef, type ElementType, type HTMLAttributes } from 'react';
import { giveFocusBack, holdsFocus, noteFocus } from './keep-focus';
import { NotedFocus } from './noted-focus';

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
  // Focus is noted while rendering when the nodes are still in place (React empties the element only as it commits),
  // which sees where the visitor is now. A renderer that empties the element before rendering leaves nothing to
  // note: then the focus the element noted as it connected, just before mounting, is the one to give back.
  const noted = useContext(NotedFocus);
  const focus = useMemo(() => noteFocus(nodes) ?? (noted && holdsFocus(nodes, noted) ? noted : null), [nodes, noted]);
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
