import type { IAIProvider } from '../core/provider.ts'
import type { ITool } from '../core/tool.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TProviderChoice } from './agent-host.ts'
import { createSessionAgent, type TLiveSession } from './live-session.ts'

/** What the agents of a host's sessions are built from. */
export type TSessionAgentsOptions = {
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
  systemMessage: string
  workspaceRoot: string
  /** The app's own tools, offered in every session. */
  tools?: readonly ITool[]
}

/**
 * The model side of a host's sessions, in memory only: each session's provider choice (keys
 * included; records keep only the kind and model), its built provider, its response language,
 * and the agent rebuilt over them whenever the stored history or any of those changes.
 */
export class SessionAgents {
  private readonly choices = new Map<string, TProviderChoice>()
  private readonly providers = new Map<string, IAIProvider>()
  private readonly languages = new Map<string, string>()

  constructor(private readonly options: TSessionAgentsOptions) {}

  /** The session's provider choice: the one given, or the record's kind and model. */
  choiceFor(record: TSessionRecord): TProviderChoice {
    return this.choices.get(record.id) ?? { ...this.options.defaultProvider, kind: record.providerName, model: record.model }
  }

  /** How long the session's model may stay silent, from its choice or the default one. */
  idleTimeoutFor(sessionId: string): number | undefined {
    return (this.choices.get(sessionId) ?? this.options.defaultProvider).idleTimeoutMs
  }

  /** Remembers a choice and, when already built, its provider. */
  choose(sessionId: string, choice: TProviderChoice, provider?: IAIProvider): void {
    this.choices.set(sessionId, choice)
    if (provider) this.providers.set(sessionId, provider)
  }

  /** The session's provider, built on first use. */
  async providerFor(record: TSessionRecord): Promise<IAIProvider> {
    const known = this.providers.get(record.id)
    if (known) return known
    const provider = await this.options.createProvider(this.choiceFor(record))
    this.providers.set(record.id, provider)
    return provider
  }

  /** Drops the built provider (a session that closed); the choice is kept. */
  release(sessionId: string): void {
    this.providers.delete(sessionId)
  }

  /** Forgets everything of a deleted session. */
  forget(sessionId: string): void {
    this.choices.delete(sessionId)
    this.providers.delete(sessionId)
    this.languages.delete(sessionId)
  }

  /** A fork talks to the same model as its source. */
  copy(sourceId: string, forkId: string): void {
    const choice = this.choices.get(sourceId)
    if (choice) this.choices.set(forkId, choice)
  }

  getLanguage(sessionId: string): string | undefined {
    return this.languages.get(sessionId)
  }

  setLanguage(sessionId: string, language: string): void {
    this.languages.set(sessionId, language.trim())
  }

  /** The system message of a session: the host's, plus its response language when one is set. */
  systemMessage(sessionId?: string): string {
    const language = sessionId === undefined ? undefined : this.languages.get(sessionId)
    return language ? `${this.options.systemMessage}\n\nRespond in ${language}.` : this.options.systemMessage
  }

  /** Gives the live session an agent that continues `record`'s history and `seq`. */
  async rebuild(record: TSessionRecord, session: TLiveSession): Promise<void> {
    const provider = await this.providerFor(record)
    const { idleTimeoutMs } = this.choiceFor(record)
    session.agent = createSessionAgent(record, provider, session.sandbox, session.enforcer, this.systemMessage(record.id), this.options.workspaceRoot, idleTimeoutMs, this.options.tools)
  }
}
