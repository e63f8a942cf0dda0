import { ValidationError } from '../lib/core/errors.ts'

/**
 * A client call whose arguments the browser could not copy to the worker (a function, a class
 * instance, a zod schema) as a ValidationError naming the method and what to send instead; any
 * other error as it was. The browser's own `DataCloneError` names neither.
 */
export function explainUncloneableArgument(method: string, error: unknown): unknown {
  if ((error as { name?: unknown } | undefined)?.name !== 'DataCloneError') return error
  return new ValidationError(
    `${method}(): its arguments must be plain data to reach the agent worker, with no functions, class instances or zod schemas (send z.toJSONSchema(schema)): ${(error as Error).message}`,
    { cause: error }
  )
}
