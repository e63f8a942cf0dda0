import { isRobotaError, type RobotaError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { TProviderChoice } from './port/host-sessions.ts'

/**
 * Builds a session's provider as the session is made, so a mistake in the app's provider factory
 * (a misspelt option, which the providers refuse as they are built) fails `createSession`, not the
 * first turn. A provider that refuses to start without its key (`details.missing: 'apiKey'`) is
 * no such mistake: a reload forgets keys and the page gives them again later, so that choice
 * resolves `undefined` and the first turn, or the `setProvider` that brings the key, says so.
 *
 * @throws whatever `createProvider` throws for the choice, its class and `code` kept, but a missing key.
 */
export async function buildProviderAhead(
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>,
  choice: TProviderChoice
): Promise<IAIProvider | undefined> {
  try {
    return await createProvider(choice)
  } catch (error) {
    if (isMissingKey(error)) return undefined
    throw error
  }
}

/**
 * True for a provider's refusal to start without its key (`details.missing: 'apiKey'`): a key the
 * page has yet to give, not a mistake in the app's factory.
 */
export function isMissingKey(error: unknown): error is RobotaError {
  return isRobotaError(error) && error.details?.['missing'] === 'apiKey'
}
