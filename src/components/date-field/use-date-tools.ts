import { useEffect, useState } from 'react';
import { loadDateTools, type DateTools } from './load-date-tools';

/**
 * Loads the mask and the calendar when a form has date fields, and only then. Until they arrive, and if they
 * never do, the fields are plain text fields that still work (and are still checked).
 */
export function useDateTools(needed: boolean, elementName: string): DateTools | null {
  const [tools, setTools] = useState<DateTools | null>(null);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    loadDateTools().then(
      (loaded) => {
        if (current) setTools(loaded);
      },
      (error: unknown) =>
        console.error(`<${elementName}>: the date picker could not be loaded; the date fields stay plain text fields.`, error),
    );
    return () => {
      current = false;
    };
  }, [needed, elementName]);
  return tools;
}
