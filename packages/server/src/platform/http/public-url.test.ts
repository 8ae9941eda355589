import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness';
import { publicBaseUrl } from './public-url';

const forged = { protocol: 'https', host: 'evil.example' } as FastifyRequest;

describe('links in emails (ASVS V5: no Host header injection)', () => {
  it('uses PUBLIC_URL when set, without a trailing slash', () => {
    expect(publicBaseUrl(forged, testConfig({ publicUrl: 'https://trials.example.org/' }))).toBe(
      'https://trials.example.org',
    );
  });

  it('never trusts the Host header in production', () => {
    expect(publicBaseUrl(forged, testConfig({ env: 'production', publicUrl: null, port: 3000 }))).toBe(
      'http://localhost:3000',
    );
  });

  it('uses the caller origin in development', () => {
    expect(publicBaseUrl(forged, testConfig({ env: 'development', publicUrl: null }))).toBe(
      'https://evil.example',
    );
  });
});
