/** @jsxImportSource hono/jsx */
import { refusal } from '../../credentials/grants';
import type { KeyGrant } from '../../credentials/types';
import type { ConsoleScreen, ConsoleServices } from '../console-env';
import { CONSOLE_PATH, EnginesPage } from '../pages';

/** The engines a grant may read, in the console as in the API. */
export const readableEngines = (services: ConsoleServices, grant: KeyGrant) =>
  services.engineNames().filter((name) => refusal(grant, 'read', name) === undefined);

/** The service-wide screens a grant may open: keys for a key that manages them, log settings for one over every engine. */
function ServiceLinks({ grant }: { grant: KeyGrant }) {
  const links = [
    ...(refusal(grant, 'admin', undefined) === undefined ? [{ href: `${CONSOLE_PATH}/keys`, label: 'Keys' }] : []),
    ...(refusal(grant, 'read', undefined) === undefined ? [{ href: `${CONSOLE_PATH}/log-settings`, label: 'Log settings' }] : []),
  ];
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="service-heading">
      <h2 id="service-heading">The service</h2>
      <ul class="engine-list">
        {links.map((link) => (
          <li>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The console's first page: the engines the signed-in key reaches. */
export const enginesScreen: ConsoleScreen = (app, services, { signedIn }) => {
  app.get(CONSOLE_PATH, signedIn, (c) => {
    const grant = c.get('grant');
    const note = grant.type === 'admin' && !grant.root ? 'An admin key manages keys; engines need a private key.' : undefined;
    const engines = readableEngines(services, grant).map((name) => ({ name }));
    return c.html(
      <EnginesPage engines={engines} csrfToken={c.get('session').csrfToken} note={note}>
        <ServiceLinks grant={grant} />
      </EnginesPage>,
    );
  });
};
