import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ConfigurationError, ValidationError } from '../core/errors.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import { createQuery } from './query.ts'

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
    ['a cwd that is no path', () => new InteractiveSession({ provider: new ScriptedProvider([]), sandbox, cwd: 5 } as never), 'new InteractiveSession(options): cwd must be a string; got number.'],
    ['a model that is no name', () => new InteractiveSession({ provider: new ScriptedProvider([]), model: 5 } as never), 'new InteractiveSession(options): model must be a string; got number.'],
    ['a system message that is no text', () => createQuery({ provider: new ScriptedProvider([]), systemMessage: ['Be brief.'] } as never), 'createQuery(options): systemMessage must be a string; got an array.'],
    ['a name that is no text', () => new InteractiveSession({ provider: new ScriptedProvider([]), name: 5 } as never), 'new InteractiveSession(options): name must be a string; got number.'],
    ['forkSession as text', () => new InteractiveSession({ provider: new ScriptedProvider([]), forkSession: 'yes' } as never), 'new InteractiveSession(options): forkSession must be a boolean; got string.'],
    ['a permission handler that is no function', () => new InteractiveSession({ provider: new ScriptedProvider([]), permissionHandler: 'allow_once' } as never), 'new InteractiveSession(options): permissionHandler must be a function; got string.'],
    ['a timeout as text', () => createQuery({ provider: new ScriptedProvider([]), timeout: '5000' } as never), 'createQuery(options): timeout must be a number; got string.'],
    ['maxTurns as text', () => new InteractiveSession({ provider: new ScriptedProvider([]), maxTurns: '5' } as never), 'new InteractiveSession(options): maxTurns must be a number; got string.'],
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
  ])('refuses %s with a ConfigurationError naming the option', (_, start, message) => {
    expect(start).toThrow(ConfigurationError)
    expect(start).toThrow(message)
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
