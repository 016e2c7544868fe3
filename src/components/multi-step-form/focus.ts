/** Moves focus to a step's legend or heading (made focusable with tabindex -1), bringing the form's top into view. */
export function focusStep(host: HTMLElement, step: HTMLElement | undefined): void {
  if (!step) return;
  const target =
    step.querySelector<HTMLElement>(':scope > legend') ?? step.querySelector<HTMLElement>('legend, h1, h2, h3, h4, h5, h6') ?? step;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  if (host.getBoundingClientRect().top < 0) host.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: host.getBoundingClientRect().top >= 0 });
}

/**
 * Moves focus to a control from an error link, GOV.UK style: its label (or the legend of its group) is
 * scrolled into view first, so the question shows above the field.
 */
export function focusControl(id: string): void {
  const control = document.getElementById(id);
  if (!(control instanceof HTMLElement)) return;
  const group = control.closest('fieldset');
  const legend = group?.querySelector(':scope > legend');
  const label =
    control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement
      ? control.labels?.[0]
      : null;
  const isOption = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
  (isOption ? (legend ?? label) : (label ?? legend))?.scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
}
