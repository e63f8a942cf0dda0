/**
 * Starts the playground's agent worker (`worker/agent-worker.ts`), the way any app starts its own: the
 * bundler sees `new Worker(new URL(…, import.meta.url))` and builds the worker file as its own
 * chunk. The client calls it again after a crash.
 */
export function startAgentWorker(): Worker {
  return new Worker(new URL('./worker/agent-worker.ts', import.meta.url), { type: 'module', name: 'robota-agent' })
}
