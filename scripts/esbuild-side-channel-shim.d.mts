import type { Plugin } from 'esbuild';

export const sideChannelShim: Plugin;
