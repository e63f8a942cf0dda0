import type { TProviderChoice } from '../../lib/host/agent-host.ts'

// OpenAI's reasoning takes an effort, not a budget: these are where each effort's usual
// reasoning length ends.
const LOW_EFFORT_BELOW = 4_096
const MEDIUM_EFFORT_BELOW = 16_384

/** The `AnthropicProvider` options the choice's prompt caching and thinking stand for. */
export function toAnthropicChoiceOptions(choice: TProviderChoice) {
  return {
    ...(choice.promptCaching ? { promptCaching: true } : {}),
    ...(choice.thinking ? { thinking: { type: 'enabled' as const, budget_tokens: choice.thinking.budgetTokens } } : {})
  }
}

/**
 * The `OpenAIProvider` options of the choice: its thinking budget as a reasoning effort, with the
 * summary streamed. OpenAI caches prompts by itself, so `promptCaching` asks for nothing more.
 */
export function toOpenAIChoiceOptions(choice: TProviderChoice): { reasoning?: { effort: 'low' | 'medium' | 'high'; summary: 'auto' } } {
  if (!choice.thinking) return {}
  const { budgetTokens } = choice.thinking
  const effort: 'low' | 'medium' | 'high' = budgetTokens < LOW_EFFORT_BELOW ? 'low' : budgetTokens < MEDIUM_EFFORT_BELOW ? 'medium' : 'high'
  return { reasoning: { effort, summary: 'auto' as const } }
}

/** The `GoogleProvider` options of the choice: its thinking budget, with the thoughts shown. Gemini caches prompts by itself. */
export function toGoogleChoiceOptions(choice: TProviderChoice) {
  return choice.thinking ? { thinking: { includeThoughts: true, thinkingBudget: choice.thinking.budgetTokens } } : {}
}
