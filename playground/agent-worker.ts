/// <reference lib="webworker" />
// The playground's agent worker: the offline demo, the sample workspace, IndexedDB storage.
import { playgroundAgentHostOptions } from '../worker/create-playground-host.ts'
import { exposeAgentHost } from '../worker/expose-agent-host.ts'

exposeAgentHost(playgroundAgentHostOptions())
