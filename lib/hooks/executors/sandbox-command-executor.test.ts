import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IHookInput, THooksConfig } from '../hook-types.ts'
import { runHooks } from '../run-hooks.ts'
import { SandboxCommandExecutor } from './sandbox-command-executor.ts'

const input: IHookInput = {
  session_id: 'session-1',
  cwd: '/workspace',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf build' }
}
const sandbox = new InMemorySandboxClient({ files: { 'policy.txt': 'no rm\n' } })
const preToolUse = (command: string, timeoutMs?: number): THooksConfig => ({
  PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, ...(timeoutMs === undefined ? {} : { timeoutMs }) }] }]
})

describe('SandboxCommandExecutor', () => {
  it('runs the command in the sandbox with the hook input as JSON on stdin', async () => {
    const result = await new SandboxCommandExecutor(sandbox).execute({ type: 'command', command: 'cat' }, input)
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(input)
  })

  it('passes the hook env', async () => {
    const result = await new SandboxCommandExecutor(sandbox).execute({ type: 'command', command: 'echo "$LEVEL"', env: { LEVEL: 'strict' } }, input)
    expect(result.stdout).toBe('strict\n')
  })

  it.each([
    ['exit 0', false, []],
    ['cat > /dev/null; exit 2', true, []],
    ['echo "too risky" >&2; exit 3', false, ['PreToolUse command hook "echo "too risky" >&2; exit 3" exited with code 3: too risky']],
    ['no-such-command', false, [expect.stringContaining('exited with code 127')]]
  ])('exit protocol for `%s`', async (command, blocked, warnings) => {
    const result = await runHooks('PreToolUse', input, preToolUse(command), { sandbox })
    expect(result.blocked).toBe(blocked)
    expect(result.warnings).toEqual(warnings)
  })

  it('blocks with stderr as the reason, from a script that reads its input', async () => {
    const script = `cmd=$(jq -r .tool_input.command); case "$cmd" in rm*) echo "blocked: $cmd ($(cat /workspace/policy.txt))" >&2; exit 2;; esac`
    const result = await runHooks('PreToolUse', input, preToolUse(script), { sandbox })
    expect(result).toMatchObject({ blocked: true, reason: 'blocked: rm -rf build (no rm)' })
    expect(result.outcomes[0]).toMatchObject({ exitCode: 2, blocked: true, stderr: 'blocked: rm -rf build (no rm)\n' })
  })

  it('applies updatedInput printed by the script', async () => {
    const script = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: {command: ("echo would run: " + .tool_input.command)}}}'`
    const result = await runHooks('PreToolUse', input, preToolUse(script), { sandbox })
    expect(result.updatedInput).toEqual({ command: 'echo would run: rm -rf build' })
  })

  it('stops a script that never ends (busy loop) at its timeout', async () => {
    const startedAt = Date.now()
    const result = await runHooks('PreToolUse', input, preToolUse('while true; do :; done', 300), { sandbox })
    expect(Date.now() - startedAt).toBeLessThan(5000)
    expect(result).toMatchObject({ blocked: true })
    expect(result.outcomes[0]).toMatchObject({ exitCode: 124, timedOut: true })
  })

  it('stops a script that waits forever at its timeout, failing open after the tool ran', async () => {
    const config: THooksConfig = { PostToolUse: [{ hooks: [{ type: 'command', command: 'sleep 1000', timeoutMs: 200 }] }] }
    const result = await runHooks('PostToolUse', { ...input, hook_event_name: 'PostToolUse' }, config, { sandbox })
    expect(result.blocked).toBe(false)
    expect(result.warnings).toEqual(['PostToolUse command hook "sleep 1000" timed out after 200 ms; proceeding'])
  })

  it('caps a flooding script', async () => {
    const config: THooksConfig = { PostToolUse: [{ hooks: [{ type: 'command', command: 'printf "%02000000d" 0; printf "%0300000d" 0 >&2' }] }] }
    const result = await runHooks('PostToolUse', { ...input, hook_event_name: 'PostToolUse' }, config, { sandbox, maxOutputBytes: 4096 })
    const outcome = result.outcomes[0]
    expect(outcome?.exitCode).toBe(0)
    expect(outcome?.stdout?.length).toBeLessThan(4200)
    expect(outcome?.stderr?.length).toBeLessThan(4200)
    expect(outcome?.stdout).toContain('[hook output truncated:')
  })

  it('stops a script that floods without end at its timeout', async () => {
    const flood = 's=xxxxxxxxxxxxxxxx; for i in 1 2 3 4 5 6 7 8 9 10; do s="$s$s"; done; while true; do echo "$s"; done'
    const result = await runHooks('PreToolUse', input, preToolUse(flood, 500), { sandbox })
    expect(result.outcomes[0]).toMatchObject({ timedOut: true, blocked: true })
  })

  it('refuses a hook of another type', async () => {
    await expect(new SandboxCommandExecutor(sandbox).execute({ type: 'http', url: 'http://x' }, input)).rejects.toThrow(
      'SandboxCommandExecutor cannot run a "http" hook.'
    )
  })
})
