import { AbstractAIProvider, createAssistantMessage } from 'robota'

/**
 * The app's own model: a stand-in that reads the numbers with Bash, adds them with the app's zod
 * tool and answers, quoting the system prompt it was given. Real apps list Anthropic or OpenAI
 * here instead; this one needs no key and no network.
 */
export class CalculatorModel extends AbstractAIProvider {
  name = 'calculator'

  async chat(messages) {
    const last = messages.at(-1)
    const system = messages.find((message) => message.role === 'system')?.content ?? ''
    if (last?.role === 'user') {
      return { ...createAssistantMessage('Reading the numbers.', { toolCalls: [{ id: 'call_read', name: 'Bash', arguments: { command: 'cat numbers.txt' } }] }), stopReason: 'tool_use' }
    }
    if (last?.role === 'tool' && last.toolCallId === 'call_read') {
      const [a, b] = (JSON.parse(last.content).output ?? '').trim().split(/\s+/).map(Number)
      return { ...createAssistantMessage('Adding them.', { toolCalls: [{ id: 'call_add', name: 'add', arguments: { a, b } }] }), stopReason: 'tool_use' }
    }
    const { sum } = JSON.parse(last?.content ?? '{}')
    const persona = system.includes('the calculator of the consumer app') ? 'the consumer app calculator' : 'a model without its prompt'
    return { ...createAssistantMessage(`The sum is ${sum}, says ${persona}.`), stopReason: 'end_turn' }
  }
}
