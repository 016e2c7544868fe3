/**
 * Ids for the markup the kit's elements make, unique across the whole page.
 *
 * Every element is a renderer root of its own, and a renderer's own id hook is only promised to be unique within
 * one root (Preact's starts again at every root), so two accordions on a page could hand out the same ids and
 * their `aria-controls` would point into each other. One counter for the page keeps them apart. An id the page
 * already uses (the server's markup, another script's) is skipped: the server's ids stay as they were, and
 * references to them keep meaning what they meant.
 */
let issued = 0;

/** The kit's prefix: one a site's own ids are unlikely to start with. */
export const KIT_ID_PREFIX = 'civic';

/** `civic-<name>-<n>`: a name says which element made it, so the markup reads well in the browser's tools. */
export function nextKitId(name: string, isTaken: (id: string) => boolean = () => false): string {
  const word = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  const stem = `${KIT_ID_PREFIX}-${word || 'id'}`;
  for (;;) {
    issued += 1;
    const id = `${stem}-${issued}`;
    if (!isTaken(id)) return id;
  }
}
