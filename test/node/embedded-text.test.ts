import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stemmer } from 'stemmer';
import { indexTerm, normaliseWord, stem, tokenize, words } from '../../packages/civic-search/src/search/embedded/text-analysis';
import { createVocabulary, VocabularyBuilder } from '../../packages/civic-search/src/search/embedded/vocabulary';

describe('English stemming (the stemmer package, Porter 1980)', () => {
  it('joins the forms of council words', () => {
    assert.equal(stemmer('consents'), stemmer('consent'));
    assert.equal(stemmer('inspections'), stemmer('inspect'), '-tion after t comes off (a bug in some ports keeps the t out)');
    assert.equal(stemmer('buildings'), stemmer('building'));
    assert.equal(stemmer('libraries'), stemmer('library'));
    assert.equal(stemmer('collection'), stemmer('collections'));
  });

  it('leaves short words, digits and non-letters alone', () => {
    assert.equal(stem('is'), 'is');
    assert.equal(stem('2026'), '2026');
    assert.equal(stem('e-waste'), 'e-waste');
  });
});

describe('text analysis', () => {
  it('normalises case, diacritics and possessives', () => {
    assert.equal(normaliseWord('Māori'), 'maori');
    assert.equal(normaliseWord('Council’s'), 'council');
    assert.equal(normaliseWord("DON'T"), 'dont');
  });

  it('splits words on anything that is not a letter or a digit', () => {
    assert.deepEqual(words('Rates 2025/26: pay-by-phone, e-mail!'), ['rates', '2025', '26', 'pay', 'by', 'phone', 'e', 'mail']);
    assert.deepEqual(tokenize('<script>alert(1)</script>'), ['script', 'alert', '1', 'script']);
  });

  it('indexes stems and drops stop words', () => {
    assert.equal(indexTerm('Consents'), 'consent');
    assert.equal(indexTerm('the'), null);
    assert.equal(indexTerm('building'), stem('building'));
  });
});

describe('vocabulary', () => {
  const builder = new VocabularyBuilder();
  for (const word of ['building', 'building', 'build', 'builder', 'budget', 'bus', 'building']) builder.add(word, stem(word));
  const vocabulary = builder.build();

  it('finds words by prefix, most frequent first', () => {
    assert.deepEqual(
      vocabulary.wordsWithPrefix('bu', 3).map((entry) => entry.word),
      ['building', 'budget', 'build'],
    );
    assert.deepEqual(vocabulary.wordsWithPrefix('buil', 10), [
      { word: 'building', count: 3 },
      { word: 'build', count: 1 },
      { word: 'builder', count: 1 },
    ]);
    assert.deepEqual(vocabulary.wordsWithPrefix('x', 10), []);
  });

  it('expands a prefix into distinct stems', () => {
    assert.deepEqual(vocabulary.stemsForPrefix('buil', 10), ['build', 'builder']);
    assert.deepEqual(vocabulary.stemsForPrefix('buil', 1), ['build']);
  });

  it('knows its words and stems, and survives a JSON round trip', () => {
    assert.ok(vocabulary.hasWord('budget') && !vocabulary.hasWord('budg'));
    assert.ok(vocabulary.hasStem('build') && !vocabulary.hasStem('building'));
    const copy = createVocabulary(JSON.parse(JSON.stringify(vocabulary)));
    assert.deepEqual(copy.wordsWithPrefix('bu', 10), vocabulary.wordsWithPrefix('bu', 10));
    assert.equal(copy.size, vocabulary.size);
  });
});
