export { createBashTool } from './builtins/bash-tool.ts'
export { createReadTool, numberLines } from './builtins/read-tool.ts'
export { BuiltinTool } from './builtins/builtin-tool.ts'
export { createZodFunctionTool, FunctionTool } from './function-tool.ts'
export { zodToJsonSchema } from './zod-to-json-schema.ts'

export type { TToolResult } from './builtins/tool-output.ts'
export type { TToolFunction } from './function-tool.ts'
