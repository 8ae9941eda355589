import { startServer } from './support/server';

/**
 * One server for the whole run, shared by every worker, on a free port with a fresh embedded
 * database: tests keep to their own studies and users, so they need no server of their own. Only
 * the specs that need a special configuration start one (login lock-out, maintenance mode, the
 * shutdown and restart check).
 */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
