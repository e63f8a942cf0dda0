import { describe, expect, it } from 'vitest'
import { describeWorkerError } from './describe-worker-error.ts'

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
