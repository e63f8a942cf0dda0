import { ValidationError } from '../core/errors.ts'

/** What the scheduler does around each piece of work. */
export type TPromptSchedulerHooks<TPrompt, TResult> = {
  /** Runs one prompt; `signal` aborts when `abort()` is called. */
  run: (prompt: TPrompt, signal: AbortSignal) => Promise<TResult | undefined>
  /** Called as work starts. */
  onStart: () => void
  /** Called as work ends, before the queued prompt starts. */
  onFinish: () => Promise<void>
}

type TQueued<TPrompt, TResult> = { prompt: TPrompt; resolve: (result: TResult | undefined) => void; reject: (error: unknown) => void }

/**
 * One piece of work at a time, with a queue of at most one prompt: a prompt submitted while
 * another runs waits and starts when it ends; a second one is refused rather than silently
 * replacing the first. Exclusive work (a compaction, a clear) refuses to start while busy.
 */
export class PromptScheduler<TPrompt, TResult> {
  private busy = false
  private queued: TQueued<TPrompt, TResult> | undefined
  private controller: AbortController | undefined

  constructor(private readonly hooks: TPromptSchedulerHooks<TPrompt, TResult>) {}

  /** True while a prompt or exclusive work runs. */
  isBusy(): boolean {
    return this.busy
  }

  /** The queued prompt, if any. */
  getQueued(): TPrompt | undefined {
    return this.queued?.prompt
  }

  /** Runs the prompt now, or queues it; resolves with its result (`undefined` if taken off the queue), rejects with what `run` throws. */
  submit(prompt: TPrompt): Promise<TResult | undefined> {
    if (!this.busy) return this.runPrompt(prompt)
    if (this.queued) return Promise.reject(new ValidationError('A prompt is already queued; cancelQueue() first or wait for it.'))
    return new Promise((resolve, reject) => (this.queued = { prompt, resolve, reject }))
  }

  /** Runs work that must not overlap a prompt; throws when one runs. Prompts submitted meanwhile queue. */
  async exclusive<TValue>(task: (signal: AbortSignal) => Promise<TValue>): Promise<TValue> {
    if (this.busy) throw new ValidationError('The session is busy with a prompt; abort it or wait.')
    const signal = this.begin()
    try {
      return await task(signal)
    } finally {
      await this.end()
    }
  }

  /** Aborts the running work and clears the queue. */
  abort(): void {
    this.cancelQueue()
    this.controller?.abort()
  }

  /** Takes the queued prompt off the queue; its `submit` resolves with `undefined`. */
  cancelQueue(): void {
    const queued = this.queued
    this.queued = undefined
    queued?.resolve(undefined)
  }

  private async runPrompt(prompt: TPrompt): Promise<TResult | undefined> {
    const signal = this.begin()
    try {
      return await this.hooks.run(prompt, signal)
    } finally {
      await this.end()
    }
  }

  private begin(): AbortSignal {
    this.busy = true
    this.controller = new AbortController()
    this.hooks.onStart()
    return this.controller.signal
  }

  private async end(): Promise<void> {
    try {
      await this.hooks.onFinish()
    } finally {
      this.busy = false
      this.controller = undefined
      const next = this.queued
      this.queued = undefined
      // A queued prompt ends as a prompt run at once would: a failure `run` throws rejects it too.
      if (next) void this.runPrompt(next.prompt).then(next.resolve, next.reject)
    }
  }
}
