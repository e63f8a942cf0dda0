// First, so the agent worker starts loading before the rest of the page's code is evaluated.
import { playgroundAgentClient } from './playground-agent-client.ts'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadSettings, SETTINGS_STORAGE_KEY } from './settings/playground-settings.ts'
import { pageStorage } from './settings/use-playground-settings.ts'
import { PageRoot } from './shell/page-root.tsx'
import './styles.css'

// index.html has it: the build refuses a page without it (scripts/prerender-page-plugin.ts).
const root = document.getElementById('root') as HTMLElement

const storage = pageStorage()
const prerendered = root.querySelector('textarea')
// The built page arrives rendered as a fresh profile first shows it (playground/shell/prerender-page.tsx).
if (prerendered && !storage?.getItem(SETTINGS_STORAGE_KEY)) hydrateRoot(root, <PageRoot host={playgroundAgentClient} storage={storage} />)
else {
  // Saved settings render otherwise: the app renders anew over that HTML, taking what was typed
  // into it, which takes no more typing meanwhile. The saved theme applies to it at once.
  const { theme } = loadSettings(storage)
  if (theme !== 'system') root.firstElementChild?.setAttribute('data-theme', theme)
  if (prerendered) prerendered.readOnly = true
  createRoot(root).render(<PageRoot host={playgroundAgentClient} storage={storage} initialPrompt={{ text: prerendered?.value ?? '', autorun: false }} />)
}
