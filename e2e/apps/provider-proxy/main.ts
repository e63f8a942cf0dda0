// Runs one turn in the worker and shows its answer, and how many stream deltas reached the page.
import { createAgentClient } from 'robota/worker'

const client = createAgentClient(new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' }))
const answer = document.getElementById('answer')
const deltas = document.getElementById('deltas')
const status = document.getElementById('status')

async function run(): Promise<void> {
  let deltaCount = 0
  await client.subscribe((events) => {
    for (const event of events) {
      if (event.kind === 'replay' && event.event.type === 'provider_stream_raw_delta') deltaCount++
    }
    if (deltas) deltas.textContent = String(deltaCount)
  })
  const session = await client.createSession({ name: 'Through the proxy' })
  const result = await client.submit(session.id, 'Where is the key?')
  if (answer) answer.textContent = result.response
  if (status) status.textContent = result.error ? `failed: ${result.error.message}` : 'done'
}

run().catch((error: unknown) => {
  if (status) status.textContent = `failed: ${error instanceof Error ? error.message : String(error)}`
})
