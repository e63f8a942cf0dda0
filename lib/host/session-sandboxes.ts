import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { TSandboxChoice } from './agent-host.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'
import { copyWorkspaceFiles } from './workspace-copy.ts'

/**
 * How long after the first session opened `prepareSandbox` runs: the page renders the opened
 * session meanwhile (on two cores, compiling a shell beside that render slowed it), and a person
 * takes longer than this to type the first prompt.
 */
export const PREPARE_SANDBOX_DELAY_MS = 300

/** How a host makes sandboxes: its default one per session, and, optionally, one from a choice. */
export type TSessionSandboxFactories = {
  createSandbox: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
  createSandboxFromChoice?: (sessionId: string, choice: TSandboxChoice) => Promise<ISandboxClient>
  /** Readies what the default sandbox's first use loads; see `TLocalAgentHostOptions.prepareSandbox`. */
  prepareSandbox?: () => unknown
  workspaceRoot: string
  records: HostedSessionRecords
}

/**
 * Which sandbox each session uses, kept in its record in memory only (an E2B key included), and
 * how to build it. A sandbox other than the default stores its snapshots in the default sandbox's format, so
 * the stored session always restores, wherever it runs next.
 */
export class SessionSandboxes {
  private prepared = false

  constructor(private readonly factories: TSessionSandboxFactories) {}

  /**
   * Runs `prepareSandbox` the first time it is asked, `PREPARE_SANDBOX_DELAY_MS` later, so the call
   * that asked (opening a session) answers and is shown first. Its failure is ignored: the
   * sandbox's first use reports it.
   */
  prepareSoon(): void {
    const prepare = this.factories.prepareSandbox
    if (this.prepared || !prepare) return
    this.prepared = true
    const timer = setTimeout(() => {
      Promise.resolve()
        .then(prepare)
        .catch(() => undefined)
    }, PREPARE_SANDBOX_DELAY_MS)
    // In Node a preparation still waiting must not keep a finished program running.
    ;(timer as { unref?: () => void }).unref?.()
  }

  /** The sandbox a session runs in now: its chosen one, or the default. */
  create(sessionId: string): Promise<ISandboxClient> {
    return this.build(sessionId, this.factories.records.peek(sessionId)?.sandboxChoice ?? { kind: 'in-memory' })
  }

  /** Builds a sandbox for `choice`. @throws ConfigurationError when this host cannot make that kind. */
  async build(sessionId: string, choice: TSandboxChoice): Promise<ISandboxClient> {
    if (choice.kind === 'in-memory') return this.factories.createSandbox(sessionId)
    const make = this.factories.createSandboxFromChoice
    if (!make) throw new ConfigurationError(`This host cannot make ${choice.kind} sandboxes: it was built without \`createSandboxFromChoice\`.`)
    return withPortableSnapshots(await make(sessionId, choice), () => this.scratch(sessionId), this.factories.workspaceRoot)
  }

  /** A sandbox for `choice` whose workspace is empty, ready for the files a switch carries over. */
  async buildEmpty(sessionId: string, choice: TSandboxChoice): Promise<ISandboxClient> {
    return choice.kind === 'in-memory' ? this.scratch(sessionId) : this.build(sessionId, choice)
  }

  /** Remembers the session's choice for the next time it starts. */
  choose(sessionId: string, choice: TSandboxChoice): void {
    const record = this.factories.records.of(sessionId)
    if (choice.kind === 'in-memory') delete record.sandboxChoice
    else record.sandboxChoice = choice
  }

  /** The keys the session's sandbox was given, for redaction: they must never be shown or stored. */
  secretsOf(sessionId: string): string[] {
    const choice = this.factories.records.peek(sessionId)?.sandboxChoice
    return choice?.kind === 'e2b' ? [choice.apiKey] : []
  }

  private async scratch(sessionId: string): Promise<ISandboxClient> {
    const sandbox = await this.factories.createSandbox(sessionId)
    // The default sandbox may come seeded; a snapshot must hold exactly the workspace copied in.
    await sandbox.remove(this.factories.workspaceRoot, { recursive: true }).catch(() => undefined)
    await sandbox.mkdir(this.factories.workspaceRoot, { recursive: true })
    return sandbox
  }
}

/** Checks a sandbox choice that came in as page data. @throws ValidationError naming the bad field. */
export function validateSandboxChoice(choice: unknown): TSandboxChoice {
  const value = (typeof choice === 'object' && choice !== null ? choice : {}) as Record<string, unknown>
  if (value.kind === 'in-memory') return { kind: 'in-memory' }
  if (value.kind !== 'e2b') throw new ValidationError(`setSandbox(): kind must be "in-memory" or "e2b"; got ${JSON.stringify(value.kind ?? null)}.`)
  if (typeof value.apiKey !== 'string' || value.apiKey.trim() === '') {
    throw new ValidationError('setSandbox(): an E2B sandbox needs an API key; enter it under Settings → E2B sandbox.', { details: { field: 'apiKey' } })
  }
  for (const field of ['template', 'apiUrl', 'sandboxUrl'] as const) {
    const entry = value[field]
    if (entry !== undefined && typeof entry !== 'string') throw new ValidationError(`setSandbox(): ${field} must be a string.`, { details: { field } })
  }
  for (const field of ['apiUrl', 'sandboxUrl'] as const) {
    const entry = value[field]
    if (typeof entry === 'string' && entry.trim() !== '' && !/^https?:\/\/[^\s/]+/.test(entry.trim())) {
      throw new ValidationError(`setSandbox(): ${field} must start with http:// or https://; got "${entry}".`, { details: { field } })
    }
  }
  const optional = (field: 'template' | 'apiUrl' | 'sandboxUrl') => {
    const entry = typeof value[field] === 'string' ? (value[field] as string).trim() : ''
    return entry ? { [field]: entry } : {}
  }
  return { kind: 'e2b', apiKey: value.apiKey.trim(), ...optional('template'), ...optional('apiUrl'), ...optional('sandboxUrl') }
}

/**
 * The same sandbox, with `snapshot`/`restore` going through a scratch sandbox of the default
 * kind: the workspace is copied there and snapshotted, or restored there and copied back.
 */
function withPortableSnapshots(sandbox: ISandboxClient, scratch: () => Promise<ISandboxClient>, root: string): ISandboxClient {
  const snapshot = async (): Promise<unknown> => {
    const target = await scratch()
    try {
      await copyWorkspaceFiles(sandbox, target, root)
      return await target.snapshot?.()
    } finally {
      await target.dispose?.()
    }
  }
  const restore = async (stored: unknown): Promise<void> => {
    const source = await scratch()
    try {
      await source.restore?.(stored)
      await copyWorkspaceFiles(source, sandbox, root)
    } finally {
      await source.dispose?.()
    }
  }
  return new Proxy(sandbox, {
    get(target, key) {
      if (key === 'snapshot') return snapshot
      if (key === 'restore') return restore
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    }
  })
}
