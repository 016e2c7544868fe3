import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** App Search's private keys start `private-`; ours too, so a key is recognisable in a config file. */
const KEY_PREFIX = 'private-';
export const PRIVATE_KEY_FILE = 'private-key';
/** Shorter keys could be guessed, and could match ordinary text when answers are scrubbed of them. */
export const PRIVATE_KEY_MIN_LENGTH = 16;

export interface PrivateKey {
  key: string;
  /** Where it came from: given in options, read from the data folder, or generated there now. */
  source: 'given' | 'stored' | 'generated';
  /** The file it is kept in, when it is kept in one. */
  file?: string;
}

/**
 * The service's private key: the one given, else the one kept in `<dataDir>/private-key`, else a new random key
 * written there readable by its owner only. The key itself is never logged; callers say where it is kept.
 */
export async function privateKeyFor(dataDir: string, given?: string): Promise<PrivateKey> {
  if (given !== undefined) {
    if (given.trim().length < PRIVATE_KEY_MIN_LENGTH)
      throw new Error(`The private key must be at least ${PRIVATE_KEY_MIN_LENGTH} characters long.`);
    return { key: given.trim(), source: 'given' };
  }
  const file = join(dataDir, PRIVATE_KEY_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= PRIVATE_KEY_MIN_LENGTH) return { key: stored, source: 'stored', file };
    throw new Error(`${file} holds no usable key (at least ${PRIVATE_KEY_MIN_LENGTH} characters): delete it to have a new one made.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = KEY_PREFIX + randomBytes(24).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  // `wx`: never overwrite a key another process wrote meanwhile.
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(file, 0o600);
  return { key, source: 'generated', file };
}
