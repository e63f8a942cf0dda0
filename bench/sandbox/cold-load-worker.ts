import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'

/** What the worker sends back: its first command's stdout and when things happened, or why it failed. */
export type TColdLoadReply =
  | {
      stdout: string
      /** Epoch milliseconds when this module began to run, i.e. the worker is up. */
      workerReadyAt: number
      /** Epoch milliseconds when the first `run` result was in hand. */
      firstResultAt: number
    }
  | { error: string }

const epochNow = (): number => performance.timeOrigin + performance.now()
const workerReadyAt = epochNow()

// Starts at once: the client imports just-bash lazily on this first run, as the agent worker does.
const client = new InMemorySandboxClient()
client.run('echo ready').then(
  (result) => postMessage({ stdout: result.stdout, workerReadyAt, firstResultAt: epochNow() } satisfies TColdLoadReply),
  (error: unknown) => postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies TColdLoadReply)
)
