/**
 * What every island file (islands/NAME.tsx) exports as its default: it takes over `element`, the server's markup
 * for it, with the props the server wrote into its `data-props` attribute (parsed JSON, to be checked before use).
 */
export type MountIsland = (element: HTMLElement, props: unknown) => void;
