import * as z from 'zod'
import { StorageError } from '../../core/errors.ts'
import type { IPluginFileStore } from '../../storage/plugin-file-store.ts'
import { describeSchemaIssues, toSchemaIssues } from '../../storage/session-record-schema.ts'
import { PLUGIN_NAME } from './bundle-plugin-manifest.ts'

/** The file of a plugin store that lists what is installed in it. */
export const PLUGIN_REGISTRY_FILE = 'registry.json'

/** Where a bundle is installed: the session's workspace (`.robota/plugins/`) or the user's own store. */
export type TPluginScope = 'project' | 'user'

const registryEntrySchema = z.strictObject({
  version: z.string().min(1),
  description: z.string(),
  enabled: z.boolean(),
  installedAt: z.number().int().nonnegative(),
  /** The marketplace source the bundle came from, when it came from one. */
  source: z.string().optional(),
  /** SHA-256 of every file of the bundle, by its path inside the bundle. */
  pins: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/, 'expected a hex SHA-256'))
})

const registrySchema = z.strictObject({
  version: z.literal(1),
  plugins: z.record(z.string().regex(PLUGIN_NAME), registryEntrySchema)
})

/** One installed bundle as the registry records it. */
export type TPluginRegistryEntry = z.output<typeof registryEntrySchema>

/** The registry of one store: installed bundles by name. */
export type TPluginRegistry = z.output<typeof registrySchema>

/**
 * Reads the registry of a store; an empty one when there is none.
 * @throws StorageError naming the store when the file is not a valid registry.
 */
export async function readPluginRegistry(store: IPluginFileStore): Promise<TPluginRegistry> {
  const text = await store.read(PLUGIN_REGISTRY_FILE)
  if (text === undefined) return { version: 1, plugins: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new StorageError(`${PLUGIN_REGISTRY_FILE} in ${store.location} is not valid JSON.`, { details: { file: PLUGIN_REGISTRY_FILE }, cause: error })
  }
  const result = registrySchema.safeParse(value)
  if (result.success) return result.data
  const issues = toSchemaIssues(result.error)
  throw new StorageError(`${PLUGIN_REGISTRY_FILE} in ${store.location}: ${describeSchemaIssues(issues)}`, { details: { file: PLUGIN_REGISTRY_FILE, issues } })
}

/** Writes the registry of a store. */
export async function writePluginRegistry(store: IPluginFileStore, registry: TPluginRegistry): Promise<void> {
  await store.write(PLUGIN_REGISTRY_FILE, `${JSON.stringify(registry, null, 2)}\n`)
}
