import { expect } from 'vitest';
import type { RegisteredUser, TestServer } from './server';

/** Makes two users friends as they would: `a` asks through the API, `b` accepts; both answers checked. */
export async function befriend(t: Pick<TestServer, 'api'>, a: RegisteredUser, b: RegisteredUser) {
  const sent = await t.api<{ invitation: { id: string } }>(
    'POST',
    '/users/friends',
    { friendId: b.userId },
    a.token,
  );
  expect(sent.status).toBe(201);
  const accepted = await t.api(
    'POST',
    `/users/invitations/${sent.body.invitation.id}/accept`,
    undefined,
    b.token,
  );
  expect(accepted.status).toBe(200);
}
