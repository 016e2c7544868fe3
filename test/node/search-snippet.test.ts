import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeEntities, snippetParts, snippetText } from '../../src/core/search-snippet';

describe('snippetParts', () => {
  it('splits matches in <em> from the text around them', () => {
    assert.deepEqual(snippetParts('Pay your <em>rates</em> online or by <em>direct</em> debit.'), [
      { text: 'Pay your ', highlighted: false },
      { text: 'rates', highlighted: true },
      { text: ' online or by ', highlighted: false },
      { text: 'direct', highlighted: true },
      { text: ' debit.', highlighted: false },
    ]);
  });

  it('joins neighbouring highlights and reads tags in any case', () => {
    assert.deepEqual(snippetParts('<EM>dog</EM><em> registration</em> fees'), [
      { text: 'dog registration', highlighted: true },
      { text: ' fees', highlighted: false },
    ]);
  });

  it('decodes character references into text, so escaped markup stays text', () => {
    assert.deepEqual(snippetParts('Fees &amp; charges &lt;b&gt;2026&lt;/b&gt; &#8212; &#x2014; &quot;ok&quot;'), [
      { text: 'Fees & charges <b>2026</b> — — "ok"', highlighted: false },
    ]);
  });

  it('shows any other tag, and a closing tag with nothing open, as the text it is', () => {
    assert.equal(snippetText('<script>alert(1)</script> and </em> <b>bold</b>'), '<script>alert(1)</script> and </em> <b>bold</b>');
    assert.deepEqual(snippetParts('<img src=x onerror=alert(1)>'), [{ text: '<img src=x onerror=alert(1)>', highlighted: false }]);
  });

  it('counts nesting and highlights to the end when a tag is left open', () => {
    assert.deepEqual(snippetParts('a <em>b <em>c</em> d</em> e'), [
      { text: 'a ', highlighted: false },
      { text: 'b c d', highlighted: true },
      { text: ' e', highlighted: false },
    ]);
    assert.deepEqual(snippetParts('before <em>after'), [
      { text: 'before ', highlighted: false },
      { text: 'after', highlighted: true },
    ]);
  });

  it('gives nothing for an empty snippet or a value that is not text', () => {
    assert.deepEqual(snippetParts(''), []);
    assert.deepEqual(snippetParts(null), []);
    assert.deepEqual(snippetParts({ raw: 'x' }), []);
    assert.deepEqual(snippetParts('<em></em>'), []);
  });
});

describe('decodeEntities', () => {
  it('leaves unknown and invalid references as written', () => {
    assert.equal(decodeEntities('&bogus; &#0; &#xD800; &#1114112; &amp'), '&bogus; &#0; &#xD800; &#1114112; &amp');
    assert.equal(decodeEntities('&nbsp;&apos;&AMP;'), "\u00a0'&");
  });
});
