import { describe, expect, it } from 'vitest'
import { describeWorkerError, thrownInWorker } from './describe-worker-error.ts'

describe('describeWorkerError', () => {
  it('keeps an uncaught error’s message and place', async () => {
    const event = Object.assign(new Event('error'), { message: 'Uncaught TypeError: x is not a function', filename: 'http://127.0.0.1/assets/agent.worker.js', lineno: 12 })
    expect(await describeWorkerError(event)).toBe('Uncaught TypeError: x is not a function (http://127.0.0.1/assets/agent.worker.js:12)')
  })

  it('names the likely causes when a module worker failed to load and neither the event nor the client knows its script', async () => {
    expect(await describeWorkerError(new Event('error'))).toMatch(/could not be loaded: a file that is not served \(404\), a wrong MIME type, or an import that fails/)
  })

  it('names the script that is not served when its URL is known', async () => {
    const notServed = async () => new Response('not found', { status: 404 })
    expect(await describeWorkerError(new Event('error'), 'http://127.0.0.1/agent.worker.js', notServed)).toBe('its script http://127.0.0.1/agent.worker.js could not be loaded: HTTP 404')
  })
})

describe('thrownInWorker', () => {
  it('names the class and message of an error the worker’s code threw, as Chromium and Firefox word it', () => {
    const thrown = (message: string) => thrownInWorker(Object.assign(new Event('error'), { message }))
    expect(thrown('Uncaught ConfigurationError: Tool name "get weather" must be…')).toEqual({ name: 'ConfigurationError', message: 'Tool name "get weather" must be…' })
    expect(thrown('TypeError: x is not a function')).toEqual({ name: 'TypeError', message: 'x is not a function' })
  })

  it('names nothing for a script that could not be loaded, or a value thrown that is not an error', () => {
    expect(thrownInWorker(new Event('error'))).toBeUndefined()
    expect(thrownInWorker(Object.assign(new Event('error'), { message: 'Uncaught 42' }))).toBeUndefined()
  })
})
