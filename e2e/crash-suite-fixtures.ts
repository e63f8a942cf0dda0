import { expect, type Page, type Worker } from '@playwright/test'
import type { TFakeLlmRecordedRequest } from '../lib/testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../lib/testing/fake-llm/fake-llm-script.ts'

// What the worker crash suite needs besides the page's roles: a seeded PRNG, the scripted model
// that writes one file per turn, ways to end the worker, and a read of what IndexedDB holds.

/** mulberry32: a small seeded PRNG giving floats in [0, 1); the same seed gives the same run. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/** The prompt of turn `index`. */
export const turnPrompt = (index: number) => `Turn ${index}: write your file.`
/** The file turn `index` writes, relative to the workspace. */
export const turnFile = (index: number) => `crash/turn-${String(index).padStart(3, '0')}.txt`
/** What turn `index` writes into its file. */
export const turnContent = (index: number) => `written by turn ${index}`
/** The final answer of turn `index`. */
export const turnAnswer = (index: number) => `Wrote turn ${index}.`
/** The prompt of the closing check, which lists every file with its content. */
export const LIST_PROMPT = 'List the crash files.'
/** One `path=content` line per file the sandbox holds under `crash/`. */
export const LIST_COMMAND = 'for f in crash/*.txt; do printf "%s=%s\\n" "$f" "$(cat "$f")"; done'

type TChatMessage = { role: string; content?: unknown }

const textOf = (message: TChatMessage | undefined) => (typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? ''))

/**
 * The scripted model on the Chat Completions wire, answering from the request alone (the order of
 * requests is not known in advance when workers die): for turn N's prompt it streams a line and
 * calls `Write` for turn N's file; after the tool result it answers `Wrote turn N.`.
 */
export function answerCrashTurn(request: TFakeLlmRecordedRequest): TFakeLlmTurn {
  const messages = ((request.body as { messages?: TChatMessage[] } | undefined)?.messages ?? []) as TChatMessage[]
  const prompt = textOf(messages.findLast((message) => message.role === 'user'))
  const afterTool = messages.at(-1)?.role === 'tool'
  if (prompt.includes(LIST_PROMPT)) {
    return afterTool ? { text: 'Listed.' } : { toolCalls: [{ name: 'Bash', arguments: { command: LIST_COMMAND } }] }
  }
  const index = Number(/Turn (\d+)/.exec(prompt)?.[1])
  if (afterTool) return { text: ['Wrote ', `turn ${index}.`] }
  return {
    text: ['Writing ', 'the file ', `of turn ${index} `, 'now.'],
    toolCalls: [{ name: 'Write', arguments: { filePath: turnFile(index), content: turnContent(index) } }]
  }
}

/** The newest live agent worker of the page. */
export async function currentAgentWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().filter((worker) => worker.url().includes('agent-worker')).length).toBeGreaterThan(0)
  const workers = page.workers().filter((worker) => worker.url().includes('agent-worker'))
  return workers[workers.length - 1] as Worker
}

/** How a worker is ended: a fatal error (seen through its `error` event), or silently (only heartbeats tell). */
export type TWorkerDeath = 'fatal-error' | 'silent-close'

/**
 * Ends the page's agent worker from inside, as a crash would, and waits for the replacement the
 * page's client starts. Returns the replacement.
 */
export async function killAgentWorker(page: Page, death: TWorkerDeath): Promise<Worker> {
  const worker = await currentAgentWorker(page)
  const replacement = page.waitForEvent('worker', { predicate: (started) => started.url().includes('agent-worker'), timeout: 20_000 })
  // In a task of its own, so the evaluation returns before the worker is gone.
  await worker
    .evaluate((fatal) => {
      setTimeout(() => {
        self.close()
        if (fatal) throw new Error('worker crash suite: the worker died')
      })
    }, death === 'fatal-error')
    .catch(() => undefined)
  return replacement
}

/** A stored message as the suite compares it: what must never change once committed. */
export type TStoredMessage = { id: string; role: string; content: string; toolCallIds: string[] }

/** Every session record IndexedDB holds, with its messages, read straight from the database. */
export async function readStoredSessions(page: Page): Promise<Array<{ id: string; messages: TStoredMessage[] }>> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('robota')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      // One transaction over both stores, as the store reads them: a head and its messages apart
      // in runs (schema 8; schema 7 wrote one message per value), or a whole record written before.
      const transaction = database.transaction(['sessions', 'messages'])
      const readAll = (storeName: string) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = transaction.objectStore(storeName).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      const [heads, messageValues] = await Promise.all([readAll('sessions'), readAll('messages')])
      type TMessage = { id: string; role: string; content: string; toolCalls?: Array<{ id: string }> }
      type TRecord = { id: string; messages?: TMessage[]; messageCount?: number }
      const stored = messageValues as Array<{ sessionId: string; index: number; message?: TMessage; messages?: TMessage[] }>
      const storedMessages = (id: string, count: number): TMessage[] => {
        const messages: TMessage[] = []
        for (const value of stored.filter((candidate) => candidate.sessionId === id)) {
          const run = value.messages ?? (value.message ? [value.message] : [])
          run.forEach((message, offset) => {
            if (value.index + offset < count) messages[value.index + offset] = message
          })
        }
        return messages
      }
      const records = (heads as TRecord[]).map((head) => ({ id: head.id, messages: head.messages ?? storedMessages(head.id, head.messageCount ?? 0) }))
      return records.map((record) => ({
        id: record.id,
        messages: record.messages.map((message) => ({
          id: message.id,
          role: message.role,
          content: message.content,
          toolCallIds: (message.toolCalls ?? []).map((call) => call.id)
        }))
      }))
    } finally {
      database.close()
    }
  })
}
