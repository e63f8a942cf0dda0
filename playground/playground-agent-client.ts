import { createAgentClient, type IAgentClient } from '../worker/create-agent-client.ts'

// The playground's own worker file, as any app starts its agent worker; a function, so the
// client can start another if this one dies.
const startAgentWorker = () => new Worker(new URL('./worker/agent-worker.ts', import.meta.url), { type: 'module', name: 'robota-agent' })

/**
 * The playground page's agent client. Made as this module is evaluated, which `main.tsx` does
 * first: the worker then loads while React and the app are still being evaluated, instead of
 * after them.
 */
export const playgroundAgentClient: IAgentClient = createAgentClient(startAgentWorker)
