import type { IAIProvider } from '../core/provider.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TProviderChoice } from './agent-host.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'
import { isSameProviderChoice, toWorkspaceProviderChoice, type TProviderSettings } from './workspace-provider-choice.ts'

/** What the agents of a host's sessions are built from. */
export type TSessionAgentsOptions = {
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
  records: HostedSessionRecords
}

/**
 * The model side of a host's sessions, kept in each session's record: the provider choice (keys
 * included; stored records keep only the kind and model) of the page or of the workspace's
 * settings, the built provider and the response language chosen with `/language`, all outliving
 * the open session.
 */
export class SessionAgents {
  constructor(private readonly options: TSessionAgentsOptions) {}

  /**
   * The session's provider choice: the one the page gave, else the one its workspace settings ask
   * for, else the record's kind and model.
   */
  choiceFor(record: TSessionRecord): TProviderChoice {
    const hosted = this.options.records.peek(record.id)
    return hosted?.providerChoice ?? hosted?.workspaceChoice ?? this.recordChoice(record)
  }

  /**
   * Takes the `provider` of the session's workspace settings (read as the session is assembled)
   * as its choice, unless the page chose one; returns the session's choice.
   */
  adoptWorkspaceSettings(record: TSessionRecord, settings: TProviderSettings | undefined): TProviderChoice {
    const hosted = this.options.records.of(record.id)
    if (settings && !hosted.providerChoice) hosted.workspaceChoice = toWorkspaceProviderChoice(this.recordChoice(record), settings)
    else delete hosted.workspaceChoice
    return this.choiceFor(record)
  }

  /** Remembers a choice and, when already built, its provider. */
  choose(sessionId: string, choice: TProviderChoice, provider?: IAIProvider): void {
    const record = this.options.records.of(sessionId)
    record.providerChoice = choice
    if (provider) {
      record.provider = provider
      record.providerBuiltFrom = choice
    }
  }

  /** The session's provider, built on first use and again when its choice changed. */
  async providerFor(record: TSessionRecord): Promise<IAIProvider> {
    const choice = this.choiceFor(record)
    const hosted = this.options.records.peek(record.id)
    if (hosted?.provider && hosted.providerBuiltFrom && isSameProviderChoice(hosted.providerBuiltFrom, choice)) return hosted.provider
    const provider = await this.options.createProvider(choice)
    const built = this.options.records.of(record.id)
    built.provider = provider
    built.providerBuiltFrom = choice
    return provider
  }

  /** Drops the built provider (a session that closed); the choice is kept. */
  release(sessionId: string): void {
    const record = this.options.records.peek(sessionId)
    if (record) {
      delete record.provider
      delete record.providerBuiltFrom
    }
  }

  private recordChoice(record: TSessionRecord): TProviderChoice {
    return { ...this.options.defaultProvider, kind: record.providerName, model: record.model }
  }

  getLanguage(sessionId: string): string | undefined {
    return this.options.records.peek(sessionId)?.language
  }

  setLanguage(sessionId: string, language: string): void {
    this.options.records.of(sessionId).language = language.trim()
  }
}
