import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import { Robota } from '../core/robota.ts'
import type { ITool } from '../core/tool.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { PermissionEnforcer } from './permission-enforcer.ts'
import type { TPermissionEnforcerOptions } from './permission-enforcer-types.ts'

/** A minimal Bash tool over the sandbox, so this test depends on the gate, not on the built-in tool's details. */
function sandboxBash(sandbox: ISandboxClient): ITool {
  return {
    schema: { name: 'Bash', description: 'Runs a command', parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
    execute: async (parameters, context) => {
      const result = await sandbox.run(String(parameters.command), context.signal ? { signal: context.signal } : {})
      return { success: result.exitCode === 0, data: `${result.stdout}${result.stderr}` }
    }
  }
}

const lastToolMessage = (messages: readonly TUniversalMessage[]): string =>
  [...messages].reverse().find((message) => message.role === 'tool')?.content ?? 'no tool message'

/** Runs one turn: the model asks for `command`, then repeats what the tool told it. */
async function runTurn(command: string, options: (sandbox: ISandboxClient) => TPermissionEnforcerOptions) {
  const sandbox = new InMemorySandboxClient({ files: { 'build/output.js': 'compiled' }, cwd: '/workspace' })
  const enforcer = new PermissionEnforcer({ sessionId: 'session-1', cwd: '/workspace', ...options(sandbox) })
  const provider = new ScriptedProvider([
    { text: 'Running it.', toolCalls: [{ name: 'Bash', arguments: { command } }] },
    (messages) => ({ text: `The tool said: ${lastToolMessage(messages)}` })
  ])
  const agent = new Robota({
    name: 'gated',
    aiProviders: [provider],
    defaultModel: { provider: 'scripted', model: 'scripted-model' },
    tools: enforcer.wrapAll([sandboxBash(sandbox)])
  })
  const events: TExecutionEventEnvelope[] = []
  const result = await agent.run('Clean the build', { onExecutionEvent: (event) => events.push(event) })
  return { result, events, sandbox, enforcer }
}

const guardHook = `cmd=$(jq -r .tool_input.command); case "$cmd" in rm*) echo "rm is forbidden in this workspace; use git clean" >&2; exit 2;; esac`

describe('a gated tool in a real Robota run', () => {
  it('shows the model the reason a PreToolUse command hook (run in the sandbox) blocked the call', async () => {
    const { result, events, sandbox } = await runTurn('rm -rf build', (sandbox) => ({
      mode: 'bypassPermissions',
      sandbox,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guardHook }] }] }
    }))
    expect(result.response).toBe('The tool said: Error: Blocked by a PreToolUse hook: rm is forbidden in this workspace; use git clean')
    expect(await sandbox.readFile('/workspace/build/output.js')).toBe('compiled')
    const hookEvent = events.find((event) => event.type === 'hook_result')
    expect(hookEvent).toMatchObject({ sessionId: expect.any(String), round: 1, data: { event: 'PreToolUse', exitCode: 2, blocked: true, timedOut: false } })
    expect(events.find((event) => event.type === 'tool_execution_result')?.data).toMatchObject({ success: false, toolName: 'Bash' })
    expect(events.some((event) => event.type === 'permission_decision')).toBe(false)
  })

  it('lets an allowed call through the same hook, recording the hook and the decision in order', async () => {
    const { result, events } = await runTurn('ls build', (sandbox) => ({
      mode: 'default',
      permissions: { allow: ['Bash(ls *)'] },
      sandbox,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guardHook }] }] }
    }))
    expect(result.response).toBe('The tool said: output.js\n')
    const gateEvents = events.filter((event) => ['hook_result', 'permission_decision', 'tool_execution_result'].includes(event.type)).map((event) => event.type)
    expect(gateEvents).toEqual(['hook_result', 'permission_decision', 'tool_execution_result'])
  })

  it('shows the model a permission denial', async () => {
    const { result, events } = await runTurn('rm -rf build', () => ({ mode: 'bypassPermissions', permissions: { deny: ['Bash(rm *)'] } }))
    expect(result.response).toBe('The tool said: Error: Permission denied for Bash: matches deny pattern Bash(rm *)')
    expect(events.find((event) => event.type === 'permission_decision')?.data).toMatchObject({ decision: 'deny', source: 'deny_list' })
  })

  it('asks the handler and records request and decision as replay events', async () => {
    const { result, events } = await runTurn('echo hi', () => ({ mode: 'default', permissionHandler: async () => 'allow_once' }))
    expect(result.response).toBe('The tool said: hi\n')
    const types = events.map((event) => event.type)
    expect(types.indexOf('permission_request')).toBeLessThan(types.indexOf('permission_decision'))
    expect(events.find((event) => event.type === 'permission_request')?.data).toEqual({
      toolName: 'Bash',
      toolCallId: 'call_0_0',
      parameters: { command: 'echo hi' },
      mode: 'default'
    })
  })
})
