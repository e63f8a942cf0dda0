import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TExternalFigure } from './bench-results.ts'
import { FIGURE_LINE_PREFIX, printFigureLines, readFigureLines } from './figure-lines.ts'

const PAINT: TExternalFigure = { figure: 'first delta → painted, p99', runtime: 'Chromium', unit: 'milliseconds', better: 'lower', samples: [9.5], target: 16, targetKind: 'lower' }
const HEAP: TExternalFigure = { figure: 'page JS heap', runtime: 'Chromium', unit: 'bytes', better: 'lower', samples: [41_000_000, 42_000_000] }

afterEach(() => {
  vi.restoreAllMocks()
})

describe('figure lines', () => {
  it('reads back what a companion printed, among its other output', () => {
    const printed: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk))
      return true
    })
    printFigureLines([PAINT, HEAP])
    const stdout = ['building the page…', ...printed, 'done'].join('\n')
    expect(readFigureLines(stdout)).toEqual([PAINT, HEAP])
  })

  it('reads an array on one line and leaves out entries that are not figures', () => {
    const line = `${FIGURE_LINE_PREFIX}${JSON.stringify([PAINT, { figure: 'no samples', runtime: 'Node', unit: 'count', samples: [] }, 'noise'])}`
    expect(readFigureLines(`${line}\n`)).toEqual([PAINT])
  })

  it('ignores lines that only mention the prefix', () => {
    expect(readFigureLines(`note: ${FIGURE_LINE_PREFIX}${JSON.stringify(PAINT)}\n`)).toEqual([])
  })
})
