import { describeValue } from '../describe-value.ts'
import { ProviderError } from '../errors.ts'
import type { TProviderResponse } from '../provider.ts'

/**
 * Refuses a reply no assistant message can be made of (a hand-written provider's mistake), so the
 * run fails as for any provider fault, its history valid, instead of throwing a `TypeError` later.
 *
 * @throws ProviderError naming the provider and what its reply lacked.
 */
export function assertProviderResponse(response: unknown, provider: string): asserts response is TProviderResponse {
  const problem = describeResponseProblem(response)
  if (problem) throw new ProviderError(`${provider}.chat() resolved ${problem}; it must resolve an assistant message.`, { details: { provider } })
}

function describeResponseProblem(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null) return describeValue(response)
  const { toolCalls } = response as { toolCalls?: unknown }
  if (toolCalls !== undefined && !Array.isArray(toolCalls)) return 'toolCalls that is no array'
  const index = ((toolCalls ?? []) as Array<Partial<Record<string, unknown>> | null>).findIndex((call) => !call?.id || !call.name || typeof call.arguments !== 'object')
  return index < 0 ? undefined : `toolCalls[${index}] without an id, a name or arguments`
}
