import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath, defineEndpoint, type EndpointDefinition } from './common/endpoint';
import { endpoints } from './endpoints';

const all: [string, EndpointDefinition][] = Object.entries(endpoints).flatMap(([area, group]) =>
  Object.entries(group as Record<string, EndpointDefinition>).map(
    ([name, endpoint]) => [`${area}.${name}`, endpoint] as [string, EndpointDefinition],
  ),
);

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();

describe('endpoint contract (issue 14 item 6)', () => {
  it('declares each method and path once', () => {
    const keys = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThan(150);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('types the path parameters of every endpoint with exactly the names of its path', () => {
    const mismatches = all.flatMap(([name, e]) => {
      const names = pathParams(e.path);
      if (!e.params)
        return names.length ? [`${name}: path has ${names.join(', ')} but no params schema`] : [];
      if (!(e.params instanceof z.ZodObject)) return [`${name}: params is not an object schema`];
      const shape = Object.keys(e.params.shape).sort();
      return shape.join() === names.join() ? [] : [`${name}: path ${names.join()} vs schema ${shape.join()}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('gives every endpoint a summary and a tag for the API docs', () => {
    expect(all.filter(([, e]) => !e.summary || e.tags.length === 0).map(([name]) => name)).toEqual([]);
  });

  it('fills path parameters URI-encoded and refuses a missing one', () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/studies/:studyId/things/:thingId',
      summary: 'test',
      tags: ['test'],
    });
    expect(buildPath(endpoint, { studyId: 's1', thingId: 'a/b c' })).toBe('/api/studies/s1/things/a%2Fb%20c');
    expect(() => buildPath(endpoint, { studyId: 's1' } as never)).toThrow(/thingId/);
  });
});
