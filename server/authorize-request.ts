import type { TProviderProxyOptions } from './provider-proxy-options.ts'

/** Who sent a request, or why nobody is known to have. */
export type TAuthorization = { userId: string; failure?: undefined } | { userId?: undefined; failure?: string }

/**
 * Asks the app's `authorize` who sent the request. Only a non-empty string lets it through: a
 * refusal, any other value and a throw all refuse it (the throw's message is for the log only).
 */
export async function authorizeRequest(authorize: TProviderProxyOptions['authorize'], request: Request): Promise<TAuthorization> {
  try {
    const userId = await authorize(request)
    return typeof userId === 'string' && userId !== '' ? { userId } : {}
  } catch (error) {
    return { failure: `authorize() threw: ${error instanceof Error ? error.message : String(error)}` }
  }
}
