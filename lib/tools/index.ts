export { BraveSearchProvider, BRAVE_SEARCH_URL } from './builtins/brave-search-provider.ts'
export { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_OUTPUT_CHARACTERS, BASH_MAX_TIMEOUT_MS, createBashTool } from './builtins/bash-tool.ts'
export { BuiltinTool } from './builtins/builtin-tool.ts'
export { createEditTool } from './builtins/edit-tool.ts'
export { createGlobTool, GLOB_MAX_RESULTS } from './builtins/glob-tool.ts'
export { createGrepTool, GREP_MAX_FILE_BYTES, GREP_MAX_SEARCHED_LINE_CHARACTERS } from './builtins/grep-tool.ts'
export { htmlToText } from './builtins/html-to-text.ts'
export { createReadTool, numberLines, READ_DEFAULT_LINE_LIMIT, READ_MAX_FILE_BYTES, READ_MAX_LINE_CHARACTERS } from './builtins/read-tool.ts'
export { createWebFetchTool, WEB_FETCH_MAX_BYTES, WEB_FETCH_TIMEOUT_MS } from './builtins/web-fetch-tool.ts'
export { createWebSearchTool } from './builtins/web-search-tool.ts'
export { createWriteTool } from './builtins/write-tool.ts'
export { createFunctionTool, createZodFunctionTool, FunctionTool } from './function-tool.ts'
export { describeMcpFailure } from './mcp/describe-mcp-failure.ts'
export { McpConnection } from './mcp/mcp-connection.ts'
export { MCP_DEFAULT_TIMEOUT_MS, mcpServerSecrets } from './mcp/mcp-server-config.ts'
export { McpTool } from './mcp/mcp-tool.ts'
export { toMcpToolName } from './mcp/mcp-tool-name.ts'
export { MCP_MAX_RESULT_CHARACTERS, toMcpToolResult } from './mcp/mcp-tool-result.ts'
export { McpToolSet } from './mcp/mcp-tool-set.ts'
export { createOpenAPITool, createOpenAPITools, OpenAPITool } from './openapi/openapi-tool.ts'
export { checkToolArguments, createValidationResult } from './tool-arguments.ts'
export { ToolRegistry } from './tool-registry.ts'
export { stripSafeIntegerBounds, zodToJsonSchema } from './zod-to-json-schema.ts'

export type { TBraveSearchProviderOptions } from './builtins/brave-search-provider.ts'
export type { TSandboxToolOptions } from './builtins/sandbox-workspace.ts'
export type { ISearchProvider, TSearchOptions, TSearchResult } from './builtins/search-provider.ts'
export type { TToolResult } from './builtins/tool-result.ts'
export type { TWebFetchToolOptions } from './builtins/web-fetch-tool.ts'
export type { TWebSearchToolOptions } from './builtins/web-search-tool.ts'
export type { TToolFunction } from './function-tool.ts'
export type {
  TOpenAPIDocument,
  TOpenAPIMethod,
  TOpenAPIOperation,
  TOpenAPIParameter,
  TOpenAPIParameterLocation,
  TOpenAPIPathItem,
  TOpenAPIReference,
  TOpenAPIRequestBody,
  TOpenAPISchema
} from './openapi/openapi-document.ts'
export type { TMcpFailureContext } from './mcp/describe-mcp-failure.ts'
export type { TMcpConnectionOptions, TMcpListedTool } from './mcp/mcp-connection.ts'
export type { TMcpHttpServerConfig, TMcpServerConfig, TMcpServers, TMcpStdioServerConfig } from './mcp/mcp-server-config.ts'
export type { TMcpCallResult } from './mcp/mcp-tool-result.ts'
export type { TMcpProblem, TMcpServerStatus } from './mcp/mcp-tool-set.ts'
export type { TOpenAPIToolOptions, TOpenAPIToolResponse, TOpenAPIToolSharedOptions } from './openapi/openapi-tool.ts'
export type { TArgumentValidator, TToolArgumentsCheck } from './tool-arguments.ts'
