import { startServer } from './support/server';

/** One server for the suite, on a free port with a fresh embedded database. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
