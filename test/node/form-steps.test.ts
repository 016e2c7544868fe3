import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  adjacentStep,
  canJumpTo,
  conditionHolds,
  createFormSteps,
  fieldValues,
  isLastVisibleStep,
  jumpTargets,
  jumpToStep,
  leaveStep,
  markDirty,
  moveStep,
  parseCondition,
  resolveHiddenSteps,
  setHiddenSteps,
  showStep,
  stepNumbers,
  submitSteps,
  type FormStepsState,
  type StepFlags,
} from '../../src/core/form-steps';

/**
 * A compact way to write states: one letter per step, the current one in brackets.
 *   h hidden, v viewed (valid), x viewed and invalid, . not viewed (valid), ! not viewed and invalid
 * e.g. "v [v] h ." is four steps: viewed, current, hidden, not viewed.
 */
function state(spec: string, dirty = false): FormStepsState {
  const tokens = spec.trim().split(/\s+/);
  const steps: StepFlags[] = tokens.map((token) => {
    const flag = token.replace(/[[\]]/g, '');
    return { hidden: flag === 'h', viewed: flag === 'v' || flag === 'x', valid: flag !== 'x' && flag !== '!' };
  });
  return { steps, current: tokens.findIndex((token) => token.startsWith('[')), dirty };
}

function show(s: FormStepsState): string {
  return s.steps
    .map((step, index) => {
      const flag = step.hidden ? 'h' : step.viewed ? (step.valid ? 'v' : 'x') : step.valid ? '.' : '!';
      return index === s.current ? `[${flag}]` : flag;
    })
    .join(' ');
}

describe('createFormSteps', () => {
  const cases: Array<{ hidden: boolean[]; options?: Parameters<typeof createFormSteps>[1]; expected: string; name: string }> = [
    { name: 'starts on the first step, viewed', hidden: [false, false, false], expected: '[v] . .' },
    { name: 'skips hidden steps at the start', hidden: [true, false, false], expected: 'h [v] .' },
    { name: 'every step viewed after a server rejection', hidden: [false, true, false], options: { allViewed: true }, expected: '[v] h v' },
    { name: 'starts on a given visible step', hidden: [false, false, false], options: { allViewed: true, start: 2 }, expected: 'v v [v]' },
    { name: 'a hidden start step is ignored', hidden: [false, true, false], options: { start: 1 }, expected: '[v] h .' },
    { name: 'an out-of-range start is ignored', hidden: [false, false], options: { start: 7 }, expected: '[v] .' },
  ];
  for (const { name, hidden, options, expected } of cases) {
    it(name, () => assert.equal(show(createFormSteps(hidden, options)), expected));
  }

  it('has no current step when every step is hidden, or when there are none', () => {
    assert.equal(createFormSteps([true, true]).current, -1);
    assert.equal(createFormSteps([]).current, -1);
    assert.equal(adjacentStep(createFormSteps([]), 1), null);
  });

  it('is clean unless told otherwise', () => {
    assert.equal(createFormSteps([false]).dirty, false);
    assert.equal(createFormSteps([false], { dirty: true }).dirty, true);
  });
});

