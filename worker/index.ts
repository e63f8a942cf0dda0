export { createAgentClient, wrapAgentHost } from './create-agent-client.ts'
export { deserializeError, registerErrorTransfer } from './error-transfer.ts'

export type { IAgentClient, TAgentClientOptions } from './create-agent-client.ts'
export type {
  IAgentHost,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TProviderChoice,
  TSessionView,
  TTurnResult
} from '../lib/session/agent-host.ts'
