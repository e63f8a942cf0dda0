import { ValidationError } from '../core/errors.ts'

/** The error for a session id no stored session has. */
export function noSuchSessionError(sessionId: string): ValidationError {
  return new ValidationError(`No session with id "${sessionId}".`)
}
