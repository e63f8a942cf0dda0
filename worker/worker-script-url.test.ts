import { afterEach, describe, expect, it } from 'vitest'
import { startNotingScriptUrl } from './worker-script-url.ts'

// Node has no Worker: a stand-in constructor plays the browser's.
class StandInWorker {
  constructor(readonly url: string | URL) {}
}

const globals = globalThis as { Worker?: unknown }

describe('startNotingScriptUrl', () => {
  afterEach(() => {
    delete globals.Worker
  })

  it('notes the URL the app’s factory gave the Worker constructor, and puts the constructor back', () => {
    globals.Worker = StandInWorker
    const started = startNotingScriptUrl(() => new Worker(new URL('https://app.example/assets/agent.worker-1a2b.js'), { type: 'module' }))
    expect(started.scriptUrl).toBe('https://app.example/assets/agent.worker-1a2b.js')
    expect(started.worker).toBeInstanceOf(StandInWorker)
    expect(globals.Worker).toBe(StandInWorker)
  })

  it('puts the constructor back when the factory throws', () => {
    globals.Worker = StandInWorker
    expect(() => startNotingScriptUrl(() => { throw new Error('no worker today') })).toThrow('no worker today')
    expect(globals.Worker).toBe(StandInWorker)
  })

  it('knows no URL where there is no Worker constructor, or the factory did not call it', () => {
    const made = new StandInWorker('x') as unknown as Worker
    expect(startNotingScriptUrl(() => made)).toEqual({ worker: made, scriptUrl: undefined })
    globals.Worker = StandInWorker
    expect(startNotingScriptUrl(() => made).scriptUrl).toBeUndefined()
  })
})
