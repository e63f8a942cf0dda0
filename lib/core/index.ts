export { AbstractAIProvider } from './abstract-ai-provider.ts'
export { ConversationStore } from './conversation-store.ts'
export { createId } from './create-id.ts'
export {
  ConfigurationError,
  isAbortError,
  isRobotaError,
  ProviderError,
  RobotaError,
  StorageError,
  ToolExecutionError,
  ValidationError
} from './errors.ts'
export { EXECUTION_EVENT_TYPES } from './execution-events.ts'
export { TOOL_INTERRUPTED_MESSAGE } from './execution/execute-tool-calls.ts'
export { MAX_ROUNDS_FALLBACK } from './execution/force-final-answer.ts'
export {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  getMessagesForAPI,
  INTERRUPTED_SUFFIX
} from './messages.ts'
export { DEFAULT_MAX_EXECUTION_ROUNDS, Robota } from './robota.ts'

export type { THistoryAppendListener } from './conversation-store.ts'
export type { TRobotaErrorCategory, TRobotaErrorCode } from './errors.ts'
export type {
  IExecutionEventEnvelope,
  TExecutionEventCallback,
  TExecutionEventDataMap,
  TExecutionEventType
} from './execution-events.ts'
export type { IRunResult, IRunUsage } from './execution/run-execution.ts'
export type {
  IAssistantMessage,
  ISystemMessage,
  IToolCall,
  IToolMessage,
  IUserMessage,
  TMessageRole,
  TMessageState,
  TUniversalMessage,
  TUniversalMessageMetadata
} from './messages.ts'
export type {
  IAIProvider,
  IChatOptions,
  IProviderNativeRawPayloadEvent,
  IProviderResponse,
  IToolSchema,
  TProviderNativeRawPayloadCallback,
  TProviderNativeRawPayloadKind,
  TStopReason,
  TTextDeltaCallback
} from './provider.ts'
export type { IAgentConfig, IRunOptions } from './robota.ts'
export type { ITool, IToolExecutionContext, IToolResult } from './tool.ts'
