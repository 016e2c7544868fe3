import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  FORM_DRAFT_STORAGE_PREFIX,
  draftOf,
  draftStorageKey,
  parseDraft,
  restoreSteps,
  serializeDraft,
  type FormDraft,
} from '../../src/core/form-draft';
import { createFormSteps } from '../../src/core/form-steps';

const draft = (fields: Array<[string, string]> = [['street', 'Wharf Street']], step = 2, viewed = [0, 1, 2]): FormDraft => ({
  step,
  viewed,
  fields,
});

describe('form drafts: stored and read back', () => {
  it('keys a draft by its form', () => {
    assert.equal(draftStorageKey('/forms/report-a-problem'), `${FORM_DRAFT_STORAGE_PREFIX}/forms/report-a-problem`);
  });

  it('reads back what it stored', () => {
    const saved = draft([
      ['problem', 'streetlight'],
      ['description', 'Out since Tuesday\nand flickering'],
      ['updates', 'yes'],
    ]);
    assert.deepEqual(parseDraft(serializeDraft(saved)), saved);
  });

  it('ignores nothing, broken text, another version and wrong shapes', () => {
    for (const text of [
      null,
      '',
      'not json',
      'null',
      '[]',
      '{"version":2,"step":0,"viewed":[],"fields":[]}',
      '{"version":1,"step":-1,"viewed":[],"fields":[]}',
      '{"version":1,"step":0.5,"viewed":[],"fields":[]}',
      '{"version":1,"step":0,"viewed":["0"],"fields":[]}',
      '{"version":1,"step":0,"viewed":[],"fields":[["a"]]}',
      '{"version":1,"step":0,"viewed":[],"fields":[["a",1]]}',
      '{"version":1,"step":0,"viewed":[],"fields":{}}',
    ]) {
      assert.equal(parseDraft(text), null, String(text));
    }
  });

  it('never throws, whatever the storage holds, and a stored draft always reads back equal', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseDraft(text)));
    fc.assert(fc.property(fc.json(), (text) => void parseDraft(text)));
    const fieldsArb = fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 8 });
    fc.assert(
      fc.property(fc.nat(20), fc.array(fc.nat(20), { maxLength: 5 }), fieldsArb, (step, viewed, fields) => {
        const saved = { step, viewed, fields };
        assert.deepEqual(parseDraft(serializeDraft(saved)), saved);
      }),
    );
  });
});

describe('form drafts: the steps restored', () => {
  it('reopens on the step the visitor left, with the steps they reached, dirty', () => {
    const state = restoreSteps([false, false, false, false], draft([], 2, [0, 1, 2]));
    assert.equal(state.current, 2);
    assert.deepEqual(
      state.steps.map((step) => step.viewed),
      [true, true, true, false],
    );
    assert.equal(state.dirty, true);
  });

  it('falls back to the first visible step when the one left is now hidden or gone', () => {
    assert.equal(restoreSteps([false, false, true, false], draft([], 2, [0, 1, 2])).current, 0);
    assert.equal(restoreSteps([true, false], draft([], 7, [])).current, 1);
  });

  it('is what draftOf records', () => {
    const state = restoreSteps([false, true, false], draft([], 2, [0, 2]));
    assert.deepEqual(draftOf(state, [['a', 'b']]), { step: 2, viewed: [0, 2], fields: [['a', 'b']] });
    assert.deepEqual(draftOf(createFormSteps([]), []), { step: 0, viewed: [], fields: [] });
  });
});
