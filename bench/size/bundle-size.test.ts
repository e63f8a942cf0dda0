import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureBundle } from './bundle-size.ts'
import { PROJECT_ROOT } from './project-paths.ts'

describe('measureBundle', () => {
  it('measures an entry given as source text that resolves from a folder below the working directory', async () => {
    const size = await measureBundle(
      { label: 'source text in bench/', entry: { source: 'export const answer: number = 6 * 7', resolveDir: join(PROJECT_ROOT, 'bench'), sourceName: 'answer-entry.ts' } },
      PROJECT_ROOT
    )
    expect(size.files).toHaveLength(1)
    expect(size.minifiedBytes).toBeGreaterThan(0)
    expect(size.gzipBytes).toBeGreaterThan(0)
  })
})
