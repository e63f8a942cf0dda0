import type { TEnvironmentRecord } from '../../core/env-reference.ts'
import { ConfigurationError } from '../../core/errors.ts'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { describeSchemaIssues, toSchemaIssues } from '../../storage/session-record-schema.ts'
import { resolvePosixPath } from '../../tools/builtins/posix-path.ts'
import { readOptionalFile } from '../sandbox-file-reader.ts'
import { mergeSettingsLayers } from './merge-settings.ts'
import { settingsSchema, type TSettings } from './settings-schema.ts'
import { substituteEnvReferences } from './substitute-env-references.ts'
import { describeError } from '../../core/describe-error.ts'

/** Project settings files relative to the workspace, lowest precedence first. */
export const PROJECT_SETTINGS_FILES: readonly string[] = ['.claude/settings.json', '.robota/settings.json', '.robota/settings.local.json']

/** What the user settings layer is called in error messages. */
export const USER_SETTINGS_SOURCE = 'user settings'

/** Where settings come from besides the workspace. */
export type TLoadSettingsOptions = {
  /** The workspace directory the project files are read from. */
  cwd: string
  /** The lowest layer: the user's own settings, supplied by the host (IndexedDB in a browser, options in Node). */
  userSettings?: unknown
  /** Variables `$ENV:NAME` references resolve against; nothing is read from the host environment. */
  env?: TEnvironmentRecord
}

/** Merged settings and the layers they came from, lowest precedence first. */
export type TLoadedSettings = { settings: TSettings; sources: string[] }

/**
 * Validates one settings layer: `$ENV:` references resolved, then the schema applied.
 * @throws ConfigurationError whose message starts with `source` and names the offending field.
 */
export function parseSettingsLayer(value: unknown, source: string, env: TEnvironmentRecord = {}): TSettings {
  const substituted = substituteEnvReferences(value, env, source)
  const result = settingsSchema.safeParse(substituted)
  if (result.success) return result.data
  const issues = toSchemaIssues(result.error)
  throw new ConfigurationError(`${source}: ${describeSchemaIssues(issues)}`, {
    details: { file: source, path: issues[0]?.path, issues }
  })
}

/**
 * Loads settings from the sandbox: `.robota/settings.local.json` over `.robota/settings.json` over
 * `.claude/settings.json` over the user's settings, each validated on its own (so an error names
 * its file) and then deep-merged. Missing files are skipped.
 * @throws ConfigurationError naming the file and the field when a layer is malformed.
 */
export async function loadSettings(sandbox: ISandboxClient, options: TLoadSettingsOptions): Promise<TLoadedSettings> {
  const env = options.env ?? {}
  const layers: TSettings[] = []
  const sources: string[] = []
  if (options.userSettings !== undefined) {
    layers.push(parseSettingsLayer(options.userSettings, USER_SETTINGS_SOURCE, env))
    sources.push(USER_SETTINGS_SOURCE)
  }
  for (const relative of PROJECT_SETTINGS_FILES) {
    const file = resolvePosixPath(options.cwd, relative)
    const text = await readOptionalFile(sandbox, file)
    if (text === undefined) continue
    layers.push(parseSettingsLayer(parseJson(text, file), file, env))
    sources.push(file)
  }
  return { settings: mergeSettingsLayers(layers), sources }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const reason = describeError(error)
    throw new ConfigurationError(`${file}: not valid JSON: ${reason}`, { details: { file }, cause: error })
  }
}
