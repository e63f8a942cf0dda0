import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from './in-memory-sandbox-client.ts'

describe('trap in the in-memory shell', () => {
  it('runs the EXIT action after the script, in its final directory, with its variables and status', async () => {
    const client = new InMemorySandboxClient({ files: { 'sub/x.txt': 'x' } })
    const result = await client.run('name=world; trap \'echo "bye $name from $PWD after $?"\' EXIT; cd sub; echo body; false')
    expect(result).toEqual({ stdout: 'body\nbye world from /workspace/sub after 1\n', stderr: '', exitCode: 1 })
    expect(client.cwd).toBe('/workspace/sub')
  })

  it('runs the action when the script ends by exit or under set -e, keeping the exit code', async () => {
    const client = new InMemorySandboxClient()
    expect(await client.run("trap 'echo cleanup' EXIT; echo work; exit 7")).toEqual({ stdout: 'work\ncleanup\n', stderr: '', exitCode: 7 })
    expect(await client.run("set -e; trap 'echo cleanup $?' EXIT; false; echo unreachable")).toEqual({
      stdout: 'cleanup 1\n',
      stderr: '',
      exitCode: 1
    })
  })

  it('lets the action decide the exit code only when it calls exit itself', async () => {
    const client = new InMemorySandboxClient()
    expect((await client.run("trap 'false' EXIT; true")).exitCode).toBe(0)
    expect((await client.run("trap 'exit 9' EXIT; true")).exitCode).toBe(9)
  })

  it('keeps the last action set, resets it with -, and prints it with -p', async () => {
    const client = new InMemorySandboxClient()
    expect((await client.run("trap 'echo one' EXIT; trap 'echo two' 0; trap -p")).stdout).toBe("trap -- 'echo two' EXIT\ntwo\n")
    expect((await client.run("trap 'echo never' EXIT; trap - EXIT; echo done")).stdout).toBe('done\n')
    expect((await client.run('trap "echo \\"it\'s\\"" EXIT; trap')).stdout).toBe("trap -- 'echo \"it'\\''s\"' EXIT\nit's\n")
  })

  it('accepts traps on signals, which never arrive here, and refuses ERR and unknown names', async () => {
    const client = new InMemorySandboxClient()
    expect(await client.run("trap 'echo int' INT TERM SIGHUP; echo ok")).toEqual({ stdout: 'ok\n', stderr: '', exitCode: 0 })
    const refused = await client.run("trap 'echo err' ERR; echo $?")
    expect(refused.stdout).toBe('1\n')
    expect(refused.stderr).toBe('bash: trap: ERR: traps on ERR are not supported by this shell\n')
    expect((await client.run("trap 'x' NOPE")).stderr).toBe('bash: trap: NOPE: invalid signal specification\n')
    expect((await client.run('trap -l')).exitCode).toBe(2)
  })

  it('does not carry an action over to the next command', async () => {
    const client = new InMemorySandboxClient()
    await client.run("trap 'echo stale' EXIT")
    expect(await client.run('echo fresh')).toEqual({ stdout: 'fresh\n', stderr: '', exitCode: 0 })
  })

  it('does not run the action of a command stopped by its timeout or signal', async () => {
    const client = new InMemorySandboxClient()
    const result = await client.run("trap 'echo late > late.txt' EXIT; sleep 5", { timeoutMs: 100 })
    expect(result.exitCode).toBe(124)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await client.run('cat late.txt')).exitCode).toBe(1)
  })
})
