import { describe, expect, it } from 'vitest'
import { BASH_MAX_OUTPUT_CHARACTERS, createBashTool } from './bash-tool.ts'
import { callTool } from './tool-sandbox.fixtures.ts'
import type { TCreateToolSandbox } from './tool-sandbox.fixtures.ts'

/** Bash's expectations on one sandbox client. */
export function describeBashTool(create: TCreateToolSandbox): void {
  describe('Bash', () => {
    it('runs the command in the workspace directory and returns its output and exit code', async () => {
      const { sandbox, root } = await create({ 'notes.txt': 'b\na\n' })
      const { result, data } = await callTool(createBashTool({ sandbox, cwd: root }), { command: 'pwd; sort notes.txt | head -1' })
      expect(result).toMatchObject({ success: true })
      expect(data).toEqual({ success: true, output: `${root}\na\n`, exitCode: 0 })
    })

    it('starts every command in the workspace, even after a cd', async () => {
      const { sandbox, root } = await create({ 'sub/file.txt': 'x' })
      const bash = createBashTool({ sandbox, cwd: root })
      await callTool(bash, { command: 'cd sub' })
      expect((await callTool(bash, { command: 'pwd' })).data.output).toBe(`${root}\n`)
    })

    it('reports a non-zero exit with its output as a failed result, not a throw', async () => {
      const { sandbox, root } = await create()
      const { result, data } = await callTool(createBashTool({ sandbox, cwd: root }), { command: 'echo out; echo nope >&2; exit 4' })
      expect(result.success).toBe(false)
      expect(result.error).toBe('Command exited with code 4')
      expect(data).toMatchObject({ success: false, exitCode: 4, output: 'out\n\nnope\n' })
    })

    it('keeps multibyte output intact', async () => {
      const { sandbox, root } = await create({ 'greeting.txt': 'héllo 🌍 — ñ\n' })
      expect((await callTool(createBashTool({ sandbox, cwd: root }), { command: 'cat greeting.txt' })).data.output).toBe('héllo 🌍 — ñ\n')
    })

    it('caps long output at 30,000 characters, keeping the head and the tail around a marker', async () => {
      const long = `HEAD${'x'.repeat(20_000)}\n${'y'.repeat(20_000)}TAIL\n`
      const { sandbox, root } = await create({ 'long.txt': long })
      const { data } = await callTool(createBashTool({ sandbox, cwd: root }), { command: 'cat long.txt' })
      expect(data.success).toBe(true)
      expect(data.output.length).toBeLessThanOrEqual(BASH_MAX_OUTPUT_CHARACTERS)
      expect(data.output.length).toBeGreaterThan(BASH_MAX_OUTPUT_CHARACTERS - 100)
      expect(data.output.startsWith('HEADxxx')).toBe(true)
      expect(data.output.endsWith('yyyTAIL\n')).toBe(true)
      expect(data.output).toMatch(/\.\.\. \[\d+ characters truncated\] \.\.\./)
    })

    it('stops a command at its timeout and says so', async () => {
      const { sandbox, root } = await create()
      const { data } = await callTool(createBashTool({ sandbox, cwd: root }), { command: 'sleep 10; echo finished', timeout: 200 })
      expect(data).toMatchObject({ success: false, exitCode: 124, error: 'Command timed out after 200 ms (exit code 124)' })
      expect(data.output).not.toContain('finished')
    })

    it('passes the abort signal to the sandbox', async () => {
      const { sandbox, root } = await create()
      const controller = new AbortController()
      setTimeout(() => controller.abort(), 100)
      const started = Date.now()
      const { data } = await callTool(createBashTool({ sandbox, cwd: root }), { command: 'sleep 10; echo finished' }, { signal: controller.signal })
      expect(Date.now() - started).toBeLessThan(5000)
      expect(data).toMatchObject({ success: false, exitCode: 130, error: 'Command was interrupted (exit code 130)' })
    })

    it("uses the sandbox's own directory when no cwd is given", async () => {
      const { sandbox, root } = await create()
      expect((await callTool(createBashTool({ sandbox }), { command: 'pwd' })).data.output).toBe(`${root}\n`)
    })
  })
}
