import type * as z from 'zod'
import { INVALID_JSON_ARGUMENTS_KEY } from '../core/parse-tool-arguments.ts'
import type { IToolResult } from '../core/tool.ts'
import { describeValue } from '../core/describe-value.ts'

const MAX_LISTED_PROBLEMS = 10
const MAX_PROBLEM_CHARACTERS = 300
const MAX_ECHOED_CHARACTERS = 200

/** Anything that validates arguments the way a zod schema does. */
export type TArgumentValidator<TParameters> = { safeParse(input: unknown): z.ZodSafeParseResult<TParameters> }

/** The outcome of checking a model's arguments: the parsed value, or the result to send back. */
export type TToolArgumentsCheck<TParameters> =
  | { success: true; data: TParameters }
  | { success: false; result: IToolResult }

/**
 * Checks a model's arguments against a tool's schema. Anything wrong (not an object, broken JSON,
 * a wrong type, a missing or unknown field, an oversized string) becomes a failed result listing
 * each problem, so the model can correct the call in its next turn.
 */
export function checkToolArguments<TParameters>(
  toolName: string,
  schema: TArgumentValidator<TParameters>,
  parameters: unknown
): TToolArgumentsCheck<TParameters> {
  const unusable = describeUnusableArguments(parameters)
  if (unusable !== undefined) return { success: false, result: createValidationResult(toolName, [unusable]) }
  const parsed = schema.safeParse(parameters)
  if (parsed.success) return { success: true, data: parsed.data }
  const problems = parsed.error.issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`)
  return { success: false, result: createValidationResult(toolName, problems) }
}

/** A failed result that names every problem with a tool call's arguments. */
export function createValidationResult(toolName: string, problems: readonly string[]): IToolResult {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => truncate(problem, MAX_PROBLEM_CHARACTERS))
  if (problems.length > listed.length) listed.push(`and ${problems.length - listed.length} more`)
  return {
    success: false,
    error: `Invalid arguments for tool "${toolName}": ${listed.join('; ')}. Correct the arguments and call the tool again.`,
    metadata: { errorCode: 'invalid_arguments', problemCount: problems.length }
  }
}

function describeUnusableArguments(parameters: unknown): string | undefined {
  if (parameters === null || typeof parameters !== 'object' || Array.isArray(parameters)) {
    return `(root): the arguments must be a JSON object, received ${describeValue(parameters)}`
  }
  const raw = (parameters as Record<string, unknown>)[INVALID_JSON_ARGUMENTS_KEY]
  if (typeof raw === 'string' && Object.keys(parameters).length === 1) {
    return `(root): the arguments are not a valid JSON object: ${JSON.stringify(truncate(raw, MAX_ECHOED_CHARACTERS))}`
  }
  return undefined
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)'
  return path
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`))
    .join('')
}

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…`
}
