import type { TFakeLlmTurn } from '../../testing/fake-llm/fake-llm-script.ts'

/** A fake model's turns in which the parent asks a subagent, the subagent writes `key`, and the parent answers. */
export function subagentRepeatsKeyTurns(key: string): TFakeLlmTurn[] {
  return [
    { toolCalls: [{ name: 'Agent', arguments: { description: 'Say the key', prompt: 'Repeat the key you were given.' } }] },
    { text: `The key is ${key}.` },
    { text: 'The subagent answered.' }
  ]
}
