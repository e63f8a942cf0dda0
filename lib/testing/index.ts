export { nextDemoStep, OfflineDemoProvider } from './offline-demo-provider.ts'
export { ScriptedProvider } from './scripted-provider.ts'

export type { TOfflineDemoProviderOptions } from './offline-demo-provider.ts'
export type { TScriptedProviderOptions, TScriptedStep, TScriptedStepSource } from './scripted-provider.ts'
