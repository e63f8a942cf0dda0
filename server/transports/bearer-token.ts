const encoder = new TextEncoder()

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

/** Why a request's credentials were refused, in words for the client. */
export type TBearerCheck = { ok: true } | { ok: false; message: string }

/**
 * Checks `authorization: Bearer <token>` against the expected token. Both are hashed first and
 * the hashes compared in full, so the time taken says nothing about how much of a guess was right.
 */
export async function checkBearerToken(authorization: string | null, expected: string): Promise<TBearerCheck> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match?.[1]) return { ok: false, message: 'This endpoint needs a bearer token: send "authorization: Bearer <token>".' }
  const [given, wanted] = await Promise.all([digest(match[1]), digest(expected)])
  let difference = 0
  for (let index = 0; index < wanted.length; index++) difference |= (given[index] ?? 0) ^ (wanted[index] ?? 0)
  return difference === 0 ? { ok: true } : { ok: false, message: 'The bearer token is not valid.' }
}
