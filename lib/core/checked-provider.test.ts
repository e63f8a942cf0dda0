import { describe, expect, it } from 'vitest'
import { AbstractAIProvider } from './abstract-ai-provider.ts'
import type { TUniversalMessage } from './messages.ts'
import type { IAIProvider, IChatOptions, TProviderResponse } from './provider.ts'
import { createAssistantMessage } from './messages.ts'
import { Robota } from './robota.ts'

// A custom provider written without types may resolve nothing: the run names it as that
// provider's fault, as it does any other, rather than failing inside the loop.

function agentWith(provider: IAIProvider): Robota {
  return new Robota({ name: 'custom', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' } })
}

describe('a provider whose chat() resolves no message', () => {
  it.each([
    ['undefined', undefined],
    ['a string', 'hello']
  ])('returns %s as a provider fault naming the provider', async (_, answer) => {
    // As a JavaScript app writes one: a name and chat(), nothing else.
    const provider = { name: 'homemade', chat: async () => answer } as unknown as IAIProvider
    const result = await agentWith(provider).run('hi')
    expect(result.error).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: `homemade.chat() resolved ${typeof answer}; it must resolve an assistant message.`
    })
  })

  it('still calls the provider itself, whose private state its other methods read', async () => {
    class PrivateProvider extends AbstractAIProvider {
      readonly name = 'private'
      readonly #reply = 'from a private field'
      async chat(_messages: readonly TUniversalMessage[], _options: IChatOptions): Promise<TProviderResponse> {
        return { ...createAssistantMessage(this.#reply), stopReason: 'end_turn' }
      }
    }
    const result = await agentWith(new PrivateProvider()).run('hi')
    expect(result.error).toBeUndefined()
    expect(result.response).toBe('from a private field')
  })
})
