/// <reference lib="webworker" />
// The playground's agent worker: the offline demo, the sample workspace, IndexedDB storage.
import { playgroundAgentHostOptions } from './playground-host.ts'
import { exposeAgentHost } from '../../worker/expose-agent-host.ts'

exposeAgentHost(playgroundAgentHostOptions())
