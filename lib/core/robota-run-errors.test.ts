import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { describeHistoryProblems } from '../testing/suite-totals-history-checks.ts'
import { AuthenticationError, NetworkError, ProviderError, RateLimitError, type RobotaError } from './errors.ts'
import { Robota, type IAgentConfig } from './robota.ts'
import { PROVIDER_FAILURE_NOTE } from './messages.ts'
import type { ITool } from './tool.ts'

// A failed turn gives the caller the error with its code: as plain data on the run result by
// default, or thrown as the Robota error class with `throwOnError`. Either way the committed
// messages and the failure notice stay in a valid history and the agent keeps working.

const echo: ITool = {
  schema: { name: 'echo', description: 'Echoes', parameters: { type: 'object', properties: {} } },
  async execute() {
    return { success: true, data: 'echoed' }
  }
}

function makeAgent(provider: ScriptedProvider, config: Partial<IAgentConfig> = {}) {
  return new Robota({
    name: 'failing',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'scripted-model' },
    tools: [echo],
    ...config
  })
}

const rateLimited = () =>
  new RateLimitError('The rate limit was reached. Try again in 7 seconds.', {
    details: { provider: 'scripted', status: 429, retryAfterSeconds: 7, requestId: 'req_1' }
  })

describe('a provider failure on the run result', () => {
  it('carries the error as plain data with its code, category, recoverability and status', async () => {
    const provider = new ScriptedProvider([{ error: rateLimited() }, { text: 'Recovered.' }])
    const agent = makeAgent(provider)

    const result = await agent.run('hi')

    expect(result.error).toEqual({
      name: 'RateLimitError',
      code: 'RATE_LIMIT_ERROR',
      message: 'The rate limit was reached. Try again in 7 seconds.',
      category: 'provider',
      recoverable: true,
      statusCode: 429,
      retryAfterSeconds: 7,
      details: { provider: 'scripted', status: 429, retryAfterSeconds: 7, requestId: 'req_1' }
    })
    // Plain data: it survives structured clone (the worker boundary) unchanged.
    expect(structuredClone(result.error)).toEqual(result.error)
    expect(Object.getPrototypeOf(result.error)).toBe(Object.prototype)
    // The failure notice other layers read stays as it was.
    expect(result.response).toMatch(/^Error: the model provider failed: The rate limit was reached/)
    expect(result.history.at(-1)).toMatchObject({ role: 'assistant', metadata: { error: true, errorCode: 'RATE_LIMIT_ERROR' } })

    const again = await agent.run('again')
    expect(again.response).toBe('Recovered.')
    expect(again.error).toBeUndefined()
    expect(describeHistoryProblems(again.history)).toEqual([])
  })

  it('turns an error that is not a Robota error into one, by what it says', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })
    const provider = new ScriptedProvider([{ error: new Error('boom') }, { error: refused }])
    const agent = makeAgent(provider)

    const plain = await agent.run('one')
    expect(plain.error).toMatchObject({ code: 'PROVIDER_ERROR', category: 'provider', recoverable: true })
    expect(plain.error?.message).toContain('boom')
    expect(plain.history.at(-1)?.metadata).toMatchObject({ error: true, errorCode: 'PROVIDER_ERROR' })

    const network = await agent.run('two')
    expect(network.error).toMatchObject({ code: 'NETWORK_ERROR', category: 'system', recoverable: true })
    expect(network.history.at(-1)?.metadata).toMatchObject({ error: true, errorCode: 'NETWORK_ERROR' })
  })

  it('keeps only plain values of details, so a cause or a class instance cannot break the clone', async () => {
    const error = new ProviderError('Server error.', { details: { status: 500, headers: new Headers(), nested: { a: 1 }, tags: ['x'] } })
    const agent = makeAgent(new ScriptedProvider([{ error }]))

    const result = await agent.run('hi')

    expect(result.error?.details).toEqual({ status: 500, tags: ['x'] })
    expect(result.error?.statusCode).toBe(500)
    expect(structuredClone(result.error)).toEqual(result.error)
  })

  it('reports a failure in a later round, after the tool results were committed', async () => {
    const provider = new ScriptedProvider([
      { text: 'Echoing.', toolCalls: [{ id: 'call_1', name: 'echo', arguments: {} }] },
      { error: new NetworkError('The connection dropped before the reply was complete. Try again.') },
      { text: 'Back.' }
    ])
    const agent = makeAgent(provider)

    const result = await agent.run('echo it')

    expect(result.error).toMatchObject({ code: 'NETWORK_ERROR' })
    expect(result.toolsExecuted).toEqual(['echo'])
    expect(result.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(describeHistoryProblems(result.history)).toEqual([])
  })

  it('reports a failure of the summary call the round cap forces', async () => {
    const provider = new ScriptedProvider([
      { text: 'Echoing.', toolCalls: [{ id: 'call_1', name: 'echo', arguments: {} }] },
      { error: rateLimited() }
    ])
    const agent = makeAgent(provider, { maxExecutionRounds: 1 })

    const result = await agent.run('echo it')

    expect(result.error).toMatchObject({ code: 'RATE_LIMIT_ERROR' })
    expect(describeHistoryProblems(result.history)).toEqual([])
  })

  it('has no error on a successful run nor on an abort', async () => {
    const ok = await makeAgent(new ScriptedProvider([{ text: 'Fine.' }])).run('hi')
    expect(ok.error).toBeUndefined()
    expect('error' in ok).toBe(false)

    const controller = new AbortController()
    controller.abort()
    const aborted = await makeAgent(new ScriptedProvider([{ text: 'never' }])).run('hi', { signal: controller.signal })
    expect(aborted.interrupted).toBe(true)
    expect(aborted.error).toBeUndefined()
  })
})

