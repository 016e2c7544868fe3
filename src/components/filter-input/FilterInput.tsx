import { useEffect, useLayoutEffect, useState } from 'react';
import { Adopt, dispatch, useMessages, useServerContent, type ElementProps } from '../../web-component';
import { format } from '../../core/i18n';
import { matchesQuery } from './match-text';
import { parseFilterInput } from './parse-filter-input';

export const filterInputMessages = {
  count: 'Showing {count} of {total}',
  noMatches: 'No results match “{query}”',
};

export const filterInputAttributes = { target: 'string' } as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The list was filtered as the visitor typed: how many of its items show. */
    'filter-input-change': { query: string; count: number; total: number };
  }
}

const ELEMENT = 'filter-input';

interface FilterInputProps extends ElementProps {
  /** The id of the list whose items (its element children) the input filters as the visitor types. */
  target?: string;
}

interface Result {
  query: string;
  count: number;
  total: number;
}

/** Shows the items matching the query, always keeping one that holds a checked option; returns the counts. */
function filterItems(list: HTMLElement, query: string): Result {
  const items = Array.from(list.children).filter((item): item is HTMLElement => item instanceof HTMLElement);
  let count = 0;
  for (const item of items) {
    const show = matchesQuery(item.textContent ?? '', query) || Boolean(item.querySelector('input:checked'));
    item.hidden = !show;
    if (show) count += 1;
  }
  return { query: query.trim(), count, total: items.length };
}

export function FilterInput({ host, serverNodes, i18n, target }: FilterInputProps) {
  const t = useMessages(filterInputMessages, i18n, ELEMENT);
  const { input, button } = useServerContent(serverNodes, parseFilterInput);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!input) console.warn(`<${ELEMENT}>: no text or search <input> found inside.`);
    else if (!button) console.warn(`<${ELEMENT}>: no button found after the input; nothing is disabled while it is empty.`);
  }, [input, button]);

  const list = target ? document.getElementById(target) : null;
  useEffect(() => {
    if (target && !list) console.warn(`<${ELEMENT}>: target "${target}" is not the id of an element on the page; nothing is filtered.`);
  }, [target, list]);

  // The button is disabled while the input is empty; the list follows what is typed.
  useLayoutEffect(() => {
    if (!input) return;
    const update = (announce: boolean) => {
      button?.toggleAttribute('disabled', input.value.trim() === '');
      if (!list) return;
      const filtered = filterItems(list, input.value);
      setResult(filtered.query === '' ? null : filtered);
      if (announce) dispatch(host, 'filter-input-change', filtered);
    };
    const onInput = () => update(true);
    // Filtering happens as the visitor types: the search itself stays on the page.
    const onSubmit = (event: SubmitEvent) => {
      if (list && event.target === input.form) event.preventDefault();
    };
    update(false);
    input.addEventListener('input', onInput);
    input.form?.addEventListener('submit', onSubmit);
    return () => {
      input.removeEventListener('input', onInput);
      input.form?.removeEventListener('submit', onSubmit);
      button?.removeAttribute('disabled');
    };
  }, [input, button, list, host]);

  const status =
    result === null
      ? ''
      : result.count === 0
        ? format(t.noMatches, { query: result.query })
        : format(t.count, { count: result.count, total: result.total });
  return (
    <div className="filter-input">
      <Adopt nodes={serverNodes} className="filter-input__content" />
      {list && (
        <p className="filter-input__status" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
