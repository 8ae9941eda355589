/**
 * Chain-head publication (issue 17 item 5): the audit chains detect a changed or removed event
 * against their recorded heads, but a database owner can cut the newest events and move the head
 * back with them. So each day the head of every chain (its last position and hash) leaves the
 * database: appended to the audit log file and emailed to a configured address. `audit:verify
 * --head` / `--heads <file>` then checks that each chain still reaches every published head.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { t } from '../i18n/i18n';
import { queueMessage } from '../outbox/outbox';
import { runUseCase, SYSTEM_ACTOR } from '../use-case';
import { SYSTEM_CHAIN } from './chain';
import { catchUpAuditChains, readAuditChainHeads } from './sequencer';

export const AUDIT_HEAD_QUEUE = 'audit-head-publish';
/** Every day at 00:05 UTC (pg-boss cron: one server at a time runs it). */
export const AUDIT_HEAD_CRON = '5 0 * * *';

/** A chain's head as published: the chain (`study:<id>` or `system`), its last position and hash. */
export type PublishedHead = { chain: string; seq: number; hash: string };

/** `<studyId>:<position>:<hash>` (`system:…` for the system chain): the form `--head` takes. */
export function formatHead(head: PublishedHead): string {
  const owner = head.chain === SYSTEM_CHAIN ? SYSTEM_CHAIN : head.chain.replace(/^study:/, '');
  return `${owner}:${head.seq}:${head.hash}`;
}

/** Reads `<studyId|system>:<position>:<hash>` (a leading `study:` is allowed); throws on anything else. */
export function parseHead(text: string): PublishedHead {
  const match = /^(?:study:)?([^:\s]+):(\d+):([0-9a-f]{64})$/.exec(text.trim());
  if (!match) throw new Error(`Not a chain head (expected <studyId>:<position>:<hash>): ${text}`);
  const [, owner, seq, hash] = match as unknown as [string, string, string, string];
  return { chain: owner === SYSTEM_CHAIN ? SYSTEM_CHAIN : `study:${owner}`, seq: Number(seq), hash };
}

/**
 * The heads of a published file: the audit log's JSON lines (`event: AUDIT_CHAIN_HEAD`) or plain
 * `--head` lines (an email's list pasted into a file). Each chain keeps its highest position.
 */
export function readPublishedHeads(text: string): PublishedHead[] {
  const latest = new Map<string, PublishedHead>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    let head: PublishedHead | null = null;
    if (trimmed.startsWith('{')) {
      const record = JSON.parse(trimmed) as { event?: string; chain?: string; seq?: number; hash?: string };
      if (record.event !== 'AUDIT_CHAIN_HEAD') continue;
      head = { chain: String(record.chain), seq: Number(record.seq), hash: String(record.hash) };
    } else {
      head = parseHead(trimmed);
    }
    const known = latest.get(head.chain);
    if (!known || head.seq > known.seq) latest.set(head.chain, head);
  }
  return [...latest.values()];
}

/**
 * Publishes the head of every chain now: sequences what is committed, appends one JSON line per
 * chain to the audit log file and queues one email listing them (one `--head` value a line).
 * Returns the heads published.
 */
export async function publishAuditHeads(
  db: Db,
  options: { now: Date; logFile: string | null; email: string | null },
): Promise<PublishedHead[]> {
  await catchUpAuditChains(db);
  const heads = (await readAuditChainHeads(db)).map((h) => ({ chain: h.chain, seq: h.seq, hash: h.hash }));
  const publishedAt = options.now.toISOString();
  if (options.logFile) {
    await mkdir(path.dirname(options.logFile), { recursive: true });
    const lines = heads.map((h) =>
      JSON.stringify({
        time: publishedAt,
        event: 'AUDIT_CHAIN_HEAD',
        chain: h.chain,
        studyId: h.chain.startsWith('study:') ? h.chain.slice('study:'.length) : null,
        seq: h.seq,
        hash: h.hash,
        head: formatHead(h),
      }),
    );
    if (lines.length > 0) await appendFile(options.logFile, `${lines.join('\n')}\n`, { mode: 0o640 });
  }
  if (options.email && heads.length > 0) {
    const email = options.email;
    // The operator's address has no language of its own: English (the catalogs' source).
    const languages = 'en';
    const vars = {
      date: publishedAt.slice(0, 10),
      time: publishedAt,
      count: heads.length,
      heads: heads.map(formatHead).join('\n'),
    };
    await runUseCase(
      db,
      SYSTEM_ACTOR,
      (ctx) =>
        queueMessage(ctx, {
          channel: 'EMAIL',
          to: email,
          subject: t(languages, 'audit:HEADS_EMAIL.SUBJECT', vars),
          body: t(languages, 'audit:HEADS_EMAIL.BODY', vars),
        }),
      options.now,
    );
  }
  return heads;
}
