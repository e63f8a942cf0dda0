// First, so the agent worker starts loading before the rest of the page's code is evaluated.
import { playgroundAgentClient } from './playground-agent-client.ts'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadSettings } from './settings/playground-settings.ts'
import { pageStorage } from './settings/use-playground-settings.ts'
import { PageRoot } from './shell/page-root.tsx'
import './styles.css'

// index.html has it: the build refuses a page without it (scripts/prerender-page-plugin.ts).
const root = document.getElementById('root') as HTMLElement

const storage = pageStorage()
// The built page arrives rendered as a fresh profile first shows it (playground/shell/prerender-page.tsx);
// the dev server's does not.
if (root.querySelector('textarea')) {
  // Saved settings take over right after hydration; the saved theme applies at once, so the
  // prerendered page never flashes the default one.
  const { theme } = loadSettings(storage)
  if (theme !== 'system') root.firstElementChild?.setAttribute('data-theme', theme)
  hydrateRoot(root, <PageRoot host={playgroundAgentClient} storage={storage} hydrating />)
} else createRoot(root).render(<PageRoot host={playgroundAgentClient} storage={storage} />)
