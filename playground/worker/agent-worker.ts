/// <reference lib="webworker" />
import { exposeAgentHost } from '../../worker/expose-agent-host.ts'
import { playgroundAgentOptions } from './playground-agent.ts'
import { warmShell } from './warm-shell.ts'

// just-bash (about 1.25 MB) is fetched and compiled while the page paints and the host starts,
// rather than when the first command needs it.
void warmShell()

// The playground's worker: an app's worker file like any other, with the offline demo, the
// vendor providers and the sample workspace.
exposeAgentHost(playgroundAgentOptions())
