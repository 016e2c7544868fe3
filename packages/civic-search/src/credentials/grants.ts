import type { Access, KeyGrant } from './types';

/** Why a key that is real may still not do what a route needs; undefined when it may. */
export function refusal(grant: KeyGrant, access: Access, engine: string | undefined): string | undefined {
  if (grant.root) return undefined;
  if (access === 'admin') return grant.type === 'admin' ? undefined : 'Only an admin key can manage credentials.';
  // App Search's admin keys manage credentials and nothing else.
  if (grant.type === 'admin') return 'An admin key can only manage credentials.';
  if (!grant.allEngines && (engine === undefined || !grant.engines.includes(engine))) {
    return engine === undefined
      ? 'This key is limited to some engines; this call needs a key for all engines.'
      : 'This key has no access to this engine.';
  }
  if (access === 'search') return grant.type === 'search' || grant.read ? undefined : 'This key cannot search.';
  if (grant.type === 'search') return 'A search key can only search.';
  if (access === 'read') return grant.read ? undefined : 'This key cannot read.';
  return grant.write ? undefined : 'This key cannot write.';
}
