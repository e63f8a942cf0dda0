import { bench, describe } from 'vitest'
import { createRobotaScenario } from './scenarios/robota-scenario.ts'
import { createDeltas } from './scenarios/scripted-rounds.ts'

// A quick look at robota alone while changing the loop (`npx vitest bench`), with the same
// scenario as the table; `npm run bench` sets it beside the peers.

const robota = createRobotaScenario()

describe('loop overhead (whole run; divide by N for per-round time)', () => {
  for (const rounds of [10, 100, 1000]) {
    bench(`N = ${rounds} rounds`, async () => void (await robota.runLoop(rounds)), { iterations: rounds === 1000 ? 5 : 20 })
  }
})

describe('streaming throughput (one round of 10,000 deltas)', () => {
  const deltas = createDeltas(10_000)
  bench('10,000 deltas in-thread', async () => void (await robota.streamRound?.(deltas)), { iterations: 10 })
})
