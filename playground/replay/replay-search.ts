import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/** The pattern a search text stands for: the text as typed, in any case; `undefined` when blank. */
export function toReplaySearchPattern(text: string): RegExp | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')
}

/** Whether an event's type, or the JSON of what it carries, contains the pattern. */
export function matchesReplaySearch(event: TExecutionEventEnvelope, pattern: RegExp): boolean {
  return pattern.test(event.type) || pattern.test(JSON.stringify(event.data))
}
