// The `robota` entry: core, tools, the session host and the memory store. Vendor SDKs, the
// IndexedDB store, the sandbox adapters and the worker live on their own subpaths.
export {
  AbstractAIProvider,
  AuthenticationError,
  ConfigurationError,
  ConversationStore,
  createAssistantMessage,
  createId,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  DEFAULT_MAX_EXECUTION_ROUNDS,
  EXECUTION_EVENT_TYPES,
  getMessagesForAPI,
  INTERRUPTED_SUFFIX,
  isAbortError,
  isRobotaError,
  MAX_ROUNDS_FALLBACK,
  NetworkError,
  ProviderError,
  RateLimitError,
  Robota,
  RobotaError,
  StorageError,
  TOOL_INTERRUPTED_MESSAGE,
  ToolExecutionError,
  ValidationError
} from './core/index.ts'
export { EventBatcher } from './session/event-batcher.ts'
export { LocalAgentHost } from './session/local-agent-host.ts'
export { MemorySessionStore } from './storage/memory-session-store.ts'
export {
  BuiltinTool,
  createBashTool,
  createReadTool,
  createZodFunctionTool,
  FunctionTool,
  numberLines,
  zodToJsonSchema
} from './tools/index.ts'

export type {
  IAgentConfig,
  IAIProvider,
  IAssistantMessage,
  IChatOptions,
  IExecutionEventEnvelope,
  IProviderNativeRawPayloadEvent,
  IProviderResponse,
  IRunOptions,
  IRunResult,
  IRunUsage,
  ISystemMessage,
  ITool,
  IToolCall,
  IToolExecutionContext,
  IToolMessage,
  IToolResult,
  IToolSchema,
  IUserMessage,
  TExecutionEventCallback,
  TExecutionEventDataMap,
  TExecutionEventType,
  THistoryAppendListener,
  TMessageRole,
  TMessageState,
  TProviderNativeRawPayloadCallback,
  TProviderNativeRawPayloadKind,
  TRobotaErrorCategory,
  TRobotaErrorCode,
  TStopReason,
  TTextDeltaCallback,
  TUniversalMessage,
  TUniversalMessageMetadata
} from './core/index.ts'
export type {
  IAgentHost,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TProviderChoice,
  TSessionView,
  TTurnResult
} from './session/agent-host.ts'
export type { TLocalAgentHostOptions } from './session/local-agent-host.ts'
export type {
  ISessionStore,
  TCorruptSessionEntry,
  TSessionListing,
  TSessionRecord,
  TSessionSummary
} from './storage/session-store.ts'
export type { TToolFunction, TToolResult } from './tools/index.ts'
