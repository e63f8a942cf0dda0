import { createAiGenerateTextScenario, createAiStreamTextScenario } from './ai-sdk-scenario.ts'
import { createOpenAIAgentsScenario } from './openai-agents-scenario.ts'
import { createRobotaScenario } from './robota-scenario.ts'
import type { TBenchScenario } from './scenario.ts'

/** Every library's scenario in table order, ours first. */
export function createAllScenarios(): TBenchScenario[] {
  return [createRobotaScenario(), createAiGenerateTextScenario(), createAiStreamTextScenario(), createOpenAIAgentsScenario()]
}
