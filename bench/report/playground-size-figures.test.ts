import { describe, expect, it } from 'vitest'
import { toPlaygroundFigures } from './playground-size-figures.ts'

describe('toPlaygroundFigures', () => {
  it('turns the playground companion report into table figures', () => {
    const report = {
      initial: { bytes: 300_000, gzip: 90_000 },
      later: { bytes: 900_000, gzip: 250_000 },
      laterCount: 7,
      embed: { file: 'dist/playground/embed/robota-playground.js', bytes: 200_000, gzip: 60_000 },
      budgetGzip: 122_880,
      timeToInteractiveMs: [410, 380, 395]
    }
    const figures = toPlaygroundFigures(JSON.stringify(report))
    expect(figures.map((figure) => [figure.unit, figure.samples, figure.target])).toEqual([
      ['bytes', [90_000], 122_880],
      ['bytes', [250_000], undefined],
      ['bytes', [60_000], undefined],
      ['milliseconds', [410, 380, 395], undefined]
    ])
  })

  it('gives the embed and time to interactive rows their targets when the report names them', () => {
    const report = {
      initial: { bytes: 300_000, gzip: 60_000 },
      later: { bytes: 900_000, gzip: 250_000 },
      laterCount: 9,
      embed: { file: 'dist/playground/embed/robota-playground.js', bytes: 200_000, gzip: 75_000, files: ['a.js', 'b.js'] },
      budgetGzip: 122_880,
      embedBudgetGzip: 80_000,
      timeToInteractiveMs: [210, 190],
      timeToInteractiveTargetMs: 250
    }
    const figures = toPlaygroundFigures(JSON.stringify(report))
    expect(figures.slice(2).map((figure) => [figure.figure, figure.samples, figure.target])).toEqual([
      ['robota/embed module and its static imports (2 files), before first paint', [75_000], 80_000],
      ['Playground time to interactive: painted, the prompt takes input (fresh profile, localhost)', [210, 190], 250]
    ])
  })

  it('adds the time until the first session is open, the first prompt’s answer, and the CPU time until then of the page and the worker, without targets', () => {
    const report = {
      initial: { bytes: 300_000, gzip: 60_000 },
      later: { bytes: 900_000, gzip: 250_000 },
      laterCount: 9,
      budgetGzip: 122_880,
      timeToInteractiveMs: [210, 190],
      timeToSessionOpenMs: [400, 420],
      timeToFirstAnswerMs: [130, 150],
      cpuUntilSessionOpenMs: { main: [90, 95], worker: [120, 110] }
    }
    const figures = toPlaygroundFigures(JSON.stringify(report))
    expect(figures.slice(3).map((figure) => [figure.figure, figure.runtime, figure.samples, figure.target])).toEqual([
      ['  the first session open: what was sent before it goes out', 'Chromium', [400, 420], undefined],
      ['  the first prompt, sent after typing it: until its answer is in the page (offline demo; its sandbox starts first)', 'Chromium', [130, 150], undefined],
      ['Playground start, page main thread until the first session is open', 'Chromium, CPU time', [90, 95], undefined],
      ['Playground start, agent worker until the first session is open', 'Chromium, CPU time', [120, 110], undefined]
    ])
  })

  it('rejects output of another shape', () => {
    expect(() => toPlaygroundFigures('{"rows": []}')).toThrow(/unknown shape/)
  })
})
