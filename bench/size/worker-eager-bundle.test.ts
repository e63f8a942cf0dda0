import { describe, expect, it } from 'vitest'
import { measureBundle } from './bundle-size.ts'
import { WORKER_EAGER_BUNDLE } from './size-budgets.ts'
import { PROJECT_ROOT } from './project-paths.ts'

// Each loads on first use: a provider's SDK when it is chosen, E2B's when its sandbox is, the shell
// and git when a command runs, the MCP client when a server connects, yaml with the first frontmatter.
const LAZY_PACKAGES = ['yaml', 'just-bash', 'isomorphic-git', '@anthropic-ai/sdk', 'openai', '@google/genai', 'e2b', '@modelcontextprotocol/sdk']

describe('the worker eager chunk', () => {
  it('holds none of the packages that load on first use', async () => {
    const { largestInputs } = await measureBundle(WORKER_EAGER_BUNDLE, PROJECT_ROOT)
    expect(largestInputs.some((input) => input.name === 'zod')).toBe(true)
    expect(largestInputs.filter((input) => LAZY_PACKAGES.includes(input.name))).toEqual([])
  }, 60_000)
})
