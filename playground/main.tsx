// First, so the agent worker starts loading before the rest of the page's code is evaluated.
import { playgroundAgentClient } from './playground-agent-client.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { ErrorBoundary } from './shell/error-boundary.tsx'
import { pageStorage } from './settings/use-playground-settings.ts'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element to render the playground into.')

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <App host={playgroundAgentClient} storage={pageStorage()} />
    </ErrorBoundary>
  </StrictMode>
)
