import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import IMask from 'imask';
import {
  MASK_DEFINITIONS,
  conformToMask,
  isUsableMask,
  maskPatternSource,
  matchesMask,
  parseMask,
  readMaskedValue,
} from '../../src/core/input-mask';

/** The whole-value check a browser makes for a `pattern` attribute. */
const patternAttribute = (mask: string) => new RegExp(`^(?:${maskPatternSource(mask)})$`, 'v');

/** imask, configured as the kit configures it in the browser. */
const imaskResolve = (mask: string, text: string) => {
  const masked = IMask.createMask({ mask, lazy: true, definitions: { ...MASK_DEFINITIONS } });
  masked.resolve(text);
  return { value: masked.value, complete: masked.isComplete };
};

describe('parseMask: the pattern alphabet', () => {
  it('reads 0 as a digit, a as a letter, * as either, \\ as an escape and the rest as literal text', () => {
    assert.deepEqual(parseMask('a0*-\\0'), [
      { kind: 'slot', slot: 'letter' },
      { kind: 'slot', slot: 'digit' },
      { kind: 'slot', slot: 'either' },
      { kind: 'literal', char: '-' },
      { kind: 'literal', char: '0' },
    ]);
    assert.deepEqual(parseMask('A\\'), [
      { kind: 'literal', char: 'A' },
      { kind: 'literal', char: '\\' },
    ]);
  });

  it('calls a mask usable only when it has something to fill', () => {
    assert.equal(isUsableMask('HCC-000000'), true);
    assert.equal(isUsableMask('HCC-'), false);
    assert.equal(isUsableMask(''), false);
    assert.equal(isUsableMask('\\0\\a'), false);
  });
});

describe('conformToMask: pasted, autofilled or typed text put into shape', () => {
  const cases: Array<[string, string, string]> = [
    ['HCC-000000', '123456', 'HCC-123456'],
    ['HCC-000000', 'HCC-123456', 'HCC-123456'],
    ['HCC-000000', 'hcc 123 456', 'HCC-123456'],
    ['HCC-000000', ' HCC-1234567', 'HCC-123456'],
    ['HCC-000000', '12', 'HCC-12'],
    ['HCC-000000', 'HCC-', ''],
    ['HCC-000000', 'no digits', ''],
    ['(00) 000 0000', '03 123 4567', '(03) 123 4567'],
    ['(00) 000 0000', '031234567', '(03) 123 4567'],
    ['(00)', '12', '(12)'],
    ['00-00', '12', '12'],
    ['a0a 0a0', 'k1a0b1', 'k1a 0b1'],
    ['a0a 0a0', 'K1A-0B1', 'K1A 0B1'],
    ['aa0000', 'Ōt1234', 'Ōt1234'],
    ['aa0000', '1234', ''],
    ['0**0', '1a-b2', '1ab2'],
    ['\\00-0', '5-6', '05-6'],
  ];
  for (const [mask, text, expected] of cases) {
    it(`${mask}: ${JSON.stringify(text)} -> ${JSON.stringify(expected)}`, () => assert.equal(conformToMask(mask, text), expected));
  }
});

describe('conformToMask with capitals', () => {
  it('writes letters in capitals, leaving digits and literal text as they are', () => {
    assert.equal(conformToMask('HCC-****-****', 'hcc 7k2m 9qxd', { uppercase: true }), 'HCC-7K2M-9QXD');
    assert.equal(conformToMask('a0a 0a0', 'k1ā0b1', { uppercase: true }), 'K1Ā 0B1');
    assert.deepEqual(readMaskedValue('HCC-****-****', '7k2m9qxd', { uppercase: true }), { value: 'HCC-7K2M-9QXD', complete: true });
  });
});

