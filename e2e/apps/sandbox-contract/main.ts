// Starts the contract worker with the settings in the page's hash and lists each result.
import type { TBrowserTestResult } from './browser-test-runner.ts'

type TWorkerMessage = { type: 'registered'; count: number } | { type: 'result'; result: TBrowserTestResult } | { type: 'done' }

const results = document.getElementById('results')
const status = document.getElementById('status')
const worker = new Worker(new URL('./contract.worker.ts', import.meta.url), { type: 'module' })

worker.addEventListener('message', (event: MessageEvent<TWorkerMessage>) => {
  const message = event.data
  if (message.type === 'registered') results?.setAttribute('data-registered', String(message.count))
  if (message.type === 'result') {
    const item = document.createElement('li')
    const { name, passed, error } = message.result
    item.textContent = passed ? `passed: ${name}` : `failed: ${name}: ${error ?? ''}`
    results?.append(item)
  }
  if (message.type === 'done' && status) status.textContent = 'done'
})
worker.addEventListener('error', (event) => {
  if (status) status.textContent = `worker error: ${event.message}`
})
worker.postMessage(JSON.parse(decodeURIComponent(location.hash.slice(1))) as unknown)
