import { describe, expect, it } from 'vitest'
import { measureBundle, type TBundleSize } from './bundle-size.ts'
import { KILOBYTE, SIZE_BUDGETS } from './size-budgets.ts'
import { PROJECT_ROOT } from './project-paths.ts'

function kilobytes(bytes: number): string {
  return `${(bytes / KILOBYTE).toFixed(1)} KB`
}

function explainOverrun(size: TBundleSize, maxGzipBytes: number): string {
  const contributors = size.largestInputs
    .slice(0, 8)
    .map((input) => `${input.name} ${kilobytes(input.bytes)}`)
    .join(', ')
  return (
    `${size.label} is ${kilobytes(size.gzipBytes)} gzip, over its ${kilobytes(maxGzipBytes)} budget. ` +
    `Largest minified contributors: ${contributors}. Eager files: ${size.files.join(', ')}.`
  )
}

// Sizes are deterministic, so they are tests; times are not, so they live in `npm run bench`.
describe('size budgets (esbuild, browser, minified + gzip)', () => {
  it.each(SIZE_BUDGETS)('$bundle.label stays within its budget', async ({ bundle, maxGzipBytes }) => {
    const size = await measureBundle(bundle, PROJECT_ROOT)
    expect(size.gzipBytes, explainOverrun(size, maxGzipBytes)).toBeLessThanOrEqual(maxGzipBytes)
  }, 60_000)
})
