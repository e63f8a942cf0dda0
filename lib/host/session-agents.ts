import type { IAIProvider } from '../core/provider.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TProviderChoice } from './agent-host.ts'

/** What the agents of a host's sessions are built from. */
export type TSessionAgentsOptions = {
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
}

/**
 * The model side of a host's sessions, in memory only: each session's provider choice (keys
 * included; records keep only the kind and model), its built provider and the response language
 * chosen with `/language`, all outliving the live session.
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
}
