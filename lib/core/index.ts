export { AbstractAIProvider } from './abstract-ai-provider.ts'
export { ConversationStore } from './conversation-store.ts'
export { createId } from './create-id.ts'
export {
  AuthenticationError,
  ConfigurationError,
  isAbortError,
  isRobotaError,
  NetworkError,
  ProviderError,
  RateLimitError,
  RobotaError,
  StorageError,
  ToolExecutionError,
  ValidationError
} from './errors.ts'
export { EXECUTION_EVENT_TYPES } from './execution-events.ts'
export { TOOL_INTERRUPTED_MESSAGE } from './execution/execute-tool-calls.ts'
export {
  CONTEXT_SKIPPED_TOOL_RESULT,
  PRE_SEND_CONTEXT_THRESHOLD,
  TOOL_RESULT_CONTEXT_THRESHOLD
} from './execution/context-guard.ts'
export { runToolBatch } from './execution/run-tool-batch.ts'
export {
  CHARS_PER_TOKEN,
  estimateContextTokensFromMessages,
  estimateSerializedContextTokens
} from './context/estimation.ts'
export { normalizeUsageMetadata, readTokenUsage, readTokenUsageFromMessage } from './context/token-usage.ts'
export { chatEntryToMessage, getMessagesForAPI, isChatEntry, messageToHistoryEntry, toApiMessage } from './history.ts'
export { MAX_ROUNDS_FALLBACK } from './execution/force-final-answer.ts'
export {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
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
export type { IToolExecutionOptions, TToolExecutionMode } from './execution/execution-context.ts'
export type { IToolResultsOutcome } from './execution/execute-tool-calls.ts'
export type { IContextTokenEstimate, IContextWindowState } from './context/estimation.ts'
export type { IContextTokenUsage, IMessageTokenUsage } from './context/token-usage.ts'
export type { IChatHistoryEntry, IEventHistoryEntry, IHistoryEntry } from './history.ts'
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
export type { ITool, IToolExecutionContext, IToolResult, TToolEventEmitter } from './tool.ts'
