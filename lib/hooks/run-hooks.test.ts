import { describe, expect, it } from 'vitest'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor, THookEvent, THookExecutionContext, THooksConfig } from './hook-types.ts'
import { runHooks, validateHooksConfig } from './run-hooks.ts'

type TScript = (input: IHookInput, context: THookExecutionContext) => IHookResult | Promise<IHookResult>

/** A command executor that answers from scripts keyed by the hook's command, instead of a shell. */
class ScriptedExecutor implements IHookTypeExecutor {
  readonly type = 'command'
  readonly inputs: IHookInput[] = []
  constructor(private readonly scripts: Record<string, TScript>) {}
  async execute(hook: IHookDefinition, input: IHookInput, context?: THookExecutionContext): Promise<IHookResult> {
    if (hook.type !== 'command') throw new Error('command hooks only')
    this.inputs.push(input)
    const script = this.scripts[hook.command]
    if (!script || !context) throw new Error(`no script for ${hook.command}`)
    return script(input, context)
  }
}

const exit = (exitCode: number, stdout = '', stderr = ''): TScript => () => ({ exitCode, stdout, stderr })
const never: TScript = () => new Promise<IHookResult>(() => undefined)
const command = (name: string, extra: Partial<IHookDefinition> = {}): IHookDefinition => ({ type: 'command', command: name, ...extra }) as IHookDefinition
const toolInput = (event: THookEvent, toolName = 'Bash'): IHookInput => ({
  session_id: 's1',
  cwd: '/workspace',
  hook_event_name: event,
  tool_name: toolName,
  tool_input: { command: 'rm -rf /' }
})

const scripts: Record<string, TScript> = {
  ok: exit(0),
  block: exit(2, '', 'rm is not allowed here\n'),
  silentBlock: exit(2),
  one: exit(1, '', 'lint failed'),
  three: exit(3),
  notFound: exit(127, '', 'bash: nope: command not found'),
  jsonBlock: exit(0, JSON.stringify({ decision: 'block', reason: 'policy says no' })),
  denyDecision: exit(0, JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'spec deny' } })),
  continueFalse: exit(0, JSON.stringify({ continue: false, stopReason: 'stop now' })),
  rewrite: exit(0, JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls' } } })),
  rewriteTop: (input) => ({ exitCode: 0, stdout: JSON.stringify({ updatedInput: { ...input.tool_input, rewritten: true } }), stderr: '' }),
  badRewrite: exit(0, JSON.stringify({ updatedInput: 'ls' })),
  badJson: exit(0, '{"decision": "block"'),
  grant: exit(0, JSON.stringify({ hookSpecificOutput: { permissionDecision: 'allow' } })),
  context: exit(0, JSON.stringify({ additionalContext: 'Remember the style guide.' })),
  plain: exit(0, 'Today is Tuesday.\n'),
  flood: exit(0, `{"updatedInput": {"command": "${'x'.repeat(200_000)}"}}`),
  floodText: exit(0, 'y'.repeat(500_000), 'e'.repeat(500_000)),
  never,
  throws: () => {
    throw new Error('executor exploded')
  },
  echoInput: (input) => ({ exitCode: 0, stdout: '', stderr: JSON.stringify(input) })
}

const run = (event: THookEvent, hooks: IHookDefinition[], input = toolInput(event), matcher = '', options = {}) => {
  const executor = new ScriptedExecutor(scripts)
  const config: THooksConfig = { [event]: [{ matcher, hooks }] }
  return runHooks(event, input, config, { executors: [executor], timeoutMs: 200, ...options }).then((result) => ({ result, executor }))
}

describe('runHooks: the exit-code protocol', () => {
  it.each([
    ['ok', false, undefined, 0],
    ['block', true, 'rm is not allowed here', 0],
    ['silentBlock', true, 'PreToolUse command hook "silentBlock" blocked without giving a reason', 0],
    ['one', false, undefined, 1],
    ['three', false, undefined, 1],
    ['notFound', false, undefined, 1]
  ])('PreToolUse hook %s: blocked %s, reason %s, %i warnings', async (name, blocked, reason, warnings) => {
    const { result } = await run('PreToolUse', [command(name)])
    expect(result.blocked).toBe(blocked)
    expect(result.reason).toBe(reason)
    expect(result.warnings).toHaveLength(warnings)
    expect(result.outcomes).toHaveLength(1)
    expect(result.outcomes[0]).toMatchObject({ event: 'PreToolUse', hookType: 'command', blocked, timedOut: false })
  })

  it('names the exit code and stderr in the warning for other codes', async () => {
    const { result } = await run('PreToolUse', [command('one')])
    expect(result.warnings).toEqual(['PreToolUse command hook "one" exited with code 1: lint failed'])
  })

  it.each([
    ['jsonBlock', 'policy says no'],
    ['denyDecision', 'spec deny'],
    ['continueFalse', 'stop now']
  ])('reads a JSON block from %s', async (name, reason) => {
    const { result } = await run('PreToolUse', [command(name)])
    expect(result).toMatchObject({ blocked: true, reason })
  })

  it('stops at the first block', async () => {
    const { result, executor } = await run('PreToolUse', [command('ok'), command('block'), command('ok')])
    expect(result.blocked).toBe(true)
    expect(executor.inputs).toHaveLength(2)
  })

  it.each([
    ['PostToolUse', { blocked: false, feedback: ['rm is not allowed here'] }],
    ['UserPromptSubmit', { blocked: true, reason: 'rm is not allowed here' }],
    ['PreCompact', { blocked: true }],
    ['WorktreeCreate', { blocked: true }],
    ['Stop', { blocked: false, feedback: [] }],
    ['SessionStart', { blocked: false }],
    ['Notification', { blocked: false }]
  ] as const)('exit code 2 on %s', async (event, expected) => {
    const { result } = await run(event, [command('block')], { session_id: 's', cwd: '/', hook_event_name: event })
    expect(result).toMatchObject(expected)
    if (!expected.blocked && event !== 'PostToolUse') expect(result.warnings[0]).toContain('cannot be blocked')
  })
})

