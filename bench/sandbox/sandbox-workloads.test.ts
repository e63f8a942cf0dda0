import { describe, expect, it } from 'vitest'
import { GREP_FILE_BYTES, GREP_NEEDLE, WORKLOAD_FILE_COUNT, createBenchManifest, createGrepTree } from './sandbox-workloads.ts'

describe('sandbox bench workloads', () => {
  it('makes 1,000 grep files of exactly 10 KB, one in ten holding the needle once', () => {
    const files = Object.values(createGrepTree())
    expect(files).toHaveLength(WORKLOAD_FILE_COUNT)
    expect(new Set(files.map((text) => new TextEncoder().encode(text).length))).toEqual(new Set([GREP_FILE_BYTES]))
    expect(files.filter((text) => text.includes(GREP_NEEDLE))).toHaveLength(WORKLOAD_FILE_COUNT / 10)
    expect(files.every((text) => text.split(GREP_NEEDLE).length <= 2)).toBe(true)
  })

  it('describes 1,000 distinct file entries in the manifest', () => {
    const { entries } = createBenchManifest()
    expect(Object.keys(entries)).toHaveLength(WORKLOAD_FILE_COUNT)
    expect(Object.values(entries).every((entry) => entry.type === 'file' && entry.content.length === 1024)).toBe(true)
  })
})
