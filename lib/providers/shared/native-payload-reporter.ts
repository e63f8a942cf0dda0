import type { TProviderNativeRawPayloadCallback, TProviderNativeRawPayloadKind } from '../../core/provider.ts'

/** Reports one payload of a provider call: the request, each stream event, the assembled response. */
export type TNativePayloadReporter = (payloadKind: TProviderNativeRawPayloadKind, payload: unknown) => void

/**
 * Reports one provider call's native payloads to `callback`, numbered in the order they came and
 * named by the provider and the API it spoke; nothing is reported when there is no callback.
 */
export function createNativePayloadReporter(callback: TProviderNativeRawPayloadCallback | undefined, provider: string, apiSurface: string): TNativePayloadReporter {
  let sequence = 0
  return (payloadKind, payload) => {
    callback?.({ provider, apiSurface, payloadKind, sequence: sequence++, payload })
  }
}