describe('runHooks: input rewriting and context', () => {
  it('applies updatedInput, and the next hook sees the rewritten input', async () => {
    const { result, executor } = await run('PreToolUse', [command('rewrite'), command('rewriteTop')])
    expect(result.updatedInput).toEqual({ command: 'ls', rewritten: true })
    expect(executor.inputs[1]?.tool_input).toEqual({ command: 'ls' })
  })

  it('fails closed on an updatedInput it cannot apply, rather than dropping it', async () => {
    const { result } = await run('PreToolUse', [command('badRewrite')])
    expect(result.blocked).toBe(true)
    expect(result.reason).toContain('updatedInput is not an object')
  })

  it('warns when an event cannot take updatedInput', async () => {
    const { result } = await run('PostToolUse', [command('rewrite')])
    expect(result.updatedInput).toBeUndefined()
    expect(result.warnings[0]).toContain('returned updatedInput, which PostToolUse hooks cannot apply; ignored')
  })

  it('fails closed on JSON it cannot read', async () => {
    const { result } = await run('PreToolUse', [command('badJson')])
    expect(result.blocked).toBe(true)
    expect(result.reason).toContain('not valid JSON')
  })

  it('never lets a hook grant permission, and says so', async () => {
    const { result } = await run('PreToolUse', [command('grant')])
    expect(result.blocked).toBe(false)
    expect(result.warnings[0]).toContain('hooks can block, never grant')
  })

  it('adds context on UserPromptSubmit from JSON and from plain stdout', async () => {
    const input: IHookInput = { session_id: 's', cwd: '/', hook_event_name: 'UserPromptSubmit', prompt: 'hi' }
    const { result } = await run('UserPromptSubmit', [command('context'), command('plain')], input)
    expect(result.additionalContext).toEqual(['Remember the style guide.', 'Today is Tuesday.'])
  })

  it('treats plain PreToolUse stdout as a log line, not context', async () => {
    const { result } = await run('PreToolUse', [command('plain')])
    expect(result).toMatchObject({ blocked: false, additionalContext: [], warnings: [] })
    expect(result.outcomes[0]?.stdout).toBe('Today is Tuesday.\n')
  })
})

