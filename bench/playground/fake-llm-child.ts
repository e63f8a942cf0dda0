import { startFakeLlmServer } from '../../lib/testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../../lib/testing/fake-llm/fake-llm-script.ts'
import { nodeEpochNow } from './page-clock-offset.ts'

// The fake LLM server in a process of its own, driven over IPC by the user-path bench: the process
// that drives Chromium is busy with the DevTools traffic of the page, and a server sharing its
// event loop would note a request's arrival late. Arguments: the API key and the pause between
// streamed events; `markerPattern` picks the events whose first appearance is reported.

/** What the bench tells the server process. */
export type TFakeLlmChildCommand =
  | { type: 'enqueue'; turn: TFakeLlmTurn }
  | { type: 'clock'; id: number }
  | { type: 'requests' }
  | { type: 'close' }

/** What the server process tells the bench. */
export type TFakeLlmChildReport =
  | { type: 'ready'; url: string }
  | { type: 'first-write'; marker: string; writtenAt: number }
  | { type: 'clock'; id: number; now: number }
  | { type: 'requests'; requests: Array<{ method: string; path: string; receivedAt: number }> }

const [apiKey = '', eventDelay = '0', markerPattern = '$^'] = process.argv.slice(2)
const marker = new RegExp(markerPattern)
const reported = new Set<string>()
const report = (message: TFakeLlmChildReport) => process.send?.(message)

const server = await startFakeLlmServer({
  apiKey,
  eventDelayMs: Number(eventDelay),
  onEventWritten: ({ event, writtenAt }) => {
    const found = marker.exec(event.data)?.[0]
    if (found === undefined || reported.has(found)) return
    reported.add(found)
    report({ type: 'first-write', marker: found, writtenAt })
  }
})

process.on('message', (command: TFakeLlmChildCommand) => {
  switch (command.type) {
    case 'enqueue':
      server.enqueue(command.turn)
      return
    case 'clock':
      report({ type: 'clock', id: command.id, now: nodeEpochNow() })
      return
    case 'requests':
      report({ type: 'requests', requests: server.requests.map(({ method, path, receivedAt }) => ({ method, path, receivedAt })) })
      return
    case 'close':
      void server.close().then(() => process.exit(0))
  }
})
report({ type: 'ready', url: server.url })
