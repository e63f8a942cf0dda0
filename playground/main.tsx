import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAgentClient } from '../worker/create-agent-client.ts'
import { startAgentWorker } from './start-agent-worker.ts'
import { App } from './app.tsx'
import { ErrorBoundary } from './shell/error-boundary.tsx'
import { pageStorage } from './settings/use-playground-settings.ts'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element to render the playground into.')

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <App host={createAgentClient({ createWorker: startAgentWorker })} storage={pageStorage()} />
    </ErrorBoundary>
  </StrictMode>
)
