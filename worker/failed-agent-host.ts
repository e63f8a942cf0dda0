import type { IAgentHost } from '../lib/host/agent-host.ts'

/**
 * The host a worker serves when its own could not be built: every method rejects with `error`,
 * so each call of the page's client fails with it, class and code kept by the error transfer.
 */
export function failedAgentHost(error: unknown): IAgentHost {
  return new Proxy({} as IAgentHost, { get: () => () => Promise.reject(error) })
}
