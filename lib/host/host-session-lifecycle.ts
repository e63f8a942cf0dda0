import { createId } from '../core/create-id.ts'
import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { ISessionStore, TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import { toHeadSummary, toSessionSummary } from '../storage/session-summary.ts'
import type { TCreateSessionOptions, TPendingPermission, TProviderChoice, TSessionView } from './agent-host.ts'
import { assertCreateSessionOptions, assertProviderChoice } from './assert-session-choices.ts'
import { buildProviderAhead } from './build-provider-ahead.ts'
import { readEarlierMessagePage, readLatestMessagePage } from './message-pages.ts'
import { noSuchSessionError } from './no-such-session.ts'
import { readLatestEventPage } from './event-pages.ts'
import type { TEventPage, TMessagePage, TOpenSessionOptions } from './port/host-sessions.ts'
import { toStoredEvent } from '../session/session-events.ts'
import type { HostLiveSessions } from './host-live-sessions.ts'
import type { HostRunningTurns } from './host-running-turns.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'
import type { SessionAgents } from './session-agents.ts'
import type { SessionSandboxes } from './session-sandboxes.ts'
import { joinUnstored } from './unstored-events.ts'

/** What the lifecycle of a host's sessions works through. */
export type THostSessionLifecyclePorts = {
  store: ISessionStore
  agents: SessionAgents
  sandboxes: SessionSandboxes
  live: HostLiveSessions
  turns: HostRunningTurns
  records: HostedSessionRecords
  /** Builds a provider from a plain-data choice. */
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /** The kinds `createProvider` builds, when known (see `TLocalAgentHostOptions.providerKinds`). */
  providerKinds: readonly string[] | undefined
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
  /** @throws when there is no such session. */
  loadRecord: (sessionId: string) => Promise<TSessionRecord>
  /** The session's permission prompts waiting for an answer, oldest first. */
  pendingPermissions: (sessionId: string) => TPendingPermission[]
}

/**
 * Sessions from creation to deletion: create, rename, fork (conversation and workspace under a
 * new id), switch provider, open (record, messages and events), close (the live session freed)
 * and delete (with its sandbox and everything stored).
 */
export class HostSessionLifecycle {
  constructor(private readonly ports: THostSessionLifecyclePorts) {}

  /**
   * @throws ConfigurationError for a provider kind the host does not build, and whatever building
   * the chosen provider throws (but a missing key, see `buildProviderAhead`), before anything is stored.
   */
  async create(given: TCreateSessionOptions = {}): Promise<TSessionSummary> {
    assertCreateSessionOptions(given)
    // A remote call carries a left-out argument as null.
    const options = given ?? {}
    const provider = options.provider ?? this.ports.defaultProvider
    const kinds = this.ports.providerKinds
    if (kinds && !kinds.includes(provider.kind)) {
      throw new ConfigurationError(`createSession(): this host has no provider "${provider.kind}"; it offers: ${kinds.join(', ')}.`, { details: { kind: provider.kind } })
    }
    // The page's choice only: a session without one may take the provider its workspace's settings name.
    const built = options.provider && (await buildProviderAhead(this.ports.createProvider, options.provider))
    const now = Date.now()
    const record: TSessionRecord = {
      id: createId(),
      name: options.name?.trim() || 'New session',
      createdAt: now,
      updatedAt: now,
      providerName: provider.kind,
      model: provider.model,
      messages: [],
      nextEventSeq: 0
    }
    await this.ports.store.commit(record, [])
    if (options.provider) this.ports.agents.choose(record.id, options.provider, built)
    return toSessionSummary(record)
  }

  async rename(sessionId: string, name: string): Promise<TSessionSummary> {
    if (typeof name !== 'string' || name.trim() === '') throw new ValidationError('renameSession(): the name is empty.')
    const record = { ...(await this.ports.loadRecord(sessionId)), name: name.trim(), updatedAt: Date.now() }
    await this.ports.store.commit(record, [])
    // An open session (or one opening now, which read the old name) writes its whole record at
    // each commit: it takes the name too, so none of its writes undoes the rename.
    await (await this.ports.live.current(sessionId))?.rename(record.name)
    return toSessionSummary((await this.ports.store.loadSession(sessionId)) ?? record)
  }

  async delete(sessionId: string): Promise<void> {
    const { ports } = this
    const session = ports.live.detach(sessionId)
    ports.records.forget(sessionId)
    const detached = await session
    await detached?.dispose()
    await detached?.sandbox.dispose?.()
    await ports.store.deleteSession(sessionId)
  }

  async fork(sessionId: string, options: { name?: string } = {}): Promise<TSessionSummary> {
    const { ports } = this
    const source = await ports.loadRecord(sessionId)
    ports.turns.assertIdle(sessionId)
    const live = await ports.live.current(sessionId)
    const snapshot = live?.sandbox.snapshot ? await live.sandbox.snapshot() : await ports.store.loadSandboxSnapshot(sessionId)
    const now = Date.now()
    const forkId = createId()
    // Loaded on a fork only: no other call reads a source's log for its permission decisions.
    const { forkOpeningEvents } = await import('./fork-opening-events.ts')
    const opening = await forkOpeningEvents(ports.store, source, { sessionId: forkId, executionId: createId(), ts: now })
    // A fork is the person's own session, even of a subagent run: it is listed on its own.
    const { parentSessionId: _parent, parentToolCallId: _call, ...forked } = source
    const fork: TSessionRecord = {
      ...forked,
      id: forkId,
      name: options.name?.trim() || `${source.name} (fork)`,
      createdAt: now,
      updatedAt: now,
      nextEventSeq: opening.length
    }
    await ports.store.commit(fork, opening.map(toStoredEvent))
    if (snapshot !== undefined) await ports.store.saveSandboxSnapshot(fork.id, snapshot)
    ports.records.fork(sessionId, fork.id)
    return toSessionSummary(fork)
  }

  /**
   * Switches the provider of a session this host already holds busy or knows idle. A page tells
   * the host its choice each time it opens a session: when the stored kind and model are already
   * the chosen ones, only the head is read and nothing is written.
   */
  async applyProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    assertProviderChoice('setProvider(sessionId, provider)', provider)
    const { ports } = this
    const head = await ports.store.loadSessionHead(sessionId)
    if (!head) throw noSuchSessionError(sessionId)
    const built = await ports.createProvider(provider)
    const switched = head.providerName !== provider.kind || head.model !== provider.model
    const record = switched ? { ...(await ports.loadRecord(sessionId)), providerName: provider.kind, model: provider.model, updatedAt: Date.now() } : undefined
    if (record) await ports.store.commit(record, [])
    ports.agents.choose(sessionId, provider, built)
    // An open session is assembled again with the new provider (a key or a server may have changed).
    if (await ports.live.current(sessionId)) await ports.live.rebuild(record ?? (await ports.loadRecord(sessionId)))
    return record ? toSessionSummary(record) : toHeadSummary(head)
  }

  async open(sessionId: string, options?: TOpenSessionOptions): Promise<TSessionView> {
    const { ports } = this
    const { store } = ports
    // A remote call carries a left-out argument as null.
    const latestEvents = options?.latestEvents ?? undefined
    const latestMessages = options?.latestMessages ?? undefined
    // A running turn's round (or a subagent run's) is stored at its end: what it published so far
    // joins the stored events. Taken before the read, so an event whose write lands meanwhile is in
    // one of the two, or both.
    const unstored = ports.turns.isRunning(sessionId) ? (ports.turns.unstoredEvents(sessionId) ?? (await ports.live.current(sessionId))?.unstoredEvents() ?? []) : []
    // Events first: a commit landing between the reads then leaves the record ahead of the events,
    // and the page applies the events it has not seen on top of messages that already hold them.
    const eventPage =
      latestEvents === undefined
        ? { events: await store.loadEvents(sessionId), earlierEvents: false }
        : await readLatestEventPage(store, sessionId, 'openSession(): latestEvents', latestEvents)
    const read =
      latestMessages === undefined ? wholeConversation(await ports.loadRecord(sessionId)) : await readLatestMessagePage(store, sessionId, latestMessages)
    const { summary } = read
    const { events, page } = joinUnstored({ events: eventPage.events, page: read.page }, unstored)
    // A session is open: its first turn will start its sandbox, so what that loads is loaded now.
    ports.sandboxes.prepareSoon()
    const pendingPermissions = ports.pendingPermissions(sessionId)
    return {
      // The page ends at the conversation's end: it counts a running turn's unstored commits too.
      summary: { ...summary, messageCount: page.firstIndex + page.messages.length },
      messages: page.messages,
      ...(page.firstIndex > 0 ? { firstMessageIndex: page.firstIndex } : {}),
      events,
      ...(eventPage.earlierEvents ? { earlierEvents: true } : {}),
      running: ports.turns.isRunning(sessionId),
      ...(pendingPermissions.length > 0 ? { pendingPermissions } : {})
    }
  }

  async loadEarlierEvents(sessionId: string, beforeSeq: number, count: number): Promise<TEventPage> {
    return readLatestEventPage(this.ports.store, sessionId, 'loadEarlierEvents(): count', count, beforeSeq)
  }

  async loadEarlierMessages(sessionId: string, beforeIndex: number, count: number): Promise<TMessagePage> {
    return readEarlierMessagePage(this.ports.store, sessionId, beforeIndex, count)
  }

  async close(sessionId: string): Promise<void> {
    const { ports } = this
    // A running turn keeps its live session; a close after the turn frees it.
    if (ports.turns.isRunning(sessionId)) return
    const session = ports.live.detach(sessionId)
    ports.agents.release(sessionId)
    const detached = await session
    await detached?.dispose()
    await detached?.sandbox.dispose?.()
  }
}

function wholeConversation(record: TSessionRecord): { summary: TSessionSummary; page: TMessagePage } {
  return { summary: toSessionSummary(record), page: { messages: record.messages, firstIndex: 0 } }
}
