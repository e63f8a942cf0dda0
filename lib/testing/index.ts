export { ScriptedProvider } from './scripted-provider.ts'
export { startFakeLlmServer } from './fake-llm-server.ts'

export type { TScriptedProviderOptions, TScriptedStep, TScriptedStepSource } from './scripted-provider.ts'
export type {
  TFakeLlmRecordedRequest,
  TFakeLlmServer,
  TFakeLlmServerOptions,
  TFakeLlmTurnSource,
  TFakeLlmWireFormat,
  TFakeLlmWrittenEvent
} from './fake-llm-server.ts'
export type { TFakeLlmFault, TFakeLlmToolCall, TFakeLlmTurn, TFakeLlmUsage, TFakeLlmWebSearch, TSseEvent } from './fake-llm/fake-llm-script.ts'
export { startPluginMarketplaceServer } from './plugin-marketplace-server.ts'
export type { TPluginMarketplaceServer, TServedBundle } from './plugin-marketplace-server.ts'
