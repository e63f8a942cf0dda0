/** The libraries measured side by side; `robota` is ours, the rest are peers. */
export type TLibraryId = 'robota' | 'ai-generate-text' | 'ai-stream-text' | 'openai-agents'

/** Every library in table order, ours first. */
export const LIBRARY_IDS: readonly TLibraryId[] = ['robota', 'ai-generate-text', 'ai-stream-text', 'openai-agents']

/** How each library is named in the table. */
export const LIBRARY_LABELS: Readonly<Record<TLibraryId, string>> = {
  robota: 'robota',
  'ai-generate-text': 'ai generateText',
  'ai-stream-text': 'ai streamText',
  'openai-agents': '@openai/agents run'
}

/** What one loop run leaves behind: the tool executions it saw, and what holds its state alive. */
export type TLoopOutcome = {
  toolExecutions: number
  /** The agent or result the caller keeps to measure retained heap; dropped to release it. */
  retained: unknown
}

/** One library driven by a zero-latency scripted model, the same script for every library. */
export type TBenchScenario = {
  library: TLibraryId
  /** Makes `rounds` model calls; every call but the last asks for the trivial tool once. */
  runLoop(rounds: number): Promise<TLoopOutcome>
  /** Streams one round of `deltas` text pieces; resolves to how many reached the caller. */
  streamRound?(deltas: readonly string[]): Promise<number>
}
