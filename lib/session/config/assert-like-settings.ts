import type * as z from 'zod'
import { ConfigurationError } from '../../core/errors.ts'
import { formatIssuePath } from '../../storage/session-record-schema.ts'
import { settingsSchema } from './settings-schema.ts'

/**
 * Holds an option written in code to the rules its field of `.robota/settings.json` follows, when
 * it is given, so code and settings files are refused alike.
 *
 * @param where names the entry point in the message, e.g. `exposeAgentHost(options)`.
 * @param option the option's name, which starts each problem's path (`permissions.allow[0]`).
 * @throws ConfigurationError listing every problem with its path.
 */
export function assertLikeSettings(where: string, option: string, schema: z.ZodType, value: unknown): void {
  if (value === undefined) return
  const result = schema.safeParse(value)
  if (result.success) return
  const problems = result.error.issues.map((issue) => `${formatIssuePath([option, ...issue.path])}: ${issue.message}`)
  throw new ConfigurationError(`${where}: ${problems.join('; ')} (as in .robota/settings.json).`)
}

/**
 * Checks a `permissions` option ({ allow?, deny? }) as settings files' are checked, each pattern
 * with the parser the gate uses; strict, unlike a settings file, which may carry other tools' keys:
 * code that names a key means it.
 *
 * @throws ConfigurationError naming `where`, the key or pattern and what is wrong.
 */
export function assertPermissionsOption(where: string, permissions: unknown): void {
  assertLikeSettings(where, 'permissions', settingsSchema.shape.permissions.unwrap().strict(), permissions)
}
