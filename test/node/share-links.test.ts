import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildShareLinks, networkOfHref, resolveShareUrl, shareHref, withoutHash, SHARE_NETWORKS } from '../../src/core/share-links';

const page = { url: 'https://www.example.gov/news/rates & fees?year=2026&lang=cy', title: 'Rates & fees: 2026 — “new”' };
const email = { subject: page.title, body: `${page.title}\n${page.url}` };

/** The value of a query parameter, decoded as a receiving site would decode it. */
const queryValue = (href: string, name: string) => new URL(href).searchParams.get(name);

describe('withoutHash', () => {
  it('drops the fragment and keeps the query', () => {
    assert.equal(withoutHash('https://example.gov/a?b=1#part-2'), 'https://example.gov/a?b=1');
  });
  it('leaves an address without a fragment unchanged', () => {
    assert.equal(withoutHash('https://example.gov/a'), 'https://example.gov/a');
  });
});

describe('resolveShareUrl', () => {
  const here = 'https://example.gov/guides/parking?permit=1#how-to-apply';

  it('shares the current page without its hash by default', () => {
    assert.deepEqual(resolveShareUrl(undefined, here), { url: 'https://example.gov/guides/parking?permit=1' });
    assert.deepEqual(resolveShareUrl('  ', here), { url: 'https://example.gov/guides/parking?permit=1' });
  });
  it('resolves a relative url against the page', () => {
    assert.equal(resolveShareUrl('/news/flood-warning', here).url, 'https://example.gov/news/flood-warning');
  });
  it('keeps an absolute url as given, hash included (the author chose it)', () => {
    assert.equal(resolveShareUrl('https://other.example/page#top', here).url, 'https://other.example/page#top');
  });
  it('refuses non-http addresses and unparsable ones, with a warning', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'http://[not-an-ip']) {
      const result = resolveShareUrl(bad, here);
      assert.equal(result.url, 'https://example.gov/guides/parking?permit=1', bad);
      assert.match(result.warning ?? '', /current page is shared instead/, bad);
    }
  });
});

describe('shareHref', () => {
  it('builds the Facebook sharer address with the encoded url', () => {
    const href = shareHref('facebook', page, email);
    assert.ok(href.startsWith('https://www.facebook.com/sharer/sharer.php?u='));
    assert.equal(queryValue(href, 'u'), page.url);
    assert.ok(!href.includes(' ') && !href.includes('&lang'), 'the shared url does not leak into the outer query');
  });
  it('builds the X post address with url and title', () => {
    const href = shareHref('x', page, email);
    assert.ok(href.startsWith('https://x.com/intent/tweet?'));
    assert.equal(queryValue(href, 'url'), page.url);
    assert.equal(queryValue(href, 'text'), page.title);
  });
  it('builds the LinkedIn share address', () => {
    const href = shareHref('linkedin', page, email);
    assert.ok(href.startsWith('https://www.linkedin.com/sharing/share-offsite/?url='));
    assert.equal(queryValue(href, 'url'), page.url);
  });
  it('builds a mailto with subject and body, spaces as %20 and lines as CRLF (RFC 6068)', () => {
    const href = shareHref(
      'email',
      { url: 'https://example.gov/a b', title: 'A & B' },
      { subject: 'A & B', body: 'A & B\nhttps://example.gov/a%20b' },
    );
    assert.equal(href, 'mailto:?subject=A%20%26%20B&body=A%20%26%20B%0D%0Ahttps%3A%2F%2Fexample.gov%2Fa%2520b');
    assert.ok(!href.includes('+'));
  });
  it('encodes non-ASCII text as UTF-8', () => {
    const href = shareHref('x', { url: 'https://example.gov/', title: 'Café “ü”' }, email);
    assert.ok(href.includes('text=Caf%C3%A9%20%E2%80%9C%C3%BC%E2%80%9D'));
  });
});

describe('buildShareLinks', () => {
  it('gives one link per network, in display order', () => {
    const links = buildShareLinks(page, email);
    assert.deepEqual(
      links.map((link) => link.network),
      [...SHARE_NETWORKS],
    );
    assert.deepEqual(
      links.map((link) => link.network),
      ['facebook', 'x', 'linkedin', 'email'],
    );
    for (const link of links) assert.equal(link.href, shareHref(link.network, page, email));
  });
});

describe('networkOfHref', () => {
  it('recognises the known networks, with or without www and on subdomains', () => {
    assert.equal(networkOfHref('https://www.facebook.com/sharer/sharer.php?u=x'), 'facebook');
    assert.equal(networkOfHref('https://m.facebook.com/sharer.php'), 'facebook');
    assert.equal(networkOfHref('https://twitter.com/intent/tweet?url=x'), 'x');
    assert.equal(networkOfHref('https://x.com/intent/post?url=x'), 'x');
    assert.equal(networkOfHref('https://www.linkedin.com/shareArticle?url=x'), 'linkedin');
    assert.equal(networkOfHref('mailto:?subject=Hi'), 'email');
  });
  it('does not mistake look-alike hosts for a network', () => {
    assert.equal(networkOfHref('https://notfacebook.com/share'), 'notfacebook.com');
    assert.equal(networkOfHref('https://box.com/share'), 'box.com');
  });
  it('names other hosts, and says "link" for what it cannot read', () => {
    assert.equal(networkOfHref('https://www.reddit.com/submit?url=x'), 'reddit.com');
    assert.equal(networkOfHref('not a url'), 'link');
  });
});
