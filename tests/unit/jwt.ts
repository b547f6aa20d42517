/** An unsigned token with the given claims: the client only reads claims, it never checks signatures. */
export function tokenWith(claims: Record<string, unknown>): string {
  const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.signature`;
}
