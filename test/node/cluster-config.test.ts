import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterConfigFromEnv } from '../../packages/civic-search/src/search/cluster/cluster-config';
import { withIndexShape } from '../../packages/civic-search/src/search/cluster/index-shape';
import type { ClusterClient } from '../../packages/civic-search/src/search/cluster/cluster-client';

const read = (env: NodeJS.ProcessEnv, fallbackKey?: string) => clusterConfigFromEnv(env, 'OPENSEARCH', 'OpenSearch', fallbackKey);
const URL = 'https://search.example.govt.nz:9200';

describe('cluster settings from the environment', () => {
  it('reads several addresses, basic authentication, a CA file, the prefix and the index shape', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'civic-ca-'));
    const ca = join(dir, 'ca.pem');
    await writeFile(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    assert.deepEqual(
      read({
        OPENSEARCH_URL: `${URL}, https://search2.example.govt.nz:9200`,
        OPENSEARCH_USERNAME: 'civic',
        OPENSEARCH_PASSWORD: 'secret',
        OPENSEARCH_CA_FILE: ca,
        OPENSEARCH_INDEX_PREFIX: 'council',
        OPENSEARCH_SHARDS: '3',
        OPENSEARCH_REPLICAS: '0',
      }),
      {
        url: [URL, 'https://search2.example.govt.nz:9200'],
        username: 'civic',
        password: 'secret',
        ca: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
        indexPrefix: 'council',
        shards: 3,
        replicas: 0,
      },
    );
    assert.deepEqual(read({ OPENSEARCH_URL: URL }, 'fallback'), { url: URL, indexPrefix: 'civic-search', apiKey: 'fallback' });
  });

  it('names the setting in every mistake', () => {
    const mistakes: [NodeJS.ProcessEnv, RegExp][] = [
      [{}, /OPENSEARCH_URL is not set/],
      [{ OPENSEARCH_URL: 'search.example.govt.nz:9200' }, /OPENSEARCH_URL: "search.example.govt.nz:9200" is not an http/],
      [{ OPENSEARCH_URL: 'https://civic:secret@search.example.govt.nz' }, /OPENSEARCH_URL: put the credentials in OPENSEARCH_USERNAME/],
      [{ OPENSEARCH_URL: URL, OPENSEARCH_USERNAME: 'civic' }, /OPENSEARCH_USERNAME and OPENSEARCH_PASSWORD go together/],
      [{ OPENSEARCH_URL: URL, OPENSEARCH_USERNAME: 'a', OPENSEARCH_PASSWORD: 'b', OPENSEARCH_API_KEY: 'k' }, /OPENSEARCH_API_KEY and/],
      [{ OPENSEARCH_URL: URL, OPENSEARCH_CA_FILE: '/nonexistent/ca.pem' }, /OPENSEARCH_CA_FILE: cannot read \/nonexistent\/ca.pem \(ENOENT\)/],
      [{ OPENSEARCH_URL: URL, OPENSEARCH_INDEX_PREFIX: 'Civic Search' }, /OPENSEARCH_INDEX_PREFIX may hold only/],
      [{ OPENSEARCH_URL: URL, OPENSEARCH_SHARDS: '0' }, /OPENSEARCH_SHARDS: "0" is not a whole number from 1 to 1024/],
      [{ OPENSEARCH_URL: URL, OPENSEARCH_REPLICAS: 'one' }, /OPENSEARCH_REPLICAS: "one" is not a whole number/],
    ];
    for (const [env, message] of mistakes) assert.throws(() => read(env), message, JSON.stringify(env));
  });

  it('never echoes the password in a mistake', () => {
    assert.throws(
      () => read({ OPENSEARCH_URL: 'https://civic:hunter2@search.example.govt.nz' }),
      (error: Error) => !error.message.includes('hunter2'),
    );
  });
});

describe('index shape', () => {
  it('adds the shard and replica counts to every index created, under what a request gives itself', async () => {
    const created: unknown[] = [];
    const client = { indices: { create: async (params: unknown) => created.push(params) } } as unknown as ClusterClient;
    const shaped = withIndexShape(client, { shards: 2, replicas: 1 });
    await shaped.indices.create({ index: 'a' });
    await shaped.indices.create({ index: 'b', settings: { number_of_replicas: 0, refresh_interval: '1s' } });
    assert.deepEqual(created, [
      { index: 'a', settings: { number_of_shards: 2, number_of_replicas: 1 } },
      { index: 'b', settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: '1s' } },
    ]);
    assert.equal(withIndexShape(client, {}), client);
  });
});
