import { describe, expect, it } from 'vitest'
import { embedChunkFileName } from './embed-chunk-file-name.ts'

describe("the embed's chunk file names", () => {
  it("keep each chunk's name, but never Vite's browser-external stand-in name, which older dev servers intercept", () => {
    expect(embedChunkFileName({ name: 'agent-worker' })).toBe('assets/[name]-[hash].js')
    expect(embedChunkFileName({ name: '__vite-browser-external' })).toBe('assets/browser-external-[hash].js')
    expect(embedChunkFileName({ name: '_virtual___vite-browser-external' })).toBe('assets/browser-external-[hash].js')
  })
})
