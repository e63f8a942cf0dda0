import { ConfigurationError } from './errors.ts'

// The names Anthropic and OpenAI both accept for a function tool.
const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

/**
 * Checks that a tool's name is one every provider accepts, so a bad name fails where the tool is
 * given, not at the provider's first request. @throws ConfigurationError naming the tool.
 */
export function assertToolName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw new ConfigurationError(`Tool name ${JSON.stringify(name)} must be 1–64 letters, digits, "_" or "-".`)
  }
}
