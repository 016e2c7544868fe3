/**
 * The kit's elements as the docs pages show them, read from the built `custom-elements.json` at request time
 * (so a rebuild shows without restarting the site) and kept until the file changes.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const MANIFEST_FILE = 'custom-elements.json';

const typeText = z.object({ text: z.string() }).optional();
const described = { name: z.string(), description: z.string().optional() };

const declarationSchema = z.object({
  tagName: z.string().optional(),
  description: z.string().default(''),
  attributes: z.array(z.object({ ...described, type: typeText })).default([]),
  events: z.array(z.object({ ...described, type: typeText })).default([]),
  cssProperties: z.array(z.object({ ...described, default: z.string().optional() })).default([]),
  /** Custom field written by scripts/custom-elements-manifest.ts. */
  i18n: z.array(z.object({ key: z.string(), default: z.string(), description: z.string().optional() })).default([]),
  /** Custom field: the README's example markup (trusted build-time content). */
  demo: z.string().optional(),
});

const manifestSchema = z.object({
  modules: z.array(z.object({ path: z.string(), declarations: z.array(declarationSchema).default([]) })),
});

export type ElementDoc = z.infer<typeof declarationSchema> & { tagName: string; modulePath: string };

/** The manifest's custom elements, sorted by tag. */
export function elementsOf(manifest: unknown): ElementDoc[] {
  return manifestSchema
    .parse(manifest)
    .modules.flatMap((module) =>
      module.declarations.flatMap((declaration) =>
        declaration.tagName ? [{ ...declaration, tagName: declaration.tagName, modulePath: module.path }] : [],
      ),
    )
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/**
 * Reads `<distRoot>/custom-elements.json`: the elements, or `undefined` when there is no build yet. The parsed
 * result is kept until the file's modification time or size changes. A manifest that is not valid JSON or not a
 * manifest throws (a broken build is a server error, not a page to explain).
 */
export function createManifestReader(distRoot: string): () => Promise<ElementDoc[] | undefined> {
  const file = join(distRoot, MANIFEST_FILE);
  let cached: { version: string; elements: ElementDoc[] } | undefined;
  return async () => {
    let version: string;
    try {
      const stats = await stat(file);
      version = `${stats.mtimeMs}:${stats.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (cached?.version !== version) cached = { version, elements: elementsOf(JSON.parse(await readFile(file, 'utf8'))) };
    return cached.elements;
  };
}
