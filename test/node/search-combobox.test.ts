import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SUGGESTIONS_SHOWN } from '../../src/core/constants';
import { hasModifier, keepActiveOption, nextActiveOption, NO_OPTION, suggestionsToShow } from '../../src/core/search-combobox';

describe('nextActiveOption', () => {
  it('goes from the field to the first option with ArrowDown, and wraps to the last (the fifth) with ArrowUp', () => {
    assert.equal(nextActiveOption(NO_OPTION, SUGGESTIONS_SHOWN, 'ArrowDown'), 0);
    assert.equal(nextActiveOption(NO_OPTION, SUGGESTIONS_SHOWN, 'ArrowUp'), 4);
    assert.equal(nextActiveOption(NO_OPTION, 3, 'ArrowUp'), 2);
  });

  it('moves one option at a time and wraps around within the list', () => {
    assert.equal(nextActiveOption(0, 5, 'ArrowDown'), 1);
    assert.equal(nextActiveOption(3, 5, 'ArrowDown'), 4);
    assert.equal(nextActiveOption(4, 5, 'ArrowDown'), 0);
    assert.equal(nextActiveOption(4, 5, 'ArrowUp'), 3);
    assert.equal(nextActiveOption(0, 5, 'ArrowUp'), 4);
    assert.equal(nextActiveOption(0, 1, 'ArrowDown'), 0);
    assert.equal(nextActiveOption(0, 1, 'ArrowUp'), 0);
  });

  it('leaves the field active without options, and treats an option that no longer exists as the field', () => {
    assert.equal(nextActiveOption(NO_OPTION, 0, 'ArrowDown'), NO_OPTION);
    assert.equal(nextActiveOption(2, 0, 'ArrowUp'), NO_OPTION);
    assert.equal(nextActiveOption(7, 3, 'ArrowDown'), 0);
    assert.equal(nextActiveOption(7, 3, 'ArrowUp'), 2);
  });

  it('ignores other keys', () => {
    assert.equal(nextActiveOption(2, 5, 'Enter'), 2);
    assert.equal(nextActiveOption(NO_OPTION, 5, 'ArrowLeft'), NO_OPTION);
  });
});

describe('keepActiveOption', () => {
  it('keeps an option that still exists and drops one past the end of a shorter list', () => {
    assert.equal(keepActiveOption(2, 5), 2);
    assert.equal(keepActiveOption(4, 3), NO_OPTION);
    assert.equal(keepActiveOption(0, 0), NO_OPTION);
    assert.equal(keepActiveOption(NO_OPTION, 5), NO_OPTION);
  });
});

describe('suggestionsToShow', () => {
  it('keeps at most the limit, in order, each text once, without blanks or non-text', () => {
    const answer = [
      { suggestion: 'rates' },
      { suggestion: ' rates ' },
      { suggestion: '' },
      { suggestion: 42 },
      {},
      { suggestion: 'rates rebate' },
      { suggestion: 'rubbish' },
      { suggestion: 'recycling' },
      { suggestion: 'roads' },
      { suggestion: 'resource consent' },
    ];
    assert.deepEqual(suggestionsToShow(answer, SUGGESTIONS_SHOWN), ['rates', 'rates rebate', 'rubbish', 'recycling', 'roads']);
    assert.deepEqual(suggestionsToShow(undefined, 5), []);
    assert.deepEqual(suggestionsToShow([null as unknown as { suggestion: string }], 5), []);
  });
});

describe('hasModifier', () => {
  it('is true with Alt, Control or Meta, not with Shift alone', () => {
    assert.equal(hasModifier({ altKey: false, ctrlKey: false, metaKey: false }), false);
    assert.equal(hasModifier({ altKey: true, ctrlKey: false, metaKey: false }), true);
    assert.equal(hasModifier({ altKey: false, ctrlKey: true, metaKey: false }), true);
    assert.equal(hasModifier({ altKey: false, ctrlKey: false, metaKey: true }), true);
  });
});
