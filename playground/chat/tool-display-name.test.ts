import { describe, expect, it } from 'vitest'
import { toToolDisplayName } from './tool-display-name.ts'

describe('toToolDisplayName', () => {
  it.each([
    ['Bash', 'Bash'],
    ['mcp__demo__echo', 'echo · MCP demo'],
    ['mcp__my-docs__search_pages', 'search_pages · MCP my-docs'],
    ['mcp__a__b__c', 'b__c · MCP a'],
    ['mcp__', 'mcp__'],
    ['mcp_demo_echo', 'mcp_demo_echo']
  ])('%s is shown as %s', (name, shown) => {
    expect(toToolDisplayName(name)).toBe(shown)
  })
})
