import * as z from 'zod'

// One script for every library: round `index` says a word and calls `add` once; the last round
// only answers. The tool's work is trivial so the time measured is each loop's own.

/** The trivial tool every library is given. */
export const TOOL_NAME = 'add'

/** The trivial tool's description. */
export const TOOL_DESCRIPTION = 'Adds two numbers'

/** The trivial tool's parameters, built with the same zod for every library. */
export const toolParameters = z.object({ a: z.number(), b: z.number() })

/** The text of a round that calls the tool. */
export const ROUND_TEXT = 'step'

/** The text of the last round, which calls no tool. */
export const FINAL_TEXT = 'done'

/** The trivial tool's work. */
export function addNumbers({ a, b }: { a: number; b: number }): { sum: number } {
  return { sum: a + b }
}

/** The arguments of the tool call in round `index` (counted from 0). */
export function toolArguments(index: number): { a: number; b: number } {
  return { a: index, b: 1 }
}

/** Whether round `index` of a run of `rounds` calls the tool: all but the last do. */
export function callsTool(index: number, rounds: number): boolean {
  return index < rounds - 1
}

/** `count` text pieces of a few characters each, for the streaming figure. */
export function createDeltas(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `t${index} `)
}
