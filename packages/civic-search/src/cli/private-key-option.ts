import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from './serve-options';

/**
 * The service's private key for a command that calls a running service: from `--private-key-file` (best), else
 * CIVIC_SEARCH_PRIVATE_KEY, else `--private-key` (which other users can read in the process list: it adds a
 * warning). Undefined when none is given.
 */
export async function privateKeyOption(
  flags: { file?: string; key?: string },
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ key?: string; warnings: string[] }> {
  if (flags.file) {
    try {
      return { key: (await readFile(resolve(cwd, flags.file), 'utf8')).trim() || undefined, warnings: [] };
    } catch (error) {
      throw new UsageError(
        `--private-key-file ${flags.file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      );
    }
  }
  if (flags.key !== undefined) {
    return {
      key: flags.key.trim() || undefined,
      warnings: [
        '--private-key: the key is visible to other users in the process list; prefer --private-key-file or CIVIC_SEARCH_PRIVATE_KEY.',
      ],
    };
  }
  return { key: env.CIVIC_SEARCH_PRIVATE_KEY?.trim() || undefined, warnings: [] };
}
