import { describe, expect, it } from 'vitest'
import { LocalAgentHost } from '../lib/host/local-agent-host.ts'
import { ConfigurationError } from '../lib/core/errors.ts'
import { CLIENT_FORWARDING, createAgentClient } from './create-agent-client.ts'

describe('the page client', () => {
  it('forwards every method of the host, each with its policy for a call the worker died under', () => {
    const hostMethods = Object.getOwnPropertyNames(LocalAgentHost.prototype).filter((name) => name !== 'constructor' && !/^(subscribe|unsubscribe)$/.test(name))
    const publicMethods = hostMethods.filter((name) => !['assemble', 'rereadWorkspace', 'loadRecord', 'recordForTurn', 'liveSessionById'].includes(name))
    expect(Object.keys(CLIENT_FORWARDING).sort()).toEqual(publicMethods.sort())
    for (const forwarding of Object.values(CLIENT_FORWARDING)) expect(['retry', 'reject', 'settle']).toContain(forwarding.policy.kind)
  })

  it('refuses to start without a worker of the app, saying what to pass', () => {
    expect(() => createAgentClient({})).toThrow(ConfigurationError)
    expect(() => createAgentClient({})).toThrow(/new Worker\(new URL\('\.\/agent\.worker\.ts', import\.meta\.url\), \{ type: 'module' \}\)/)
  })
})
