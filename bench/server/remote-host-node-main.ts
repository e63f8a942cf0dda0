// Measures the remote agent host in Node: fifty page clients over their own WebSockets, twenty
// rounds each (a tool round and an answer) on one host on 127.0.0.1, as in the load test. Prints
// one JSON line: the figure, its samples in rounds per second.
import { runRemoteHostLoad } from '../../server/remote-host/remote-host-load.fixtures.ts'

const CLIENTS = 50
const ROUNDS = 20
const SAMPLES = 3

const samples: number[] = []
// One unmeasured run first, so the JIT has seen the loop, the socket and the store once.
await runRemoteHostLoad(CLIENTS, ROUNDS)
for (let sample = 0; sample < SAMPLES; sample++) {
  const { outcomes, milliseconds } = await runRemoteHostLoad(CLIENTS, ROUNDS)
  const rounds = outcomes.reduce((total, outcome) => total + outcome.results.length, 0)
  samples.push((rounds / milliseconds) * 1000)
}
process.stdout.write(
  `${JSON.stringify({
    figure: `remote agent host over ws: ${CLIENTS} WebSocket sessions × ${ROUNDS} tool rounds, one Node host`,
    runtime: `Node ${process.versions.node}`,
    unit: 'operations-per-second',
    better: 'higher',
    samples
  })}\n`
)
