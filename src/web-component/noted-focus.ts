import { createContext } from 'react';
import type { FocusSnapshot } from './keep-focus';

/**
 * The focus the element noted on its server nodes just before it mounted, for Adopt to give back once it has moved
 * them. Noted by the element, not while rendering: a renderer may empty the element before any component renders.
 */
export const NotedFocus = createContext<FocusSnapshot | null>(null);
