import { StructuredOutputError } from './errors.ts'
import type { TRunResult } from './execution/run-execution.ts'
import { parseOutput, type TOutputSchema } from './output-schema.ts'

/** A run's result with its final answer parsed and validated against the run's `output` schema. */
export type TStructuredRunResult<TOutput> = TRunResult & {
  /** The validated answer; missing only when the run was interrupted, refused or ended in `error`. */
  output?: TOutput
}

/**
 * Runs `input` and validates the final answer against `schema`. A reply that does not validate
 * is answered once with what was wrong; a second failure throws a `StructuredOutputError`
 * carrying the raw reply and both runs' usage. Both runs' usage and tools count in the result.
 */
export async function runForOutput<TOutput>(
  run: (input: string) => Promise<TRunResult>,
  input: string,
  schema: TOutputSchema<TOutput>
): Promise<TStructuredRunResult<TOutput>> {
  const first = await run(input)
  if (!completed(first)) return first
  const parsed = await parseOutput(schema, first.response)
  if (parsed.ok) return { ...first, output: parsed.value }
  const retry = await run(
    `Your last reply could not be used: ${parsed.problem}. Reply again with only the JSON value the schema asks for, corrected.`
  )
  const result = combine(first, retry)
  if (!completed(retry)) return result
  const reparsed = await parseOutput(schema, retry.response)
  if (reparsed.ok) return { ...result, output: reparsed.value }
  throw new StructuredOutputError(`The model's reply did not match the output schema after one retry: ${reparsed.problem}.`, {
    details: { rawText: retry.response, problem: reparsed.problem, firstProblem: parsed.problem, usage: result.usage }
  })
}

function completed(result: TRunResult): boolean {
  return !result.interrupted && !result.error && result.blockedReason === undefined
}

function combine(first: TRunResult, retry: TRunResult): TRunResult {
  const usage = { ...retry.usage }
  for (const key of Object.keys(usage) as Array<keyof typeof usage>) usage[key] += first.usage[key]
  return { ...retry, toolsExecuted: [...first.toolsExecuted, ...retry.toolsExecuted], usage }
}
