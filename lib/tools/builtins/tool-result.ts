/** What built-in tools put in `IToolResult.data`: text for the model plus structured facts. */
export type TToolResult = {
  success: boolean
  output: string
  error?: string
  exitCode?: number
}
