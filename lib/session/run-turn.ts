import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import { redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { THostEvent, TTurnResult } from './agent-host.ts'
import type { TLiveSession } from './live-session.ts'
import { SessionRecorder } from './session-recorder.ts'
import { StreamRedactor } from './stream-redactor.ts'

/** What one turn needs: where to persist, the live session, the prompt and where events go. */
export type TTurnParts = {
  store: ISessionStore
  record: TSessionRecord
  session: TLiveSession
  prompt: string
  signal: AbortSignal
  publish: (event: THostEvent) => void
  /**
   * Delivers the events published so far; awaited before each storage write, so the page gets a
   * round's last deltas before the write's hashing, not after it.
   */
  flushEvents?: () => Promise<void>
  /** Secrets the host knows (the provider key, say), searched for in every event besides key shapes. */
  secrets?: readonly string[]
}

/**
 * Runs one turn of a live session: every replay event is redacted (keys streamed across deltas
 * included), persisted as messages commit and published; the sandbox snapshot is saved before
 * each round's tool results are stored and when the turn ends, so a resumed session gets its
 * files back.
 */
export async function runTurn(parts: TTurnParts): Promise<TTurnResult> {
  const { store, record, session, prompt, publish } = parts
  const sessionId = record.id
  const recorder = new SessionRecorder(store, record, parts.flushEvents, session.sandbox.snapshot?.bind(session.sandbox))
  // Secrets never leave the run: what is stored and what the page sees are redacted alike.
  const redactor = new StreamRedactor((event) => {
    recorder.observe(event)
    publish({ kind: 'replay', event })
  }, parts.secrets)
  publish({ kind: 'turn_started', sessionId, prompt })
  try {
    const result = await session.agent.run(prompt, { signal: parts.signal, onExecutionEvent: (raw) => redactor.push(raw) })
    redactor.end()
    recorder.commit(session.agent.getNextEventSeq())
    await recorder.settle()
    if (session.sandbox.snapshot) await store.saveSandboxSnapshot(sessionId, await session.sandbox.snapshot())
    // The response leaves the run like the events do: as the stored, redacted message says it.
    const turn: TTurnResult = {
      response: redactSecretText(result.response, parts.secrets),
      interrupted: result.interrupted === true,
      toolsExecuted: result.toolsExecuted,
      ...(result.error ? { error: { ...result.error, message: redactSecretText(result.error.message, parts.secrets) } } : {})
    }
    publish({ kind: 'turn_finished', sessionId, result: turn })
    return turn
  } catch (error) {
    redactor.end()
    const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'UNKNOWN'
    publish({ kind: 'turn_failed', sessionId, message: redactSecretText(error instanceof Error ? error.message : String(error), parts.secrets), code })
    throw error
  }
}
