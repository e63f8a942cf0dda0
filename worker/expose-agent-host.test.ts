import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../lib/core/errors.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../lib/testing/scripted-provider.ts'
import { createAgentWorkerHost, exposeAgentHost } from './expose-agent-host.ts'

describe('exposeAgentHost', () => {
  it('outside a Web Worker names where it runs and what to use instead, rather than a TypeError', () => {
    const expose = () => exposeAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' }, store: new MemorySessionStore() })
    expect(expose).toThrow(ConfigurationError)
    expect(expose).toThrow('exposeAgentHost() runs in a Web Worker; in Node or on the page, use createLocalAgentHost(options, store).')
  })

  it('names exposeAgentHost, the call the app wrote, when it refuses the worker\'s options', () => {
    const build = () => createAgentWorkerHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' }, systemMessage: 'Be brief.' } as never)
    expect(build).toThrow(ConfigurationError)
    expect(build).toThrow(/^exposeAgentHost\(options\): unknown option "systemMessage" \(the system prompt is `systemPrompt`\)/)
  })
})
