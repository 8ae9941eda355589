/**
 * Issue 28 item 2: every call of the API for data is documented in `/api/openapi.json` with its
 * request and answer examples, the API key scheme and the refusals a client meets; the examples are
 * checked against the calls' own schemas, so they cannot drift from what the server takes and gives.
 */
import {
  dataApiEndpoints,
  type EndpointDefinition,
  enrollmentEndpoints,
  questionnaireEndpoints,
  subjectEndpoints,
} from '@trialbase/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness';
import { API_KEY_SECURITY_SCHEME } from './openapi';

let t: TestApp;
type Example = { summary: string; value: unknown };
type Operation = {
  tags: string[];
  description: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content: Record<string, { examples?: Record<string, Example> }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, Example> }> }>;
  'x-codeSamples'?: { source: string }[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(async () => t?.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operationOf(endpoint: EndpointDefinition): Operation {
  const operation = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
  expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
  return operation as Operation;
}

function exampleOf(operation: Operation, status: string): unknown {
  const examples = operation.responses[status]?.content?.['application/json']?.examples;
  expect(examples, status).toBeDefined();
  const first = Object.values(examples ?? {})[0];
  expect(first?.value, status).toBeDefined();
  return first?.value;
}

function expectKeyDocumented(operation: Operation) {
  expect(operation.tags).toContain('data-api');
  expect(operation.security).toContainEqual({ [API_KEY_SECURITY_SCHEME]: [] });
  expect(operation.description).toContain('Authorization: Bearer');
  expect(operation.description).toContain('Retry-After');
  expect(exampleOf(operation, '403')).toMatchObject({ type: 'RESTRICTION' });
  expect(exampleOf(operation, '429')).toMatchObject({ type: 'RATE_LIMITED' });
  expect(operation['x-codeSamples']?.[0]?.source).toMatch(/^curl .*Authorization: Bearer/);
}

describe('the API for data in the OpenAPI description', () => {
  it('declares the API key as a bearer scheme', () => {
    expect(doc.components.securitySchemes[API_KEY_SECURITY_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('documents every /api/v1 path with query examples and an answer example that fits its schema', () => {
    const v1 = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1/'));
    expect(v1.sort()).toEqual(
      Object.values(dataApiEndpoints)
        .map((e) => openApiPath(e.path))
        .sort(),
    );
    for (const endpoint of Object.values(dataApiEndpoints)) {
      const operation = operationOf(endpoint);
      expectKeyDocumented(operation);
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      expect(query.map((p) => p.name)).toEqual(expect.arrayContaining(['cursor', 'limit', 'updatedSince']));
      for (const parameter of query)
        expect(parameter.example, `${endpoint.path} ${parameter.name}`).toBeDefined();
      endpoint.query.parse(Object.fromEntries(query.map((p) => [p.name, String(p.example)])));
      const page = endpoint.response[200].parse(exampleOf(operation, '200'));
      expect(page.items.length).toBeGreaterThan(0);
    }
  });

  it('documents the writes a key makes (create subject, enrol, submit) with request and answer examples', () => {
    const writes: { endpoint: EndpointDefinition; status: '200' | '201' }[] = [
      { endpoint: subjectEndpoints.create, status: '201' },
      { endpoint: enrollmentEndpoints.enrol, status: '201' },
      { endpoint: questionnaireEndpoints.save, status: '200' },
    ];
    for (const { endpoint, status } of writes) {
      const operation = operationOf(endpoint);
      expectKeyDocumented(operation);
      expect(operation.description).toContain('Write data');
      const request = Object.values(operation.requestBody?.content['application/json']?.examples ?? {})[0];
      expect(request?.value, endpoint.path).toBeDefined();
      (endpoint.body as z.ZodType).parse(request?.value);
      const schema = endpoint.response?.[Number(status) as 200 | 201] as z.ZodType;
      schema.parse(exampleOf(operation, status));
      expect(exampleOf(operation, '403')).toEqual({
        type: 'RESTRICTION',
        message: 'API keys cannot do this.',
      });
    }
    const blocked = exampleOf(operationOf(questionnaireEndpoints.save), '400') as {
      context: { issues: { path: string[] }[] };
    };
    expect(blocked.context.issues[0]?.path.join('/')).toBe('answers/q1');
  });
});
