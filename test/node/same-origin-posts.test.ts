import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { CROSS_SITE_MESSAGE, sameOriginPosts } from '../../examples/site/server/same-origin-posts';
import { siteServerConfig } from '../../examples/site/server/site-config';

/** A site with one route of each kind behind the check; `url` is what Node sees, `headers` what the browser and proxy sent. */
function siteBehind(trustProxy: boolean) {
  const app = new Hono();
  app.use(sameOriginPosts({ trustProxy }));
  app.post('/dismiss', (c) => c.text('done'));
  app.get('/page', (c) => c.text('page'));
  app.post('/_search-proxy', (c) => c.text('proxy rules'));
  app.post('/api/as/v1/engines/x/click', (c) => c.text('api rules'));
  return (url: string, headers: Record<string, string>, method = 'POST') =>
    app.request(url, { method, headers, body: method === 'GET' ? undefined : 'a=1' });
}

describe('sameOriginPosts: who may post', () => {
  const direct = siteBehind(false);

  it('lets pages of this site post (Sec-Fetch-Site same-origin, or none for a typed address)', async () => {
    for (const value of ['same-origin', 'none', 'Same-Origin']) {
      assert.equal((await direct('http://council.example/dismiss', { 'Sec-Fetch-Site': value })).status, 200, value);
    }
  });

  it('refuses posts another site made the browser send, whatever the body claims to be', async () => {
    for (const value of ['cross-site', 'same-site']) {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'application/json']) {
        const response = await direct('http://council.example/dismiss', {
          'Sec-Fetch-Site': value,
          'Content-Type': type,
          Origin: 'http://council.example',
        });
        assert.equal(response.status, 403, `${value} ${type}`);
        assert.equal(await response.text(), CROSS_SITE_MESSAGE);
      }
    }
  });

  it('without Sec-Fetch-Site, reads Origin: this site only; none, null or malformed is refused', async () => {
    const at = (origin: string | undefined, host = 'council.example') =>
      Promise.resolve(direct('http://council.example/dismiss', { Host: host, ...(origin === undefined ? {} : { Origin: origin }) })).then(
        (r) => r.status,
      );
    assert.equal(await at('http://council.example'), 200);
    assert.equal(await at('https://council.example'), 200, 'behind a TLS proxy Node sees http, the browser https');
    assert.equal(await at('https://council.example', 'council.example:443'), 200);
    assert.equal(await at('http://127.0.0.1:8204', '127.0.0.1:8204'), 200);
    for (const origin of [
      undefined,
      'null',
      'https://evil.example',
      'https://council.example.evil.example',
      'https://council.example:8443',
      'council.example',
      'https://council.example/path',
      'ftp://council.example',
    ]) {
      assert.equal(await at(origin), 403, String(origin));
    }
    assert.equal(await at('http://127.0.0.1:8080', '127.0.0.1:8204'), 403, 'another port is another site');
  });

  it('does not believe forwarded headers unless told a proxy sets them', async () => {
    const spoofed = await direct('http://council.example/dismiss', {
      Host: 'council.example',
      Origin: 'https://evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'https',
    });
    assert.equal(spoofed.status, 403);
  });

  it('behind a trusted proxy, compares with the host and scheme the visitor used', async () => {
    const proxied = siteBehind(true);
    const headers = { Host: 'node-backend:8080', 'X-Forwarded-Host': 'council.example', 'X-Forwarded-Proto': 'https' };
    assert.equal((await proxied('http://node-backend:8080/dismiss', { ...headers, Origin: 'https://council.example' })).status, 200);
    assert.equal(
      (await proxied('http://node-backend:8080/dismiss', { ...headers, Origin: 'http://council.example' })).status,
      403,
      'the scheme is known',
    );
    assert.equal((await proxied('http://node-backend:8080/dismiss', { ...headers, Origin: 'https://node-backend:8080' })).status, 403);
  });

  it('leaves reading requests and the search API to their own rules', async () => {
    assert.equal((await direct('http://council.example/page', { 'Sec-Fetch-Site': 'cross-site' }, 'GET')).status, 200);
    assert.equal((await direct('http://council.example/_search-proxy', { 'Sec-Fetch-Site': 'cross-site' })).status, 200);
    assert.equal((await direct('http://council.example/api/as/v1/engines/x/click', { 'Sec-Fetch-Site': 'cross-site' })).status, 200);
    assert.equal((await direct('http://council.example/_search-proxyx', { 'Sec-Fetch-Site': 'cross-site' })).status, 403);
  });
});

describe('the example site', () => {
  it('refuses a cross-site post to any of its routes, even one with no check of its own', async () => {
    const { createSiteApp } = await import('../../examples/site/app');
    const { app } = await createSiteApp();
    for (const path of [
      '/feedback',
      '/forms/report-a-problem',
      '/decision-trees/building-consent',
      '/announcement/close',
      '/no-such-route',
    ]) {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      assert.equal(response.status, 403, path);
    }
  });
});

describe('siteServerConfig', () => {
  it('reads the data folder, the proxy trust and HSTS from the environment, HSTS off by default', () => {
    assert.deepEqual(siteServerConfig({}), { dataDir: '.data/site', trustProxy: false, hsts: false });
    assert.deepEqual(
      siteServerConfig({
        SITE_DATA_DIR: '/var/site',
        SITE_TRUST_PROXY: '1',
        SITE_HSTS_MAX_AGE: '31536000',
        SITE_HSTS_INCLUDE_SUBDOMAINS: 'true',
      }),
      {
        dataDir: '/var/site',
        trustProxy: true,
        hsts: { maxAge: 31536000, includeSubDomains: true },
      },
    );
    assert.throws(() => siteServerConfig({ SITE_HSTS_MAX_AGE: 'a year' }), /SITE_HSTS_MAX_AGE/);
  });
});
