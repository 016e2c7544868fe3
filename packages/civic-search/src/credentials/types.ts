/** App Search's kinds of key: private (read and/or write engines), search (search only), admin (manage credentials). */
export type KeyType = 'private' | 'search' | 'admin';

/** What a route needs of the key a request sends. */
export type Access = 'search' | 'read' | 'write' | 'admin';

/** What a key may do: its kind, its read and write rights (private keys), and the engines it reaches. */
export interface KeyGrant {
  type: KeyType;
  read: boolean;
  write: boolean;
  /** Every engine, now and later; otherwise only `engines`. */
  allEngines: boolean;
  engines: readonly string[];
  /** The service's own key, kept in its data folder: it may do everything, managing credentials included. */
  root?: boolean;
}

/** A credential as it is stored: everything but the key, of which only a digest is kept. */
export interface StoredCredential {
  id: string;
  name: string;
  type: KeyType;
  read: boolean;
  write: boolean;
  access_all_engines: boolean;
  engines: string[];
  /** SHA-256 of the key, hexadecimal. */
  digest: string;
  created_at: string;
}

/** Turns a request's bearer token into what it may do; undefined for a token that is no key. */
export interface KeyRing {
  grantFor(token: string): Promise<KeyGrant | undefined>;
}
