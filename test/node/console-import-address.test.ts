import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleBrowser, serveConsole, type ServedConsole } from './support/console-browser';
import { importAddressPolicy, isInternalAddress } from '../../packages/civic-search/src/console/import-address';
import { guardedGet, RefusedAddressError } from '../../packages/civic-search/src/console/guarded-get';
import { readServeSettings, UsageError } from '../../packages/civic-search/src/cli/serve-options';

/**
 * The import from an old App Search reads the address a signed-in manager types, from the server. It is tried here
 * as an attacker would: the service's own machine by address and by name, private ranges, the cloud's metadata
 * service, IPv4 hidden in IPv6, and a redirect from an allowed host to an internal one. None is read unless the
 * operator allowed the host, and the page says why.
 */

describe('which addresses are internal', () => {
  it('counts loopback, private, link-local, metadata, carrier NAT and IPv4 inside IPv6 as internal', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.8.8',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'not an address',
    ]) {
      assert.equal(isInternalAddress(address), true, address);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isInternalAddress(address), false, address);
    }
  });
});

describe('the operator’s allowed hosts', () => {
  it('allow an internal address by the host name typed, by its address, or by a range, and nothing else', () => {
    const policy = importAddressPolicy(['old-search.council.internal', '10.20.0.5', '192.168.8.0/24', '[fd12::1]']);
    assert.ok(policy.allows('old-search.council.internal', '10.9.9.9'));
    assert.ok(policy.allows('OLD-SEARCH.council.internal.', '10.9.9.9'), 'case and a final dot do not matter');
    assert.ok(policy.allows('anything.example', '10.20.0.5'));
    assert.ok(policy.allows('anything.example', '192.168.8.200'));
    assert.ok(policy.allows('[fd12::1]', 'fd12::1'));
    assert.ok(!policy.allows('other.council.internal', '10.9.9.9'));
    assert.ok(!policy.allows('anything.example', '192.168.9.1'));
    assert.ok(!policy.allows('anything.example', '169.254.169.254'));
    assert.ok(policy.allows('search.example', '93.184.215.14'), 'public addresses need no allowance');
  });

  it('refuse an entry that is none of those, naming it', () => {
    assert.throws(() => importAddressPolicy(['10.0.0.0/33']), /"10\.0\.0\.0\/33" is not an address range/);
    assert.throws(() => importAddressPolicy(['old search']), /"old search" is neither a host name/);
  });

  it('come from --console-import-hosts or its variable, and a bad one stops the start', async () => {
    const settings = await readServeSettings(['--console-import-hosts', '10.1.0.0/16', '--console-import-hosts', 'old.internal'], {}, '/');
    assert.deepEqual(settings.service.console, { importHosts: ['10.1.0.0/16', 'old.internal'] });
    const fromEnv = await readServeSettings([], { CIVIC_SEARCH_CONSOLE_IMPORT_HOSTS: 'a.internal, 10.0.0.1' }, '/');
    assert.deepEqual(fromEnv.service.console, { importHosts: ['a.internal', '10.0.0.1'] });
    assert.equal((await readServeSettings([], {}, '/')).service.console, undefined);
    await assert.rejects(readServeSettings(['--console-import-hosts', '10.0.0.0/99'], {}, '/'), (error: Error) => {
      assert.ok(error instanceof UsageError);
      assert.match(error.message, /--console-import-hosts: "10\.0\.0\.0\/99" is not an address range/);
      return true;
    });
  });
});

/** An HTTP server on this machine that records what it was asked and answers with `answer`. */
async function localServer(answer: (request: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string }) {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const { status, headers, body } = answer(request);
    response.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, asked };
}

describe('a GET of a typed address', () => {
  const options = { headers: {}, timeoutMs: 5_000, maxBytes: 1024 };

  it('never connects to an internal address, given as an address or as a name that resolves to one', async () => {
    const { port, asked } = await localServer(() => ({ status: 200, body: '{}' }));
    const policy = importAddressPolicy();
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
      await assert.rejects(guardedGet(new URL(`http://${host}:${port}/x`), { ...options, policy }), (error: Error) => {
        assert.ok(error instanceof RefusedAddressError, `${host}: ${error.message}`);
        return true;
      });
    }
    assert.deepEqual(asked, [], 'the server was never asked');
  });

  it('reads an internal host the operator allowed, and does not follow its redirect', async () => {
    const { port, asked } = await localServer(() => ({ status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } }));
    const answer = await guardedGet(new URL(`http://localhost:${port}/x`), { ...options, policy: importAddressPolicy(['localhost']) });
    assert.equal(answer.status, 302);
    assert.deepEqual(asked, ['/x']);
  });

  it('drops an answer larger than it will read', async () => {
    const { port } = await localServer(() => ({ status: 200, body: 'x'.repeat(4096) }));
    await assert.rejects(
      guardedGet(new URL(`http://127.0.0.1:${port}/`), { ...options, policy: importAddressPolicy(['127.0.0.1']) }),
      /over 1024 bytes/,
    );
  });
});

describe('the console’s import from an old App Search at an internal address', () => {
  const ROOT_KEY = 'private-console-import-address-root';
  const OLD_KEY = 'private-an-old-key-typed-in';
  let served: ServedConsole | undefined;
  let server: ServedConsole['server'];
  const { call, signIn } = consoleBrowser(() => server.url);

  before(async () => {
    served = await serveConsole('console-import-address', {
      privateKey: ROOT_KEY,
      engines: [{ name: 'parks', documents: [{ id: 'p1', title: 'Parks' }] }],
    });
    ({ server } = served);
  });
  after(() => served?.stop());

  it('is refused with a clear error on the form, reads nothing, and writes nothing', async () => {
    const old = await localServer(() => ({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: '{"results":[],"meta":{"page":{"total_pages":1}}}',
    }));
    const session = await signIn(ROOT_KEY);
    for (const address of [`http://127.0.0.1:${old.port}`, `http://localhost:${old.port}`, 'http://169.254.169.254', 'http://[::1]:9']) {
      const answer = await call('/console/engines/parks/synonyms/import-app-search', {
        cookie: session.cookie,
        form: { csrf: session.csrf, 'source-url': address, 'source-engine': 'council', 'source-key': OLD_KEY },
      });
      assert.equal(answer.status, 400, address);
      const alert = /<div class="problem" role="alert"[\s\S]*?<\/div>/.exec(answer.body)?.[0] ?? '';
      assert.match(alert, /Nothing was brought over from App Search/, address);
      assert.match(
        alert,
        /an address inside this service’s own network\. Only the service’s operator can allow it \(the --console-import-hosts option\)/,
        address,
      );
      assert.match(alert, /href="#source-url"/, 'the error links to the address field');
      assert.ok(!answer.body.includes(OLD_KEY), 'the key typed is not sent back');
    }
    assert.deepEqual(old.asked, [], 'nothing was asked of the internal server');
    const listed = await fetch(`${server.url}/api/as/v1/engines/parks/synonyms`, { headers: { Authorization: `Bearer ${ROOT_KEY}` } });
    assert.equal(((await listed.json()) as { results: unknown[] }).results.length, 0);
  });
});
