import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../../core/tool.ts'
import type { TToolResult } from './tool-result.ts'

/** A sandbox for one test, with the workspace directory its files were seeded in. */
export type TToolSandbox = { sandbox: ISandboxClient; root: string }

/** Builds a fresh sandbox whose workspace holds `files` (keys relative to the workspace). */
export type TToolSandboxFactory = (files: Record<string, string>) => Promise<TToolSandbox>

/** What each tool's suite is given: a way to make sandboxes, disposed after each test. */
export type TCreateToolSandbox = (files?: Record<string, string>) => Promise<TToolSandbox>

/** The outcome of one tool call: the loop's result and the built-in's own `TToolResult`. */
export type TToolRun = { result: IToolResult; data: TToolResult }

/** Calls a tool as the loop does and reads its `TToolResult` back. */
export async function callTool(
  tool: ITool,
  parameters: Record<string, unknown>,
  context: Partial<IToolExecutionContext> = {}
): Promise<TToolRun> {
  const result = await tool.execute(parameters, { toolCallId: 'call_1', ...context })
  return { result, data: (result.data ?? { success: false, output: '', error: result.error }) as TToolResult }
}

/** The names in a directory that look like an atomic write's leftover temporary file. */
export async function temporaryFilesIn(sandbox: ISandboxClient, directory: string): Promise<string[]> {
  return (await sandbox.readdir(directory)).map((entry) => entry.name).filter((name) => name.endsWith('.tmp'))
}

/** Waits long enough for the next write to get a later modification time. */
export function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 25))
}
