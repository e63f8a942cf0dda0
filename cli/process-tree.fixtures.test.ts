import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { isRunning, processTreeOf, waitForExit } from './process-tree.fixtures.ts'

describe('process tree (the terminal tests wait for their clients with it)', () => {
  it('finds the processes a shell started, and waits until a hung-up one has gone', async () => {
    // The shell says when it has started its child.
    const shell = spawn('sh', ['-c', 'sleep 30 & echo started; wait'], { stdio: ['ignore', 'pipe', 'ignore'] })
    await once(shell.stdout, 'data')
    const tree = processTreeOf(shell.pid!)
    expect(tree).toHaveLength(2)
    expect(tree.every(isRunning)).toBe(true)

    const exited = new Promise((resolve) => shell.once('exit', (_code, signal) => resolve(signal)))
    process.kill(tree[1]!, 'SIGHUP')
    // Longer than the test may take: the wait ends because the processes went, not at its limit.
    await waitForExit(tree, 60_000)
    expect(tree.some(isRunning)).toBe(false)
    expect(await exited).toBeNull()
  })

  it('kills what still runs once the wait is over', async () => {
    // Ignores the hang-up, as a client busy writing its files would seem to; says so once it does.
    const stubborn = spawn(process.execPath, ['-e', 'process.on("SIGHUP", () => {}); console.log("ready"); setInterval(() => {}, 1000)'], {
      stdio: ['ignore', 'pipe', 'ignore']
    })
    await once(stubborn.stdout, 'data')
    const exited = new Promise((resolve) => stubborn.once('exit', (_code, signal) => resolve(signal)))
    stubborn.kill('SIGHUP')
    await waitForExit([stubborn.pid!], 300)
    expect(await exited).toBe('SIGKILL')
  })
})
