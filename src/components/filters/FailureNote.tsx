import { createPortal } from 'react-dom';
import { usePortalSlot } from './use-portal-slot';

/** "Could not update the results", shown just above the results while the last reload has failed. */
export function FailureNote({ results, message }: { results: HTMLElement | null; message: string | null }) {
  const slot = usePortalSlot(results, 'beforebegin', 'div', 'filters__note-slot');
  if (!slot || !message) return null;
  return createPortal(<p className="filters__note">{message}</p>, slot);
}
