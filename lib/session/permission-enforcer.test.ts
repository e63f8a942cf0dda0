import { describe, expect, it } from 'vitest'
import type { TExecutionEventDataMap, TExecutionEventType } from '../core/execution-events.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../core/tool.ts'
import type { IHookDefinition, IHookResult, IHookTypeExecutor, THooksConfig } from '../hooks/index.ts'
import { PermissionEnforcer } from './permission-enforcer.ts'
import type { TPermissionAnswer, TPermissionEnforcerOptions, TPermissionRequest } from './permission-enforcer-types.ts'

type TRecorded = { type: TExecutionEventType; data: TExecutionEventDataMap[TExecutionEventType] }

/** A tool that records what it was run with. */
function recordingTool(name: string, result: IToolResult = { success: true, data: 'done' }): ITool & { calls: Array<Record<string, unknown>> } {
  const calls: Array<Record<string, unknown>> = []
  return {
    calls,
    schema: { name, description: name, parameters: { type: 'object', properties: {} } },
    execute: async (parameters) => {
      calls.push(parameters)
      return result
    }
  }
}

function callContext(signal?: AbortSignal): IToolExecutionContext & { events: TRecorded[] } {
  const events: TRecorded[] = []
  return {
    toolCallId: 'call_1',
    ...(signal ? { signal } : {}),
    events,
    emitEvent: (type, data) => events.push({ type, data })
  }
}

/** A permission handler that answers from a queue and keeps every request. */
function scriptedHandler(...answers: TPermissionAnswer[]) {
  const requests: TPermissionRequest[] = []
  const handler = async (request: TPermissionRequest): Promise<TPermissionAnswer> => {
    requests.push(request)
    return answers.shift() ?? 'deny'
  }
  return { requests, handler }
}

/** Hook executor for `command` hooks that answers by command name. */
function hookExecutor(results: Record<string, IHookResult>): IHookTypeExecutor {
  return {
    type: 'command',
    execute: async (hook: IHookDefinition) => results[(hook as { command: string }).command] ?? { exitCode: 0, stdout: '', stderr: '' }
  }
}

const run = async (enforcerOptions: TPermissionEnforcerOptions, toolName: string, parameters: Record<string, unknown>, tool = recordingTool(toolName)) => {
  const enforcer = new PermissionEnforcer(enforcerOptions)
  const context = callContext()
  const result = await enforcer.wrap(tool).execute(parameters, context)
  return { result, tool, events: context.events, enforcer }
}

describe('PermissionEnforcer: decisions', () => {
  it('runs an auto call and records the decision', async () => {
    const { result, tool, events } = await run({ mode: 'default' }, 'Read', { filePath: '/a' })
    expect(result).toEqual({ success: true, data: 'done' })
    expect(tool.calls).toEqual([{ filePath: '/a' }])
    expect(events).toEqual([
      { type: 'permission_decision', data: { toolName: 'Read', toolCallId: 'call_1', decision: 'allow', mode: 'default', source: 'mode' } }
    ])
  })

  it('returns a deny-list denial to the model as a failed result with the reason', async () => {
    const { result, tool, events } = await run({ mode: 'bypassPermissions', permissions: { deny: ['Bash(rm *)'] } }, 'Bash', { command: 'rm -rf /' })
    expect(tool.calls).toEqual([])
    expect(result).toEqual({
      success: false,
      error: 'Permission denied for Bash: matches deny pattern Bash(rm *)',
      metadata: { errorCode: 'permission_denied' }
    })
    expect(events[0]?.data).toMatchObject({ decision: 'deny', source: 'deny_list', pattern: 'Bash(rm *)', mode: 'bypassPermissions' })
  })

  it('denies by mode policy in plan mode', async () => {
    const { result } = await run({ mode: 'plan' }, 'Write', { filePath: '/a', content: 'x' })
    expect(result.error).toBe('Permission denied for Write: Write is not allowed in plan mode')
  })

  it('denies an approve decision when there is no handler to ask', async () => {
    const { result, events } = await run({ mode: 'default' }, 'Bash', { command: 'ls' })
    expect(result.error).toBe('Permission denied for Bash: Bash needs approval in default mode and no one can be asked')
    expect(events.map((event) => event.type)).toEqual(['permission_decision'])
  })

  it('rejects a malformed pattern when built', () => {
    expect(() => new PermissionEnforcer({ permissions: { allow: ['Bash(ls'] } })).toThrow('Malformed permission pattern "Bash(ls"')
  })
})

