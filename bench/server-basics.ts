// Server basics (formerly the whole of `npm run bench`): API latency on the embedded database
// (or DATABASE_URL), audit-trail append and verification rates. Prints figures, asserts none;
// the web bundle sizes are public-bundle.ts's.
import { buildApp } from '../packages/server/src/app';
import { recordAudit, verifyAuditChains } from '../packages/server/src/platform/audit/audit';
import { loadConfig } from '../packages/server/src/platform/config';

function report(name: string, count: number, ms: number) {
  console.log(
    `${name.padEnd(44)} ${count.toString().padStart(6)} ops  ${(ms / count).toFixed(2).padStart(8)} ms/op  ${((count / ms) * 1000).toFixed(0).padStart(7)} ops/s`,
  );
}

async function time(name: string, count: number, fn: (i: number) => Promise<unknown>) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await fn(i);
  report(name, count, performance.now() - started);
}

const password = 'Bench-Password-1';
const app = await buildApp({
  ...loadConfig({ NODE_ENV: 'test' }),
  databaseUrl: process.env.DATABASE_URL ?? null,
  dataDir: 'memory://',
  adminEmail: 'bench@example.org',
  adminPassword: password,
  jobs: false,
});
console.log(`database: ${app.database.engine}`);
await time('GET /api/health', 2000, () => app.inject({ method: 'GET', url: '/api/health' }));
await time('POST /api/auth/login (argon2id)', 50, () =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bench@example.org', password } }),
);
const studyId = 'bench0000000000000000000';
await time('audit event append (own transaction)', 2000, (i) =>
  app.database.db.transaction((tx) =>
    recordAudit(tx, { type: 'SYSTEM', id: null }, new Date(), {
      action: 'USER_UPDATED',
      entityType: 'USER',
      entityId: `u${i}`,
      studyId,
      before: { n: i },
      after: { n: i + 1 },
    }),
  ),
);
const verifyStart = performance.now();
const result = await verifyAuditChains(app.database.db);
report('audit chain verification (per event)', result.checkedEvents, performance.now() - verifyStart);
await app.close();
