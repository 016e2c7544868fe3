import type { SubsiteColours } from 'civic-elements/core';

/** The council's subsites and their colours, as the CMS holds them. */
export const subsites = {
  buildingAndPlanning: { slug: 'building-and-planning', colour: '#00703c', secondaryColour: '#005a30' },
} as const satisfies Record<string, SubsiteColours>;

export type Subsite = (typeof subsites)[keyof typeof subsites];

/** The same-origin stylesheet of every subsite's colours (served by ./routes.ts). */
export const SUBSITE_STYLESHEET_PATH = '/subsite-themes.css';
