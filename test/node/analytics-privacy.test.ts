import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSearchService } from '../../packages/civic-search/src/service/create-search-service';

/**
 * Visitors type personal details into the search box of a real service over HTTP. Afterwards no file in the data
 * folder and nothing the service printed (its log) holds any of them, in any of the ways they were typed.
 */

const KEY = 'private-privacy-test-key-012345';
const EMAIL = 'jane.citizen@example.co.nz';
const PHONE = '021 555 1234';
const CARD = '4111 1111 1111 1111';
const SECRETS = [EMAIL, 'jane.citizen', PHONE, PHONE.replace(/ /g, ''), '555 1234', CARD, CARD.replace(/ /g, ''), '1111 1111'];
const PAGES = [
  { id: 'rates', title: 'Pay your rates', body: 'Rates are due quarterly.' },
  { id: 'contact', title: 'Contact the council', body: 'Phone or email us about rates, bins and parks.' },
];

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

async function assertNoSecretIn(files: string[]) {
  for (const file of files) {
    if ((await stat(file)).size === 0) continue;
    const bytes = await readFile(file);
    // Text in SQLite pages and JSON files is UTF-8; UTF-16 copies are looked for too.
    for (const secret of SECRETS) {
      for (const encoded of [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')]) {
        assert.equal(bytes.indexOf(encoded), -1, `${JSON.stringify(secret)} was found in ${file}`);
      }
    }
  }
}

describe('analytics privacy', () => {
  it('keeps no email, phone or card number a visitor searched for, in the data folder or the log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-privacy-'));
    const logFile = join(dir, '..', `${dir.split('/').pop()}.log`);
    const printed: string[] = [];
    const capture = (stream: NodeJS.WriteStream) => {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        printed.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      return () => {
        stream.write = write;
      };
    };
    const restore = [capture(process.stdout), capture(process.stderr)];
    const service = await createSearchService({
      engines: [{ name: 'site', documents: PAGES }],
      dataDir: dir,
      privateKey: KEY,
      inProcess: true,
    });
    await service.ready();
    const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/as/v1/engines/site`;
      const post = (endpoint: string, body: object) =>
        fetch(`${url}/${endpoint}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      for (const query of [`contact ${EMAIL}`, `call me ${PHONE}`, `pay rates ${CARD}`, `${EMAIL} ${PHONE} ${CARD}`]) {
        const searched = (await (await post('search', { query, analytics: { tags: [EMAIL] } })).json()) as {
          meta: { request_id: string };
          results: { id: { raw: string } }[];
        };
        await post('query_suggestion', { query });
        const clicked = searched.results[0]?.id.raw;
        if (clicked)
          assert.equal(
            (await post('click', { query, document_id: clicked, request_id: searched.meta.request_id, tags: [PHONE] })).status,
            200,
          );
        await fetch(`${url}/search?query=${encodeURIComponent(query)}`);
        // A request the service refuses, with the details in it.
        await post('search', { query, page: { current: 'x' } });
      }
      await service.analytics!.flush();
      const report = await (
        await fetch(`${url}/analytics/queries`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: '{"page":{"size":50}}',
        })
      ).json();
      const terms = (report as { results: { term: string }[] }).results.map((row) => row.term);
      assert.ok(
        terms.includes('contact [email]') && terms.includes('call me [phone]') && terms.includes('pay rates [card]'),
        terms.join(' | '),
      );
      await assertNoSecretIn(await filesUnder(dir));
    } finally {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      restore.forEach((undo) => undo());
    }
    // Closed: what was in write-ahead logs is now in the files themselves.
    await assertNoSecretIn(await filesUnder(dir));
    await writeFile(logFile, printed.join(''));
    await assertNoSecretIn([logFile]);
    await rm(dir, { recursive: true, force: true });
    await rm(logFile, { force: true });
  });
});
