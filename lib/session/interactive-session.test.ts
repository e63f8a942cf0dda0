import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { AuthenticationError, isRobotaError, ProviderError } from '../core/errors.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import { createQuery } from './query.ts'
import type { IExecutionResult, IToolState, ITransportAdapter, TInteractiveSessionOptions } from './interactive-session-types.ts'
import type { TPermissionRequest } from './permission-enforcer-types.ts'
import { createSandboxTools } from './sandbox-tools.ts'
import { Session } from './session.ts'

function setUp(steps: TScriptedStepSource[], options: Partial<TInteractiveSessionOptions> = {}, files: Record<string, string> = {}, deltaDelayMs = 0) {
  const provider = new ScriptedProvider(steps, { deltaDelayMs })
  const sandbox = new InMemorySandboxClient({ files: { 'README.md': '# Demo\n', ...files }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace', permissionMode: 'bypassPermissions', ...options })
  const log: string[] = []
  const tools: IToolState[] = []
  session.on('thinking', (thinking) => log.push(`thinking:${thinking}`))
  session.on('text_delta', (delta) => log.push(`delta:${delta}`))
  session.on('tool_start', (state) => {
    log.push(`tool_start:${state.toolName}`)
    tools.push(state)
  })
  session.on('tool_end', (state) => {
    log.push(`tool_end:${state.toolName}:${state.result}`)
    tools.push(state)
  })
  session.on('complete', () => log.push('complete'))
  session.on('interrupted', () => log.push('interrupted'))
  session.on('error', (error) => log.push(`error:${error.message}`))
  return { provider, sandbox, session, log, tools }
}

describe('InteractiveSession: a prompt', () => {
  it('streams, reports tools and completes, with tool entries and a tool summary in the full history', async () => {
    const { session, log, tools } = setUp([
      { text: ['Let me ', 'look.'], toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] },
      { text: 'It is a demo.' }
    ])
    const contexts: number[] = []
    session.on('context_update', (state) => contexts.push(state.usedTokens))
    const result = await session.submit('What is this repo?')

    expect(log).toEqual([
      'thinking:true',
      'delta:Let me ',
      'delta:look.',
      'tool_start:Bash',
      'tool_end:Bash:success',
      'delta:\n\n',
      'delta:It is a demo.',
      'complete',
      'thinking:false'
    ])
    expect(tools[0]).toMatchObject({ toolName: 'Bash', firstArg: 'cat README.md', isRunning: true })
    expect(tools[1]).toMatchObject({ toolName: 'Bash', isRunning: false, result: 'success' })
    expect(result?.response).toBe('It is a demo.')
    expect(result?.toolSummaries).toEqual([{ toolName: 'Bash', toolCallId: 'call_0_0', firstArg: 'cat README.md', result: 'success' }])
    expect(session.getStreamingText()).toBe('Let me look.\n\nIt is a demo.')
    const kinds = session.getFullHistory().map((entry) => (entry.category === 'chat' ? entry.type : `event:${entry.type}`))
    expect(kinds).toEqual(['user', 'assistant', 'event:tool-start', 'event:tool-end', 'tool', 'assistant', 'event:tool-summary'])
    expect(session.getMessages().map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(session.getActiveTools()).toEqual([expect.objectContaining({ toolName: 'Bash', result: 'success' })])
    expect(contexts.at(-1)).toBeGreaterThan(0)
  })

  it('asks the permission handler in default mode and reports a denied call as denied', async () => {
    const requests: TPermissionRequest[] = []
    const { session, tools } = setUp([{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf build' } }] }, { text: 'I was not allowed.' }], {
      permissionMode: 'default',
      permissionHandler: async (request) => {
        requests.push(request)
        return 'deny'
      }
    })
    const result = await session.submit('Clean up')
    expect(requests).toEqual([expect.objectContaining({ toolName: 'Bash', mode: 'default', suggestedPattern: 'Bash(rm -rf build)' })])
    expect(tools.at(-1)).toMatchObject({ result: 'denied' })
    expect(result?.toolSummaries[0]?.result).toBe('denied')
  })

  it('reports a handler answer it cannot give to the app in the decision event, listing the answers it can', async () => {
    const decisions: unknown[] = []
    const { session, tools } = setUp([{ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Not allowed.' }], {
      permissionMode: 'default',
      permissionHandler: async () => true as never,
      onReplayEvent: (event) => {
        if (event.type === 'permission_decision') decisions.push(event.data)
      }
    })
    await session.submit('List')
    expect(tools.at(-1)).toMatchObject({ result: 'denied' })
    expect(decisions).toEqual([
      expect.objectContaining({
        decision: 'deny',
        source: 'handler',
        reason: "the permission handler resolved true, which is not an answer; it must be 'allow_once', 'deny' or { allowForSession: pattern }"
      })
    ])
  })

  it("reports a handler answer it cannot give by `error` too, naming it and the valid ones, once a prompt", async () => {
    const { session, log, tools } = setUp(
      [
        { toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }, { name: 'Bash', arguments: { command: 'pwd' } }] },
        { text: 'Not allowed.' },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] },
        { text: 'Still not.' }
      ],
      { permissionMode: 'default', permissionHandler: async () => 'allow' as never }
    )
    const errors: Error[] = []
    session.on('error', (error) => errors.push(error))
    await session.submit('List')
    expect(tools.filter((tool) => !tool.isRunning).map((tool) => tool.result)).toEqual(['denied', 'denied'])
    expect(log.at(-2)).toBe('complete')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      name: 'ConfigurationError',
      message: `Bash was denied: the permission handler resolved "allow", which is not an answer; it must be 'allow_once', 'deny' or { allowForSession: pattern }.`
    })
    await session.submit('List again')
    expect(errors).toHaveLength(2)
  })

  it('queues one prompt while another runs, refuses a second, and runs the queued one after', async () => {
    const { session, provider } = setUp([{ text: ['one', ' two'] }, { text: 'queued answer' }], {}, {}, 10)
    const first = session.submit('first')
    const second = session.submit('second', '/second')
    expect(session.isExecuting()).toBe(true)
    expect(session.getPendingPrompt()).toBe('second')
    await expect(session.submit('third')).rejects.toThrow(/already queued/)
    expect((await first)?.response).toBe('one two')
    expect((await second)?.response).toBe('queued answer')
    expect(provider.calls.map((call) => call.messages.at(-1)?.content)).toEqual(['first', 'second'])
    expect(session.getPendingPrompt()).toBeNull()
    expect(session.getFullHistory().some((entry) => entry.type === 'display-input' && entry.data.displayInput === '/second')).toBe(true)
  })

  it('takes a prompt off the queue with cancelQueue', async () => {
    const { session, provider } = setUp([{ text: ['slow', ' answer'] }, { text: 'never' }], {}, {}, 10)
    const first = session.submit('first')
    const queued = session.submit('second')
    session.cancelQueue()
    expect(await queued).toBeUndefined()
    await first
    expect(provider.calls).toHaveLength(1)
    expect(provider.remainingSteps).toBe(1)
  })

  it('aborts: the running prompt ends interrupted and the queue is cleared', async () => {
    const { session, log } = setUp([{ text: ['Partial', ' and', ' more', ' text'] }, { text: 'never' }], {}, {}, 15)
    const interrupted: IExecutionResult[] = []
    session.on('interrupted', (result) => interrupted.push(result))
    session.on('text_delta', () => session.abort())
    const first = session.submit('long')
    const queued = session.submit('next')
    expect((await first)?.interrupted).toBe(true)
    expect(await queued).toBeUndefined()
    expect(interrupted[0]?.response).toBe('Partial')
    expect(log).toContain('interrupted')
    expect(log).not.toContain('complete')
    expect(session.getMessages().at(-1)).toMatchObject({ role: 'assistant', state: 'interrupted' })
  })

  it('emits error once for a provider failure and resolves with it as result.error, the committed messages kept', async () => {
    const { session, log } = setUp([{ error: new Error('HTTP 529 overloaded') }])
    const errors: Error[] = []
    session.on('error', (error) => errors.push(error))
    const result = await session.submit('hi')
    expect(log.filter((entry) => entry.startsWith('error:'))).toEqual([expect.stringContaining('HTTP 529 overloaded')])
    expect(log).not.toContain('complete')
    expect(result?.error).toBe(errors[0])
    expect(result?.error?.message).toContain('HTTP 529 overloaded')
    expect(result?.interrupted).toBe(false)
    expect(result?.response).toContain('HTTP 529 overloaded')
    expect(result?.history.filter((entry) => entry.category === 'chat').map((entry) => entry.type)).toEqual(['user', 'assistant'])
    expect(session.getMessages().map((message) => message.role)).toEqual(['user', 'assistant'])
  })

  it('resolves a structured answer that never validates with the StructuredOutputError as result.error, fired once by error', async () => {
    const { session, log } = setUp([{ text: '{"city":"Seoul"}' }, { text: 'not json at all' }])
    const result = await session.submitForOutput('Weather?', z.object({ city: z.string(), celsius: z.number() }))
    expect(isRobotaError(result?.error) && result.error.code).toBe('STRUCTURED_OUTPUT_INVALID')
    expect(result?.output).toBeUndefined()
    expect(log.filter((entry) => entry.startsWith('error:'))).toHaveLength(1)
  })

  it('reports a provider failure as the error class the provider threw, as Robota.run does, and createQuery rejects with it', async () => {
    const rejected = () => new AuthenticationError('Anthropic rejected the API key (HTTP 401)', { details: { status: 401 } })
    const { session } = setUp([{ error: rejected() }])
    const errors: Error[] = []
    session.on('error', (error) => errors.push(error))
    const result = await session.submit('hi')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(AuthenticationError)
    expect(result?.error).toBe(errors[0])
    expect(errors[0]).toMatchObject({ code: 'AUTHENTICATION_ERROR', message: 'Anthropic rejected the API key (HTTP 401)', details: { status: 401 } })

    const query = createQuery({ provider: new ScriptedProvider([{ error: rejected() }]) })
    await expect(query('hi')).rejects.toThrow(AuthenticationError)
  })

  it('reports a start that failed once, by error: each prompt after it rejects with that failure and fires no error of its own', async () => {
    const { session, log } = setUp([{ text: 'never sent' }], {}, { '.robota/settings.json': 'not json at all' })
    // Sent while the session still starts, then again and while one waits: none reaches the model.
    const first = session.submit('hi')
    const second = session.submit('again')
    const startFailure = await session.ready().then(() => undefined, (error: unknown) => error as Error)
    expect(startFailure).toBeInstanceOf(Error)
    await expect(first).rejects.toBe(startFailure)
    await expect(second).rejects.toBe(startFailure)
    await expect(session.submit('and again')).rejects.toBe(startFailure)
    expect(log.filter((entry) => entry.startsWith('error:'))).toEqual([`error:${startFailure?.message}`])
    expect(log).not.toContain('complete')
  })

  it('reports each failed prompt of a session that started, and answers the next one', async () => {
    const { session, log } = setUp([{ error: new ProviderError('HTTP 500 server error') }, { error: new ProviderError('HTTP 500 server error') }, { text: 'Back.' }])
    expect((await session.submit('one'))?.error).toBeInstanceOf(ProviderError)
    expect((await session.submit('two'))?.error).toBeInstanceOf(ProviderError)
    const answered = await session.submit('three')
    expect(answered?.response).toBe('Back.')
    expect(answered?.error).toBeUndefined()
    expect(log.filter((entry) => entry.startsWith('error:'))).toHaveLength(2)
  })

  it('refuses an empty prompt', async () => {
    const { session } = setUp([])
    await expect(session.submit('  ')).rejects.toThrow(/empty/)
  })

  it('hands itself to an attached transport, which then receives events', async () => {
    const { session } = setUp([{ text: 'hello' }])
    const received: string[] = []
    const transport: ITransportAdapter = {
      name: 'test',
      attach: (attached) => attached.on('complete', (result) => received.push(result.response)),
      start: async () => undefined,
      stop: async () => undefined
    }
    session.attachTransport(transport)
    await session.submit('hi')
    expect(received).toEqual(['hello'])
  })
})

