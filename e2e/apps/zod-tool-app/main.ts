// The app's page: starts its worker the standard way and runs one turn through the client.
import { createAgentClient, type THostEvent } from 'robota/worker'

const worker = new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' })
const client = createAgentClient(worker)
const show = (id: string, text: string) => {
  const element = document.getElementById(id)
  if (element) element.textContent = text
}

async function run(): Promise<void> {
  await client.subscribe((events: THostEvent[]) => {
    for (const event of events) {
      if (event.kind !== 'replay') continue
      const replay = event.event
      if (replay.type === 'tool_execution_result') show('tool-result', `${replay.data.toolName}: ${JSON.stringify(replay.data.result)}`)
      if (replay.type === 'provider_request' && !document.getElementById('system-prompt')?.textContent) {
        const system = replay.data.messages[0]
        if (system?.role === 'system') show('system-prompt', system.content)
      }
    }
  })
  const session = await client.createSession({ name: 'Sum' })
  const result = await client.submit(session.id, 'What is 2 + 3?')
  show('answer', result.response)
  show('status', 'done')
}

run().catch((error: unknown) => show('status', `failed: ${error instanceof Error ? error.message : String(error)}`))
