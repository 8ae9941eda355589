import { describe, expect, it } from 'vitest';
import { endpoints } from '../endpoints';
import { publicEndpoints } from './endpoints';
import { publicRoutes } from './routes';

const all = Object.values(endpoints).flatMap((area) => Object.values(area));

describe('participant routes (issue 16: calls without zod schemas)', () => {
  it('each route is the method and path of an endpoint of the API', () => {
    for (const [name, route] of Object.entries(publicRoutes)) {
      const match = all.find((endpoint) => endpoint.method === route.method && endpoint.path === route.path);
      expect(match, name).toBeDefined();
      expect(Object.keys(route).sort(), name).toEqual(['method', 'path']);
    }
  });

  it('every public endpoint has its route under the same name', () => {
    for (const [name, endpoint] of Object.entries(publicEndpoints)) {
      const route = publicRoutes[name as keyof typeof publicRoutes];
      expect(route, name).toEqual({ method: endpoint.method, path: endpoint.path });
    }
  });
});
