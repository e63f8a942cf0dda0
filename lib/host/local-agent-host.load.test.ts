import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { DEFAULT_MAX_EXECUTION_ROUNDS } from '../core/robota.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { GENESIS_HASH } from '../storage/replay-log/hash-chain.ts'
import { ScriptedProvider, type TScriptedStep } from '../testing/scripted-provider.ts'
import { describeHistoryProblems, rebuildHistoryFromEvents } from '../testing/suite-totals-history-checks.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// Twenty sessions at once in one host, a hundred tool rounds each (ten turns of ten rounds, the
// host's per-turn cap, each closed by the answer the cap asks for): every session ends with its
// own history, its own events in order, its own sandbox files, and nothing of any other session.

const SESSION_COUNT = 20
const TURN_COUNT = 10
const ROUNDS_PER_TURN = DEFAULT_MAX_EXECUTION_ROUNDS
const ROUND_COUNT = TURN_COUNT * ROUNDS_PER_TURN

const markerOf = (index: number): string => `marker-${String(index).padStart(2, '0')}-q`

function scriptFor(marker: string): TScriptedStep[] {
  return Array.from({ length: TURN_COUNT }, (_, turn) => [
    ...Array.from({ length: ROUNDS_PER_TURN }, (_, step) => {
      const round = turn * ROUNDS_PER_TURN + step
      return { toolCalls: [{ name: 'Write', arguments: { filePath: `markers/round-${round}.txt`, content: `${marker}:${round}\n` } }] }
    }),
    { text: `${marker} turn ${turn} done.` }
  ]).flat()
}

describe('twenty sessions at once in one host', () => {
  it(`run ${ROUND_COUNT} tool rounds each with no cross-talk between histories, events or sandboxes`, async () => {
    const markers = Array.from({ length: SESSION_COUNT }, (_, index) => markerOf(index))
    const providers = new Map(markers.map((marker) => [marker, new ScriptedProvider(scriptFor(marker), { name: 'scripted' })]))
    const sandboxes = new Map<string, InMemorySandboxClient>()
    const store = new MemorySessionStore()
    const host = new LocalAgentHost({
      store,
      createSandbox: (sessionId) => {
        const sandbox = new InMemorySandboxClient()
        sandboxes.set(sessionId, sandbox)
        return sandbox
      },
      // Each session names its own scripted model, so the host builds each its own provider.
      createProvider: (choice) => {
        const provider = providers.get(choice.model)
        if (!provider) throw new Error(`No provider for ${choice.model}`)
        return provider
      },
      defaultProvider: { kind: 'scripted', model: 'unused' },
      eventIntervalMs: 5,
      permissionMode: 'bypassPermissions'
    })
    const delivered = new Map<string, TExecutionEventEnvelope[]>()
    await host.subscribe((events) => {
      for (const event of events) {
        if (event.kind !== 'replay') continue
        const list = delivered.get(event.event.sessionId) ?? []
        list.push(event.event)
        delivered.set(event.event.sessionId, list)
      }
    })
    const sessions = await Promise.all(
      markers.map(async (marker) => ({ marker, summary: await host.createSession({ name: marker, provider: { kind: 'scripted', model: marker } }) }))
    )

    await Promise.all(
      sessions.map(async ({ marker, summary }) => {
        for (let turn = 0; turn < TURN_COUNT; turn++) {
          const result = await host.submit(summary.id, `${marker}: write markers of turn ${turn}`)
          expect(result).toEqual({ response: `${marker} turn ${turn} done.`, interrupted: false, toolsExecuted: Array(ROUNDS_PER_TURN).fill('Write') })
        }
      })
    )

    for (const { marker, summary } of sessions) {
      const others = markers.filter((other) => other !== marker)
      const record = await store.loadSession(summary.id)
      const log = await store.loadReplayLog(summary.id)
      const events = log.map((entry) => entry.event)
      // Per turn: the prompt, an assistant call and its result per round, and the final answer.
      expect(record?.messages).toHaveLength(TURN_COUNT * (2 + ROUNDS_PER_TURN * 2))
      expect(describeHistoryProblems(record?.messages ?? [])).toEqual([])
      expect(rebuildHistoryFromEvents(events)).toEqual(record?.messages)
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
      expect(events.every((event) => event.sessionId === summary.id)).toBe(true)
      // Compared as text: a deep comparison of thousands of events costs more than the run. The log
      // records each request as a range of the one before; `loadEvents` hands them out whole.
      expect(JSON.stringify(delivered.get(summary.id))).toBe(JSON.stringify(await store.loadEvents(summary.id)))
      // Every link continues this session's own chain; the hashes themselves are checked once below.
      expect(log.every((entry, index) => entry.prevHash === (index === 0 ? GENESIS_HASH : log[index - 1]?.hash))).toBe(true)

      const stored = JSON.stringify([record, events])
      expect(stored).toContain(marker)
      expect(others.filter((other) => stored.includes(other))).toEqual([])
      const provider = providers.get(marker)
      expect(provider?.remainingSteps).toBe(0)
      const sent = JSON.stringify(provider?.calls.map((call) => call.messages.map((message) => message.content)))
      expect(others.filter((other) => sent.includes(other))).toEqual([])

      const sandbox = sandboxes.get(summary.id)
      const files = (await sandbox?.readdir('/workspace/markers')) ?? []
      expect(files).toHaveLength(ROUND_COUNT)
      const contents = await Promise.all(files.map((file) => sandbox?.readFile(`/workspace/markers/${file.name}`)))
      expect(new Set(contents)).toEqual(new Set(Array.from({ length: ROUND_COUNT }, (_, round) => `${marker}:${round}\n`)))
    }
    expect(new Set(sandboxes.values()).size).toBe(SESSION_COUNT)
    expect(await host.verifyReplay(sessions[SESSION_COUNT - 1]?.summary.id ?? '')).toMatchObject({ ok: true })
    recordSuiteTotal('agent host load', 'loadRounds', SESSION_COUNT * ROUND_COUNT)
  }, 120_000)
})
