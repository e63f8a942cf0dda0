import type { Interface as ReadlineInterface } from 'node:readline'
import { ValidationError } from '../../../lib/core/errors.ts'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { ITransportAdapter } from '../../../lib/session/interactive-session-types.ts'
import type { TPermissionHandler } from '../../../lib/session/permission-enforcer-types.ts'
import { runCommand, submitPrompt } from '../session-operations.ts'
import { subscribeToSessionEvents } from '../transport-event.ts'
import { TransportPermissions } from '../transport-permissions.ts'
import { parseHeadlessLine, type THeadlessRequest } from './headless-request.ts'
import type { THeadlessOutputLine } from './headless-output-line.ts'

/** Where the transport reads lines: a Node readable stream such as `process.stdin`, or any async iterable of chunks. */
export type THeadlessInput = AsyncIterable<string | Uint8Array>

/** Where it writes lines: `process.stdout`, a socket, a file stream. */
export type THeadlessOutput = { write(chunk: string): unknown }

/** How a headless transport is set up. */
export type THeadlessTransportOptions = {
  /** Defaults to `process.stdin`. */
  input?: THeadlessInput
  /** Defaults to `process.stdout`. */
  output?: THeadlessOutput
  /** Longest line accepted, in characters; longer lines get an error line. Default 1,000,000. */
  maxLineCharacters?: number
}

const DEFAULT_MAX_LINE_CHARACTERS = 1_000_000

/**
 * Serves a session over JSON lines: each line in is a request (`{"type":"submit","prompt":…}`,
 * `{"type":"command","name":…,"args":…}`, `{"type":"abort"}`, a permission answer…), each line
 * out is a session event or a reply. A line that does not parse gets an error line naming its
 * number, and the session stays usable. For permission prompts, give `permissionHandler` to the
 * session: requests then go out as `permission_request` events.
 */
export class HeadlessTransport implements ITransportAdapter {
  readonly name = 'headless'
  private session: InteractiveSession | undefined
  private readonly permissions = new TransportPermissions((id, request) => this.write({ type: 'event', event: { type: 'permission_request', id, request } }))
  private readonly inFlight = new Set<Promise<void>>()
  private readline: ReadlineInterface | undefined
  private unsubscribe: (() => void) | undefined
  private stopped = false
  private finishedPromise: Promise<void> | undefined

  constructor(private readonly options: THeadlessTransportOptions = {}) {
    const limit = options.maxLineCharacters
    if (limit !== undefined && (!Number.isInteger(limit) || limit <= 0)) {
      throw new ValidationError(`createHeadlessTransport(): maxLineCharacters must be a positive integer, got ${String(limit)}.`)
    }
  }

  /** The session's `permissionHandler`: asks the client over the output and waits for its `permission` line. */
  get permissionHandler(): TPermissionHandler {
    return this.permissions.handler
  }

  attach(session: InteractiveSession): void {
    this.session = session
  }

  /** Starts reading lines; resolves once reading has begun (see `finished` for the end of input). */
  async start(): Promise<void> {
    const session = this.session
    if (!session) throw new ValidationError('HeadlessTransport.start(): attach a session first (session.attachTransport(transport)).')
    if (this.finishedPromise) throw new ValidationError('HeadlessTransport.start(): already started.')
    const [{ createInterface }, { Readable }] = await Promise.all([import('node:readline'), import('node:stream')])
    const input = this.options.input ?? process.stdin
    this.readline = createInterface({ input: Readable.from(input), crlfDelay: Number.POSITIVE_INFINITY, terminal: false })
    this.unsubscribe = subscribeToSessionEvents(session, (event) => this.write({ type: 'event', event }))
    this.finishedPromise = this.readLines(session, this.readline)
  }

  /** Resolves when the input has ended and every request read from it has been answered. */
  get finished(): Promise<void> {
    return this.finishedPromise ?? Promise.reject(new ValidationError('HeadlessTransport: not started.'))
  }

  /** Stops reading and writing; waiting permission requests are denied. The session stays open. */
  async stop(): Promise<void> {
    this.stopped = true
    this.permissions.denyAll()
    this.unsubscribe?.()
    this.readline?.close()
  }

  private async readLines(session: InteractiveSession, readline: ReadlineInterface): Promise<void> {
    const limit = this.options.maxLineCharacters ?? DEFAULT_MAX_LINE_CHARACTERS
    let lineNumber = 0
    for await (const text of readline) {
      lineNumber += 1
      if (this.stopped) break
      if (text.trim() === '') continue
      const parsed = parseHeadlessLine(text, lineNumber, limit)
      if (!parsed.ok) {
        this.write({ type: 'error', line: lineNumber, code: parsed.code, message: parsed.message })
        continue
      }
      const work = this.handle(session, parsed.request, lineNumber)
      this.inFlight.add(work)
      void work.finally(() => this.inFlight.delete(work))
    }
    await Promise.all([...this.inFlight])
  }

  private async handle(session: InteractiveSession, request: THeadlessRequest, line: number): Promise<void> {
    // A permission line's `id` names the request it answers; on the others it is the client's own, echoed back.
    const reply = { line, ...(request.type !== 'permission' && request.id !== undefined ? { id: request.id } : {}) }
    switch (request.type) {
      case 'submit': {
        const outcome = await submitPrompt(session, request.prompt)
        return this.write(outcome.ok ? { type: 'result', ...reply, result: outcome.result } : { type: 'error', ...reply, code: outcome.code, message: outcome.error.message })
      }
      case 'command': {
        const outcome = await runCommand(session, request.name, request.args ?? '')
        return this.write(
          outcome.ok ? { type: 'command_result', ...reply, name: request.name, result: outcome.result } : { type: 'error', ...reply, code: outcome.code, message: `line ${line}: ${outcome.error.message}` }
        )
      }
      case 'list_commands':
        return this.write({ type: 'commands', ...reply, commands: session.listCommands() })
      case 'history':
        return this.write({ type: 'history', ...reply, entries: session.getFullHistory() })
      case 'abort':
        session.abort()
        return this.write({ type: 'aborted', ...reply })
      case 'permission':
        if (!this.permissions.answer(request.id, request.answer)) {
          this.write({ type: 'error', line, code: 'unknown_permission', message: `line ${line}: no permission request "${request.id}" is waiting.` })
        }
    }
  }

  private write(line: THeadlessOutputLine): void {
    if (this.stopped) return
    ;(this.options.output ?? process.stdout).write(`${JSON.stringify(line)}\n`)
  }
}

/** A headless transport: JSON lines over `options.input`/`options.output` (stdin/stdout by default). */
export function createHeadlessTransport(options: THeadlessTransportOptions = {}): HeadlessTransport {
  return new HeadlessTransport(options)
}
