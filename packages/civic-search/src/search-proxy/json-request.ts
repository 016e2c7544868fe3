import { badRequest } from './errors';

/** A JSON text that must hold one object (an App Search request body). Throws a 400 ProxyError otherwise. */
export function parseJsonObject(text: string, where: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(`${where}: is not valid JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`${where}: must be a JSON object.`);
  return value as Record<string, unknown>;
}
