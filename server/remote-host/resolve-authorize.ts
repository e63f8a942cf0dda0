import { ConfigurationError } from '../../lib/core/errors.ts'
import type { TRemoteHostAuthorize } from './serve-agent-host-options.ts'

/** The principal a connection presenting the shared `token` is. */
export const TOKEN_HOLDER = 'token-holder'

/**
 * The app's `authorize`, or one that accepts exactly the shared `token` (as `token-holder`).
 * `caller` names the function in the error.
 *
 * @throws ConfigurationError when given neither, or a token shorter than 16 characters.
 */
export function resolveAuthorize(options: { authorize?: TRemoteHostAuthorize; token?: string }, caller: string): TRemoteHostAuthorize {
  if (options.authorize) return options.authorize
  const expected = options.token
  if (typeof expected !== 'string' || expected.length < 16) {
    throw new ConfigurationError(`${caller}: pass \`authorize(token, request)\`, or a \`token\` of at least 16 characters that every client presents.`)
  }
  return (token) => (token !== undefined && equalInConstantTime(token, expected) ? TOKEN_HOLDER : undefined)
}

// Compares every character whatever the first difference, so timing does not reveal the token.
function equalInConstantTime(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length
  for (let index = 0; index < expected.length; index++) difference |= (given.charCodeAt(index) | 0) ^ expected.charCodeAt(index)
  return difference === 0
}