describe('runHooks: matchers', () => {
  it.each([
    ['', 'Bash', true],
    ['*', 'Bash', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashExtra', false],
    ['Edit|Write', 'Write', true],
    ['Edit|Write', 'Read', false],
    ['mcp__.*', 'mcp__github__issue', true]
  ])('matcher %j on %s runs: %s', async (matcher, toolName, runs) => {
    const { executor } = await run('PreToolUse', [command('ok')], toolInput('PreToolUse', toolName), matcher)
    expect(executor.inputs).toHaveLength(runs ? 1 : 0)
  })

  it('runs every group on events without a match target', async () => {
    const { executor } = await run('Stop', [command('ok')], { session_id: 's', cwd: '/', hook_event_name: 'Stop' }, 'Bash')
    expect(executor.inputs).toHaveLength(1)
  })

  it('rejects an invalid matcher, naming it', () => {
    expect(() => validateHooksConfig({ PreToolUse: [{ matcher: 'Bash(', hooks: [] }] })).toThrow(/Invalid PreToolUse hook matcher "Bash\("/)
  })

  it('passes the input with the event name set', async () => {
    const { executor } = await run('PreToolUse', [command('echoInput')])
    expect(executor.inputs[0]).toEqual({ ...toolInput('PreToolUse'), hook_event_name: 'PreToolUse' })
  })
})

describe('runHooks: timeouts, failures and floods', () => {
  it('stops a hook that never ends at its timeout; PreToolUse fails closed', async () => {
    const startedAt = Date.now()
    const { result } = await run('PreToolUse', [command('never', { timeoutMs: 50 })])
    expect(Date.now() - startedAt).toBeLessThan(2000)
    expect(result.blocked).toBe(true)
    expect(result.reason).toBe('PreToolUse command hook "never" timed out after 50 ms (it fails closed)')
    expect(result.outcomes[0]).toMatchObject({ exitCode: 124, timedOut: true, blocked: true })
  })

  it('aborts the executor signal when the timeout passes', async () => {
    let seen: AbortSignal | undefined
    const executor: IHookTypeExecutor = {
      type: 'command',
      execute: (_hook, _input, context) => {
        seen = context?.signal
        return new Promise(() => undefined)
      }
    }
    await runHooks('PreToolUse', toolInput('PreToolUse'), { PreToolUse: [{ hooks: [command('x', { timeoutMs: 20 })] }] }, { executors: [executor] })
    expect(seen?.aborted).toBe(true)
  })

  it.each(['PostToolUse', 'SessionStart', 'Stop', 'PreCompact', 'PostCompact', 'WorktreeCreate', 'WorktreeRemove', 'Notification'] as const)(
    'fails open on %s when a hook times out',
    async (event) => {
      const { result } = await run(event, [command('never', { timeoutMs: 30 })], { ...toolInput(event), hook_event_name: event })
      expect(result.blocked).toBe(false)
      expect(result.warnings).toEqual([`${event} command hook "never" timed out after 30 ms; proceeding`])
    }
  )

  it('fails closed on UserPromptSubmit, and a hook may choose fail-open', async () => {
    const input: IHookInput = { session_id: 's', cwd: '/', hook_event_name: 'UserPromptSubmit', prompt: 'hi' }
    expect((await run('UserPromptSubmit', [command('never', { timeoutMs: 30 })], input)).result.blocked).toBe(true)
    const lenient = await run('UserPromptSubmit', [command('never', { timeoutMs: 30, failurePolicy: 'fail-open' })], input)
    expect(lenient.result.blocked).toBe(false)
  })

  it('uses the run timeout when the hook sets none', async () => {
    const { result } = await run('PreToolUse', [command('never')], toolInput('PreToolUse'), '', { timeoutMs: 40 })
    expect(result.reason).toContain('timed out after 40 ms')
  })

  it('treats an executor that reports its own timeout as timed out', async () => {
    const executor: IHookTypeExecutor = { type: 'command', execute: async () => ({ exitCode: 124, stdout: '', stderr: '', timedOut: true }) }
    const result = await runHooks('PostToolUse', toolInput('PostToolUse'), { PostToolUse: [{ hooks: [command('x')] }] }, { executors: [executor] })
    expect(result.outcomes[0]?.timedOut).toBe(true)
  })

  it('applies the failure policy when the executor throws or is missing', async () => {
    const thrown = await run('PreToolUse', [command('throws')])
    expect(thrown.result.reason).toBe('PreToolUse command hook "throws" failed: executor exploded (it fails closed)')
    const missing = await runHooks('PreToolUse', toolInput('PreToolUse'), { PreToolUse: [{ hooks: [{ type: 'agent', agent: 'reviewer' }] }] })
    expect(missing.reason).toBe('PreToolUse agent hook "reviewer" could not run: no executor is registered for "agent" hooks (pass one in executors) (it fails closed)')
  })

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController()
    const pending = run('PreToolUse', [command('never', { timeoutMs: 5000 })], toolInput('PreToolUse'), '', { signal: controller.signal })
    controller.abort()
    const { result } = await pending
    expect(result.outcomes[0]).toMatchObject({ exitCode: 130, timedOut: false })
  })

  it('caps a flooding hook output and keeps the cap in the replay outcome', async () => {
    const { result } = await run('PostToolUse', [command('floodText')], toolInput('PostToolUse'), '', { maxOutputBytes: 1024 })
    const outcome = result.outcomes[0]
    expect(outcome?.stdout?.length).toBeLessThan(1200)
    expect(outcome?.stderr?.length).toBeLessThan(1200)
    expect(outcome?.stdout).toContain('[hook output truncated: 499056 of 500000 bytes dropped]')
  })

  it('fails closed when a verdict is cut by the cap, rather than dropping its updatedInput', async () => {
    const { result } = await run('PreToolUse', [command('flood')], toolInput('PreToolUse'), '', { maxOutputBytes: 1024 })
    expect(result.blocked).toBe(true)
    expect(result.reason).toContain('its JSON output was cut at the output cap')
  })

  it('reports each outcome as it finishes', async () => {
    const seen: string[] = []
    const executor = new ScriptedExecutor(scripts)
    await runHooks('PostToolUse', toolInput('PostToolUse'), { PostToolUse: [{ hooks: [command('ok'), command('one')] }] }, {
      executors: [executor],
      onOutcome: (outcome) => seen.push(`${outcome.exitCode}`)
    })
    expect(seen).toEqual(['0', '1'])
  })
})
