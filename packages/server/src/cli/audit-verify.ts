import { verifyAuditChains } from '../platform/audit/audit';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';

/**
 * `npm run audit:verify`: sequences what is committed, then recomputes every audit hash chain page by
 * page (flat memory) and checks each ends at its recorded head; exits 1 when any chain is broken.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await verifyAuditChains(database.db);
    for (const chain of result.chains) {
      const name = chain.studyId ? `study ${chain.studyId}` : 'system';
      const head = chain.head ? `, head ${chain.head.seq} ${chain.head.hash.slice(0, 12)}` : '';
      const state = chain.ok
        ? 'intact'
        : `BROKEN${chain.firstBrokenEventId ? ` at event ${chain.firstBrokenEventId}` : ''}: ${chain.problem}`;
      process.stdout.write(`${name}: ${chain.events} events${head}, ${state}\n`);
    }
    if (result.pendingEvents > 0) {
      process.stdout.write(`${result.pendingEvents} events committed meanwhile, not sequenced yet\n`);
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
