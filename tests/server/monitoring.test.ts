import { describe, expect, it } from 'vitest';
import { createUsersService } from '../../server/modules/users/service';
import { API_BASE } from '../../src/api/paths';
import { analysisThresholds } from '../../src/domain/monitoring/analysis';
import { serverForSuite } from '../helpers/suite-server';
import { holdEventLoop } from '../helpers/hold-event-loop';

describe('monitoring: Prometheus text', () => {
  const t = serverForSuite();

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

  it('counts the sockets and their events, and the process’s own figures', async () => {
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const player = await t.register();
    const socket = await t.socket(player.token);
    // Refused without an acknowledgement: the server answers with an 'error' event.
    socket.emit('itemChange', { gameId: 'pas-un-uuid' });
    await socket.timeout(5000).emitWithAck('connectedPlayersRequest', { gameId: crypto.randomUUID() });

    const text = (await scrape(admin.token)).body;
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('socketio_connections_active')).toBeGreaterThanOrEqual(1);
    expect(value('socketio_connections_total')).toBeGreaterThanOrEqual(1);
    expect(value('socketio_messages_received_total')).toBeGreaterThanOrEqual(2);
    expect(value('socketio_messages_sent_total')).toBeGreaterThanOrEqual(1);
    expect(value('socketio_errors_total')).toBeGreaterThanOrEqual(1);
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');

    socket.disconnect();
    await expect
      .poll(async () =>
        Number(/^socketio_connections_active (\S+)$/m.exec((await scrape(admin.token)).body)?.[1]),
      )
      .toBe(0);
  });

  it('reads a stall of two and a half times the smallest delay the analysis reports as at least that delay', async () => {
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const maxLag = async () =>
      Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec((await scrape(admin.token)).body)?.[1]);
    // A scrape starts the delay's histogram again; a stall before its timer's next turn went
    // unrecorded (Node records each turn's whole interval from the one before, none after a reset).
    await maxLag();
    const reported = analysisThresholds.eventLoopMedium;
    await new Promise((resolve) => setTimeout(resolve, 1.5 * reported));
    holdEventLoop(2.5 * reported);
    // The sampling timer's next turn records the stall.
    await new Promise((resolve) => setTimeout(resolve, 2 * reported));
    // The histogram holds whole intervals (an idle turn reads the sampling interval itself, P):
    // the stall's reads at least 2.5 P, beyond any idle turn's.
    expect(await maxLag()).toBeGreaterThanOrEqual((2 * reported) / 1000);
  });

  it('answers 401 without a token and 403 to a player', async () => {
    expect((await scrape()).statusCode).toBe(401);
    const player = await t.register();
    expect((await scrape(player.token)).statusCode).toBe(403);
  });
});
