// @module-tag routes
import { type EndpointDefinition, STUDY_ROLES } from '@trialbase/domain';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildUser, DEFAULT_PASSWORD, grantAccess } from '../../../test/factories';
import { createTestApp, engine, type LoggedIn, loginAs, type TestApp } from '../../../test/harness';
import { allEndpoints } from '../../../test/route-fuzz';
import { changedTables, rowChecksum } from '../../../test/row-checksum';
import { jsonSchemaOf, validArbitrary } from '../../../test/schema-arbitrary';
import { buildWorld, recordFor, type World } from '../../../test/world';

// Issue 17 item 6(a): for every route of the route table, another study's ids (and another
// site's) are put in every path, query and body position that names a record, one at a time,
// with the caller's own study everywhere else. Callers: every role of study A, an admin of A
// limited to site A1, and study A's API key. Required: 400 (shape), 401 (a key on a person's
// route), 403 or 404, never a success or a 5xx, and no change to the other study's (or site's)
// rows. `npm test` sends each position as A's admin and, in turn, one other caller;
// TRIALBASE_CROSS_ID_FULL=1 sends every position as every caller.

const FULL = process.env.TRIALBASE_CROSS_ID_FULL === '1';
const TIMEOUT = FULL ? 1_200_000 : 300_000;
const FRESH_ID = 'ffffffffffffffffffffffff';
/**
 * Refusals: 400 (shape), 401 (a key on a person's route), 403, 404, and 409 when the conflict is
 * about the caller's own records (the other study's record was never reached; the body is
 * checked to name nothing of it).
 */
const REFUSED = new Set([400, 401, 403, 404, 409]);
/** The caller's own session ending would only stop the sweep. */
const SKIP = new Set(['POST /api/auth/logout']);
/**
 * Answers that are not refusals but reveal and change nothing of the other study, kept here
 * so they are seen (and must be taken out once the route refuses): `METHOD path [position]`.
 */
const KNOWN_GAPS = new Map<string, string>([]);
/** Names of the records a site scopes (the site sweep substitutes only these). */
const SITE_SCOPED = new Set([
  'siteId',
  'subjectId',
  'patientId',
  'enrollmentId',
  'tokenId',
  'questionnaireId',
  'id',
]);

type Caller = { label: string; headers: Record<string, string>; isKey: boolean };
type Position = { where: 'path' | 'query' | 'body'; path: (string | number)[]; name: string };
type Variant = { request: InjectOptions; position: string; where: Position['where']; name: string };

let t: TestApp;
let admin: LoggedIn;
let a1: World;
let a2: World;
let b: World;
const roleCallers: Caller[] = [];
let siteCaller: Caller;
let keyCaller: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
  a1 = await buildWorld(t.app, admin, { tag: 'xa' });
  a2 = await buildWorld(t.app, admin, { tag: 'xs', studyId: a1.studyId });
  b = await buildWorld(t.app, admin, { tag: 'xb' });
  await buildSite(t.app, a1.studyId);
  for (const role of STUDY_ROLES) {
    const user = await buildUser(t.app);
    await grantAccess(t.app, { studyId: a1.studyId, user, role });
    const session = await loginAs(t.app, user.email, DEFAULT_PASSWORD);
    roleCallers.push({ label: `${role} of A`, headers: session.headers, isKey: false });
  }
  const limited = await buildUser(t.app);
  await grantAccess(t.app, { studyId: a1.studyId, user: limited, role: 'ADMIN', siteIds: [a1.siteId] });
  const limitedSession = await loginAs(t.app, limited.email, DEFAULT_PASSWORD);
  siteCaller = { label: 'ADMIN of A at site A1 only', headers: limitedSession.headers, isKey: false };
  const renewed = await t.app.inject({
    method: 'POST',
    url: `/api/studies/${a1.studyId}/apiKey/renew`,
    headers: admin.headers,
  });
  expect(renewed.statusCode, renewed.body).toBe(200);
  keyCaller = {
    label: "A's API key",
    headers: { authorization: `Bearer ${renewed.json<{ key: string }>().key}` },
    isKey: true,
  };
}, 180_000);
afterAll(async () => t?.close());

/** The value a position holds in the caller's own study: A's record, or a fresh id, or a fixed word. */
function ownValue(name: string, url: string): string {
  if (name === 'verificationType') return 'primary';
  if (name === 'code') return 'CODE-0000';
  if (name === 'onlyActive') return 'true';
  return recordFor(name, url, a1) ?? FRESH_ID;
}

/** Every path parameter, query field and body field (at any depth) that names a record of B. */
function positionsOf(endpoint: EndpointDefinition, body: unknown, query: unknown): Position[] {
  const positions: Position[] = [];
  for (const match of endpoint.path.matchAll(/:(\w+)/g)) {
    const name = match[1] ?? '';
    if (recordFor(name, endpoint.path, b) !== undefined)
      positions.push({ where: 'path', path: [name], name });
  }
  const walk = (value: unknown, path: (string | number)[], where: 'query' | 'body') => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index], where);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (recordFor(key, '', b) !== undefined || key === 'siteIds')
          positions.push({ where, path: [...path, key], name: key });
        else walk(item, [...path, key], where);
      }
    }
  };
  walk(query, [], 'query');
  walk(body, [], 'body');
  return positions;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  node[last] = value;
  return copy;
}

