import { describe, expect, it } from 'vitest'
import { describeWorkerError } from './describe-worker-error.ts'

describe('describeWorkerError', () => {
  it('keeps an uncaught error’s message and place', () => {
    const event = Object.assign(new Event('error'), { message: 'Uncaught TypeError: x is not a function', filename: 'http://127.0.0.1/assets/agent.worker.js', lineno: 12 })
    expect(describeWorkerError(event)).toBe('Uncaught TypeError: x is not a function (http://127.0.0.1/assets/agent.worker.js:12)')
  })

  it('names the likely causes when a module worker failed to load and the event says nothing', () => {
    expect(describeWorkerError(new Event('error'))).toMatch(/could not be loaded: a file that is not served \(404\), a wrong MIME type, or an import that fails/)
  })
})
