// Runs every case of the agent host contract through the page client over a real worker.
import { createAgentClient } from 'robota/worker'
import { AGENT_HOST_CONTRACT } from '../../../lib/host/agent-host.contract.ts'

const client = createAgentClient(new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' }))
const results = document.getElementById('results')
const status = document.getElementById('status')

async function run(): Promise<void> {
  for (const contractCase of AGENT_HOST_CONTRACT) {
    const item = document.createElement('li')
    try {
      await contractCase.run(client)
      item.textContent = `passed: ${contractCase.name}`
    } catch (error) {
      item.textContent = `failed: ${contractCase.name}: ${error instanceof Error ? error.message : String(error)}`
    }
    results?.append(item)
  }
  if (status) status.textContent = 'done'
}

void run()
