// The kit's two builds and the one switch that chooses between them, CIVIC_BUILD: `react` (the default) is dist/,
// `lean` is dist/lean/ (the same elements on Preact's React-compatible runtime). The example server, the e2e
// projects, the browser tests and the benches all read it here, so every tool names the builds the same way.

/** Each build's folder, relative to the repository root. */
export const KIT_BUILDS = Object.freeze({ react: 'dist', lean: 'dist/lean' });

export const DEFAULT_KIT_BUILD = 'react';

/**
 * The build a CIVIC_BUILD value names (unset or empty: the default). Any other value throws, with the accepted
 * ones in the message, so a typo never runs the other build unnoticed.
 */
export function kitBuildFrom(value) {
  if (value === undefined || value.trim() === '') return DEFAULT_KIT_BUILD;
  const name = value.trim();
  if (Object.hasOwn(KIT_BUILDS, name)) return name;
  const accepted = Object.keys(KIT_BUILDS).map((build) => `'${build}'`);
  throw new Error(`CIVIC_BUILD=${JSON.stringify(value)} names no build of the kit: use ${accepted.join(' or ')} (default '${DEFAULT_KIT_BUILD}').`);
}
