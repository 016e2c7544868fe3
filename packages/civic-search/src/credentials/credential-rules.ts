import type { KeyType, StoredCredential } from './types';

/** A credential's settings as a create or update request gives them, once checked. */
export interface CredentialInput {
  name: string;
  type: KeyType;
  read: boolean;
  write: boolean;
  access_all_engines: boolean;
  engines: string[];
}

/** Names are what a path carries (`/credentials/{name}`): letters, digits, dashes and underscores. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const TYPES: readonly KeyType[] = ['private', 'search', 'admin'];
const FIELDS = new Set(['name', 'type', 'read', 'write', 'access_all_engines', 'engines']);
/** Fields a client may echo back from an answer when it updates a key; they are not settings and are ignored. */
const ECHOED = new Set(['id', 'key', 'created_at']);
/** Engines one key may list: more would make every call's check a long scan. */
export const MAX_ENGINES_PER_KEY = 100;
export const CREDENTIALS_PAGE_SIZE_DEFAULT = 25;

export const CREDENTIAL_MESSAGES = {
  body: 'The request body must be a JSON object describing the key, like {"name": "site-search", "type": "search"}.',
  name: 'Name is required: 1 to 64 letters, digits, dashes or underscores',
  nameTaken: 'Name is already taken',
  type: 'Type must be "private", "search" or "admin"',
  rename: 'The name of a key cannot be changed: give the name it has in the path',
  typeChange: 'The type of a key cannot be changed; create a new key instead',
  readWrite: 'A private key must be able to read, write, or both ("read" and "write" are true or false)',
  searchRights: 'A search key can only search: leave "read" and "write" out',
  adminRights: 'An admin key only manages credentials: leave "read" and "write" out',
  adminEngines: 'An admin key manages credentials and has no engines: leave "access_all_engines" and "engines" out',
  accessAll: '"access_all_engines" must be true or false',
  engines: `List the engines the key may use in "engines" (1 to ${MAX_ENGINES_PER_KEY} names), or set "access_all_engines" to true`,
  bothScopes: 'Give either "access_all_engines": true or a list of "engines", not both',
  notFound: 'Could not find API key.',
} as const;

export const unknownField = (field: string) =>
  `Unknown field "${field}": a key has name, type, read, write, access_all_engines and engines`;
export const unknownEngine = (engine: string) => `Engine "${engine}" does not exist`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A create or update body checked against App Search's rules for keys: the settings, or every problem found. */
export function readCredentialInput(body: unknown): { input: CredentialInput } | { problems: string[] } {
  if (!isObject(body)) return { problems: [CREDENTIAL_MESSAGES.body] };
  const problems: string[] = [];
  for (const field of Object.keys(body)) if (!FIELDS.has(field) && !ECHOED.has(field)) problems.push(unknownField(field));
  const { name, type, read, write, access_all_engines: accessAll, engines } = body;
  if (typeof name !== 'string' || !NAME.test(name)) problems.push(CREDENTIAL_MESSAGES.name);
  if (!TYPES.includes(type as KeyType)) return { problems: [...problems, CREDENTIAL_MESSAGES.type] };
  const input: CredentialInput = {
    name: name as string,
    type: type as KeyType,
    read: false,
    write: false,
    access_all_engines: false,
    engines: [],
  };

  if (type === 'admin') {
    if (accessAll !== undefined || engines !== undefined) problems.push(CREDENTIAL_MESSAGES.adminEngines);
  } else {
    if (accessAll !== undefined && typeof accessAll !== 'boolean') problems.push(CREDENTIAL_MESSAGES.accessAll);
    input.access_all_engines = accessAll === true;
    const list = engines === undefined || engines === null ? [] : engines;
    if (!Array.isArray(list) || list.some((engine) => typeof engine !== 'string' || engine === '') || list.length > MAX_ENGINES_PER_KEY) {
      problems.push(CREDENTIAL_MESSAGES.engines);
    } else if (input.access_all_engines && list.length > 0) problems.push(CREDENTIAL_MESSAGES.bothScopes);
    else if (!input.access_all_engines && list.length === 0) problems.push(CREDENTIAL_MESSAGES.engines);
    else input.engines = [...new Set(list as string[])];
  }
  if (type === 'private') {
    if (
      (read !== undefined && typeof read !== 'boolean') ||
      (write !== undefined && typeof write !== 'boolean') ||
      (read !== true && write !== true)
    ) {
      problems.push(CREDENTIAL_MESSAGES.readWrite);
    }
    input.read = read === true;
    input.write = write === true;
  } else if (read === true || write === true) {
    if (type === 'search') problems.push(CREDENTIAL_MESSAGES.searchRights);
    else problems.push(CREDENTIAL_MESSAGES.adminRights);
  }
  return problems.length > 0 ? { problems } : { input };
}

/** A credential as App Search answers it: the fields its type has, and the key itself only when just made. */
export function credentialBody(credential: StoredCredential, key?: string) {
  const shown: Record<string, unknown> = { id: credential.id, name: credential.name, type: credential.type };
  if (key !== undefined) shown.key = key;
  if (credential.type === 'private') Object.assign(shown, { read: credential.read, write: credential.write });
  if (credential.type !== 'admin') {
    shown.access_all_engines = credential.access_all_engines;
    if (!credential.access_all_engines) shown.engines = credential.engines;
  }
  shown.created_at = credential.created_at;
  return shown;
}
