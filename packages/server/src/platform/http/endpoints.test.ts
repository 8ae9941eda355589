// @module-tag routes
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type EndpointDefinition, endpoints } from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// Issue 14 item 6: each endpoint's method, path and schemas live once in the domain; the
// server registers exactly one route per domain endpoint and the web clients call them by name.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MODULES = path.resolve(__dirname, '../../modules');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The server's route table as the OpenAPI document lists it (the docs routes are hidden). */
async function registeredRoutes(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  return Object.entries(paths).flatMap(([url, operations]) =>
    METHODS.filter((m) => operations[m]).map((m) => `${m.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

const declared = Object.entries(endpoints).flatMap(([area, group]) =>
  Object.entries(group as Record<string, EndpointDefinition>).map(([name, e]) => ({
    name: `${area}.${name}`,
    key: `${e.method} ${e.path}`,
  })),
);

describe('endpoint contract on the server (issue 14 item 6)', () => {
  it('registers one route for every domain endpoint, and no route without one', async () => {
    const routes = await registeredRoutes();
    expect(new Set(routes).size).toBe(routes.length);
    const keys = declared.map((d) => d.key);
    expect(routes.filter((r) => !keys.includes(r)).sort()).toEqual([]);
    expect(declared.filter((d) => !routes.includes(d.key)).map((d) => `${d.name} ${d.key}`)).toEqual([]);
  });

  it('declares no route by hand: every defineRoute in the route files names its endpoint', () => {
    const handWritten = readdirSync(MODULES).flatMap((module) =>
      readdirSync(path.join(MODULES, module))
        .filter((file) => file.endsWith('routes.ts'))
        .flatMap((file) => {
          const source = readFileSync(path.join(MODULES, module, file), 'utf8');
          return /^\s+url:/m.test(source) ? [`${module}/${file}`] : [];
        }),
    );
    expect(handWritten.filter((file) => !NOT_YET_CONVERTED.has(file))).toEqual([]);
  });
});

/** Route files that still write method, url and schema by hand (converted area by area). */
const NOT_YET_CONVERTED = new Set<string>([]);
