import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, snippet } from '../../packages/civic-search/src/search/embedded/snippets';

const matchesWords =
  (...words: string[]) =>
  (word: string) =>
    words.includes(word);
const visibleText = (html: string) =>
  html
    .replace(/<\/?em>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe('snippet', () => {
  it('wraps every matched word in <em>', () => {
    assert.equal(
      snippet('Apply for a building consent online.', matchesWords('building', 'consent')),
      'Apply for a <em>building</em> <em>consent</em> online.',
    );
  });

  it('matches words case- and accent-insensitively, keeping the text as written', () => {
    assert.equal(snippet('Te reo Māori and MĀORI wards', matchesWords('maori')), 'Te reo <em>Māori</em> and <em>MĀORI</em> wards');
  });

  it('escapes HTML in the text, so markup in a document never runs', () => {
    const html = snippet('A <script>alert("x")</script> tag & a "quote" about parking', matchesWords('parking', 'script'));
    assert.equal(
      html,
      'A &lt;<em>script</em>&gt;alert(&quot;x&quot;)&lt;/<em>script</em>&gt; tag &amp; a &quot;quote&quot; about <em>parking</em>',
    );
    assert.doesNotMatch(html!, /<(?!\/?em>)/, 'no tag but <em>');
  });

  it('centres on the first match of a long text, within the size, on word boundaries', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(20)}The transfer station opens at 8am. ${'Consectetur adipiscing elit. '.repeat(20)}`;
    const html = snippet(text, matchesWords('transfer'), { size: 80 })!;
    const visible = visibleText(html);
    assert.ok(visible.length <= 80, `${visible.length} characters`);
    assert.match(html, /<em>transfer<\/em> station/);
    assert.ok(visible.indexOf('transfer') > 5, 'some context before the match');
    assert.ok(text.includes(visible), 'a whole extract of the text');
    assert.match(visible, /^[A-Za-z]/, 'starts on a word');
  });

  it('keeps the full size when the match is near the end', () => {
    const text = `${'word '.repeat(60)}final match`;
    const visible = visibleText(snippet(text, matchesWords('match'), { size: 50 })!);
    assert.ok(visible.length >= 40 && visible.endsWith('final match'), visible);
  });

  it('falls back to the start of the text without a match, or null when fallback is off', () => {
    const text = 'Rubbish is collected weekly. Recycling goes out every second week on the same day.';
    assert.equal(snippet(text, matchesWords('nothing'), { size: 30 }), 'Rubbish is collected weekly.');
    assert.equal(snippet(text, matchesWords('nothing'), { size: 30, fallback: false }), null);
    assert.equal(snippet('', matchesWords('x')), '');
  });

  it('flattens line breaks and clamps absurd sizes', () => {
    assert.equal(snippet('First paragraph.\n\nSecond  paragraph.', matchesWords('second')), 'First paragraph. <em>Second</em> paragraph.');
    const long = 'x '.repeat(2000);
    assert.ok(snippet(long, matchesWords(), { size: 1_000_000 })!.length <= 1000);
    assert.ok(snippet(long, matchesWords(), { size: 1 })!.length >= 10);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
