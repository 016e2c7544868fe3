/** @jsxImportSource hono/jsx */
import { refusal } from '../../credentials/grants';
import type { KeyGrant } from '../../credentials/types';
import type { ConsoleScreen, ConsoleServices } from '../console-env';
import { CONSOLE_PATH, EnginesPage } from '../pages';

/** The engines a grant may read, in the console as in the API. */
export const readableEngines = (services: ConsoleServices, grant: KeyGrant) =>
  services.engineNames().filter((name) => refusal(grant, 'read', name) === undefined);

/** The console's first page: the engines the signed-in key reaches. */
export const enginesScreen: ConsoleScreen = (app, services, { signedIn }) => {
  app.get(CONSOLE_PATH, signedIn, (c) => {
    const grant = c.get('grant');
    const note = grant.type === 'admin' && !grant.root ? 'An admin key manages keys; engines need a private key.' : undefined;
    const engines = readableEngines(services, grant).map((name) => ({ name }));
    return c.html(<EnginesPage engines={engines} csrfToken={c.get('session').csrfToken} note={note} />);
  });
};