describe('moveStep: next and previous skip hidden steps in the direction of travel', () => {
  const cases: Array<{ from: string; direction: 1 | -1; valid: boolean; to: string }> = [
    { from: '[v] . .', direction: 1, valid: true, to: 'v [v] .' },
    { from: '[v] h .', direction: 1, valid: true, to: 'v h [v]' },
    { from: '[v] h h .', direction: 1, valid: true, to: 'v h h [v]' },
    { from: 'v h [v]', direction: -1, valid: true, to: '[v] h v' },
    { from: 'h v h [v]', direction: -1, valid: true, to: 'h [v] h v' },
    // Leaving records whether the step was valid.
    { from: '[v] . .', direction: 1, valid: false, to: 'x [v] .' },
    { from: 'v [x] .', direction: -1, valid: true, to: '[v] v .' },
    { from: 'v [v] .', direction: -1, valid: false, to: '[v] x .' },
    // Nowhere to go: stays, but the validity is still recorded.
    { from: 'v v [v]', direction: 1, valid: false, to: 'v v [x]' },
    { from: '[v] .', direction: -1, valid: true, to: '[v] .' },
    { from: 'h [v] h', direction: 1, valid: true, to: 'h [v] h' },
    { from: 'h [v] h', direction: -1, valid: true, to: 'h [v] h' },
  ];
  for (const { from, direction, valid, to } of cases) {
    it(`${from}  ${direction > 0 ? 'next' : 'previous'}${valid ? '' : ' (invalid)'}  ->  ${to}`, () => {
      assert.equal(show(moveStep(state(from), direction, valid)), to);
    });
  }

  it('knows when the current step is the last visible one', () => {
    const table: Array<[string, boolean]> = [
      ['v [v] .', false],
      ['v [v] h', true],
      ['v [v] h h', true],
      ['v h [v]', true],
      ['[v] h .', false],
    ];
    for (const [spec, last] of table) assert.equal(isLastVisibleStep(state(spec)), last, spec);
  });

  it('gives the adjacent visible step each way', () => {
    assert.equal(adjacentStep(state('v h [v] h .'), 1), 4);
    assert.equal(adjacentStep(state('v h [v] h .'), -1), 0);
    assert.equal(adjacentStep(state('h [v] h'), -1), null);
  });
});

describe('leaveStep', () => {
  it('records the validity of the current step only', () => {
    assert.equal(show(leaveStep(state('v [v] .'), false)), 'v [x] .');
    assert.equal(show(leaveStep(state('v [x] .'), true)), 'v [v] .');
  });
  it('does nothing without a current step', () => {
    const none = createFormSteps([true]);
    assert.equal(leaveStep(none, false), none);
  });
});

describe('jumpToStep: "Step N" buttons go to steps already reached', () => {
  const cases: Array<{ from: string; index: number; valid: boolean; to: string; why: string }> = [
    { from: 'v v [v] .', index: 0, valid: true, to: '[v] v v .', why: 'back to the first step' },
    { from: '[v] v v .', index: 2, valid: false, to: 'x v [v] .', why: 'forward to a reached step, recording the step left' },
    { from: 'v [v] . .', index: 3, valid: true, to: 'v [v] . .', why: 'not to a step never reached' },
    { from: 'v [v] h .', index: 2, valid: true, to: 'v [v] h .', why: 'not to a hidden step' },
    { from: 'v [v] .', index: 1, valid: false, to: 'v [v] .', why: 'not to the step showing (nothing recorded)' },
    { from: 'v [v] .', index: 9, valid: true, to: 'v [v] .', why: 'not to a step that does not exist' },
  ];
  for (const { from, index, valid, to, why } of cases) {
    it(`${why}: ${from} -> step ${index} -> ${to}`, () => {
      assert.equal(show(jumpToStep(state(from), index, valid)), to);
      assert.equal(canJumpTo(state(from), index), from !== to);
    });
  }
});

describe('showStep: error links and server errors show any visible step', () => {
  it('shows a step not yet viewed, and marks it viewed', () => {
    assert.equal(show(showStep(state('[v] . .'), 2, true)), 'v . [v]');
  });
  it('never shows a hidden step', () => {
    assert.equal(show(showStep(state('[v] h .'), 1, true)), '[v] h .');
  });
});

describe('setHiddenSteps: display rules change as the visitor answers', () => {
  const cases: Array<{ from: string; hidden: boolean[]; to: string; why: string }> = [
    { from: '[v] h .', hidden: [false, false, false], to: '[v] . .', why: 'a step appears, not yet viewed' },
    { from: '[v] v .', hidden: [false, true, false], to: '[v] h .', why: 'a viewed step is hidden, keeping its flags for later' },
    { from: 'v [v] .', hidden: [false, true, false], to: 'v h [v]', why: 'the current step is hidden: on to the next visible' },
    { from: 'v v [v]', hidden: [false, false, true], to: 'v [v] h', why: 'the last step is hidden: back to the previous visible' },
    { from: '[v] .', hidden: [true, true], to: 'h h', why: 'every step hidden: nothing to show' },
  ];
  for (const { from, hidden, to, why } of cases) {
    it(why, () => assert.equal(show(setHiddenSteps(state(from), hidden)), to));
  }

  it('keeps the viewed flag of a step hidden and shown again', () => {
    const hidden = setHiddenSteps(state('[v] v .'), [false, true, false]);
    assert.equal(show(setHiddenSteps(hidden, [false, false, false])), '[v] v .');
  });
});

