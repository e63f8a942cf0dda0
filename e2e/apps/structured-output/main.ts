// The page client over a real worker, handed to the spec, which drives it with page.evaluate:
// only plain data (a JSON Schema, the parsed answer, an error's code and raw text) crosses.
import { createAgentClient } from 'robota/worker'

const client = createAgentClient(new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' }))
Object.assign(window, { robotaClient: client })
const status = document.getElementById('status')
if (status) status.textContent = 'ready'
