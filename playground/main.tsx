import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAgentClient } from '../worker/create-agent-client.ts'
import { App } from './app.tsx'
import { ErrorBoundary } from './shell/error-boundary.tsx'
import { pageStorage } from './settings/use-playground-settings.ts'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element to render the playground into.')

// The playground's own worker file, as any app starts its agent worker; a function, so the
// client can start another if this one dies.
const startAgentWorker = () => new Worker(new URL('./worker/agent-worker.ts', import.meta.url), { type: 'module', name: 'robota-agent' })

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <App host={createAgentClient(startAgentWorker)} storage={pageStorage()} />
    </ErrorBoundary>
  </StrictMode>
)
