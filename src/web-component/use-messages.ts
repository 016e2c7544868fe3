import { useMemo } from 'react';
import { mergeMessages, type Messages } from '../core/i18n';

/** The component's English defaults with the page's `i18n` overrides applied. */
export function useMessages<M extends Messages>(defaults: M, overrides: unknown, elementName: string): M {
  return useMemo(() => mergeMessages(defaults, overrides, elementName), [defaults, overrides, elementName]);
}
