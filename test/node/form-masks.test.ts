import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formRoutes } from '../../examples/site/forms/routes';
import { reportAProblem } from '../../examples/site/forms/report-a-problem';
import { formValues, validateForm } from '../../examples/site/forms/validate-form';
import { conformToMask, maskPatternSource } from '../../src/core/input-mask';

const FIELD = 'earlier-reference';
const field = reportAProblem.steps.flatMap((step) => step.fields).find((candidate) => candidate.name === FIELD);
const mask = field && 'mask' in field ? field.mask : undefined;

const valid = {
  problem: 'pothole',
  description: 'A deep pothole in the left lane',
  street: 'Wharf Street',
  'full-name': 'Aroha Smith',
  email: 'aroha@example.nz',
};
const check = (reference: string) => validateForm(reportAProblem, formValues(new URLSearchParams({ ...valid, [FIELD]: reference })));

describe('report a problem: the masked reference of an earlier report', () => {
  it('is masked on the page, with the matching pattern and a hint with an example for visitors without JavaScript', async () => {
    assert.equal(mask, 'HCC-****-****');
    const page = await (await formRoutes().request('/forms/report-a-problem')).text();
    const input = page.match(/<input id="earlier-reference"[^>]*>/)?.[0] ?? '';
    assert.match(input, /data-mask="HCC-\*\*\*\*-\*\*\*\*"/);
    assert.match(input, /data-mask-uppercase=""/);
    assert.ok(input.includes(`pattern="${maskPatternSource('HCC-****-****')}"`), input);
    assert.match(input, /aria-describedby="earlier-reference-hint"/);
    assert.match(page, /<div class="multi-step-form__hint" id="earlier-reference-hint">[^<]*like HCC-7K2M-9QXD\.<\/div>/);
  });

  it('is optional, kept in capitals in the mask’s shape, and refused when it does not fill the mask', () => {
    assert.deepEqual(check('').errors, []);
    assert.equal(check('').accepted.has(FIELD), false);
    assert.equal(check('HCC-7K2M-9QXD').accepted.get(FIELD), 'HCC-7K2M-9QXD');
    assert.equal(check(' hcc 7k2m 9qxd ').accepted.get(FIELD), 'HCC-7K2M-9QXD');
    assert.equal(check('7k2m9qxd').accepted.get(FIELD), 'HCC-7K2M-9QXD');
    for (const wrong of ['HCC-7K2M', 'HCC-7K2M-9QX', '12', '----']) {
      assert.deepEqual(check(wrong).errors, [
        { field: FIELD, message: 'Enter the reference as HCC- and two groups of 4 letters or numbers, like HCC-7K2M-9QXD' },
      ]);
    }
  });

  it('agrees with the browser: a value the page’s mask and pattern accept, the server accepts unchanged', () => {
    const pattern = new RegExp(`^(?:${maskPatternSource('HCC-****-****')})$`, 'v');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abkmxHCQ- Ā'), maxLength: 16 }), (typed) => {
        // What the page's mask leaves in the field from this typing, and whether the browser's check passes.
        const shown = conformToMask('HCC-****-****', typed, { uppercase: true });
        const result = check(shown);
        if (pattern.test(shown)) assert.equal(result.accepted.get(FIELD), shown);
        else if (shown !== '') assert.equal(result.errors.length, 1);
      }),
      { numRuns: 300 },
    );
  });
});
