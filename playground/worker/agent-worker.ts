/// <reference lib="webworker" />
import { exposeAgentHost } from '../../worker/expose-agent-host.ts'
import { playgroundAgentOptions } from './playground-agent.ts'

// The playground's worker: an app's worker file like any other, with the offline demo, the
// vendor providers and the sample workspace.
exposeAgentHost(playgroundAgentOptions())
