import { IDBFactory } from 'fake-indexeddb'
import * as z from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { ConfigurationError } from '../lib/core/errors.ts'
import { stubIndexedDBGlobals } from '../lib/storage/indexeddb/fake-indexeddb.fixtures.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../lib/testing/scripted-provider.ts'
import { createZodFunctionTool } from '../lib/tools/function-tool.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { AnthropicProvider } from '../lib/providers/anthropic/anthropic-provider.ts'
import { OpenAIProvider } from '../lib/providers/openai/openai-provider.ts'
import { MemoryPluginFileStore } from '../lib/storage/memory-plugin-file-store.ts'
import type { TAgentWorkerOptions } from './agent-worker-options.ts'
import { createLocalAgentHost } from './create-local-agent-host.ts'

// An app's worker options, run in-thread: its own tool and system prompt reach the model, the
// tool runs inside the host, and what the app did not list is refused by name.

describe('createLocalAgentHost', () => {
  it('loads the in-memory shell once the first session is open, so the first turn does not wait for it; an app’s own sandbox is prepared as the app says', async () => {
    const preload = vi.spyOn(InMemorySandboxClient, 'preload')
    try {
      const options = { providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }
      const host = createLocalAgentHost(options, new MemorySessionStore())
      const session = await host.createSession()
      await host.openSession(session.id)
      await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1))

      const own = createLocalAgentHost({ ...options, sandbox: () => new InMemorySandboxClient() }, new MemorySessionStore())
      await own.openSession((await own.createSession()).id)
      const prepareSandbox = vi.fn()
      const prepared = createLocalAgentHost({ ...options, sandbox: () => new InMemorySandboxClient(), prepareSandbox }, new MemorySessionStore())
      await prepared.openSession((await prepared.createSession()).id)
      await vi.waitFor(() => expect(prepareSandbox).toHaveBeenCalledTimes(1))
      expect(preload).toHaveBeenCalledTimes(1)
    } finally {
      preload.mockRestore()
    }
  })

  it('offers the app’s tools and system prompt to every session, and runs the tools in the host', async () => {
    const added: Array<{ a: number; b: number }> = []
    const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => {
      added.push({ a, b })
      return { sum: a + b }
    })
    const provider = new ScriptedProvider([{ text: 'Adding.', toolCalls: [{ id: 'call_add', name: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'It is 5.' }])
    const store = new MemorySessionStore()
    const host = createLocalAgentHost(
      {
        providers: { scripted: () => provider },
        defaultProvider: { kind: 'scripted', model: 'demo' },
        tools: [add],
        systemPrompt: 'You are the calculator of Example Inc.',
        permissionMode: 'bypassPermissions'
      },
      store
    )
    const session = await host.createSession()
    const result = await host.submit(session.id, 'What is 2 + 3?')

    expect(result.response).toBe('It is 5.')
    expect(added).toEqual([{ a: 2, b: 3 }])
    const offered = provider.calls[0]?.options.tools?.map((tool) => tool.name)
    expect(offered).toContain('add')
    expect(offered).toContain('Bash')
    expect(provider.calls[0]?.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('You are the calculator of Example Inc.') })
    const toolResult = (await store.loadSession(session.id))?.messages.find((message) => message.role === 'tool')
    expect(toolResult?.content).toContain('"sum":5')
  })

  it('takes the user settings layer the app gives: its deny rule holds in the worker’s sessions', async () => {
    const provider = new ScriptedProvider([{ text: 'Listing.', toolCalls: [{ id: 'call_ls', name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Done.' }])
    const store = new MemorySessionStore()
    const host = createLocalAgentHost(
      {
        providers: { scripted: () => provider },
        defaultProvider: { kind: 'scripted', model: 'demo' },
        workspace: { files: { 'README.md': '# hi' } },
        userSettings: { permissions: { deny: ['Bash(ls)'] } },
        permissionMode: 'bypassPermissions'
      },
      store
    )
    const session = await host.createSession()
    await host.submit(session.id, 'List the files')
    const result = (await store.loadSession(session.id))?.messages.find((message) => message.role === 'tool')
    expect(result?.content).toMatch(/denied|not allowed|deny/i)
    expect(result?.content).not.toContain('README.md')
  })

  it('takes a valid value for every option it checks, and runs a turn with them', async () => {
    const provider = new ScriptedProvider([{ text: 'hello' }])
    const options = {
      providers: { scripted: () => provider },
      defaultProvider: { kind: 'scripted', model: 'demo' },
      tools: [],
      systemPrompt: 'Be brief.',
      workspace: { root: '/app', files: { 'a.txt': 'a' } },
      sandbox: () => new InMemorySandboxClient({ cwd: '/app', files: { 'a.txt': 'a' } }),
      prepareSandbox: () => InMemorySandboxClient.preload(),
      sandboxFromChoice: async () => new InMemorySandboxClient(),
      store: new MemorySessionStore(),
      permissions: { allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] },
      permissionMode: 'acceptEdits',
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      applyManifest: false,
      autoCompactThreshold: 0.9,
      eventIntervalMs: 10,
      env: { API_KEY: 'x' },
      userSettings: { language: 'English' },
      webFetch: { timeoutMs: 1000 },
      searchProvider: { name: 'none', search: async () => [] },
      mcpServers: {},
      userPlugins: new MemoryPluginFileStore()
    } satisfies TAgentWorkerOptions
    const host = createLocalAgentHost(options)
    const session = await host.createSession()
    expect((await host.submit(session.id, 'hi')).response).toBe('hello')
    expect(() => createLocalAgentHost({ ...options, autoCompactThreshold: false, webFetch: false, applyManifest: async () => ({ entries: [] }) })).not.toThrow()
  })

  it('names the provider a page asked for that the worker does not offer, and a default it does not list', async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([{ text: 'hi' }]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    await expect(host.setProvider(session.id, { kind: 'openai', model: 'gpt-4o-mini' })).rejects.toThrow('This host has no provider "openai"; it offers: scripted. Add it to the providers of exposeAgentHost (or createLocalAgentHost).')
    expect(() => createLocalAgentHost({ providers: {}, defaultProvider: { kind: 'anthropic', model: 'x' } }, new MemorySessionStore())).toThrow(ConfigurationError)
  })

  it('names a provider factory that throws, keeping a Robota error of its own as it is', async () => {
    const host = createLocalAgentHost(
      {
        providers: {
          broken: () => {
            throw new TypeError('fetch is not a function')
          },
          keyless: () => {
            throw new ConfigurationError('AnthropicProvider needs an apiKey (or a client).')
          }
        },
        defaultProvider: { kind: 'broken', model: 'demo' }
      },
      new MemorySessionStore()
    )
    const session = await host.createSession()
    const failureOf = (turn: Promise<{ error?: { message: string; code: string } }>) =>
      turn.then(
        (result) => result.error,
        (error: unknown) => error as { message: string; code: string }
      )
    expect(await failureOf(host.submit(session.id, 'Hello'))).toMatchObject({ code: 'CONFIGURATION_ERROR', message: expect.stringContaining('providers.broken failed to build its provider: fetch is not a function') })
    await expect(host.setProvider(session.id, { kind: 'keyless', model: 'demo' })).rejects.toThrow('AnthropicProvider needs an apiKey (or a client).')
  })

  it('names a provider factory that returns no provider, rather than failing later with a TypeError', async () => {
    const store = new MemorySessionStore()
    // As written with braces and no `return`.
    const host = createLocalAgentHost({ providers: { scripted: () => undefined as never }, defaultProvider: { kind: 'scripted', model: 'demo' } }, store)
    const session = await host.createSession()
    const failure = await host.submit(session.id, 'Hello').then(
      (result) => result.error?.message,
      (error: unknown) => (error as Error).message
    )
    expect(failure).toContain('providers.scripted must return a provider, such as new AnthropicProvider({ apiKey }); it returned undefined.')
  })

  it('refuses a session whose chosen provider the worker does not offer, before storing it; one still missing its key is created', async () => {
    const store = new MemorySessionStore()
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, store)
    const created = host.createSession({ name: 'unservable', provider: { kind: 'nope', model: 'm' } })
    await expect(created).rejects.toThrow(ConfigurationError)
    await expect(created).rejects.toThrow('createSession(): this host has no provider "nope"; it offers: scripted.')
    expect((await store.listSessions()).sessions).toEqual([])
    // A key a reload forgot is given again later: the session is made, and its first turn says what is missing.
    const keyless = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]), openai: (choice) => new OpenAIProvider({ apiKey: choice.apiKey }) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, store)
    const keyed = await keyless.createSession({ provider: { kind: 'openai', model: 'gpt-5-mini' } })
    expect(keyed).toMatchObject({ providerName: 'openai' })
    // As a wrong key's turn does: it resolves with the error.
    expect((await keyless.submit(keyed.id, 'Hello')).error).toMatchObject({ code: 'CONFIGURATION_ERROR', message: expect.stringContaining('OpenAIProvider needs an apiKey'), details: { missing: 'apiKey' } })
  })

  it('builds a chosen provider as the session is made, so a misspelt option in the factory fails createSession with the provider’s own error, before storing anything', async () => {
    const store = new MemorySessionStore()
    const host = createLocalAgentHost(
      {
        // `baseUrl` for `baseURL`: the provider refuses it as it is built.
        providers: { scripted: () => new ScriptedProvider([]), anthropic: (choice) => new AnthropicProvider({ apiKey: choice.apiKey, baseUrl: 'https://proxy.example.test' } as never) },
        defaultProvider: { kind: 'scripted', model: 'demo' }
      },
      store
    )
    const created = host.createSession({ name: 'proxied', provider: { kind: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'sk-ant-test' } })
    await expect(created).rejects.toThrow(ConfigurationError)
    await expect(created).rejects.toThrow('new AnthropicProvider(options): unknown option "baseUrl" (the base URL is `baseURL`)')
    // A key still to come does not hide the mistake: the options are checked before the key.
    await expect(host.createSession({ provider: { kind: 'anthropic', model: 'claude-sonnet-4-6' } })).rejects.toThrow('unknown option "baseUrl"')
    expect((await store.listSessions()).sessions).toEqual([])
  })

  it('builds a chosen provider once: the session’s first turn uses the one createSession built', async () => {
    const factory = vi.fn(() => new ScriptedProvider([{ text: 'Hi.' }]))
    const host = createLocalAgentHost({ providers: { scripted: factory }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession({ provider: { kind: 'scripted', model: 'demo' } })
    expect(factory).toHaveBeenCalledTimes(1)
    expect((await host.submit(session.id, 'Hello')).response).toBe('Hi.')
    expect(factory).toHaveBeenCalledTimes(1)
  })

  it('takes its session store from the second argument or, without one, from options.store', async () => {
    const options = { providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }
    const store = new MemorySessionStore()
    const created = await createLocalAgentHost({ ...options, store }).createSession({ name: 'from options' })
    expect((await store.listSessions()).sessions.map((session) => session.id)).toEqual([created.id])
  })

  it('opens { databaseName } in IndexedDB where there is one, and says at once where there is none', async () => {
    const options = { providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' }, store: { databaseName: 'app-sessions' } }
    const inNode = () => createLocalAgentHost(options)
    expect(inNode).toThrow(ConfigurationError)
    expect(inNode).toThrow('createLocalAgentHost(options): store { databaseName } opens IndexedDB, which this runtime lacks (Node has none); pass a session store, such as new MemorySessionStore()')

    stubIndexedDBGlobals()
    vi.stubGlobal('indexedDB', new IDBFactory())
    try {
      const created = await createLocalAgentHost(options).createSession({ name: 'kept by name' })
      const reopened = createLocalAgentHost(options)
      expect((await reopened.listSessions()).sessions.map((session) => session.id)).toEqual([created.id])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it.each([
    ['no store at all', undefined, undefined, 'createLocalAgentHost(options)', 'got undefined'],
    ['a second argument that is no store', { name: 'x' }, undefined, 'createLocalAgentHost(options, store)', 'got object'],
    ['an options.store that is no store', undefined, 'sessions', 'createLocalAgentHost(options)', 'got string']
  ])('refuses %s at once, not at the first session', (_, store, optionStore, call, got) => {
    const options = { providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' }, ...(optionStore === undefined ? {} : { store: optionStore }) }
    const create = () => createLocalAgentHost(options as never, store as never)
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(`${call}: store must be a session store (new MemorySessionStore()) or { databaseName } for IndexedDB; ${got}.`)
  })

  const BASE_OPTIONS = { providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }

  // Options as an app without types may write them: each names what is wrong, not a TypeError.
  it.each([
    ['no options', undefined, 'createLocalAgentHost(options): providers must map each kind to a function that builds its provider; got undefined.'],
    ['no providers', { defaultProvider: { kind: 'scripted', model: 'demo' } }, 'createLocalAgentHost(options): providers must map each kind to a function that builds its provider; got undefined.'],
    ['a provider that is no factory', { providers: { scripted: 'yes' }, defaultProvider: { kind: 'scripted', model: 'demo' } }, 'createLocalAgentHost(options): providers.scripted must be a function that builds its provider; got string.'],
    ['no defaultProvider', { providers: { scripted: () => new ScriptedProvider([]) } }, 'createLocalAgentHost(options): defaultProvider must be { kind, model }, the kind one of providers (scripted); got undefined.'],
    ['a defaultProvider not among providers', { providers: {}, defaultProvider: { kind: 'anthropic', model: 'x' } }, 'createLocalAgentHost(options): defaultProvider must be { kind, model }, the kind one of providers (none); got {"kind":"anthropic","model":"x"}.'],
    ['tools that are no array', { ...BASE_OPTIONS, tools: {} }, 'createLocalAgentHost(options): tools must be an array of tools; got object.'],
    ['a tool that is none, counted among the app’s own', { ...BASE_OPTIONS, tools: [{}] }, 'createLocalAgentHost(options): tools[0] is not a tool: expected { schema, execute }, as createZodFunctionTool builds; got object.'],
    ['the system prompt under another name', { ...BASE_OPTIONS, systemMessage: 'Be brief.' }, 'createLocalAgentHost(options): unknown option "systemMessage" (the system prompt is `systemPrompt`); it takes providers, defaultProvider, tools, systemPrompt,'],
    ['a workspace with a misspelt key', { ...BASE_OPTIONS, workspace: { file: { 'a.txt': 'x' } } }, 'createLocalAgentHost(options): workspace: unknown option "file"; it takes root, files.'],
    ['a workspace given as its root', { ...BASE_OPTIONS, workspace: '/app' }, 'createLocalAgentHost(options): workspace must be an object; got "/app".'],
    ['a workspace root that is no path', { ...BASE_OPTIONS, workspace: { root: 5, files: { 'a.txt': 'a' } } }, 'createLocalAgentHost(options): workspace.root must be a non-empty path; got 5.'],
    ['a workspace root that is no path beside an app’s own sandbox', { ...BASE_OPTIONS, sandbox: () => new InMemorySandboxClient(), workspace: { root: ['/app'] } }, 'createLocalAgentHost(options): workspace.root must be a non-empty path; got an array.'],
    ['an empty workspace root', { ...BASE_OPTIONS, workspace: { root: '' } }, 'createLocalAgentHost(options): workspace.root must be a non-empty path; got "".'],
    ['a system prompt that is no text', { ...BASE_OPTIONS, systemPrompt: ['Be brief.'] }, 'createLocalAgentHost(options): systemPrompt must be a string; got an array.'],
    ['a sandbox that is no factory', { ...BASE_OPTIONS, sandbox: new InMemorySandboxClient() }, 'createLocalAgentHost(options): sandbox must be a function; got object.'],
    ['prepareSandbox that is no function', { ...BASE_OPTIONS, prepareSandbox: true }, 'createLocalAgentHost(options): prepareSandbox must be a function; got true.'],
    ['sandboxFromChoice given by kind', { ...BASE_OPTIONS, sandboxFromChoice: 'e2b' }, 'createLocalAgentHost(options): sandboxFromChoice must be a function; got "e2b".'],
    ['applyManifest switched off with true', { ...BASE_OPTIONS, applyManifest: true }, 'createLocalAgentHost(options): applyManifest must be a function or false; got true.'],
    ['an auto-compaction threshold as text', { ...BASE_OPTIONS, autoCompactThreshold: '0.8' }, 'createLocalAgentHost(options): autoCompactThreshold must be a number above 0 and at most 1 or false; got "0.8".'],
    ['an auto-compaction threshold of none', { ...BASE_OPTIONS, autoCompactThreshold: 0 }, 'createLocalAgentHost(options): autoCompactThreshold must be a number above 0 and at most 1 or false; got 0.'],
    ['an event interval as text', { ...BASE_OPTIONS, eventIntervalMs: '50' }, 'createLocalAgentHost(options): eventIntervalMs must be a number; got "50".'],
    ['an environment given as one string', { ...BASE_OPTIONS, env: 'API_KEY=x' }, 'createLocalAgentHost(options): env must be an object; got "API_KEY=x".'],
    ['user settings as text', { ...BASE_OPTIONS, userSettings: '{"language":"English"}' }, 'createLocalAgentHost(options): userSettings must be an object; got "{\\"language\\":\\"English\\"}".'],
    ['webFetch as null', { ...BASE_OPTIONS, webFetch: null }, 'createLocalAgentHost(options): webFetch must be an object or false; got null.'],
    ['a search provider given by name', { ...BASE_OPTIONS, searchProvider: 'brave' }, 'createLocalAgentHost(options): searchProvider must be an object; got "brave".'],
    ['MCP servers as a list', { ...BASE_OPTIONS, mcpServers: [{ type: 'http', url: 'https://mcp.test/' }] }, 'createLocalAgentHost(options): mcpServers must be an object; got an array.'],
    ['user plugins given by database name', { ...BASE_OPTIONS, userPlugins: 'robota-plugins' }, 'createLocalAgentHost(options): userPlugins must be an object; got "robota-plugins".'],
    ['a seed file above the workspace', { ...BASE_OPTIONS, workspace: { files: { '../up.txt': 'x' } } }, 'createLocalAgentHost(options): workspace.files["../up.txt"] does not name a file below /workspace; write an absolute path for one elsewhere.'],
    ['a seed file that is no text', { ...BASE_OPTIONS, workspace: { root: '/app', files: { 'a.txt': 5 } } }, 'createLocalAgentHost(options): workspace.files["a.txt"] must be a string or a Uint8Array; got number.'],
    ['a hook of an unknown type', { ...BASE_OPTIONS, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'cmd', command: 'x' }] }] } }, 'createLocalAgentHost(options): hooks.PreToolUse[0].hooks[0].type:'],
    ['a hook matcher that is no regular expression', { ...BASE_OPTIONS, hooks: { PreToolUse: [{ matcher: 'Bash(', hooks: [{ type: 'command', command: 'x' }] }] } }, 'createLocalAgentHost(options): hooks.PreToolUse[0].matcher: not a regular expression: Invalid regular expression: /^(?:Bash()$/: Unterminated group (as in .robota/settings.json).'],
    ['hooks for events a session has no moment for', { ...BASE_OPTIONS, hooks: { WorktreeCreate: [{ hooks: [{ type: 'command', command: 'x' }] }], Notification: [{ hooks: [{ type: 'command', command: 'x' }] }] } }, 'createLocalAgentHost(options): hooks for Notification, WorktreeCreate would never run: a Robota session has no moment for those events. Remove them.'],
    ['a permission mode that is none', { ...BASE_OPTIONS, permissionMode: 'yolo' }, 'createLocalAgentHost(options): permissionMode must be one of plan, default, acceptEdits, bypassPermissions; got "yolo".'],
    ['a hook event misspelt', { ...BASE_OPTIONS, hooks: { PreToolUSE: [] } }, 'createLocalAgentHost(options): hooks: Unrecognized key: "PreToolUSE" (as in .robota/settings.json).'],
    ['permissions as a bare list', { ...BASE_OPTIONS, permissions: ['Bash(ls)'] }, 'createLocalAgentHost(options): permissions:'],
    ['a permissions key misspelt', { ...BASE_OPTIONS, permissions: { denny: ['Bash'] } }, 'createLocalAgentHost(options): permissions: Unrecognized key: "denny" (as in .robota/settings.json).']
  ])('refuses %s with a ConfigurationError naming the option', (_, options, message) => {
    const create = () => createLocalAgentHost(options as never, new MemorySessionStore())
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(message)
  })
})
