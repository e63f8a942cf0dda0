import { describe, expect, it } from 'vitest'
import { SANDBOX_ABORTED_EXIT_CODE, SANDBOX_TIMEOUT_EXIT_CODE } from '../sandbox-client.ts'
import { expectSandboxError, type TCreateSandboxClient } from './contract-support.contract.ts'

/** What stops a command or bounds it: abort signals, timeouts and output caps. */
export function describeRunLimitsContract(create: TCreateSandboxClient): void {
  describe('run', () => {
    it('returns exit code 130 when the signal aborts a running command', async () => {
      const client = await create()
      const controller = new AbortController()
      const startedAt = Date.now()
      setTimeout(() => controller.abort(), 100)
      const result = await client.run('sleep 10; echo finished', { signal: controller.signal })
      expect(result.exitCode).toBe(SANDBOX_ABORTED_EXIT_CODE)
      expect(result.stdout).not.toContain('finished')
      expect(result.stderr).toMatch(/abort/i)
      expect(Date.now() - startedAt).toBeLessThan(5000)
    })

    it('stops an aborted or timed-out command, so it writes nothing afterwards', async () => {
      const client = await create()
      const controller = new AbortController()
      setTimeout(() => controller.abort(), 50)
      expect((await client.run('sleep 0.4; echo late > aborted.txt', { signal: controller.signal })).exitCode).toBe(SANDBOX_ABORTED_EXIT_CODE)
      expect((await client.run('sleep 0.4; echo late > timed-out.txt', { timeoutMs: 50 })).exitCode).toBe(SANDBOX_TIMEOUT_EXIT_CODE)
      await new Promise((resolve) => setTimeout(resolve, 700))
      await expectSandboxError(client.readFile('aborted.txt'), 'SANDBOX_NOT_FOUND')
      await expectSandboxError(client.readFile('timed-out.txt'), 'SANDBOX_NOT_FOUND')
    })

    it('does not start a command whose signal is already aborted', async () => {
      const client = await create()
      const result = await client.run('echo ran > ran.txt', { signal: AbortSignal.abort() })
      expect(result.exitCode).toBe(SANDBOX_ABORTED_EXIT_CODE)
      await expectSandboxError(client.readFile('ran.txt'), 'SANDBOX_NOT_FOUND')
    })

    it('returns exit code 124 when timeoutMs passes', async () => {
      const client = await create()
      const startedAt = Date.now()
      const result = await client.run('sleep 10; echo finished', { timeoutMs: 200 })
      expect(result.exitCode).toBe(SANDBOX_TIMEOUT_EXIT_CODE)
      expect(result.stdout).not.toContain('finished')
      expect(result.stderr).toMatch(/timed out/i)
      expect(Date.now() - startedAt).toBeLessThan(5000)
      expect((await client.run('echo still usable', { timeoutMs: 5000 })).stdout).toBe('still usable\n')
    })

    it('caps stdout and stderr at maxOutputBytes, cut on a character boundary, with a notice', async () => {
      const client = await create({}, { maxOutputBytes: 16 })
      const result = await client.run('echo 0123456789abcdefghij; echo ééééééééé >&2; exit 2')
      expect(result).toEqual({
        stdout: '0123456789abcdef\n[output truncated: 5 of 21 bytes dropped]\n',
        stderr: 'éééééééé\n[output truncated: 3 of 19 bytes dropped]\n',
        exitCode: 2
      })
      expect((await client.run('echo short')).stdout).toBe('short\n')
    })
  })
}
