import * as z from 'zod'
import { ValidationError } from '../../core/errors.ts'
import { describeSchemaIssues, toSchemaIssues } from '../../storage/session-record-schema.ts'
import type { TBundleFiles } from './loaded-bundle-plugin.ts'

/** What a bundle archive says it is. */
export const BUNDLE_ARCHIVE_FORMAT = 'robota-bundle'

/**
 * A bundle as one JSON document, the way a marketplace serves it: `{ "format": "robota-bundle",
 * "files": { "plugin.json": "…", "commands/audit.md": "…" } }`. Bundles hold text only (Markdown,
 * JSON), so JSON carries them whole and any static file host can serve them.
 */
export const bundleArchiveSchema = z.strictObject({
  format: z.literal(BUNDLE_ARCHIVE_FORMAT),
  files: z.record(z.string(), z.string())
})

/** A bundle archive's contents. */
export type TBundleArchive = z.output<typeof bundleArchiveSchema>

/**
 * Reads an archive's files; the loader then validates them as a bundle.
 * @throws ValidationError naming `origin` and the field when the text is no archive.
 */
export function parseBundleArchive(text: string, origin: string): TBundleFiles {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ValidationError(`${origin} is not a bundle archive: not valid JSON.`, { details: { origin }, cause: error })
  }
  const result = bundleArchiveSchema.safeParse(value)
  if (!result.success) throw new ValidationError(`${origin} is not a bundle archive: ${describeSchemaIssues(toSchemaIssues(result.error))}`, { details: { origin } })
  return result.data.files
}

/** Packs bundle files as an archive's text. */
export function toBundleArchive(files: TBundleFiles): string {
  const archive: TBundleArchive = { format: BUNDLE_ARCHIVE_FORMAT, files: { ...files } }
  return JSON.stringify(archive)
}
