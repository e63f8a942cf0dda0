import { describeValue } from './describe-value.ts'
import { ProviderError } from './errors.ts'
import type { IAIProvider } from './provider.ts'

/**
 * `provider` as an agent's loop calls it: a `chat()` that resolves no message (a custom provider
 * that forgot its `return`) is refused as that provider's fault, naming it, so `run()` returns it
 * as `result.error` rather than a TypeError from deep inside the loop. Everything else is the
 * provider's own, called on the provider itself (its private fields stay reachable).
 */
export function withCheckedChat(provider: IAIProvider): IAIProvider {
  return new Proxy(provider, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      return key !== 'chat'
        ? value.bind(target)
        : async (...args: Parameters<IAIProvider['chat']>) => {
            const response: unknown = await value.apply(target, args)
            if (typeof response === 'object' && response !== null) return response
            throw new ProviderError(`${target.name}.chat() resolved ${describeValue(response)}; it must resolve an assistant message.`)
          }
    }
  })
}
