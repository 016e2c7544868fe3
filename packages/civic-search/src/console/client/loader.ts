/**
 * The console's one script: it finds the islands a server page marks (`<div data-island="NAME" data-props="JSON">`,
 * holding the markup that works without JavaScript) and loads only those pages' islands, each from its own chunk
 * (islands/NAME.tsx, whose default export mounts it). A page without islands loads nothing more. An island that
 * fails to load or mount leaves the server's markup in place, which still works.
 */
import type { MountIsland } from './island';

/** Island names are file names: lower-case words joined by hyphens, so no page can name a path. */
const ISLAND_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function propsOf(element: HTMLElement): unknown {
  const text = element.dataset.props;
  return text === undefined ? {} : JSON.parse(text);
}

async function mountIslands(root: ParentNode) {
  const byName = new Map<string, HTMLElement[]>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    if (!ISLAND_NAME.test(name)) {
      console.error(`console: "${name}" is not an island's name`);
      continue;
    }
    byName.set(name, [...(byName.get(name) ?? []), element]);
  }
  await Promise.all(
    [...byName].map(async ([name, elements]) => {
      try {
        // The bundler makes one chunk per file of islands/ and loads the one named here, when it is asked for.
        const { default: mount } = (await import(`./islands/${name}.tsx`)) as { default: MountIsland };
        for (const element of elements) {
          try {
            mount(element, propsOf(element));
            element.dataset.islandMounted = '';
          } catch (error) {
            console.error(`console: the ${name} island could not start`, error);
          }
        }
      } catch (error) {
        console.error(`console: the ${name} island could not be loaded`, error);
      }
    }),
  );
}

void mountIslands(document);
