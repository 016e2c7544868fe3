import { useLayoutEffect, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { format } from '../../core/i18n';
import type { DropdownMarkup } from './parse-filters';
import { usePortalSlot } from './use-portal-slot';

interface DropdownProps {
  dropdown: DropdownMarkup;
  /** The panel's id when the server gave it none. */
  panelId: string;
  open: boolean;
  /** How many filters inside are chosen (checked boxes, filled fields). */
  chosen: number;
  chosenLabel: string;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * One dropdown filter, a disclosure (APG): a button with aria-expanded and aria-controls, put before the
 * server's fieldset, which becomes the panel and is hidden while closed. The fieldset keeps its legend, so
 * its controls keep their group name.
 */
export function Dropdown({ dropdown, panelId, open, chosen, chosenLabel, onToggle, buttonRef }: DropdownProps) {
  const slot = usePortalSlot(dropdown.container, 'afterbegin', 'div', 'filters__dropdown-toggle-slot');
  const id = dropdown.panel.id || panelId;

  useLayoutEffect(() => {
    const { container, panel } = dropdown;
    const gaveId = !panel.id;
    if (gaveId) panel.setAttribute('id', panelId);
    container.setAttribute('data-enhanced', '');
    panel.classList.add('filters__dropdown-panel');
    return () => {
      if (gaveId) panel.removeAttribute('id');
      container.removeAttribute('data-enhanced');
      container.removeAttribute('data-open');
      panel.classList.remove('filters__dropdown-panel');
      panel.removeAttribute('hidden');
    };
  }, [dropdown, panelId]);

  useLayoutEffect(() => {
    dropdown.panel.toggleAttribute('hidden', !open);
    dropdown.container.toggleAttribute('data-open', open);
  }, [dropdown, open]);

  if (!slot) return null;
  return createPortal(
    <button ref={buttonRef} type="button" className="filters__dropdown-toggle" aria-expanded={open} aria-controls={id} onClick={onToggle}>
      <span className="filters__dropdown-label">{dropdown.label}</span>
      {chosen > 0 && <span className="filters__dropdown-count">{format(chosenLabel, { count: chosen })}</span>}
      <span className="filters__dropdown-icon" aria-hidden="true" />
    </button>,
    slot,
  );
}

/** Checked boxes and radios, chosen options and filled text fields inside a panel (named controls: what the form sends). */
export function countChosen(panel: HTMLElement): number {
  let count = 0;
  for (const control of panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')) {
    if (control instanceof HTMLSelectElement) count += control.value !== '' ? 1 : 0;
    else if (control.type === 'checkbox' || control.type === 'radio') count += control.checked ? 1 : 0;
    else if (!['hidden', 'submit', 'button', 'reset', 'image'].includes(control.type) && control.value.trim() !== '') count += 1;
  }
  return count;
}