describe('matchesMask and the pattern attribute', () => {
  const cases: Array<[string, string, boolean]> = [
    ['HCC-000000', 'HCC-012345', true],
    ['HCC-000000', 'hcc-012345', false],
    ['HCC-000000', 'HCC-01234', false],
    ['HCC-000000', 'HCC-0123456', false],
    ['HCC-000000', 'HCC-01234a', false],
    ['aa0000', 'HC1234', true],
    ['aa0000', 'āb1234', true],
    ['aa0000', '1C1234', false],
    ['a0a 0a0', 'K1A 0B1', true],
    ['a0a 0a0', 'K1A0B1', false],
    ['*0', 'x1', true],
    ['*0', '71', true],
    ['*0', '-1', false],
    ['(00) [0]. 0|0 {0} 0/0 0$0^0+0?', '(12) [3]. 4|5 {6} 7/8 9$0^1+2?', true],
  ];
  for (const [mask, value, expected] of cases) {
    it(`${mask} ${expected ? 'takes' : 'refuses'} ${JSON.stringify(value)}`, () => {
      assert.equal(matchesMask(mask, value), expected);
      assert.equal(patternAttribute(mask).test(value), expected, `pattern ${maskPatternSource(mask)}`);
    });
  }

  it('writes runs of a slot as a count', () => {
    assert.equal(maskPatternSource('HCC-000000'), 'HCC-[0-9]{6}');
    assert.equal(maskPatternSource('aa0000'), String.raw`\p{L}{2}[0-9]{4}`);
    assert.equal(maskPatternSource('(00) a*'), String.raw`\([0-9]{2}\) \p{L}[0-9\p{L}]`);
  });
});

describe('readMaskedValue: the server reading a post', () => {
  it('normalises what the browser mask would have, and says whether the mask is filled', () => {
    assert.deepEqual(readMaskedValue('HCC-000000', ' hcc012345 '), { value: 'HCC-012345', complete: true });
    assert.deepEqual(readMaskedValue('HCC-000000', 'HCC-0123'), { value: 'HCC-0123', complete: false });
    assert.deepEqual(readMaskedValue('HCC-000000', '   '), { value: '', complete: false });
  });
});

/** A mask from the alphabet, with literal text that includes characters a regular expression treats specially. */
const maskArbitrary = fc
  .array(fc.oneof(fc.constantFrom('0', 'a', '*'), fc.constantFrom('-', ' ', '(', ')', '.', '/', '+', 'H', 'C', '#', '\\0', '\\a')), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => parts.join(''))
  .filter(isUsableMask);

/** A value that fills a mask: each slot given a character it takes. */
const filledValue = (mask: string) =>
  fc
    .tuple(
      ...parseMask(mask).map((token) => {
        if (token.kind === 'literal') return fc.constant(token.char);
        const digits = fc.constantFrom(...'0123456789');
        const letters = fc.constantFrom(...'abcXYZāēīōūĀŌß');
        return token.slot === 'digit' ? digits : token.slot === 'letter' ? letters : fc.oneof(digits, letters);
      }),
    )
    .map((chars) => chars.join(''));

const textArbitrary = fc.string({ unit: fc.constantFrom(...'0123456789abHCā -()./+#\\!'), maxLength: 20 });

describe('properties', () => {
  it('a filled value matches the mask, the pattern attribute, conforms to itself and imask leaves it as it is', () => {
    fc.assert(
      fc.property(
        maskArbitrary.chain((mask) => fc.tuple(fc.constant(mask), filledValue(mask))),
        ([mask, value]) => {
          assert.equal(matchesMask(mask, value), true);
          assert.equal(patternAttribute(mask).test(value), true);
          assert.equal(conformToMask(mask, value), value);
          assert.deepEqual(imaskResolve(mask, value), { value, complete: true });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('conforming is idempotent, never throws, and gives either a filled value or a start of one', () => {
    fc.assert(
      fc.property(maskArbitrary, textArbitrary, (mask, text) => {
        const once = conformToMask(mask, text);
        assert.equal(conformToMask(mask, once), once);
        assert.equal(matchesMask(mask, once), patternAttribute(mask).test(once));
        if (!matchesMask(mask, once)) assert.ok(Array.from(once).length < parseMask(mask).length, `${mask}: ${once}`);
      }),
      { numRuns: 500 },
    );
  });

  it('the pattern attribute and matchesMask agree on any text', () => {
    fc.assert(
      fc.property(maskArbitrary, textArbitrary, (mask, text) => {
        assert.equal(patternAttribute(mask).test(text), matchesMask(mask, text));
      }),
      { numRuns: 500 },
    );
  });

  it('what imask completes from any text, the server accepts', () => {
    fc.assert(
      fc.property(maskArbitrary, textArbitrary, (mask, text) => {
        const typed = imaskResolve(mask, text);
        // imask counts a value complete before its trailing literal text; the page's watcher adds that.
        if (typed.complete) assert.equal(readMaskedValue(mask, typed.value).complete, true, `${mask}: ${typed.value}`);
      }),
      { numRuns: 500 },
    );
  });
});
