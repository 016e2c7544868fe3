import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { autoplayEmbedUrl, isVideoId, videoIdFromUrl } from '../../src/core/video-url';

const ID = 'M7lc1UVf-VE';

describe('videoIdFromUrl: links that play in the page', () => {
  const playable: Array<[string, string]> = [
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE', ID],
    ['https://youtube.com/watch?v=M7lc1UVf-VE', ID],
    ['https://m.youtube.com/watch?v=M7lc1UVf-VE', ID],
    ['http://www.youtube.com/watch?v=M7lc1UVf-VE', ID],
    ['https://www.youtube.com/watch?feature=share&v=M7lc1UVf-VE&t=42s', ID],
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE#comments', ID],
    ['https://www.youtube.com/embed/M7lc1UVf-VE', ID],
    ['https://www.youtube.com/embed/M7lc1UVf-VE?rel=0', ID],
    ['https://m.youtube.com/embed/M7lc1UVf-VE/', ID],
    ['https://www.youtube-nocookie.com/embed/M7lc1UVf-VE', ID],
    ['https://youtube-nocookie.com/embed/M7lc1UVf-VE?start=30', ID],
    ['https://youtu.be/M7lc1UVf-VE', ID],
    ['https://youtu.be/M7lc1UVf-VE?si=abc&t=10', ID],
    ['HTTPS://WWW.YOUTUBE.COM/watch?v=M7lc1UVf-VE', ID],
    ['  https://youtu.be/M7lc1UVf-VE  ', ID],
    ['https://youtu.be/a_b-C0d1E2f', 'a_b-C0d1E2f'],
    ['https://www.youtube.com/watch?v=___________', '___________'],
  ];
  for (const [href, id] of playable) {
    it(`${href.trim()} → ${id}`, () => assert.equal(videoIdFromUrl(href), id));
  }

  it('resolves a protocol-relative link against the page', () => {
    assert.equal(videoIdFromUrl('//www.youtube.com/watch?v=M7lc1UVf-VE', 'https://council.example/videos'), ID);
  });
});

describe('videoIdFromUrl: links that stay links', () => {
  const plain: Array<[string, string]> = [
    ['a 10-character id', 'https://www.youtube.com/watch?v=M7lc1UVf-V'],
    ['a 12-character id', 'https://www.youtube.com/watch?v=M7lc1UVf-VEx'],
    ['a 10-character short link', 'https://youtu.be/M7lc1UVf-V'],
    ['a 12-character short link', 'https://youtu.be/M7lc1UVf-VEx'],
    ['a 12-character embed', 'https://www.youtube.com/embed/M7lc1UVf-VEx'],
    ['an id with a forbidden character', 'https://www.youtube.com/watch?v=M7lc1UVf.VE'],
    ['an id with a space', 'https://www.youtube.com/watch?v=M7lc1 Vf-VE'],
    ['a watch page without an id', 'https://www.youtube.com/watch'],
    ['an empty id', 'https://www.youtube.com/watch?v='],
    ['a channel page', 'https://www.youtube.com/@CouncilChannel'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL0123456789'],
    ['an id in the wrong parameter', 'https://www.youtube.com/watch?video=M7lc1UVf-VE'],
    ['an extra path segment after the embed id', 'https://www.youtube.com/embed/M7lc1UVf-VE/extra'],
    ['a watch page on the privacy-enhanced host', 'https://www.youtube-nocookie.com/watch?v=M7lc1UVf-VE'],
    ['a short link with a path', 'https://youtu.be/watch/M7lc1UVf-VE'],
    ['a look-alike host ending in an attacker domain', 'https://youtube.com.evil.example/watch?v=M7lc1UVf-VE'],
    ['a look-alike host starting with the domain', 'https://evilyoutube.com/watch?v=M7lc1UVf-VE'],
    ['another subdomain', 'https://music.youtube.com/watch?v=M7lc1UVf-VE'],
    ['a trailing-dot host', 'https://youtube.com./watch?v=M7lc1UVf-VE'],
    ['credentials that hide the real host', 'https://youtube.com@evil.example/watch?v=M7lc1UVf-VE'],
    ['credentials on the real host', 'https://user:pass@www.youtube.com/watch?v=M7lc1UVf-VE'],
    ['a non-default port', 'https://www.youtube.com:8443/watch?v=M7lc1UVf-VE'],
    ["the URL inside another site's query", 'https://evil.example/?u=https://www.youtube.com/watch?v=M7lc1UVf-VE'],
    ['a javascript: URL', 'javascript:alert(1)//https://www.youtube.com/watch?v=M7lc1UVf-VE'],
    ['a data: URL', 'data:text/html,https://youtu.be/M7lc1UVf-VE'],
    ['an ftp URL', 'ftp://youtu.be/M7lc1UVf-VE'],
    ['a malformed URL', 'https://'],
    ['a relative URL without a base', '/watch?v=M7lc1UVf-VE'],
    ['plain text', 'M7lc1UVf-VE'],
    ['an empty string', ''],
    ['another video site', 'https://vimeo.com/76979871'],
    ['a page on this site', 'https://council.example/building-consents'],
  ];
  for (const [what, href] of plain) {
    it(`rejects ${what}`, () => assert.equal(videoIdFromUrl(href), null));
  }

  it('rejects a relative URL even with a base on the site', () => {
    assert.equal(videoIdFromUrl('/watch?v=M7lc1UVf-VE', 'https://council.example/'), null);
  });
});

describe('isVideoId', () => {
  const cases: Array<[string, boolean]> = [
    ['M7lc1UVf-VE', true],
    ['abcdefghijk', true],
    ['0123456789_', true],
    ['abcdefghij', false],
    ['abcdefghijkl', false],
    ['abcdefghij!', false],
    ['abcdefghij\n', false],
    ['', false],
  ];
  for (const [value, expected] of cases) {
    it(`${JSON.stringify(value)} → ${expected}`, () => assert.equal(isVideoId(value), expected));
  }
});

describe('autoplayEmbedUrl', () => {
  it('builds the privacy-enhanced embed that starts at once', () => {
    assert.equal(autoplayEmbedUrl(ID), 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1');
  });

  it('refuses anything that is not a video id', () => {
    assert.throws(() => autoplayEmbedUrl('../../evil'), /not a video id/);
  });
});
