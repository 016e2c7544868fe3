/** The mask and the calendar load on demand: a page without date fields never downloads them. */
export type DateTools = typeof import('./date-tools');

let loading: Promise<DateTools> | undefined;

export function loadDateTools(): Promise<DateTools> {
  loading ??= import('./date-tools').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