describe('throwOnError', () => {
  it('throws the Robota error class itself, and leaves the agent usable with the failure in its history', async () => {
    const provider = new ScriptedProvider([{ text: 'First.' }, { error: rateLimited() }, { text: 'Recovered.' }])
    const agent = makeAgent(provider)
    await agent.run('one')

    const thrown = await agent.run('two', { throwOnError: true }).then(
      () => expect.fail('run() should have thrown'),
      (error: unknown) => error as RobotaError
    )

    expect(thrown).toBeInstanceOf(RateLimitError)
    expect(thrown).toMatchObject({ code: 'RATE_LIMIT_ERROR', details: { retryAfterSeconds: 7 } })
    const history = agent.getHistory()
    expect(history.map((message) => message.content)).toEqual([
      'one',
      'First.',
      'two',
      'Error: the model provider failed: The rate limit was reached. Try again in 7 seconds.'
    ])
    expect(describeHistoryProblems(history)).toEqual([])
    expect((await agent.run('three', { throwOnError: true })).response).toBe('Recovered.')
    // The model is not handed the notice as something it said: only that its answer ended early.
    const sent = provider.calls.at(-1)?.messages.map((message) => message.content)
    expect(sent).toEqual(['one', 'First.', 'two', PROVIDER_FAILURE_NOTE, 'three'])
  })

  it('can be the agent default, and a run option overrides it', async () => {
    const provider = new ScriptedProvider([{ error: new AuthenticationError('Bad key.') }, { error: new AuthenticationError('Bad key.') }])
    const agent = makeAgent(provider, { throwOnError: true })

    await expect(agent.run('one')).rejects.toBeInstanceOf(AuthenticationError)
    const result = await agent.run('two', { throwOnError: false })
    expect(result.error).toMatchObject({ code: 'AUTHENTICATION_ERROR', category: 'user', recoverable: false })
  })

  it('throws a Robota error for a plain provider failure too', async () => {
    const agent = makeAgent(new ScriptedProvider([{ error: new Error('boom') }]))
    await expect(agent.run('hi', { throwOnError: true })).rejects.toMatchObject({ name: 'ProviderError', code: 'PROVIDER_ERROR' })
  })

  it('does not throw on abort', async () => {
    const controller = new AbortController()
    controller.abort()
    const result = await makeAgent(new ScriptedProvider([{ text: 'never' }])).run('hi', { signal: controller.signal, throwOnError: true })
    expect(result.interrupted).toBe(true)
  })
})