/** A's values in every position, then one position at a time `other`'s record. */
function variantsOf(endpoint: EndpointDefinition, other: World, onlyNames?: Set<string>): Variant[] {
  const sampleOf = (schema: EndpointDefinition['body']) =>
    schema
      ? fc.sample(validArbitrary(jsonSchemaOf(schema), { ids: [a1.studyId], maxDepth: 4 }), {
          seed: 17,
          numRuns: 1,
        })[0]
      : undefined;
  let body = sampleOf(endpoint.body);
  let query = sampleOf(endpoint.query);
  const positions = positionsOf(endpoint, body, query);
  // A's own records in every body and query position first.
  for (const position of positions) {
    if (position.where === 'path') continue;
    const own = position.name === 'siteIds' ? [a1.siteId] : ownValue(position.name, '');
    if (position.where === 'body') body = setAt(body, position.path, own);
    else query = setAt(query, position.path, own);
  }
  const variants: Variant[] = [];
  for (const position of positions) {
    if (onlyNames && !onlyNames.has(position.name)) continue;
    if (onlyNames && position.name === 'id' && !endpoint.path.includes('/patient/:id')) continue;
    const theirs =
      position.name === 'siteIds'
        ? [other.siteId]
        : recordFor(position.name, position.where === 'path' ? endpoint.path : '', other);
    const own =
      position.name === 'siteIds'
        ? undefined
        : ownValue(position.name, position.where === 'path' ? endpoint.path : '');
    // The same record in both (a site's study is the caller's own): nothing to substitute.
    if (theirs === undefined || theirs === own) continue;
    const url = endpoint.path.replace(/:(\w+)/g, (_m, name: string) =>
      encodeURIComponent(
        position.where === 'path' && name === position.name
          ? (theirs as string)
          : ownValue(name, endpoint.path),
      ),
    );
    const q = position.where === 'query' ? setAt(query, position.path, theirs) : query;
    const search = new URLSearchParams();
    if (q && typeof q === 'object') {
      for (const [key, value] of Object.entries(q)) {
        if (value === undefined) continue;
        search.append(
          key,
          typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : JSON.stringify(value),
        );
      }
    }
    const request: InjectOptions = {
      method: endpoint.method,
      url: search.size > 0 ? `${url}?${search}` : url,
    };
    if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
      request.payload = (
        position.where === 'body' ? setAt(body, position.path, theirs) : (body ?? {})
      ) as InjectOptions['payload'];
    }
    variants.push({
      request,
      position: `${position.where} ${position.path.join('.')}`,
      where: position.where,
      name: position.name,
    });
  }
  return variants;
}

async function sweep(
  other: World,
  scope: { studyId?: string; siteId?: string },
  callersOf: (i: number) => Caller[],
  onlyNames?: Set<string>,
) {
  const failures: string[] = [];
  let sent = 0;
  let routes = 0;
  let counter = 0;
  const gaps: string[] = [];
  // Everything of the other world a leaking answer would show (ids, pseudonym, email, name).
  const markers = [...new Set(Object.values(other))].filter((value) => value.length >= 8);
  for (const { key, endpoint } of allEndpoints()) {
    // Participant routes have no caller study: their probing is the participant suites' (item 2).
    if (SKIP.has(key) || endpoint.path.startsWith('/api/public/')) continue;
    const variants = variantsOf(endpoint, other, onlyNames);
    if (variants.length === 0) continue;
    routes += 1;
    const before = await rowChecksum(t.app, scope);
    for (const variant of variants) {
      for (const caller of callersOf(counter++)) {
        const res = await t.app.inject({ ...variant.request, headers: caller.headers });
        sent += 1;
        const where = `${key} [${variant.position}]`;
        const substituted =
          variant.name === 'siteIds'
            ? other.siteId
            : recordFor(variant.name, variant.where === 'path' ? endpoint.path : '', other);
        const leaked = markers.filter((marker) => marker !== substituted && res.body.includes(marker));
        // A filter naming another study's record (query, a list's sites) may answer with nothing of it.
        const filtered =
          res.statusCode < 300 &&
          (variant.where === 'query' ||
            variant.name === 'userEmail' ||
            (variant.name === 'siteIds' && endpoint.path.endsWith('/list')));
        const failure = `${where} as ${caller.label}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (leaked.length > 0) failures.push(`${failure} (names ${leaked.join(', ')})`);
        else if (!REFUSED.has(res.statusCode) && !filtered) {
          if (KNOWN_GAPS.has(where) && res.statusCode < 300) gaps.push(failure);
          else failures.push(failure);
        }
      }
    }
    const changed = changedTables(before, await rowChecksum(t.app, scope));
    if (changed.length > 0) failures.push(`${key}: the other rows changed (${changed.join(', ')})`);
  }
  if (gaps.length > 0) console.warn(`known gaps (no leak, no write):\n${gaps.join('\n')}`);
  return { failures, sent, routes };
}

describe(`cross-id sweep: another study's and another site's ids in every position on ${engine}`, () => {
  it(
    "refuses study B's records to every caller of study A and changes none of B's rows",
    async () => {
      const adminOfA = roleCallers.find((caller) => caller.label === 'ADMIN of A') as Caller;
      // Every position as A's admin (every study permission), and in turn as each other caller.
      const rotation = [...roleCallers.filter((caller) => caller !== adminOfA), keyCaller, siteCaller];
      const { failures, sent, routes } = await sweep(b, { studyId: b.studyId }, (i) =>
        FULL ? [...roleCallers, siteCaller, keyCaller] : [adminOfA, rotation[i % rotation.length] as Caller],
      );
      console.log(
        `cross-id sweep (${engine}): ${routes} routes naming records, ${sent} requests with study B's ids`,
      );
      expect(routes).toBeGreaterThan(100);
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "refuses site A2's records to an admin of site A1 only and changes none of A2's rows",
    async () => {
      const { failures, sent, routes } = await sweep(
        a2,
        { siteId: a2.siteId },
        () => [siteCaller],
        SITE_SCOPED,
      );
      console.log(`cross-site sweep (${engine}): ${routes} routes, ${sent} requests with site A2's records`);
      expect(routes).toBeGreaterThan(30);
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );
});
