import { describe, expect, it } from 'vitest'
import { toMarkdownTableFigures } from './markdown-table-figures.ts'

const WORKER_OUTPUT = `
Worker plane in Chromium (156.0.8078.79)

| measure | value | target | met |
|---|---|---|---|
| deltas/s delivered to the page (100,000-delta turn, median of 3) | 412,345 | >= 200,000 | yes |
|   batches per 100,000-delta turn (median) | 61 |  |  |
| p99 latency delta → page, paced 5,000-delta turn, ms | 4.2 | <= 20 | yes |
|   p50 / max latency, paced, ms | 1.1 / 6.0 |  |  |
| long tasks > 50 ms, 10,000-delta turn in the playground | 0 | 0 | yes |
|   deltas shown in the final message | 10000 | 10,000 |  |
`

describe('toMarkdownTableFigures', () => {
  it('reads one figure per numeric row, with its unit and target', () => {
    const figures = toMarkdownTableFigures(WORKER_OUTPUT, 'Chromium')
    expect(figures.map((figure) => [figure.unit, figure.samples[0], figure.targetKind, figure.target])).toEqual([
      ['deltas-per-second', 412_345, 'higher', 200_000],
      ['count', 61, undefined, undefined],
      ['milliseconds', 4.2, 'lower', 20],
      ['count', 0, 'lower', 0],
      ['count', 10_000, 'equal', 10_000]
    ])
  })

  it('finds nothing in output without a table', () => {
    expect(toMarkdownTableFigures('done in 3 s\n', 'Chromium')).toEqual([])
  })
})
