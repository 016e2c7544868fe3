import { randomBytes } from 'node:crypto';
import { cachedView, SERVICE_SCOPE, type OperatorCollection, type OperatorStore } from '../operator-state';
import type { CredentialInput } from './credential-rules';
import { findByDigest, keyDigest, newKey } from './key-digest';
import { ROOT_GRANT } from './require-key';
import type { KeyGrant, KeyRing, StoredCredential } from './types';

export const CREDENTIALS_COLLECTION = 'credentials';

const grantOf = (credential: StoredCredential): KeyGrant => ({
  type: credential.type,
  read: credential.read,
  write: credential.write,
  allEngines: credential.access_all_engines,
  engines: credential.engines,
});

/**
 * The service's keys: its own key (given, or kept in the data folder), which may do everything, and the credentials
 * made through the API, kept in the operator store by name with a digest in place of the key. Every request's key
 * is checked against a cached list that is read again whenever the store's revision moves, and at once after a change
 * made here, so a deleted or narrowed key stops working with the next request, in this process or another.
 */
export class Credentials implements KeyRing {
  private readonly records: OperatorCollection<StoredCredential>;
  private readonly entries;

  constructor(store: OperatorStore, rootKey: string) {
    this.records = store.collection<StoredCredential>(CREDENTIALS_COLLECTION);
    const root = { digest: keyDigest(rootKey), value: ROOT_GRANT };
    this.entries = cachedView(store, async () => [
      root,
      ...(await this.records.all(SERVICE_SCOPE)).map(({ value }) => ({ digest: Buffer.from(value.digest, 'hex'), value: grantOf(value) })),
    ]);
  }

  async grantFor(token: string): Promise<KeyGrant | undefined> {
    return findByDigest(await this.entries.read(), keyDigest(token));
  }

  async list(page: { offset: number; limit: number }) {
    const { records, total } = await this.records.list(SERVICE_SCOPE, page);
    return { credentials: records.map(({ value }) => value), total };
  }

  async get(name: string): Promise<StoredCredential | undefined> {
    return (await this.records.get(SERVICE_SCOPE, name))?.value;
  }

  /** Makes a key; the key itself is in the answer only, never stored. Undefined when the name is taken. */
  async create(input: CredentialInput): Promise<{ credential: StoredCredential; key: string } | undefined> {
    const key = newKey(input.type);
    const credential: StoredCredential = {
      id: randomBytes(12).toString('hex'),
      ...input,
      digest: keyDigest(key).toString('hex'),
      created_at: new Date().toISOString(),
    };
    const created = await this.entries.afterWrite(this.records.create(SERVICE_SCOPE, input.name, credential));
    return created ? { credential, key } : undefined;
  }

  /** Changes what a key may do; the key itself stays the same. */
  async update(existing: StoredCredential, input: CredentialInput): Promise<StoredCredential> {
    const credential: StoredCredential = { ...existing, ...input };
    await this.entries.afterWrite(this.records.put(SERVICE_SCOPE, existing.name, credential));
    return credential;
  }

  async delete(name: string): Promise<boolean> {
    return this.entries.afterWrite(this.records.delete(SERVICE_SCOPE, name));
  }
}
