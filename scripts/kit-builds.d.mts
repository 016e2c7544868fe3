export type KitBuild = 'react' | 'lean';
export const KIT_BUILDS: Readonly<Record<KitBuild, string>>;
export const DEFAULT_KIT_BUILD: KitBuild;
export function kitBuildFrom(value: string | undefined): KitBuild;
