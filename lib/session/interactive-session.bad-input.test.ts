import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ConfigurationError, ValidationError } from '../core/errors.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import { createQuery, type TQueryFactoryOptions } from './query.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { MemoryPluginFileStore } from '../storage/memory-plugin-file-store.ts'

// What a caller without types can get wrong, and a session used after dispose(): each is refused
// by name, never met as a TypeError or a turn run with the session's connections closed.

describe('session options a caller left out or misshaped', () => {
  const sandbox = new InMemorySandboxClient()

  it.each([
    ['no options', () => new InteractiveSession(undefined as never), 'new InteractiveSession(options): options must be an object with a provider; got undefined.'],
    ['no provider', () => new InteractiveSession({ sandbox } as never), 'new InteractiveSession(options): provider must be an IAIProvider (a name and chat()), such as new AnthropicProvider({ apiKey }); got undefined.'],
    ['tools that are no array', () => new InteractiveSession({ provider: new ScriptedProvider([]), tools: {} } as never), 'new InteractiveSession(options): tools must be an array of tools; got object.'],
    [
      'a tool that is none',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), tools: [{ name: 'x' }] } as never),
      'new InteractiveSession(options): tools[0] is not a tool: expected { schema, execute }, as createZodFunctionTool builds; got object.'
    ],
    ['a query factory without a provider', () => createQuery({} as never), /^createQuery\(options\): provider must be an IAIProvider .*; got undefined\.$/],
    [
      'a system prompt under the wrong name',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), systemPrompt: 'Be brief.' } as never),
      /^new InteractiveSession\(options\): unknown option "systemPrompt" \(the system prompt is `systemMessage`\); it takes provider, sandbox, .*, session\.$/
    ],
    [
      'a sandbox under the wrong name',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), sandboxClient: sandbox } as never),
      'new InteractiveSession(options): unknown option "sandboxClient" (the sandbox is `sandbox`; without one the session has no tools)'
    ],
    [
      'a permission mode that is none',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), permissionMode: 'yolo' } as never),
      'new InteractiveSession(options): permissionMode must be one of plan, default, acceptEdits, bypassPermissions; got "yolo".'
    ],
    [
      'a hook matcher that is no regular expression',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), hooks: { PreToolUse: [{ matcher: 'Bash(', hooks: [] }] } }),
      'new InteractiveSession(options): hooks.PreToolUse[0].matcher "Bash(" is not a regular expression: Invalid regular expression: /^(?:Bash()$/: Unterminated group'
    ],
    [
      'a hook event misspelt',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), hooks: { PreToolUSE: [] } } as never),
      /^new InteractiveSession\(options\): hooks has no event "PreToolUSE"; the events are SessionStart, UserPromptSubmit, PreToolUse, /
    ],
    [
      'hooks for an event a session has no moment for',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), hooks: { Notification: [{ hooks: [{ type: 'command', command: 'notify' }] }] } }),
      'new InteractiveSession(options): hooks for Notification would never run: a Robota session has no moment for that event. Remove them.'
    ],
    ['hooks of an event that are no array', () => createQuery({ provider: new ScriptedProvider([]), hooks: { Stop: {} } } as never), 'createQuery(options): hooks.Stop must be an array of { matcher?, hooks }; got object.'],
    ['a query factory asked to resume', () => createQuery({ provider: new ScriptedProvider([]), resumeSessionId: 'id' } as never), /^createQuery\(options\): unknown option "resumeSessionId"; it takes provider, /],
    ['a cwd that is no path', () => new InteractiveSession({ provider: new ScriptedProvider([]), sandbox, cwd: 5 } as never), 'new InteractiveSession(options): cwd must be a non-empty path; got 5.'],
    ['a model that is no name', () => new InteractiveSession({ provider: new ScriptedProvider([]), model: 5 } as never), 'new InteractiveSession(options): model must be a string; got 5.'],
    ['a system message that is no text', () => createQuery({ provider: new ScriptedProvider([]), systemMessage: ['Be brief.'] } as never), 'createQuery(options): systemMessage must be a string; got an array.'],
    ['a name that is no text', () => new InteractiveSession({ provider: new ScriptedProvider([]), name: 5 } as never), 'new InteractiveSession(options): name must be a string; got 5.'],
    ['forkSession as text', () => new InteractiveSession({ provider: new ScriptedProvider([]), forkSession: 'yes' } as never), 'new InteractiveSession(options): forkSession must be a boolean; got "yes".'],
    ['a permission handler that is no function', () => new InteractiveSession({ provider: new ScriptedProvider([]), permissionHandler: 'allow_once' } as never), 'new InteractiveSession(options): permissionHandler must be a function; got "allow_once".'],
    ['a timeout as text', () => createQuery({ provider: new ScriptedProvider([]), timeout: '5000' } as never), 'createQuery(options): timeout must be a number; got "5000".'],
    ['maxTurns as text', () => new InteractiveSession({ provider: new ScriptedProvider([]), maxTurns: '5' } as never), 'new InteractiveSession(options): maxTurns must be a number; got "5".'],
    [
      'a sandbox that is no sandbox client',
      () => createQuery({ provider: new ScriptedProvider([]), sandbox: {} } as never),
      'createQuery(options): sandbox must be an ISandboxClient, such as new InMemorySandboxClient(); got an object without run().'
    ],
    [
      'a sandbox without readFile',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), sandbox: { run: async () => ({ stdout: '', stderr: '', exitCode: 0 }) } } as never),
      'new InteractiveSession(options): sandbox must be an ISandboxClient, such as new InMemorySandboxClient(); got an object without readFile().'
    ],
    ['a sandbox given by name', () => new InteractiveSession({ provider: new ScriptedProvider([]), sandbox: 'in-memory' } as never), 'new InteractiveSession(options): sandbox must be an ISandboxClient, such as new InMemorySandboxClient(); got string.'],
    ['a store that is no session store', () => createQuery({ provider: new ScriptedProvider([]), store: {} } as never), 'createQuery(options): store must be an ISessionStore, such as new MemorySessionStore(); got an object without commit().'],
    ['an empty cwd', () => new InteractiveSession({ provider: new ScriptedProvider([]), sandbox, cwd: '' }), 'new InteractiveSession(options): cwd must be a non-empty path; got "".'],
    ['a context window as text', () => createQuery({ provider: new ScriptedProvider([]), contextWindow: '200000' } as never), 'createQuery(options): contextWindow must be a number; got "200000".'],
    [
      'an auto-compaction threshold as text',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), autoCompactThreshold: '0.8' } as never),
      'new InteractiveSession(options): autoCompactThreshold must be a number above 0 and at most 1 or false; got "0.8".'
    ],
    [
      'an auto-compaction threshold given as a percentage',
      () => createQuery({ provider: new ScriptedProvider([]), autoCompactThreshold: 80 }),
      'createQuery(options): autoCompactThreshold must be a number above 0 and at most 1 or false; got 80.'
    ],
    ['auto-compaction switched off with true', () => new InteractiveSession({ provider: new ScriptedProvider([]), autoCompactThreshold: true } as never), 'new InteractiveSession(options): autoCompactThreshold must be a number above 0 and at most 1 or false; got true.'],
    ['chat settings as a list', () => new InteractiveSession({ provider: new ScriptedProvider([]), chatSettings: [{ temperature: 0 }] } as never), 'new InteractiveSession(options): chatSettings must be an object; got an array.'],
    ['an environment given as one string', () => createQuery({ provider: new ScriptedProvider([]), env: 'API_KEY=x' } as never), 'createQuery(options): env must be an object; got "API_KEY=x".'],
    ['user settings as a file name', () => new InteractiveSession({ provider: new ScriptedProvider([]), userSettings: '~/.robota/settings.json' }), 'new InteractiveSession(options): userSettings must be an object; got "~/.robota/settings.json".'],
    ['webFetch switched off with true', () => new InteractiveSession({ provider: new ScriptedProvider([]), webFetch: true } as never), 'new InteractiveSession(options): webFetch must be an object or false; got true.'],
    ['webFetch as null', () => createQuery({ provider: new ScriptedProvider([]), webFetch: null } as never), 'createQuery(options): webFetch must be an object or false; got null.'],
    ['MCP servers as a list', () => new InteractiveSession({ provider: new ScriptedProvider([]), mcpServers: ['https://mcp.test/'] } as never), 'new InteractiveSession(options): mcpServers must be an object; got an array.'],
    ['a search provider given by name', () => new InteractiveSession({ provider: new ScriptedProvider([]), searchProvider: 'brave' } as never), 'new InteractiveSession(options): searchProvider must be an object; got "brave".'],
    ['user plugins given as a path', () => createQuery({ provider: new ScriptedProvider([]), userPlugins: '~/.robota/plugins' } as never), 'createQuery(options): userPlugins must be an object; got "~/.robota/plugins".'],
    ['hook executors that are no array', () => new InteractiveSession({ provider: new ScriptedProvider([]), hookExecutors: {} } as never), 'new InteractiveSession(options): hookExecutors must be an array; got object.'],
    ['disabled tools as one name', () => new InteractiveSession({ provider: new ScriptedProvider([]), disabledTools: 'Bash' } as never), 'new InteractiveSession(options): disabledTools must be an array; got "Bash".'],
    ['a disabled tool that is no name', () => createQuery({ provider: new ScriptedProvider([]), disabledTools: ['Bash', 5] } as never), "createQuery(options): disabledTools[1] must be a tool's name; got number."],
    [
      'permissions as a bare list',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), permissions: ['Bash(ls)'] } as never),
      /^new InteractiveSession\(options\): permissions: .* \(as in \.robota\/settings\.json\)\.$/
    ],
    [
      'a permissions key misspelt',
      () => createQuery({ provider: new ScriptedProvider([]), permissions: { denny: ['Bash'] } } as never),
      'createQuery(options): permissions: Unrecognized key: "denny" (as in .robota/settings.json).'
    ],
    [
      'a permission pattern that does not parse',
      () => new InteractiveSession({ provider: new ScriptedProvider([]), permissions: { allow: ['Bash(ls'] } }),
      /^new InteractiveSession\(options\): permissions\.allow\[0\]: .* \(as in \.robota\/settings\.json\)\.$/
    ],
  ])('refuses %s with a ConfigurationError naming the option', (_, start, message) => {
    expect(start).toThrow(ConfigurationError)
    expect(start).toThrow(message)
  })

  it('takes a valid value for every option it checks, and runs a turn with them', async () => {
    const provider = new ScriptedProvider([{ text: 'answer' }, { text: 'queried' }])
    const options = {
      provider,
      sandbox,
      store: new MemorySessionStore(),
      cwd: '/workspace',
      permissionMode: 'default',
      permissionHandler: async () => 'deny',
      model: 'demo',
      systemMessage: 'Be brief.',
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      permissions: { allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] },
      hookExecutors: [],
      name: 'every option',
      userSettings: { language: 'English' },
      env: { API_KEY: 'x' },
      userPlugins: new MemoryPluginFileStore(),
      tools: [],
      disabledTools: ['Glob'],
      chatSettings: { temperature: 0 },
      mcpServers: {},
      webFetch: { timeoutMs: 1000 },
      searchProvider: { name: 'none', search: async () => [] },
      timeout: 60_000,
      autoCompactThreshold: 0.8,
      contextWindow: 200_000,
      maxTurns: 5,
      onReplayEvent: () => {}
    } satisfies TQueryFactoryOptions
    const session = new InteractiveSession({ ...options, forkSession: false, autoCompactThreshold: false, webFetch: false })
    expect((await session.submit('hi'))?.response).toBe('answer')
    expect(await createQuery(options)('again')).toBe('queried')
  })

  it('refuses a prompt that is no string, saying so rather than calling it empty', async () => {
    const provider = new ScriptedProvider([{ text: 'never' }])
    const session = new InteractiveSession({ provider })
    await expect(session.submit(42 as never)).rejects.toThrow('submit(): the prompt must be a string; got number.')
    await expect(session.submitForOutput(undefined as never, { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } })).rejects.toThrow(
      'submitForOutput(): the prompt must be a string; got undefined.'
    )
    await expect(createQuery({ provider })({ text: 'hi' } as never)).rejects.toThrow('query(prompt): the prompt must be a string; got object.')
    expect(provider.calls).toHaveLength(0)
  })

  it('refuses an empty query before any session starts', async () => {
    const provider = new ScriptedProvider([{ text: 'never' }])
    const query = createQuery({ provider })
    await expect(query(' \n')).rejects.toThrow(ValidationError)
    await expect(query('')).rejects.toThrow('query(prompt): the prompt is empty.')
    expect(provider.calls).toHaveLength(0)
  })
})

describe('InteractiveSession after dispose()', () => {
  it('refuses every call that would start work, saying the session was disposed', async () => {
    const provider = new ScriptedProvider([{ text: 'first answer' }, { text: 'never sent' }])
    const session = new InteractiveSession({ provider })
    expect((await session.submit('hi'))?.response).toBe('first answer')

    await session.dispose()

    await expect(session.submit('again')).rejects.toThrow(ValidationError)
    await expect(session.submit('again')).rejects.toThrow('submit(): this InteractiveSession was disposed; create a new one to go on.')
    await expect(session.submitForOutput('again', { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } })).rejects.toThrow(/^submitForOutput\(\): this InteractiveSession was disposed/)
    await expect(session.executeCommand('help')).rejects.toThrow(/^executeCommand\(\): this InteractiveSession was disposed/)
    await expect(session.compact()).rejects.toThrow(/^compact\(\): this InteractiveSession was disposed/)
    await expect(session.clearHistory()).rejects.toThrow(/^clearHistory\(\): this InteractiveSession was disposed/)
    expect(provider.calls).toHaveLength(1)
  })
})