describe('PermissionEnforcer: the approval flow', () => {
  it('asks, records the request, and runs once on allow_once', async () => {
    const { requests, handler } = scriptedHandler('allow_once')
    const { result, events, enforcer } = await run({ mode: 'default', permissionHandler: handler }, 'Bash', { command: 'npm  test' })
    expect(result.success).toBe(true)
    expect(requests).toEqual([
      { toolName: 'Bash', toolCallId: 'call_1', parameters: { command: 'npm  test' }, mode: 'default', suggestedPattern: 'Bash(npm test)' }
    ])
    expect(events.map((event) => [event.type, (event.data as { source?: string }).source])).toEqual([
      ['permission_request', undefined],
      ['permission_decision', 'handler']
    ])
    expect(enforcer.getSessionRules()).toEqual([])
  })

  it('keeps an allow-for-session answer as a pattern, not the whole tool', async () => {
    const { requests, handler } = scriptedHandler({ allowForSession: 'Bash(npm test)' }, 'deny')
    const enforcer = new PermissionEnforcer({ mode: 'default', permissionHandler: handler })
    const bash = enforcer.wrap(recordingTool('Bash'))
    const first = callContext()
    expect((await bash.execute({ command: 'npm test' }, first)).success).toBe(true)
    const again = callContext()
    expect((await bash.execute({ command: 'npm test' }, again)).success).toBe(true)
    expect(again.events).toEqual([
      {
        type: 'permission_decision',
        data: { toolName: 'Bash', toolCallId: 'call_1', decision: 'allow', mode: 'default', source: 'session_rule', pattern: 'Bash(npm test)' }
      }
    ])
    const other = await bash.execute({ command: 'npm publish' }, callContext())
    expect(other.error).toBe('Permission denied for Bash: the user denied this call')
    expect(requests).toHaveLength(2)
    expect(enforcer.getSessionRules()).toEqual(['Bash(npm test)'])
  })

  it('allows once but keeps no rule when the session pattern is malformed', async () => {
    const { handler } = scriptedHandler({ allowForSession: 'Bash(npm test' })
    const { result, events, enforcer } = await run({ permissionHandler: handler }, 'Bash', { command: 'npm test' })
    expect(result.success).toBe(true)
    expect(events[1]?.data).toMatchObject({ decision: 'allow', reason: expect.stringContaining('Malformed permission pattern "Bash(npm test"') })
    expect(enforcer.getSessionRules()).toEqual([])
  })

  it('treats an abort while waiting as a denial', async () => {
    const controller = new AbortController()
    let signalSeen: AbortSignal | undefined
    const enforcer = new PermissionEnforcer({
      permissionHandler: (_request, signal) => {
        signalSeen = signal
        return new Promise(() => undefined)
      }
    })
    const context = callContext(controller.signal)
    const tool = recordingTool('Bash')
    const pending = enforcer.wrap(tool).execute({ command: 'ls' }, context)
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    const result = await pending
    expect(result.error).toBe('Permission denied for Bash: the run was aborted while waiting for approval')
    expect(signalSeen).toBe(controller.signal)
    expect(tool.calls).toEqual([])
    expect(context.events.at(-1)?.data).toMatchObject({ decision: 'deny', source: 'abort' })
  })

  it('denies an answer the handler cannot give, listing the answers it can, to the model and in the decision event the app hears', async () => {
    const { result, tool, events } = await run({ permissionHandler: async () => true as never }, 'Bash', { command: 'ls' })
    const reason = "the permission handler resolved true, which is not an answer; it must be 'allow_once', 'deny' or { allowForSession: pattern }"
    expect(result.error).toBe(`Permission denied for Bash: ${reason}`)
    expect(tool.calls).toEqual([])
    expect(events.at(-1)).toMatchObject({ type: 'permission_decision', data: { decision: 'deny', source: 'handler', reason } })
  })

  it('denies when the handler throws', async () => {
    const { result } = await run({ permissionHandler: () => { throw new Error('dialog crashed') } }, 'Bash', { command: 'ls' })
    expect(result.error).toBe('Permission denied for Bash: the permission handler failed: dialog crashed')
  })

  it('never lets a session rule override a deny pattern', async () => {
    const { handler } = scriptedHandler('allow_once')
    const enforcer = new PermissionEnforcer({ mode: 'default', permissionHandler: handler, permissions: { deny: ['Bash(rm *)'] } })
    enforcer.addSessionRule('Bash')
    const result = await enforcer.wrap(recordingTool('Bash')).execute({ command: 'rm -rf /' }, callContext())
    expect(result.success).toBe(false)
  })

  it('switches mode while the session runs', async () => {
    const enforcer = new PermissionEnforcer({ mode: 'plan' })
    const write = enforcer.wrap(recordingTool('Write'))
    expect((await write.execute({ filePath: '/a' }, callContext())).success).toBe(false)
    enforcer.setMode('acceptEdits')
    expect((await write.execute({ filePath: '/a' }, callContext())).success).toBe(true)
    expect(enforcer.mode).toBe('acceptEdits')
    expect(() => enforcer.setMode('yolo' as never)).toThrow('Unknown permission mode "yolo".')
  })
})

