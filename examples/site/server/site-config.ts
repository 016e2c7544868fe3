/**
 * The example site's own server settings, read from the environment once (the search service has its own):
 * - SITE_DATA_DIR: the folder of accepted feedback and reports (default `.data/site`);
 * - SITE_TRUST_PROXY=1: the site runs behind a reverse proxy that sets X-Forwarded-Host and X-Forwarded-Proto
 *   (never set it when visitors reach the site directly: they could then claim any host);
 * - SITE_HSTS_MAX_AGE: seconds browsers should keep to HTTPS (unset or 0: no Strict-Transport-Security header);
 * - SITE_HSTS_INCLUDE_SUBDOMAINS=1: extend that to every subdomain (only if each of them serves HTTPS).
 */

export interface HstsOptions {
  maxAge: number;
  includeSubDomains: boolean;
}

export interface SiteServerConfig {
  dataDir: string;
  trustProxy: boolean;
  /** False: no Strict-Transport-Security header at all. */
  hsts: HstsOptions | false;
}

export const DEFAULT_SITE_DATA_DIR = '.data/site';

const isOn = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? '');

/** The settings from an environment. Throws, naming the variable, on a value it cannot use. */
export function siteServerConfig(env: NodeJS.ProcessEnv = process.env): SiteServerConfig {
  const maxAgeText = env.SITE_HSTS_MAX_AGE?.trim() ?? '';
  const maxAge = maxAgeText === '' ? 0 : Number(maxAgeText);
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) {
    throw new Error(`SITE_HSTS_MAX_AGE must be a whole number of seconds, not ${JSON.stringify(maxAgeText)}.`);
  }
  return {
    dataDir: env.SITE_DATA_DIR?.trim() || DEFAULT_SITE_DATA_DIR,
    trustProxy: isOn(env.SITE_TRUST_PROXY),
    hsts: maxAge > 0 ? { maxAge, includeSubDomains: isOn(env.SITE_HSTS_INCLUDE_SUBDOMAINS) } : false,
  };
}