describe('markDirty', () => {
  it('sets and clears the flag, returning the same state when nothing changes', () => {
    const clean = state('[v]');
    const dirty = markDirty(clean);
    assert.equal(dirty.dirty, true);
    assert.equal(markDirty(dirty), dirty);
    assert.equal(markDirty(dirty, false).dirty, false);
  });
});

describe('stepNumbers and jumpTargets: "Step N" counts visible steps only', () => {
  it('numbers visible steps from 1', () => {
    assert.deepEqual(stepNumbers(state('[v] h . h .').steps), [1, null, 2, null, 3]);
  });

  it('lists the visible steps with the current one and those that can be reached', () => {
    assert.deepEqual(jumpTargets(state('v h [v] . h')), [
      { index: 0, number: 1, current: false, reachable: true },
      { index: 2, number: 2, current: true, reachable: false },
      { index: 3, number: 3, current: false, reachable: false },
    ]);
  });
});

describe('submitSteps', () => {
  const cases: Array<{ from: string; validity: boolean[]; outcome: ReturnType<typeof submitSteps>['outcome']; to: string; why: string }> = [
    {
      why: 'all visible steps valid: submitted',
      from: 'v v [v]',
      validity: [true, true, true],
      outcome: { kind: 'submit' },
      to: 'v v [v]',
    },
    {
      why: 'a hidden step is neither validated nor listed',
      from: 'v h [v]',
      validity: [true, false, true],
      outcome: { kind: 'submit' },
      to: 'v h [v]',
    },
    {
      why: 'viewed invalid steps are listed and the first is shown',
      from: 'v v [v]',
      validity: [true, false, false],
      outcome: { kind: 'errors', show: 1, listed: [1, 2] },
      to: 'v [x] x',
    },
    {
      why: 'the first invalid step not yet viewed is shown; viewed ones are listed',
      from: 'v [v] . .',
      validity: [false, true, false, false],
      outcome: { kind: 'errors', show: 2, listed: [0] },
      to: 'x v [x] !',
    },
    {
      why: 'an invalid step not yet viewed alone: shown, nothing listed',
      from: '[v] .',
      validity: [true, false],
      outcome: { kind: 'errors', show: 1, listed: [] },
      to: 'v [x]',
    },
    {
      why: 'the step showing can be the one listed',
      from: 'v [v]',
      validity: [true, false],
      outcome: { kind: 'errors', show: 1, listed: [1] },
      to: 'v [x]',
    },
    {
      why: 'missing validity counts as valid',
      from: 'v [v]',
      validity: [true],
      outcome: { kind: 'submit' },
      to: 'v [v]',
    },
  ];
  for (const { why, from, validity, outcome, to } of cases) {
    it(why, () => {
      const result = submitSteps(state(from, true), validity);
      assert.deepEqual(result.outcome, outcome);
      assert.equal(show(result.state), to);
      assert.equal(result.state.dirty, outcome.kind !== 'submit', 'a submitted form is no longer dirty; one with errors still is');
    });
  }
});

