import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigurationError } from '../../lib/core/errors.ts'
import type { TEnvironmentRecord } from '../../lib/core/env-reference.ts'
import { parseSettingsLayer } from '../../lib/session/config/load-settings.ts'
import { mergeSettingsLayers } from '../../lib/session/config/merge-settings.ts'
import type { TSettings } from '../../lib/session/config/settings-schema.ts'

/** The user's settings files under the home directory, lowest precedence first. */
export const USER_SETTINGS_FILES: readonly string[] = ['.claude/settings.json', '.robota/settings.json']

/**
 * Reads and merges the user's settings layers (`~/.claude/settings.json` under
 * `~/.robota/settings.json`); missing files are skipped. The result is the session's lowest layer.
 * @throws ConfigurationError naming the file and the field when a layer is malformed.
 */
export async function readUserSettings(homeDirectory: string, env: TEnvironmentRecord): Promise<TSettings> {
  const layers: TSettings[] = []
  for (const relative of USER_SETTINGS_FILES) {
    const file = join(homeDirectory, relative)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw new ConfigurationError(`${file}: cannot be read: ${(error as Error).message}`, { details: { file }, cause: error })
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw new ConfigurationError(`${file}: not valid JSON: ${(error as Error).message}`, { details: { file }, cause: error })
    }
    layers.push(parseSettingsLayer(value, file, env))
  }
  return mergeSettingsLayers(layers)
}
