import type { TColdLoadReply } from './cold-load-worker.ts'

/** One cold start: a new Web Worker loads the in-memory sandbox and answers its first `run`. */
export type TColdLoadMeasurement = {
  /** From `new Worker` to the first `run` result arriving in the page: the figure. */
  milliseconds: number
  /** Of which: until the worker's own module ran (fetching and evaluating the worker chunk). */
  workerStartMilliseconds: number
  /** Of which: loading just-bash in the worker and running the first command. */
  firstRunMilliseconds: number
}

const epochNow = (): number => performance.timeOrigin + performance.now()

// The bench page: each call starts a fresh worker (a fresh JavaScript realm, so just-bash is
// imported and evaluated anew) and times it until the worker's first `run` result arrives.
async function coldRunInWorker(): Promise<TColdLoadMeasurement> {
  const startedAt = epochNow()
  const worker = new Worker(new URL('./cold-load-worker.ts', import.meta.url), { type: 'module', name: 'robota-sandbox-cold-load' })
  try {
    const reply = await new Promise<TColdLoadReply>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent<TColdLoadReply>) => resolve(event.data), { once: true })
      worker.addEventListener('error', (event) => reject(new Error(`the worker failed: ${event.message}`)), { once: true })
    })
    const milliseconds = epochNow() - startedAt
    if ('error' in reply) throw new Error(reply.error)
    if (reply.stdout !== 'ready\n') throw new Error(`the first run printed ${JSON.stringify(reply.stdout)}`)
    return {
      milliseconds,
      workerStartMilliseconds: reply.workerReadyAt - startedAt,
      firstRunMilliseconds: reply.firstResultAt - reply.workerReadyAt
    }
  } finally {
    worker.terminate()
  }
}

Object.assign(window, { robotaSandboxBench: { coldRunInWorker } })
