import { ValidationError } from '../../lib/core/errors.ts'

/** Where a network transport listens, once started. */
export type TTransportAddress = { host: string; port: number; url: string }

/** The shortest bearer token a network transport accepts. */
export const MIN_TOKEN_CHARACTERS = 16

/** Checks a network transport's token, host and port, naming the factory and the option that is wrong. */
export function checkTransportListenOptions(factory: string, options: { token?: unknown; host?: unknown; port?: unknown }): void {
  if (typeof options.token !== 'string' || options.token.length < MIN_TOKEN_CHARACTERS) {
    throw new ValidationError(`${factory}(): token must be a string of at least ${MIN_TOKEN_CHARACTERS} characters (clients send it as "authorization: Bearer <token>").`)
  }
  if (options.host !== undefined && (typeof options.host !== 'string' || options.host === '')) {
    throw new ValidationError(`${factory}(): host must be a non-empty string such as "127.0.0.1".`)
  }
  const port = options.port
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new ValidationError(`${factory}(): port must be an integer from 0 to 65535 (0 picks a free one), got ${String(port)}.`)
  }
}
