import { describe, expect, it } from 'vitest'
import { expectSandboxError, type TCreateSandboxClient } from './contract-support.contract.ts'

/** `dispose()`: every later call is refused. */
export function describeDisposeContract(create: TCreateSandboxClient): void {
  describe('dispose', () => {
    it('makes every later call reject with SANDBOX_DISPOSED', async () => {
      const client = await create({ 'a.txt': 'a' })
      expect((await client.run('true')).exitCode).toBe(0)
      expect(client.dispose, 'dispose() is implemented').toBeTypeOf('function')
      await client.dispose?.()
      await expectSandboxError(client.run('echo after'), 'SANDBOX_DISPOSED')
      await expectSandboxError(client.readFile('a.txt'), 'SANDBOX_DISPOSED')
      await expectSandboxError(client.writeFile('b.txt', 'b'), 'SANDBOX_DISPOSED')
    })
  })
}
