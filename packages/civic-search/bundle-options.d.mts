import type { BuildOptions } from 'esbuild';

export const external: string[];
export const bundleOptions: Readonly<BuildOptions>;
