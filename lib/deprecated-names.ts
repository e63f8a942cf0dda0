/**
 * Type names the SDK renamed to follow the prefix rule (docs/naming.md), still exported under their
 * old names for one release. Each is marked deprecated where it is declared.
 */
export type {
  IAssistantMessage,
  IEventContext,
  IEventEmitterEvent,
  IEventHistoryEntry,
  IExecutionEventEnvelope,
  IPluginErrorDetails,
  IPluginEventError,
  IPluginExecutionContext,
  IPluginExecutionResult,
  IPluginToolCall,
  IPluginToolResult,
  IProviderDefaults,
  IProviderNativeWebToolCapability,
  IProviderResponse,
  IProviderSetupStep,
  IRunResult,
  IRunUsage,
  IStructuredEvent,
  IStructuredEventServiceOptions,
  ISystemMessage,
  IToolCall,
  IToolExecutionOptions,
  IToolMessage,
  IUserMessage
} from './core/index.ts'
export type {
  ISkill
} from './session/commands/skill-loader.ts'
export type {
  ISessionEventEnvelope
} from './session/session-events.ts'
export type {
  IAgentHookDefinition,
  ICommandHookDefinition,
  IHttpHookDefinition,
  IPromptHookDefinition
} from './hooks/index.ts'
