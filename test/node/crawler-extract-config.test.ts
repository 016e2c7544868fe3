import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseExtractionConfig } from '../../packages/civic-search/src/crawler/extract';
import { compileGlob } from '../../packages/civic-search/src/crawler/extract/glob';
import { normaliseDate, normalisePdfDate } from '../../packages/civic-search/src/crawler/extract/dates';
import { capBytes, isMeaningfulTitle, titleFromFileName, titleFromLinkText } from '../../packages/civic-search/src/crawler/extract/text';

const refusal = (value: unknown) => {
  try {
    parseExtractionConfig(value);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail(`accepted ${JSON.stringify(value)}`);
};

describe('crawler extract: configuration', () => {
  it('accepts the documented example and nothing at all', () => {
    const example = {
      contentSelector: 'main .page-content',
      removeSelectors: ['.cookie-banner', '.feedback'],
      titleSuffix: ' | Harbour City Council',
      maxBodyBytes: 50_000,
      fields: [
        { meta: 'keywords', field: 'topic' },
        { selector: '.breadcrumbs li:nth-child(2)', field: 'subtopic' },
        { selector: 'html', attribute: 'lang', field: 'language' },
      ],
      rules: [{ match: '/news/**', set: { document_type: 'News' } }],
    };
    assert.deepEqual(parseExtractionConfig(example), example);
    assert.deepEqual(parseExtractionConfig(undefined), {});
    assert.deepEqual(parseExtractionConfig({ titleSuffix: true }), { titleSuffix: true });
  });

  it('names the bad key in every refusal, all problems at once', () => {
    assert.match(refusal({ contentSelecter: 'main' }), /contentSelecter: not a known key/);
    assert.match(refusal({ rules: [{ match: 'news/**', set: { document_type: 'News' } }] }), /rules\[0\]\.match: must be a path glob starting with "\/"/);
    assert.match(refusal({ rules: [{ match: '/x', set: { Topic: 'A' } }] }), /rules\[0\]\.set\.Topic: Field name can only contain lowercase/);
    assert.match(refusal({ rules: [{ match: '/x', set: {} }] }), /rules\[0\]\.set: must set at least one field/);
    assert.match(refusal({ fields: [{ meta: 'keywords', field: 'body' }] }), /fields\[0\]\.field: "body" is filled by the crawler itself/);
    assert.match(refusal({ fields: [{ selector: '.x' }] }), /fields\[0\]: each mapping is/);
    assert.match(refusal({ maxBodyBytes: 10_000_000 }), /maxBodyBytes: must be at most/);
    assert.match(refusal({ removeSelectors: ['.a { display: none }'] }), /removeSelectors\[0\]: must be a CSS selector, not a style rule/);
    assert.match(refusal({ titleSuffix: 3 }), /titleSuffix: must be true/);
    assert.match(refusal([]), /must be a JSON object/);
    const both = refusal({ maxBodyBytes: 'big', rules: [{ match: 'x', set: { a: 'b' } }] });
    assert.match(both, /maxBodyBytes/);
    assert.match(both, /rules\[0\]\.match/);
  });
});

describe('crawler extract: path globs', () => {
  it('matches * within a segment, ** across segments, ? one character', () => {
    const cases: [string, string, boolean][] = [
      ['/news/**', '/news/2025/bins', true],
      ['/news/**', '/newsletter', false],
      ['/services/*/fees', '/services/dogs/fees', true],
      ['/services/*/fees', '/services/dogs/pets/fees', false],
      ['/a?c', '/abc', true],
      ['/a?c', '/a/c', false],
      ['**/*.pdf', '/documents/plans/ltp.pdf', true],
      ['/exact', '/exact/', false],
    ];
    for (const [pattern, path, expected] of cases) assert.equal(compileGlob(pattern)(path), expected, `${pattern} on ${path}`);
  });

  it('takes linear time on a pattern built to backtrack', () => {
    const started = performance.now();
    assert.equal(compileGlob('/**a**a**a**a**a**b')(`/${'a'.repeat(20_000)}`), false);
    // Backtracking would take hours on this input; a linear match takes milliseconds (the margin is for a busy machine).
    assert.ok(performance.now() - started < 10_000);
  });
});

describe('crawler extract: dates, titles and cuts', () => {
  it('normalises ISO dates and PDF dates, refusing impossible ones', () => {
    assert.equal(normaliseDate('2025-03-04T09:00:00+13:00'), '2025-03-03T20:00:00.000Z');
    assert.equal(normaliseDate('2025-03-04 09:00'), '2025-03-04T09:00:00.000Z');
    for (const bad of ['2025-02-30', '2025-00-10', '2025-03-04T25:00', '04/03/2025', 'March 4, 2025', '1']) assert.equal(normaliseDate(bad), undefined, bad);
    assert.equal(normalisePdfDate("D:20250314093000+13'00'"), '2025-03-13T20:30:00.000Z');
    assert.equal(normalisePdfDate('D:2025'), '2025-01-01T00:00:00.000Z');
    assert.equal(normalisePdfDate('D:20251340'), undefined);
  });

  it('tells meaningful file titles from placeholders and file names', () => {
    for (const title of ['Annual plan 2025/26', 'Dog control bylaw']) assert.ok(isMeaningfulTitle(title), title);
    for (const title of ['Untitled', 'untitled document', 'Document3', 'Microsoft Word - plan.docx', 'plan_final_v2.pdf', 'C:\\plans\\x', 'x', '12345']) {
      assert.ok(!isMeaningfulTitle(title), title);
    }
    assert.equal(titleFromLinkText('Annual plan (PDF, 2.3 MB)'), 'Annual plan');
    assert.equal(titleFromLinkText('Annual plan [DOCX 40KB]'), 'Annual plan');
    assert.equal(titleFromLinkText('Click here'), undefined);
    assert.equal(titleFromFileName('https://c.example/docs/annual-plan_2025-26%20final.pdf'), 'Annual plan 2025-26 final');
  });

  it('cuts text to a byte size on a word boundary, counting multi-byte characters and escapes', () => {
    const text = 'Ngā mihi nui ki a koutou katoa "quoted" words. '.repeat(400);
    for (const max of [100, 1000, 5000]) {
      const cut = capBytes(text, max);
      assert.ok(Buffer.byteLength(JSON.stringify(cut)) <= max, String(max));
      assert.ok(Buffer.byteLength(JSON.stringify(cut)) > max - 60, `too short for ${max}`);
      assert.ok(text.startsWith(cut) && /\s/.test(text.charAt(cut.length)), `cut inside a word at ${max}: ${cut.slice(-15)}`);
    }
    assert.equal(capBytes('short', 100), 'short');
  });
});
