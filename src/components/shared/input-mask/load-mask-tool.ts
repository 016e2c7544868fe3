/** imask loads on demand: a page without masked fields never downloads it. */
export type MaskTool = typeof import('./imask-tool');

let loading: Promise<MaskTool> | undefined;

export function loadMaskTool(): Promise<MaskTool> {
  loading ??= import('./imask-tool').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