describe('PermissionEnforcer: tool hooks', () => {
  const hooks = (event: 'PreToolUse' | 'PostToolUse', ...commands: string[]): THooksConfig => ({
    [event]: [{ matcher: 'Bash', hooks: commands.map((command) => ({ type: 'command' as const, command })) }]
  })

  it('returns a PreToolUse block to the model and records the hook outcome', async () => {
    const executor = hookExecutor({ guard: { exitCode: 2, stdout: '', stderr: 'no network commands' } })
    const { result, tool, events } = await run({ mode: 'bypassPermissions', hooks: hooks('PreToolUse', 'guard'), hookExecutors: [executor] }, 'Bash', { command: 'curl x' })
    expect(tool.calls).toEqual([])
    expect(result).toEqual({ success: false, error: 'Blocked by a PreToolUse hook: no network commands', metadata: { errorCode: 'hook_blocked' } })
    expect(events).toEqual([
      {
        type: 'hook_result',
        data: expect.objectContaining({ event: 'PreToolUse', hookType: 'command', matcher: 'Bash', exitCode: 2, blocked: true, timedOut: false, stderr: 'no network commands' })
      }
    ])
  })

  it('runs the tool with the rewritten input, and decides permission on what will run', async () => {
    const rewrite = (command: string): IHookResult => ({ exitCode: 0, stdout: JSON.stringify({ updatedInput: { command } }), stderr: '' })
    const executor = hookExecutor({ safe: rewrite('ls --color=never'), sneaky: rewrite('rm -rf /') })
    const safe = await run({ mode: 'bypassPermissions', hooks: hooks('PreToolUse', 'safe'), hookExecutors: [executor] }, 'Bash', { command: 'ls' })
    expect(safe.tool.calls).toEqual([{ command: 'ls --color=never' }])
    const sneaky = await run(
      { mode: 'bypassPermissions', permissions: { deny: ['Bash(rm *)'] }, hooks: hooks('PreToolUse', 'sneaky'), hookExecutors: [executor] },
      'Bash',
      { command: 'ls' }
    )
    expect(sneaky.tool.calls).toEqual([])
    expect(sneaky.result.error).toBe('Permission denied for Bash: matches deny pattern Bash(rm *)')
  })

  it('passes the hook the session, cwd, mode and tool call', async () => {
    const inputs: unknown[] = []
    const executor: IHookTypeExecutor = { type: 'command', execute: async (_hook, input) => (inputs.push(input), { exitCode: 0, stdout: '', stderr: '' }) }
    await run({ mode: 'acceptEdits', sessionId: 'session-9', cwd: '/workspace', hooks: hooks('PreToolUse', 'x'), hookExecutors: [executor] }, 'Bash', { command: 'ls' })
    expect(inputs).toEqual([
      { session_id: 'session-9', cwd: '/workspace', permission_mode: 'acceptEdits', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 'call_1', tool_input: { command: 'ls' } }
    ])
  })

  it('gives PostToolUse hooks the result and adds their feedback for the model', async () => {
    const executor = hookExecutor({
      audit: { exitCode: 2, stdout: '', stderr: 'output contained a secret; rotate it' },
      note: { exitCode: 0, stdout: JSON.stringify({ additionalContext: 'Logged.' }), stderr: '' }
    })
    const options = { mode: 'bypassPermissions' as const, hooks: hooks('PostToolUse', 'audit', 'note'), hookExecutors: [executor] }
    const text = await run(options, 'Bash', { command: 'env' })
    expect(text.result).toEqual({ success: true, data: 'done\n\nPostToolUse hook: output contained a secret; rotate it\nLogged.' })
    const structured = await run(options, 'Bash', { command: 'env' }, recordingTool('Bash', { success: true, data: { output: 'x' } }))
    expect(structured.result.data).toEqual({ output: 'x', hookNotes: ['PostToolUse hook: output contained a secret; rotate it', 'Logged.'] })
    expect(structured.events.filter((event) => event.type === 'hook_result')).toHaveLength(2)
  })

  it('reports hook warnings', async () => {
    const warnings: string[] = []
    const executor = hookExecutor({ lint: { exitCode: 1, stdout: '', stderr: 'style issues' } })
    await run({ mode: 'bypassPermissions', hooks: hooks('PreToolUse', 'lint'), hookExecutors: [executor], onHookWarning: (warning) => warnings.push(warning) }, 'Bash', { command: 'ls' })
    expect(warnings).toEqual(['PreToolUse command hook "lint" exited with code 1: style issues'])
  })

  it('rejects an invalid hook matcher when built', () => {
    expect(() => new PermissionEnforcer({ hooks: { PreToolUse: [{ matcher: '(', hooks: [] }] } })).toThrow('Invalid PreToolUse hook matcher "("')
  })

  it('runs lifecycle hooks such as UserPromptSubmit for the session', async () => {
    const executor = hookExecutor({ context: { exitCode: 0, stdout: 'Branch: main', stderr: '' } })
    const enforcer = new PermissionEnforcer({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'context' }] }] }, hookExecutors: [executor] })
    const result = await enforcer.runHooks('UserPromptSubmit', { prompt: 'hi' })
    expect(result.additionalContext).toEqual(['Branch: main'])
  })
})
