import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/masked-input';
import { loadMaskTool } from '../../src/components/shared/input-mask/load-mask-tool';
import { capturingConsole, effectsSettled, upgraded } from './helpers';

const referenceField = (mask = 'HCC-000000', extra = '') => html`
  <masked-input>
    <label for="reference">Reference</label>
    <div id="reference-hint">Like HCC-012345</div>
    <input id="reference" name="reference" type="text" data-mask=${mask} aria-describedby="reference-hint" .value=${extra} />
  </masked-input>
`;

/** The element has upgraded and imask has arrived: the field is shaped as it is typed. */
async function maskedField(template = referenceField()): Promise<{ element: HTMLElement; input: HTMLInputElement }> {
  const element = await upgraded<HTMLElement>(template, (el) => el.querySelector('.masked-input__content input') !== null);
  await effectsSettled();
  // The element asked for the mask first, so its own callback has run once this resolves.
  await loadMaskTool();
  await effectsSettled();
  return { element, input: element.querySelector('input')! };
}

async function typeInto(input: HTMLInputElement, text: string) {
  input.focus();
  await sendKeys({ type: text });
}

describe('<masked-input>', () => {
  it('keeps the label, hint and field once, in order, on upgrade', async () => {
    const { element, input } = await maskedField();
    expect(element.querySelectorAll('input').length).to.equal(1);
    expect(element.querySelectorAll('label').length).to.equal(1);
    expect(input.labels?.[0]?.textContent).to.equal('Reference');
    expect(input.getAttribute('aria-describedby')).to.equal('reference-hint');
  });

  it('has no axe violations once shaped, and with an unfinished value', async () => {
    const { element, input } = await maskedField();
    await expect(element).to.be.accessible();
    await typeInto(input, '12');
    await expect(element).to.be.accessible();
  });

  it('puts the literal text in as digits are typed and refuses what a slot cannot take', async () => {
    const { input } = await maskedField();
    await typeInto(input, '1');
    expect(input.value).to.equal('HCC-1');
    await typeInto(input, 'x2-3 456789');
    expect(input.value).to.equal('HCC-123456');
    expect(input.validity.valid).to.be.true;
  });

  it('takes letters and digits where the mask says, in any alphabet', async () => {
    const { input } = await maskedField(referenceField('aa0000'));
    await typeInto(input, '1Ō2t3456');
    expect(input.value).to.equal('Ōt3456');
  });

  it('writes letters in capitals when the field asks for them', async () => {
    const element = await upgraded<HTMLElement>(
      html`<masked-input><label for="ref">Reference</label><input id="ref" data-mask="HCC-****-****" data-mask-uppercase /></masked-input>`,
      (el) => el.querySelector('.masked-input__content') !== null,
    );
    await effectsSettled();
    await loadMaskTool();
    await effectsSettled();
    const input = element.querySelector('input')!;
    await typeInto(input, '7k2m9qxd');
    expect(input.value).to.equal('HCC-7K2M-9QXD');
    input.value = 'hcc-ab12-cd34';
    await waitUntil(() => input.value === 'HCC-AB12-CD34', 'a value set by a script was not written in capitals', { timeout: 3000 });
  });

  it('marks an unfinished value as not matching, with a pattern from the mask', async () => {
    const { input } = await maskedField();
    expect(input.getAttribute('pattern')).to.equal('HCC-[0-9]{6}');
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    await typeInto(input, '12');
    expect(input.validity.patternMismatch).to.be.true;
    await typeInto(input, '3456');
    expect(input.validity.patternMismatch).to.be.false;
  });

  it('keeps a pattern the page gave, and asks for the number pad only when every slot is a digit', async () => {
    const element = await fixture<HTMLElement>(html`
      <masked-input>
        <label for="postcode">Postcode</label>
        <input id="postcode" data-mask="a0a 0a0" pattern="[A-Z][0-9][A-Z] [0-9][A-Z][0-9]" />
      </masked-input>
    `);
    await waitUntil(() => element.querySelector('.masked-input__content'), 'did not upgrade');
    await effectsSettled();
    const input = element.querySelector('input')!;
    expect(input.getAttribute('pattern')).to.equal('[A-Z][0-9][A-Z] [0-9][A-Z][0-9]');
    expect(input.hasAttribute('inputmode')).to.be.false;
  });

  it('finishes trailing literal text when the visitor leaves the field', async () => {
    const { input } = await maskedField(referenceField('(00)'));
    await typeInto(input, '12');
    expect(input.value).to.equal('(12');
    input.blur();
    // The browser's change event on leaving an edited field.
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(input.value).to.equal('(12)');
  });

  it('shapes a value the server rendered', async () => {
    const { input } = await maskedField(referenceField('HCC-000000', 'hcc 012345'));
    expect(input.value).to.equal('HCC-012345');
  });

  it('shapes a value set by a script or autofill, without typing, at the watch interval', async () => {
    const { input } = await maskedField();
    input.value = 'hcc 65 43 21';
    await waitUntil(() => input.value === 'HCC-654321', 'the watcher did not shape the value', { timeout: 3000 });
    // A script empties it and the visitor types at once, before the watcher's next look: the mask follows.
    input.value = '';
    await typeInto(input, '7');
    expect(input.value).to.equal('HCC-7');
  });

  it('stops watching, and takes its pattern off, once the element leaves the page', async () => {
    const { element, input } = await maskedField();
    element.remove();
    await waitUntil(() => !input.hasAttribute('pattern'), 'the mask was not taken off');
    input.value = 'hcc 111111';
    // A second masked field proves a watch interval has passed.
    const { input: other } = await maskedField(referenceField('HCC-000000'));
    other.value = '222222';
    await waitUntil(() => other.value === 'HCC-222222', 'the second field was not shaped', { timeout: 3000 });
    expect(input.value).to.equal('hcc 111111');
  });

  it('reports a mask with nothing to fill, or on a field that cannot be masked, and leaves the field alone', async () => {
    const warnings = await capturingConsole('warn', async () => {
      await fixture(html`
        <masked-input>
          <label for="a">A</label><input id="a" data-mask="ABC-" value="xyz" /> <label for="b">B</label
          ><input id="b" type="email" data-mask="000" />
        </masked-input>
      `);
      await effectsSettled();
    });
    expect(warnings.join('\n')).to.contain('<masked-input>: the data-mask "ABC-" of #a has nothing to fill');
    expect(warnings.join('\n')).to.contain('<masked-input>: #b is type="email"');
    expect((document.getElementById('a') as HTMLInputElement).value).to.equal('xyz');
    expect(document.getElementById('a')!.hasAttribute('pattern')).to.be.false;
  });

  it('says so when there is no masked field inside', async () => {
    const warnings = await capturingConsole('warn', async () => {
      await fixture(html`<masked-input><input id="plain" /></masked-input>`);
      await effectsSettled();
    });
    expect(warnings).to.deep.equal(['<masked-input>: no <input data-mask> inside, so nothing is masked.']);
  });
});
