import * as z from 'zod'
import { PLUGIN_NAME } from './bundle-plugin-manifest.ts'

const listingSchema = z.strictObject({
  name: z.string().regex(PLUGIN_NAME, 'lower-case letters, digits and "-"'),
  version: z.string().min(1),
  description: z.string(),
  author: z.string().optional(),
  keywords: z.array(z.string()).default([]),
  category: z.string().optional(),
  /** The bundle archive's URL, absolute or relative to the index. */
  archive: z.string().min(1),
  /** SHA-256 of every file of the bundle, by its path inside it: the install refuses anything else. */
  sha256: z.record(z.string(), z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected a hex SHA-256')).refine((pins) => Object.keys(pins).length > 0, 'pin at least plugin.json')
})

/**
 * A marketplace source: one JSON document listing bundles, with where each archive is and the
 * pin of every file in it.
 */
export const marketplaceIndexSchema = z.object({
  name: z.string().min(1).optional(),
  plugins: z.array(listingSchema)
})

/** A bundle as a marketplace index lists it. */
export type TMarketplaceEntry = z.output<typeof listingSchema>

/** A marketplace index. */
export type TMarketplaceIndex = z.output<typeof marketplaceIndexSchema>

/** A listed bundle and the source that lists it. */
export type TMarketplaceListing = TMarketplaceEntry & { source: string }

/** What to look for: words in the name, description or keywords, an exact keyword, a category. */
export type TMarketplaceQuery = { text?: string; keyword?: string; category?: string }

/** Whether a listing matches the query (case-insensitive; an empty query matches everything). */
export function matchesMarketplaceQuery(entry: TMarketplaceEntry, query: TMarketplaceQuery): boolean {
  const lower = (value: string) => value.toLowerCase()
  if (query.category && lower(entry.category ?? '') !== lower(query.category)) return false
  if (query.keyword && !entry.keywords.some((keyword) => lower(keyword) === lower(query.keyword as string))) return false
  const words = lower(query.text ?? '').split(/\s+/).filter(Boolean)
  const haystack = lower([entry.name, entry.description, ...entry.keywords].join(' '))
  return words.every((word) => haystack.includes(word))
}
