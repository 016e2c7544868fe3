import { scrollWindowTo } from '../shared/scroll-window';

/** Scrolls the window to the top, animated (see scrollWindowTo). Returns a function that stops it. */
export const scrollPageToTop = (): (() => void) => scrollWindowTo(0);
