import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersService } from '../../server/modules/users/service';
import { API_BASE } from '../../src/api/paths';
import { startTestServer, type TestServer } from '../helpers/server';

describe('monitoring: Prometheus text', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  const scrape = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}/metrics`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('counts requests by route template and status, never by raw path', async () => {
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const other = await t.register();
    await t.api('GET', `/users/${other.userId}`, undefined, admin.token);
    await t.api('GET', `/users/${admin.userId}`, undefined, admin.token);

    const response = await scrape(admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="[^"]*\/users\/:id",status="200"\} 2/,
    );
    expect(response.body).not.toContain(other.userId);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
  });

  it('answers 401 without a token and 403 to a player', async () => {
    expect((await scrape()).statusCode).toBe(401);
    const player = await t.register();
    expect((await scrape(player.token)).statusCode).toBe(403);
  });
});
