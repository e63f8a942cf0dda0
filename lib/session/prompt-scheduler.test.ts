import { describe, expect, it } from 'vitest'
import { PromptScheduler } from './prompt-scheduler.ts'

function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

function makeScheduler() {
  const log: string[] = []
  const gates = new Map<string, ReturnType<typeof gate>>()
  const scheduler = new PromptScheduler<string, string>({
    run: async (prompt, signal) => {
      log.push(`run:${prompt}`)
      const waiting = gate()
      gates.set(prompt, waiting)
      signal.addEventListener('abort', () => waiting.open())
      await waiting.opened
      return signal.aborted ? `${prompt}:aborted` : `${prompt}:done`
    },
    onStart: () => log.push('start'),
    onFinish: async () => {
      log.push('finish')
    }
  })
  const release = async (prompt: string) => {
    while (!gates.has(prompt)) await new Promise((resolve) => setTimeout(resolve, 1))
    gates.get(prompt)?.open()
  }
  return { scheduler, log, release }
}

describe('PromptScheduler', () => {
  it('runs one prompt at a time with one queued, refusing a second queued prompt', async () => {
    const { scheduler, log, release } = makeScheduler()
    const first = scheduler.submit('a')
    const second = scheduler.submit('b')
    await expect(scheduler.submit('c')).rejects.toThrow(/already queued/)
    expect(scheduler.getQueued()).toBe('b')
    await release('a')
    expect(await first).toBe('a:done')
    await release('b')
    expect(await second).toBe('b:done')
    expect(log).toEqual(['start', 'run:a', 'finish', 'start', 'run:b', 'finish'])
    expect(scheduler.isBusy()).toBe(false)
  })

  it('aborts the running prompt and drops the queued one', async () => {
    const { scheduler, log } = makeScheduler()
    const first = scheduler.submit('a')
    const queued = scheduler.submit('b')
    await new Promise((resolve) => setTimeout(resolve, 1))
    scheduler.abort()
    expect(await first).toBe('a:aborted')
    expect(await queued).toBeUndefined()
    expect(log).not.toContain('run:b')
  })

  it('runs exclusive work only when idle, queueing prompts behind it', async () => {
    const { scheduler, log, release } = makeScheduler()
    let finishWork: () => void = () => undefined
    const work = scheduler.exclusive(() => new Promise<string>((resolve) => (finishWork = () => resolve('compacted'))))
    await expect(scheduler.exclusive(async () => 'again')).rejects.toThrow(/busy/)
    const queued = scheduler.submit('after')
    expect(scheduler.getQueued()).toBe('after')
    finishWork()
    expect(await work).toBe('compacted')
    await release('after')
    expect(await queued).toBe('after:done')
    expect(log).toEqual(['start', 'finish', 'start', 'run:after', 'finish'])
  })
})
