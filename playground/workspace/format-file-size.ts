const UNITS = ['KB', 'MB', 'GB'] as const

/**
 * A file's size as people read it: `12 bytes`, `1 byte`, `3.4 KB`, `250 KB`, `12 MB`, counting
 * 1,024 bytes to a kilobyte as file managers do: one decimal below ten of a unit, none from ten up.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  // Rounded, 1,023.9 KB would read as 1024 KB: the next unit says it better.
  while (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`
}
