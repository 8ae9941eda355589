import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { verifyAuditChains } from '../platform/audit/audit';
import { type PublishedHead, parseHead, readPublishedHeads } from '../platform/audit/heads';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';

/**
 * `npm run audit:verify`: sequences what is committed, then recomputes every audit hash chain page by
 * page (flat memory) and checks each ends at its recorded head; exits 1 when any chain is broken.
 * `--head <studyId|system>:<position>:<hash>` (repeatable) and `--heads <file>` (the audit log file,
 * or the emailed lines saved in a file) also check each chain against a head published earlier
 * (issue 17 item 5), so events cut from a chain's end are found even when its recorded head moved.
 */
function publishedHeadsOf(argv: string[]): PublishedHead[] {
  const { values } = parseArgs({
    args: argv,
    options: { head: { type: 'string', multiple: true }, heads: { type: 'string', multiple: true } },
  });
  const heads = [
    ...(values.heads ?? []).flatMap((file) => readPublishedHeads(readFileSync(file, 'utf8'))),
    ...(values.head ?? []).map(parseHead),
  ];
  const latest = new Map<string, PublishedHead>();
  for (const head of heads) {
    const known = latest.get(head.chain);
    if (!known || head.seq > known.seq) latest.set(head.chain, head);
  }
  return [...latest.values()];
}

async function main(): Promise<void> {
  const publishedHeads = publishedHeadsOf(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await verifyAuditChains(database.db, { publishedHeads });
    if (publishedHeads.length > 0) {
      process.stdout.write(`checked against ${publishedHeads.length} published chain heads\n`);
    }
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
