import { describe, expect, it } from 'vitest'
import { expectSandboxError, type TCreateSandboxClient } from './contract-support.contract.ts'

/** Commands: pipes, redirects, exit codes, stderr, stdin, env and files kept between runs. */
export function describeRunCommandsContract(create: TCreateSandboxClient): void {
  describe('run', () => {
    it('pipes one command into the next', async () => {
      const client = await create()
      expect(await client.run("printf 'b\\na\\n' | sort")).toEqual({ stdout: 'a\nb\n', stderr: '', exitCode: 0 })
    })

    it('redirects output into a file that readFile and cat both see', async () => {
      const client = await create()
      expect((await client.run('echo hi > out.txt')).exitCode).toBe(0)
      expect(await client.readFile('out.txt')).toBe('hi\n')
      expect((await client.run('cat out.txt')).stdout).toBe('hi\n')
    })

    it('appends with >>', async () => {
      const client = await create({ 'log.txt': 'one\n' })
      await client.run('echo two >> log.txt')
      await client.run('echo three >> log.txt')
      expect(await client.readFile('log.txt')).toBe('one\ntwo\nthree\n')
    })

    it('returns non-zero exit codes instead of throwing', async () => {
      const client = await create()
      expect((await client.run('echo before; exit 3')).exitCode).toBe(3)
      expect((await client.run('false')).exitCode).toBe(1)
      expect((await client.run('true')).exitCode).toBe(0)
    })

    it('reports an unknown command with exit code 127 and a message on stderr', async () => {
      const client = await create()
      const result = await client.run('definitely-not-a-command-xyz')
      expect(result.exitCode).toBe(127)
      expect(result.stderr).toContain('definitely-not-a-command-xyz')
    })

    it('captures stderr apart from stdout', async () => {
      const client = await create()
      expect(await client.run('echo fine; echo oops >&2')).toEqual({ stdout: 'fine\n', stderr: 'oops\n', exitCode: 0 })
    })

    it('feeds the stdin option to the command', async () => {
      const client = await create()
      expect((await client.run('tr a-z A-Z', { stdin: 'shout\n' })).stdout).toBe('SHOUT\n')
    })

    it('passes the env option to that command only', async () => {
      const client = await create()
      expect((await client.run('echo "[$GREETING]"', { env: { GREETING: 'hello' } })).stdout).toBe('[hello]\n')
      expect((await client.run('echo "[$GREETING]"')).stdout).toBe('[]\n')
    })

    it('feeds multi-line stdin without a trailing newline, and gives a command without stdin an empty one', async () => {
      const client = await create()
      expect(await client.run('while read -r line; do echo "[$line]"; done; echo "[$line]"', { stdin: 'one\ntwo\nlast' })).toEqual({
        stdout: '[one]\n[two]\n[last]\n',
        stderr: '',
        exitCode: 0
      })
      expect(await client.run('cat; echo end')).toEqual({ stdout: 'end\n', stderr: '', exitCode: 0 })
    })

    it('gives setEnvironment variables to every later command, with the env option still winning', async () => {
      const client = await create()
      expect(client.setEnvironment, 'setEnvironment() is implemented').toBeTypeOf('function')
      await client.setEnvironment?.({ STAGE: 'test', REGION: 'eu' })
      expect((await client.run('echo "$STAGE $REGION"')).stdout).toBe('test eu\n')
      expect((await client.run('echo "$STAGE $REGION"', { env: { STAGE: 'prod' } })).stdout).toBe('prod eu\n')
      await client.setEnvironment?.({ REGION: 'us' })
      expect((await client.run('echo "$STAGE $REGION"')).stdout).toBe('test us\n')
    })

    it('keeps files between run calls and between writeFile and run', async () => {
      const client = await create({ 'seed.txt': 'seeded' })
      await client.run('mkdir -p data && echo first > data/a.txt')
      expect((await client.run('cat data/a.txt seed.txt')).stdout).toBe('first\nseeded')
      await client.writeFile('data/b.txt', 'from writeFile')
      expect((await client.run('cat data/b.txt')).stdout).toBe('from writeFile')
      await client.run('rm data/a.txt')
      await expectSandboxError(client.readFile('data/a.txt'), 'SANDBOX_NOT_FOUND')
    })
  })
}
