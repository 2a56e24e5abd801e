// Signed, expiring bearer tokens (HS256 JWTs via jose). The signing secret lives in the database so every
// process sharing it accepts every other's tokens; JWT_SECRET overrides it.
import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Queryable } from '../storage/database.js';

/** Who a verified token speaks for. */
export interface TokenSubject {
  /** The user's id (the token's `sub`). */
  userId: string;
  /** The user's login name. */
  username: string;
  /** The user's token version when the token was issued (`ver`; 0 for tokens made before versions). */
  tokenVersion: number;
}

/** Signs and verifies the service's access tokens. */
export interface TokenIssuer {
  /** Issues a token for a user. */
  issue(subject: TokenSubject): Promise<string>;
  /** Returns the subject of a valid token, or undefined for a bad, tampered or expired one. */
  verify(token: string): Promise<TokenSubject | undefined>;
}

const ISSUER = 'chatbot-reference-service';

/** Reads the signing secret from the database, creating it on first use (the first process to write wins). */
export async function loadSigningSecret(db: Queryable): Promise<Uint8Array> {
  await db.query(`insert into service_settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing`, [
    randomBytes(48).toString('base64'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from service_settings where key = 'jwt_secret'`);
  return Buffer.from(row!.value, 'base64');
}

/** Creates a token issuer for a secret and a lifetime in seconds. */
export function createTokenIssuer(secret: Uint8Array, lifetimeSeconds: number): TokenIssuer {
  return {
    issue: ({ userId, username, tokenVersion }) =>
      new SignJWT({ name: username, ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(secret),
    async verify(token) {
      try {
        // A token without `exp` would never expire: it is refused even when validly signed.
        const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp'] });
        const version = payload['ver'] ?? 0;
        if (typeof payload.sub !== 'string' || typeof payload['name'] !== 'string' || !Number.isInteger(version)) return undefined;
        return { userId: payload.sub, username: payload['name'], tokenVersion: version as number };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
