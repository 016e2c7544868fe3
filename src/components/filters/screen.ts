import { MOBILE_BREAKPOINT_PX } from '../../core/constants';

/** The window is wider than the mobile breakpoint: filters apply as they change, without a submit. */
export const isWideScreen = (): boolean => window.innerWidth > MOBILE_BREAKPOINT_PX;

export const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
