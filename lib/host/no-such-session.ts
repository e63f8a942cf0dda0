import { ValidationError } from '../core/errors.ts'

/** The error for a session id no stored session has; `details.missingSessionId` names it, so a page can tell it apart. */
export function noSuchSessionError(sessionId: string): ValidationError {
  return new ValidationError(`No session with id "${sessionId}".`, { details: { missingSessionId: sessionId } })
}
