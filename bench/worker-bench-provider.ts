import { AbstractAIProvider } from '../lib/core/abstract-ai-provider.ts'
import { createAssistantMessage, type TUniversalMessage } from '../lib/core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../lib/core/provider.ts'

/**
 * How the bench model streams, read from the prompt (`deltas=10000 burst=20 pauseMs=2`): after
 * every `burst` deltas it gives the event loop back, for `pauseMs` (a timer) or, with 0, for one
 * task, the way a network stream hands over chunk after chunk. `burst=0` never pauses.
 */
export type TBenchStream = { deltas: number; burst: number; pauseMs: number }

/** Reads a bench prompt. */
export function parseBenchPrompt(prompt: string): TBenchStream {
  const read = (name: string, fallback: number) => Number(new RegExp(`${name}=(\\d+)`).exec(prompt)?.[1] ?? fallback)
  return { deltas: read('deltas', 1_000), burst: read('burst', 0), pauseMs: read('pauseMs', 0) }
}

/** The time on a clock every context of the page shares, in milliseconds with microseconds. */
export function sharedClockNow(): number {
  return performance.timeOrigin + performance.now()
}

/**
 * A model for the browser bench: streams the number of deltas the prompt asks for, each one the
 * time it was produced (`sharedClockNow()`, then a space), so the page can tell how long each
 * delta took to reach it. Deltas go out as fast as the loop takes them, or in bursts with pauses.
 */
export class BenchDeltaProvider extends AbstractAIProvider {
  readonly name = 'bench'

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const prompt = messages.findLast((message) => message.role === 'user')?.content ?? ''
    const stream = parseBenchPrompt(prompt)
    let text = ''
    for await (const delta of this.streamWithAbort(produce(stream), options.signal)) {
      text += delta
      options.onTextDelta?.(delta)
    }
    return { ...createAssistantMessage(text), stopReason: options.signal?.aborted ? 'aborted' : 'end_turn' }
  }
}

async function* produce(stream: TBenchStream): AsyncGenerator<string> {
  for (let index = 0; index < stream.deltas; index++) {
    if (stream.burst > 0 && index > 0 && index % stream.burst === 0) await pause(stream.pauseMs)
    yield `${sharedClockNow().toFixed(3)} `
  }
}

function pause(milliseconds: number): Promise<void> {
  if (milliseconds > 0) return new Promise((resolve) => setTimeout(resolve, milliseconds))
  // One task, without the 4 ms clamp nested timers get.
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(undefined)
  })
}
