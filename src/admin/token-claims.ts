/** The claims the admin reads from an access token; the service verifies the token itself. */
export interface TokenClaims {
  /** The subject: the id of the signed-in owner, used to prefill `user_id` in create bodies. */
  sub?: string;
  /** Expiry in seconds since the epoch, when the token carries one. */
  exp?: number;
}

/**
 * Reads the payload of a JWT without verifying it (only to prefill the owner id and to know the expiry);
 * answers `undefined` for anything that is not a JWT with a JSON object payload, such as an opaque API key.
 */
export function decodeTokenClaims(token: string): TokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  let payload: unknown;
  try {
    const base64 = parts[1].replaceAll('-', '+').replaceAll('_', '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { sub, exp } = payload as Record<string, unknown>;
  const claims: TokenClaims = {};
  if (typeof sub === 'string' && sub !== '') claims.sub = sub;
  if (typeof exp === 'number' && Number.isFinite(exp)) claims.exp = exp;
  return claims;
}

/** Whether a token's `exp` claim lies in the past at `now` (a token without one never counts as expired). */
export function isTokenExpired(claims: TokenClaims | undefined, now: number = Date.now()): boolean {
  return claims?.exp !== undefined && claims.exp * 1000 <= now;
}
