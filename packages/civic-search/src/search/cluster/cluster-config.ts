import { readFileSync } from 'node:fs';

/** How an operator points civic-search at a cluster; the same for Elasticsearch and OpenSearch. */
export interface ClusterConfig {
  /** One address, or several (each node, or each of several coordinating nodes), e.g. https://search.example.govt.nz:9200 */
  url: string | string[];
  /** An API key (Elasticsearch's encoded `id:key`, sent as `Authorization: ApiKey ...`). */
  apiKey?: string;
  /** Basic authentication (OpenSearch's security plugin, Amazon OpenSearch Service's internal users). */
  username?: string;
  password?: string;
  /** PEM certificates of the authority that signed the cluster's TLS certificate, when not a public one. */
  ca?: string;
  /** Indices are `<prefix>-<engine>`, `<prefix>-clicks` and `<prefix>-engines`. */
  indexPrefix: string;
  /** Primary shards of each index this service creates (default: the cluster's default). */
  shards?: number;
  /** Replicas of each shard (default: the cluster's default). */
  replicas?: number;
}

export const DEFAULT_INDEX_PREFIX = 'civic-search';

/**
 * Reads `<PREFIX>_URL` (comma-separated for several), `<PREFIX>_API_KEY` (else `fallbackKey`), `<PREFIX>_USERNAME`
 * and `<PREFIX>_PASSWORD`, `<PREFIX>_CA_FILE`, `<PREFIX>_INDEX_PREFIX`, `<PREFIX>_SHARDS` and `<PREFIX>_REPLICAS`.
 * Every mistake throws at start with a message naming the variable and what it needs, never a stack trace from
 * deep inside a client: an address that is not http(s), a username without a password, both a key and a
 * password, a CA file that cannot be read or holds no certificate, a prefix that cannot name an index, counts
 * that are not whole numbers in range.
 */
export function clusterConfigFromEnv(
  env: NodeJS.ProcessEnv,
  variablePrefix: 'ELASTICSEARCH' | 'OPENSEARCH',
  product: string,
  fallbackKey?: string,
): ClusterConfig {
  const name = (suffix: string) => `${variablePrefix}_${suffix}`;
  const read = (suffix: string) => env[name(suffix)]?.trim() || undefined;

  const urlText = read('URL');
  if (!urlText) throw new Error(`${name('URL')} is not set: give the address of the ${product} cluster.`);
  const urls = urlText.split(',').map((url) => url.trim()).filter(Boolean);
  for (const url of urls) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new Error(`${name('URL')}: ${JSON.stringify(url)} is not an http:// or https:// address.`);
    }
    if (parsed.username || parsed.password) {
      throw new Error(`${name('URL')}: put the credentials in ${name('USERNAME')} and ${name('PASSWORD')}, not in the address.`);
    }
  }

  const username = read('USERNAME');
  const password = env[name('PASSWORD')] || undefined;
  if (Boolean(username) !== Boolean(password)) {
    throw new Error(`${name('USERNAME')} and ${name('PASSWORD')} go together: set both or neither.`);
  }
  const explicitKey = read('API_KEY');
  if (explicitKey && username) {
    throw new Error(`${name('API_KEY')} and ${name('USERNAME')}/${name('PASSWORD')} are both set: choose one way to sign in.`);
  }
  const apiKey = explicitKey ?? (username ? undefined : fallbackKey);

  const caFile = read('CA_FILE');
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch (error) {
      throw new Error(`${name('CA_FILE')}: cannot read ${caFile} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
      throw new Error(`${name('CA_FILE')}: ${caFile} holds no PEM certificate.`);
    }
  }

  const indexPrefix = read('INDEX_PREFIX') ?? DEFAULT_INDEX_PREFIX;
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(indexPrefix)) {
    throw new Error(`${name('INDEX_PREFIX')} may hold only lowercase letters, digits, - and _.`);
  }
  const count = (suffix: string, min: number, max: number) => {
    const text = read(suffix);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      throw new Error(`${name(suffix)}: ${JSON.stringify(text)} is not a whole number from ${min} to ${max}.`);
    }
    return value;
  };
  const shards = count('SHARDS', 1, 1024);
  const replicas = count('REPLICAS', 0, 16);

  return {
    url: urls.length === 1 ? urls[0]! : urls,
    indexPrefix,
    ...(apiKey && { apiKey }),
    ...(username && { username, password }),
    ...(ca && { ca }),
    ...(shards !== undefined && { shards }),
    ...(replicas !== undefined && { replicas }),
  };
}
