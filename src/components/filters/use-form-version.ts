import { useLayoutEffect, useReducer } from 'react';

/** A number that goes up whenever the visitor changes the form (for what is drawn from its state), and a bump. */
export function useFormVersion(form: HTMLFormElement | null): [number, () => void] {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  // From the first commit: no change is missed.
  useLayoutEffect(() => {
    if (!form) return;
    const events = ['change', 'input', 'reset'] as const;
    // After the browser has applied a reset.
    const onEvent = () => setTimeout(bump);
    for (const type of events) form.addEventListener(type, onEvent);
    return () => {
      for (const type of events) form.removeEventListener(type, onEvent);
    };
  }, [form]);
  return [version, bump];
}
