export { consoleRoutes, type ConsoleOptions } from './routes';
export { CONSOLE_PATH } from './pages';
export { DEFAULT_SESSION_LIMITS, type SessionLimits } from './sessions';
export { DEFAULT_SIGN_IN_LIMIT, type SignInLimit } from './sign-in-limiter';
