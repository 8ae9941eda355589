// The API for data (issue 28 item 2): pages through a study's list (subjects, enrollments, answers,
// queries or adverseEvents) changed since a time and prints one JSON line per item. Plain Node 20+, no dependencies.
//
//   TRIALBASE_URL=https://trialbase.example.org TRIALBASE_STUDY_ID=<study id> TRIALBASE_API_KEY=tb_… \
//     [TRIALBASE_UPDATED_SINCE=2026-01-01T00:00:00Z] [TRIALBASE_LIST=subjects] node docs/examples/data-api-client.mjs
const base = process.env.TRIALBASE_URL;
const studyId = process.env.TRIALBASE_STUDY_ID;
const key = process.env.TRIALBASE_API_KEY;
const list = process.env.TRIALBASE_LIST ?? 'subjects';
const since = process.env.TRIALBASE_UPDATED_SINCE;
if (!base || !studyId || !key) {
  console.error('Set TRIALBASE_URL, TRIALBASE_STUDY_ID and TRIALBASE_API_KEY.');
  process.exit(2);
}

let cursor = null;
for (;;) {
  const url = new URL(`/api/v1/studies/${encodeURIComponent(studyId)}/${list}`, base);
  url.searchParams.set('limit', '500');
  if (since) url.searchParams.set('updatedSince', since);
  if (cursor) url.searchParams.set('cursor', cursor);
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (res.status === 429) {
    const wait = Number(res.headers.get('retry-after') ?? 60);
    console.error(`Rate limited; waiting ${wait} s.`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    continue;
  }
  if (!res.ok) {
    console.error(`${res.status} ${await res.text()}`);
    process.exit(1);
  }
  const page = await res.json();
  for (const item of page.items) process.stdout.write(`${JSON.stringify(item)}\n`);
  cursor = page.nextCursor;
  if (!cursor) break;
}
