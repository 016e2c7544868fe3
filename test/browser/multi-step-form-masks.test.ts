import { expect, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/multi-step-form';
import '../../elements/masked-input';
import { loadMaskTool } from '../../src/components/shared/input-mask/load-mask-tool';
import { effectsSettled, upgraded } from './helpers';

const maskedForm = (wrapped = false) => {
  const field = html`
    <label class="multi-step-form__label" for="reference">Reference of an earlier report (optional)</label>
    <input id="reference" name="reference" data-mask="HCC-000000" data-error-format="Enter the reference like HCC-012345" />
  `;
  return html`
    <multi-step-form>
      <form action="/forms/masks" method="post">
        <fieldset data-step>
          <legend>The problem</legend>
          <div class="multi-step-form__field" data-field>${wrapped ? html`<masked-input>${field}</masked-input>` : field}</div>
        </fieldset>
        <fieldset data-step>
          <legend>Your details</legend>
          <div class="multi-step-form__field" data-field>
            <label class="multi-step-form__label" for="name">Full name</label>
            <input id="name" name="name" />
          </div>
        </fieldset>
        <button type="submit">Send</button>
      </form>
    </multi-step-form>
  `;
};

async function form(wrapped = false) {
  const element = await upgraded<HTMLElement>(maskedForm(wrapped), (el) => el.querySelector('.multi-step-form__next') !== null);
  await effectsSettled();
  await loadMaskTool();
  await effectsSettled();
  return { element, input: element.querySelector<HTMLInputElement>('#reference')! };
}

const errorText = (el: HTMLElement) => el.querySelector('#reference-error')?.textContent?.replace(/\s+/g, ' ').trim();

describe('<multi-step-form> with a masked field', () => {
  beforeEach(() => sessionStorage.clear());

  it('shapes the field as it is typed, and stops Next on an unfinished value with the field’s format message', async () => {
    const { element, input } = await form();
    input.focus();
    await sendKeys({ type: '12' });
    expect(input.value).to.equal('HCC-12');
    element.querySelector<HTMLButtonElement>('.multi-step-form__next')!.click();
    await waitUntil(() => errorText(element), 'no error shown');
    expect(errorText(element)).to.equal('Error: Enter the reference like HCC-012345');
    input.focus();
    await sendKeys({ type: '3456' });
    expect(input.value).to.equal('HCC-123456');
    await waitUntil(() => !errorText(element), 'the fixed field kept its error');
    element.querySelector<HTMLButtonElement>('.multi-step-form__next')!.click();
    await waitUntil(() => element.querySelector<HTMLElement>('fieldset[data-step]:last-of-type')?.hidden === false, 'Next did not move on');
  });

  it('shapes a field wrapped in a <masked-input> inside the form as it is typed', async () => {
    const { input } = await form(true);
    await waitUntil(() => input.closest('masked-input')?.querySelector('.masked-input__content'), '<masked-input> did not upgrade');
    await effectsSettled();
    input.focus();
    await sendKeys({ type: '98' });
    expect(input.value).to.equal('HCC-98');
  });
});
