import type { IAIProvider } from '../core/provider.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TProviderChoice } from './agent-host.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'

/** What the agents of a host's sessions are built from. */
export type TSessionAgentsOptions = {
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
  records: HostedSessionRecords
}

/**
 * The model side of a host's sessions, kept in each session's record: the provider choice (keys
 * included; stored records keep only the kind and model), the built provider and the response
 * language chosen with `/language`, all outliving the open session.
 */
export class SessionAgents {
  constructor(private readonly options: TSessionAgentsOptions) {}

  /** The session's provider choice: the one given, or the record's kind and model. */
  choiceFor(record: TSessionRecord): TProviderChoice {
    return this.options.records.peek(record.id)?.providerChoice ?? { ...this.options.defaultProvider, kind: record.providerName, model: record.model }
  }

  /** Remembers a choice and, when already built, its provider. */
  choose(sessionId: string, choice: TProviderChoice, provider?: IAIProvider): void {
    const record = this.options.records.of(sessionId)
    record.providerChoice = choice
    if (provider) record.provider = provider
  }

  /** The session's provider, built on first use. */
  async providerFor(record: TSessionRecord): Promise<IAIProvider> {
    const known = this.options.records.peek(record.id)?.provider
    if (known) return known
    const provider = await this.options.createProvider(this.choiceFor(record))
    this.options.records.of(record.id).provider = provider
    return provider
  }

  /** Drops the built provider (a session that closed); the choice is kept. */
  release(sessionId: string): void {
    const record = this.options.records.peek(sessionId)
    if (record) delete record.provider
  }

  getLanguage(sessionId: string): string | undefined {
    return this.options.records.peek(sessionId)?.language
  }

  setLanguage(sessionId: string, language: string): void {
    this.options.records.of(sessionId).language = language.trim()
  }
}
