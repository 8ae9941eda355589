#!/usr/bin/env node
/**
 * Example client of the Trialbase incremental feed (issue 26 item 4): copies a study's answer, query
 * and adverse-event changes into a newline-delimited JSON file, one change a line, and keeps its place
 * in a cursor file, so the next run resumes where this one stopped. Plain Node (18 or later), no
 * dependencies.
 *
 *   TRIALBASE_URL=https://trialbase.example.org \
 *   TRIALBASE_STUDY_ID=<study id> \
 *   TRIALBASE_API_KEY=tb_xxxxxxxx_... \
 *   node docs/examples/feed-client.mjs
 *
 * Settings (environment):
 *   FEED_OUT            where changes are appended (default ./feed-changes.ndjson)
 *   FEED_CURSOR_FILE    where the cursor is kept (default ./feed.cursor)
 *   FEED_LIMIT          changes per page, 1 to 1000 (default 500)
 *   FEED_KINDS          e.g. "answer,query" (default: every kind the key may read)
 *   FEED_FOLLOW=1       keep polling every FEED_POLL_SECONDS (default 30) instead of stopping when
 *                       the feed is read to its end
 *
 * The key's API user needs the "Data feed" setting (API access page of the study). Delivery is at
 * least once: a page's changes are appended before its cursor is saved, so a crash between the two
 * repeats that page on the next run. Load changes into the warehouse keyed by `position` (unique and
 * increasing within a study) and a repeat is harmless.
 */
import { appendFile, readFile, rename, writeFile } from 'node:fs/promises';

const baseUrl = (process.env.TRIALBASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const studyId = required('TRIALBASE_STUDY_ID');
const apiKey = required('TRIALBASE_API_KEY');
const outFile = process.env.FEED_OUT ?? 'feed-changes.ndjson';
const cursorFile = process.env.FEED_CURSOR_FILE ?? 'feed.cursor';
const limit = Number(process.env.FEED_LIMIT ?? 500);
const kinds = process.env.FEED_KINDS ?? '';
const follow = process.env.FEED_FOLLOW === '1';
const pollSeconds = Number(process.env.FEED_POLL_SECONDS ?? 30);

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name}.`);
    process.exit(2);
  }
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The saved cursor, or '' to start from the beginning. */
async function loadCursor() {
  try {
    return (await readFile(cursorFile, 'utf8')).trim();
  } catch (err) {
    if (err.code === 'ENOENT') return '';
    throw err;
  }
}

/** Saves the cursor atomically (a new file renamed over the old), so it is never half written. */
async function saveCursor(cursor) {
  const temp = `${cursorFile}.tmp`;
  await writeFile(temp, `${cursor}\n`);
  await rename(temp, cursorFile);
}

/** One page after `cursor`; waits and asks again when the server says too many requests. */
async function fetchPage(cursor) {
  const url = new URL(`${baseUrl}/api/studies/${encodeURIComponent(studyId)}/feed`);
  if (cursor) url.searchParams.set('cursor', cursor);
  url.searchParams.set('limit', String(limit));
  if (kinds) url.searchParams.set('kinds', kinds);
  for (;;) {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
    });
    if (res.status === 429) {
      const body = await res.json().catch(() => ({}));
      const seconds = Number(body?.context?.retryAfter ?? 60);
      console.error(`Rate limited; waiting ${seconds} s.`);
      await sleep(seconds * 1000);
      continue;
    }
    if (!res.ok) {
      // Errors are { type, id?, message, context? }.
      const body = await res.text();
      throw new Error(`GET ${url.pathname} answered ${res.status}: ${body}`);
    }
    return res.json();
  }
}

async function main() {
  let cursor = await loadCursor();
  let total = 0;
  for (;;) {
    const page = await fetchPage(cursor);
    if (page.changes.length > 0) {
      await appendFile(outFile, page.changes.map((change) => `${JSON.stringify(change)}\n`).join(''));
      total += page.changes.length;
    }
    // The cursor moves even when a page is empty (it passes over changes the key may not read).
    if (page.nextCursor !== cursor) {
      await saveCursor(page.nextCursor);
      cursor = page.nextCursor;
    }
    if (page.hasMore) continue;
    if (!follow) break;
    await sleep(pollSeconds * 1000);
  }
  console.log(`${total} changes appended to ${outFile}; cursor saved in ${cursorFile}.`);
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
