// The page's first call reports what the worker failed with, and how many workers were started.
// `?worker=throwing` starts a worker whose own code throws before it exposes the host.
import { createAgentClient } from 'robota/worker'

const throwing = new URLSearchParams(location.search).get('worker') === 'throwing'
let started = 0
const client = createAgentClient(() => {
  started += 1
  return throwing
    ? new Worker(new URL('./throwing.worker.ts', import.meta.url), { type: 'module' })
    : new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' })
})
Object.assign(window, { robotaClient: client })
const status = document.getElementById('status')
client.listSessions().then(
  () => status && (status.textContent = 'started'),
  (error: Error & { code?: string }) => status && (status.textContent = `${error.name} ${error.code ?? ''} after ${started} worker(s): ${error.message}`)
)
