import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyType } from './types';

/**
 * A key's digest. Keys are 192 random bits, so a plain SHA-256 of one can neither be reversed nor found by trying
 * keys: a reader of the data folder who sees digests learns nothing they can sign in with.
 */
export const keyDigest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** A new key in App Search's form: its kind as a prefix (`private-`, `search-`, `admin-`) and 32 random characters. */
export const newKey = (type: KeyType): string => `${type}-${randomBytes(24).toString('base64url')}`;

/**
 * The entry whose digest matches, compared in constant time against every entry, with no early return: how long a
 * lookup takes says nothing about which key, or which part of one, matched.
 */
export function findByDigest<T>(entries: readonly { digest: Buffer; value: T }[], presented: Buffer): T | undefined {
  let found: T | undefined;
  for (const entry of entries) {
    if (timingSafeEqual(entry.digest, presented) && found === undefined) found = entry.value;
  }
  return found;
}
