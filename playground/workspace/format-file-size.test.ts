import { describe, expect, it } from 'vitest'
import { formatFileSize } from './format-file-size.ts'

describe('formatFileSize', () => {
  it('writes small files in bytes, one of them in the singular', () => {
    expect(formatFileSize(0)).toBe('0 bytes')
    expect(formatFileSize(1)).toBe('1 byte')
    expect(formatFileSize(12)).toBe('12 bytes')
    expect(formatFileSize(1023)).toBe('1023 bytes')
  })

  it('writes larger files in the largest unit under 1,024, with a decimal below ten', () => {
    expect(formatFileSize(1024)).toBe('1.0 KB')
    expect(formatFileSize(3_500)).toBe('3.4 KB')
    expect(formatFileSize(256_000)).toBe('250 KB')
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB')
    expect(formatFileSize(12 * 1024 * 1024)).toBe('12 MB')
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB')
  })

  it('moves to the next unit where rounding would write 1024 of this one', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MB')
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB')
  })
})
