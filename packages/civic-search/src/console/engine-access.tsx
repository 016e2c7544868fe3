/** @jsxImportSource hono/jsx */
import { refusal } from '../credentials/grants';
import type { Access } from '../credentials/types';
import type { ConsoleContext, ConsoleServices } from './console-env';
import { MessagePage } from './pages';

/**
 * The engine a console page names, if it exists and the signed-in key may `action` it; otherwise the page to answer
 * (404 for an engine that does not exist, 403 for one the key may not touch), as the API would refuse it.
 */
export function engineAccess(
  c: ConsoleContext,
  services: ConsoleServices,
  action: Access,
): { engine: string; refused?: undefined } | { engine?: undefined; refused: Response | Promise<Response> } {
  const engine = c.req.param('engine') ?? '';
  const { csrfToken } = c.get('session');
  if (!services.engineNames().includes(engine)) {
    return { refused: c.html(<MessagePage title="Engine not found" message={`There is no engine called ${engine}.`} csrfToken={csrfToken} />, 404) };
  }
  const problem = refusal(c.get('grant'), action, engine);
  if (problem) return { refused: c.html(<MessagePage title="Not allowed" message={problem} csrfToken={csrfToken} />, 403) };
  return { engine };
}
