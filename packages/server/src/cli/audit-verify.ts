import { verifyAuditChains } from '../platform/audit/audit';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';

/** `npm run audit:verify`: recomputes every audit hash chain; exits 1 when any chain is broken. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await verifyAuditChains(database.db);
    for (const chain of result.chains) {
      const name = chain.studyId ? `study ${chain.studyId}` : 'system';
      const state = chain.ok ? 'intact' : `BROKEN at event ${chain.firstBrokenEventId}`;
      process.stdout.write(`${name}: ${chain.events} events, ${state}\n`);
    }
    process.stdout.write(
      `${result.checkedEvents} events checked: ${result.ok ? 'every chain is intact' : 'TAMPERING DETECTED'}\n`,
    );
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
