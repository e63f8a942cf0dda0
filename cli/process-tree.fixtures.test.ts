import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { isRunning, processTreeOf, waitForExit } from './process-tree.fixtures.ts'

describe('process tree (the terminal tests wait for their clients with it)', () => {
  it('finds the processes a shell started, and waits until a hung-up one has gone', async () => {
    const shell = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' })
    await new Promise((resolve) => setTimeout(resolve, 200))
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
    // Ignores the hang-up, as a client busy writing its files would seem to.
    const stubborn = spawn(process.execPath, ['-e', 'process.on("SIGHUP", () => {}); setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    stubborn.kill('SIGHUP')
    const exited = new Promise((resolve) => stubborn.once('exit', (_code, signal) => resolve(signal)))
    await waitForExit([stubborn.pid!], 300)
    expect(await exited).toBe('SIGKILL')
  })
})
