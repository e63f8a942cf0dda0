import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createSystemMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../../../lib/core/messages.ts'
import { buildSummaryRequest } from '../../../lib/session/compaction/compaction-prompt.ts'
import { DEMO_INTENTS, intentFor, pathIn } from './demo-intents.ts'
import type { TDemoStep } from './demo-step.ts'
import { nextDemoStep } from './next-demo-step.ts'

const ALL_TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'WebFetch', 'Agent']

function textOf(step: TDemoStep): string {
  return step.text.join('')
}

/** A tool message as the loop commits a built-in tool's result. */
function toolResult(name: string, data: { success: boolean; output: string; error?: string }, id = 'c'): TUniversalMessage {
  return createToolMessage(JSON.stringify(data), { toolCallId: id, toolName: name })
}

describe('OfflineDemoProvider', () => {
  const conversation = [
    createUserMessage('What is in here?'),
    createAssistantMessage('Let me look.', { toolCalls: [{ id: 'c1', name: 'Bash', arguments: { command: 'ls' } }] }),
    createToolMessage(JSON.stringify({ output: 'README.md\nsrc\n' }), { toolCallId: 'c1', toolName: 'Bash' }),
    createAssistantMessage('It holds a README and src.')
  ]

  it('tours a prompt it does not understand: lists the workspace, reads the README, answers from both', () => {
    const first = nextDemoStep([createUserMessage('hi')], ALL_TOOLS)
    expect(first.toolCalls?.[0]?.arguments).toEqual({ command: 'ls' })
    const answer = nextDemoStep(
      [createUserMessage('hi'), toolResult('Bash', { success: true, output: 'README.md\nsrc\n' }), toolResult('Bash', { success: true, output: '# Tiny project\n' })],
      ALL_TOOLS
    )
    expect(textOf(answer)).toContain('2 entries: README.md, src')
    expect(textOf(answer)).toContain('"Tiny project"')
    expect(textOf(answer)).toContain('search for "TODO"')

    // In plan mode the read is refused: the answer says so rather than that there is no README.
    const refused = nextDemoStep(
      [createUserMessage('hi'), toolResult('Bash', { success: true, output: 'README.md\nsrc\n' }), createToolMessage('Error: Permission denied for Bash: plan mode allows no commands', { toolCallId: 'c2', toolName: 'Bash' })],
      ALL_TOOLS
    )
    expect(textOf(refused)).toContain('I could not read the README: Permission denied for Bash: plan mode allows no commands')
    expect(textOf(refused)).not.toContain('found no README')
  })

  it('calls an MCP tool the prompt names, with the JSON object in the prompt as its arguments, and reports its text', () => {
    const tools = [...ALL_TOOLS, 'mcp__demo__echo']
    const prompt = createUserMessage('Call mcp__demo__echo with {"text": "hello"}')
    expect(nextDemoStep([prompt], tools).toolCalls?.[0]).toMatchObject({ name: 'mcp__demo__echo', arguments: { text: 'hello' } })
    const answered = nextDemoStep([prompt, createToolMessage('echo: hello', { toolCallId: 'c', toolName: 'mcp__demo__echo' })], tools)
    expect(textOf(answered)).toBe('mcp__demo__echo returned: echo: hello')
    expect(textOf(nextDemoStep([prompt], ALL_TOOLS))).toMatch(/^This session offers no tool mcp__demo__echo\. Add its server under Settings → MCP servers/)
  })

  it('follows each intent of its table to the tool it names', () => {
    for (const intent of DEMO_INTENTS) {
      expect(intentFor(intent.example)?.name, intent.example).toBe(intent.name)
      const first = nextDemoStep([createUserMessage(intent.example)], ALL_TOOLS)
      // Edit reads the file first, to know the exact text it replaces.
      const expected = intent.tool === 'Edit' ? 'Read' : intent.tool
      expect(first.toolCalls?.[0]?.name, intent.example).toBe(expected)
    }
  })

  it('reads what the prompt names and writes what it asks for', () => {
    expect(nextDemoStep([createUserMessage('Read src/calculator.ts, please')], ALL_TOOLS).toolCalls?.[0]?.arguments).toEqual({ filePath: 'src/calculator.ts' })
    const write = nextDemoStep([createUserMessage('Create notes.txt with a haiku')], ALL_TOOLS).toolCalls?.[0]?.arguments
    expect(write).toMatchObject({ filePath: 'notes.txt' })
    expect(String(write?.content).trim().split('\n')).toHaveLength(3)
    expect(nextDemoStep([createUserMessage('Find the TODOs')], ALL_TOOLS).toolCalls?.[0]?.arguments).toEqual({ pattern: 'TODO', outputMode: 'content' })
    expect(nextDemoStep([createUserMessage('Find all .ts files')], ALL_TOOLS).toolCalls?.[0]?.arguments).toEqual({ pattern: '**/*.ts' })
    expect(nextDemoStep([createUserMessage('Run `wc -l README.md`')], ALL_TOOLS).toolCalls?.[0]?.arguments).toEqual({ command: 'wc -l README.md' })
    expect(nextDemoStep([createUserMessage('Commit this to git')], ALL_TOOLS).toolCalls?.[0]?.arguments).toEqual({ command: 'git add -A && git commit -m "Changes made with the offline demo"' })
    expect(pathIn('Fetch https://example.com/a.html')).toBeUndefined()
  })

  it('answers with what a tool printed as a code block, keeping its lines and indentation', () => {
    const file = '[src/calculator.ts: lines 1-3 of 3]\n     1\texport function add(a: number, b: number): number {\n     2\t  return a + b\n     3\t}'
    const read = nextDemoStep([createUserMessage('Read src/calculator.ts'), toolResult('Read', { success: true, output: file })], ALL_TOOLS)
    expect(textOf(read)).toBe(`src/calculator.ts reads:\n\n\`\`\`\n${file}\n\`\`\``)
    // Output holding a fence of its own gets a longer one around it.
    const printed = nextDemoStep([createUserMessage('Run `cat notes.md`'), toolResult('Bash', { success: true, output: '```ts\nx\n```' })], ALL_TOOLS)
    expect(textOf(printed)).toBe('It printed:\n\n````\n```ts\nx\n```\n````')
  })

  it('edits in two moves: reads the file, then replaces the first line it read', () => {
    const prompt = createUserMessage('Edit README.md')
    const read = toolResult('Read', { success: true, output: '[README.md: lines 1-2 of 2]\n     1\t# Tiny Calculator\n     2\t' })
    const edit = nextDemoStep([prompt, read], ALL_TOOLS).toolCalls?.[0]
    expect(edit).toMatchObject({ name: 'Edit', arguments: { filePath: 'README.md', oldString: '# Tiny Calculator', newString: '# Tiny Calculator (edited by the offline demo)' } })
    const done = nextDemoStep([prompt, read, toolResult('Edit', { success: true, output: 'Edited README.md' })], ALL_TOOLS)
    expect(done.toolCalls).toBeUndefined()
    expect(textOf(done)).toContain('edited the first line of README.md')
  })

  it('says clearly what it cannot do: run the tests, use a tool the session lacks, fetch offline, a git without repository', () => {
    expect(textOf(nextDemoStep([createUserMessage('Run the tests')], ALL_TOOLS))).toContain('no Node.js')
    expect(textOf(nextDemoStep([createUserMessage('Fetch https://example.com')], ['Bash']))).toContain('does not offer it')
    const fetch = [createUserMessage('Fetch https://example.com'), createToolMessage('Error: Failed to fetch', { toolCallId: 'c', toolName: 'WebFetch' })]
    expect(textOf(nextDemoStep(fetch, ALL_TOOLS))).toContain('I could not fetch it: Failed to fetch')
    const git = [createUserMessage('Show the git status'), toolResult('Bash', { success: false, output: '', error: 'fatal: not a git repository' })]
    expect(textOf(nextDemoStep(git, ALL_TOOLS))).toContain('Ask me to "git init" first')
  })

  it('lists the skills the system prompt names, and says how to add one when there are none', () => {
    const system = createSystemMessage('# Skills\nWhen a request matches one of these skills, follow its instructions.\n\n## Skill: explain\nExplain a file line by line\n\nExplain it.')
    expect(textOf(nextDemoStep([system, createUserMessage('Which skills do you have?')], ALL_TOOLS))).toContain('/explain (Explain a file line by line)')
    expect(textOf(nextDemoStep([createUserMessage('Which skills do you have?')], ALL_TOOLS))).toContain('.agents/skills/<name>/')
  })

  it('answers a compaction request with a summary of the requests and commands, not a workspace report', () => {
    const step = nextDemoStep(buildSummaryRequest(conversation), [])
    expect(step.toolCalls).toBeUndefined()
    expect(textOf(step)).toContain('The user asked: "What is in here?".')
    expect(textOf(step)).toContain('Commands run: `ls`.')
    expect(textOf(step)).not.toContain('could not inspect')
  })

  it('hands a prompt that asks for a subagent to an Explore subagent, then answers with its report', () => {
    const first = nextDemoStep([createUserMessage('Delegate this to a subagent')], ALL_TOOLS)
    expect(first.toolCalls?.[0]).toMatchObject({ name: 'Agent', arguments: { subagent_type: 'Explore' } })
    // The subagent gets a prompt the demo answers with its tour.
    expect(intentFor(String(first.toolCalls?.[0]?.arguments.prompt))).toBeUndefined()
    const report = JSON.stringify({ sessionId: 's', agentType: 'Explore', response: 'Two files.' })
    const answer = nextDemoStep([createUserMessage('Delegate this to a subagent'), createToolMessage(report, { toolCallId: 'a', toolName: 'Agent' })], ALL_TOOLS)
    expect(textOf(answer)).toBe('The Explore subagent reported: Two files.')
    expect(nextDemoStep([createUserMessage('Delegate this to a subagent')], ['Bash']).toolCalls?.[0]?.name).toBe('Bash')
  })
})
