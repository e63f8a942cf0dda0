export { FakeE2BCloud, FakeE2BSandbox } from './fake-e2b-sandbox.ts'
export { FakeE2BCommandHandle, FakeE2BCommands } from './fake-e2b-sandbox-commands.ts'
export { FakeE2BFiles } from './fake-e2b-sandbox-files.ts'
export { ScriptedProvider } from './scripted-provider.ts'
export { startFakeLlmServer } from './fake-llm-server.ts'

export type { TScriptedProviderOptions, TScriptedStep, TScriptedStepSource } from './scripted-provider.ts'
export type {
  TFakeLlmRecordedRequest,
  TFakeLlmServer,
  TFakeLlmServerOptions,
  TFakeLlmTurnSource,
  TFakeLlmWireFormat
} from './fake-llm-server.ts'
export type { TFakeLlmFault, TFakeLlmToolCall, TFakeLlmTurn, TFakeLlmUsage } from './fake-llm/fake-llm-script.ts'
export type { TFakeE2BCloudOptions, TFakeE2BCloudRequest } from './fake-e2b-sandbox.ts'
export type { TFakeE2BContext, TFakeE2BErrorClasses } from './fake-e2b-sandbox-context.ts'