describe('parseCondition: a small rule syntax, never code', () => {
  const good: Array<[string, ReturnType<typeof parseCondition>]> = [
    ['problem=streetlight', { ok: true, condition: [{ field: 'problem', test: 'equals', values: ['streetlight'] }] }],
    [' problem = streetlight | sign ', { ok: true, condition: [{ field: 'problem', test: 'equals', values: ['streetlight', 'sign'] }] }],
    ['urgent!=no', { ok: true, condition: [{ field: 'urgent', test: 'not-equals', values: ['no'] }] }],
    ['updates', { ok: true, condition: [{ field: 'updates', test: 'filled' }] }],
    ['!updates', { ok: true, condition: [{ field: 'updates', test: 'empty' }] }],
    ['contact[email]=yes', { ok: true, condition: [{ field: 'contact[email]', test: 'equals', values: ['yes'] }] }],
    ['amount=1 000 NZD', { ok: true, condition: [{ field: 'amount', test: 'equals', values: ['1 000 NZD'] }] }],
    [
      'problem=streetlight; urgent!=no;',
      {
        ok: true,
        condition: [
          { field: 'problem', test: 'equals', values: ['streetlight'] },
          { field: 'urgent', test: 'not-equals', values: ['no'] },
        ],
      },
    ],
  ];
  for (const [text, expected] of good) it(`reads ${JSON.stringify(text)}`, () => assert.deepEqual(parseCondition(text), expected));

  it('takes values as literal text: signs inside a value are not syntax, and nothing is ever run', () => {
    assert.deepEqual(parseCondition('a=b=c!'), { ok: true, condition: [{ field: 'a', test: 'equals', values: ['b=c!'] }] });
    assert.deepEqual(parseCondition('alert(1)=x'), { ok: true, condition: [{ field: 'alert(1)', test: 'equals', values: ['x'] }] });
  });

  const bad = ['', ' ; ', 'problem=', 'problem=a||b', '=value', 'two words', '!=x', 'a; b c'];
  for (const text of bad) {
    it(`refuses ${JSON.stringify(text)} with a reason`, () => {
      const result = parseCondition(text);
      assert.equal(result.ok, false);
      if (!result.ok) assert.ok(result.problem.length > 0);
    });
  }
});

describe('conditionHolds', () => {
  const values = fieldValues([
    ['problem', 'streetlight'],
    ['topics', 'roads'],
    ['topics', 'parks'],
    ['name', '  '],
    ['email', 'a@b.nz'],
  ]);
  const table: Array<[string, boolean]> = [
    ['problem=streetlight', true],
    ['problem=pothole', false],
    ['problem=pothole|streetlight', true],
    ['problem!=streetlight', false],
    ['problem!=pothole', true],
    ['topics=parks', true],
    ['topics!=parks', false],
    ['email', true],
    ['name', false],
    ['!name', true],
    ['missing', false],
    ['!missing', true],
    ['missing!=x', true],
    ['missing=x', false],
    ['problem=streetlight; email', true],
    ['problem=streetlight; !email', false],
    ['problem=Streetlight', false],
  ];
  for (const [rule, expected] of table) {
    it(`${rule} is ${expected}`, () => {
      const parsed = parseCondition(rule);
      assert.ok(parsed.ok);
      if (parsed.ok) assert.equal(conditionHolds(parsed.condition, values), expected);
    });
  }
});

describe('resolveHiddenSteps', () => {
  const rule = (text: string) => {
    const parsed = parseCondition(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    return parsed.condition;
  };
  const steps = [
    { condition: null, fields: ['problem'] },
    { condition: rule('problem=streetlight'), fields: ['pole', 'fault'] },
    { condition: rule('fault=sparking'), fields: ['danger'] },
    { condition: null, fields: ['name'] },
  ];
  const table: Array<{ values: Array<[string, string]>; hidden: boolean[]; why: string }> = [
    { why: 'no answers: conditional steps hidden', values: [], hidden: [false, true, true, false] },
    { why: 'the rule holds: shown', values: [['problem', 'streetlight']], hidden: [false, false, true, false] },
    {
      why: 'a chain of rules',
      values: [
        ['problem', 'streetlight'],
        ['fault', 'sparking'],
      ],
      hidden: [false, false, false, false],
    },
    {
      why: "a hidden step's fields count as empty for later rules (values kept, not used)",
      values: [
        ['problem', 'pothole'],
        ['fault', 'sparking'],
      ],
      hidden: [false, true, true, false],
    },
  ];
  for (const { why, values, hidden } of table) {
    it(why, () => assert.deepEqual(resolveHiddenSteps(steps, fieldValues(values)), hidden));
  }
});