describe('InteractiveSession: configuration and context from the sandbox', () => {
  const files = {
    '.robota/settings.json': JSON.stringify({ model: 'claude-opus-4-6', language: 'Korean', permissions: { defaultMode: 'plan', deny: ['Read(secret/**)'] } }),
    'AGENTS.md': 'Always run the tests.',
    '.agents/skills/deploy/SKILL.md': '---\ndescription: Deploy the app\n---\nRun ./deploy.sh $ARGUMENTS and report.'
  }

  it('reads settings, AGENTS.md and skills into the model, the mode and the system prompt', async () => {
    const { session, provider } = setUp([{ text: 'ok' }], { permissionMode: undefined }, files)
    await session.ready()
    expect(session.getPermissionMode()).toBe('plan')
    expect(session.getModel()).toBe('claude-opus-4-6')
    expect(session.getLanguage()).toBe('Korean')
    await session.submit('hi')
    const system = provider.calls[0]?.messages[0]?.content ?? ''
    expect(system).toContain('Always run the tests.')
    expect(system).toContain('## Skill: deploy')
    expect(system).toContain('Always respond in Korean')
    expect(provider.calls[0]?.options.model).toBe('claude-opus-4-6')
    expect(provider.calls[0]?.options.tools?.map((tool) => tool.name)).toEqual(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'WebFetch', 'Agent'])
  })

  it('refuses to start on a malformed settings file, naming the file and the field', async () => {
    const { session, log } = setUp([{ text: 'never' }], {}, { '.robota/settings.local.json': '{ "permissions": { "defaultMode": "yolo" } }' })
    const error = await session.ready().then(
      () => undefined,
      (reason: unknown) => reason
    )
    expect(isRobotaError(error) && error.code).toBe('CONFIGURATION_ERROR')
    expect((error as Error).message).toMatch(/^\/workspace\/\.robota\/settings\.local\.json: permissions\.defaultMode: /)
    await expect(session.submit('hi')).rejects.toBe(error)
    expect(log.filter((entry) => entry.includes('settings.local.json'))).toHaveLength(1)
  })

  it('lets an explicit option beat the settings', async () => {
    const { session } = setUp([], { permissionMode: 'acceptEdits', model: 'gpt-5' }, files)
    await session.ready()
    expect(session.getPermissionMode()).toBe('acceptEdits')
    expect(session.getModel()).toBe('gpt-5')
  })

  it('adds SessionStart hook context to the system prompt', async () => {
    const { session, provider } = setUp([{ text: 'ok' }], {
      hooks: { SessionStart: [{ hooks: [{ type: 'prompt', prompt: 'The deploy freeze is on.' }] }] }
    })
    await session.submit('hi')
    expect(provider.calls[0]?.messages[0]?.content).toContain('The deploy freeze is on.')
  })

  it('plain chat without a sandbox: no tools, no Agent tool', async () => {
    const provider = new ScriptedProvider([{ text: 'hi there' }])
    const session = new InteractiveSession({ provider })
    expect((await session.submit('hi'))?.response).toBe('hi there')
    expect(provider.calls[0]?.options.tools).toBeUndefined()
  })
})

describe('InteractiveSession over a pre-built Session', () => {
  it('reads nothing from a sandbox and still reports the session\'s tools and answers', async () => {
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Listed.' }])
    const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': 'not json at all' } })
    const prebuilt = new Session({ provider, model: 'm', tools: createSandboxTools(sandbox, '/workspace'), permissions: { mode: 'bypassPermissions' } })
    const session = new InteractiveSession({ provider, sandbox, session: prebuilt })
    const started: string[] = []
    session.on('tool_start', (state) => started.push(state.firstArg))
    const result = await session.submit('list')
    expect(result?.response).toBe('Listed.')
    expect(started).toEqual(['ls'])
    expect(session.getSessionId()).toBe(prebuilt.sessionId)
  })

  it('needs no provider of its own: the pre-built session has one', async () => {
    const prebuilt = new Session({ provider: new ScriptedProvider([{ text: 'From the built session.' }]), model: 'm' })
    const session = new InteractiveSession({ session: prebuilt } as unknown as ConstructorParameters<typeof InteractiveSession>[0])
    expect((await session.submit('hi'))?.response).toBe('From the built session.')
  })
})
