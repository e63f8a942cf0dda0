import { ConfigurationError } from '../core/errors.ts'
import type { IToolSchema } from '../core/provider.ts'
import type { ITool } from '../core/tool.ts'
import { assertToolName } from '../core/tool-name.ts'

/**
 * The tools an agent can call, by name, in the order they were registered. Names are unique and
 * must be ones every provider accepts; a clash or a bad name fails when the tool is registered,
 * not when a model first calls it.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, ITool>()

  constructor(tools: Iterable<ITool> = []) {
    for (const tool of tools) this.register(tool)
  }

  /** Adds a tool; throws `ConfigurationError` when its name is taken or not provider-safe. */
  register(tool: ITool): this {
    const { name } = tool.schema
    assertToolName(name)
    if (this.tools.has(name)) throw new ConfigurationError(`A tool named "${name}" is already registered.`)
    this.tools.set(name, tool)
    return this
  }

  /** Removes a tool; `false` when none had that name. */
  unregister(name: string): boolean {
    return this.tools.delete(name)
  }

  /** The tool with this name, if registered. */
  get(name: string): ITool | undefined {
    return this.tools.get(name)
  }

  /** True when a tool with this name is registered. */
  has(name: string): boolean {
    return this.tools.has(name)
  }

  /** Every tool, in registration order. */
  getAll(): ITool[] {
    return [...this.tools.values()]
  }

  /** The schemas the model is shown, in registration order. */
  getSchemas(): IToolSchema[] {
    return this.getAll().map((tool) => tool.schema)
  }

  /** The registered names, in registration order. */
  getNames(): string[] {
    return [...this.tools.keys()]
  }

  /** How many tools are registered. */
  get size(): number {
    return this.tools.size
  }

  /** Removes every tool. */
  clear(): void {
    this.tools.clear()
  }
}
