// A stdio MCP server for tests, started with `node` as a child process: one tool, `greet`, and
// `env_value`, which reads MCP_TEST_VALUE from the environment the client passed. With
// MCP_TEST_CRASH=1 it also offers `crash`, whose call ends the process before any answer.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import * as z from 'zod'

const server = new McpServer({ name: 'robota-stdio-test', version: '1.0.0' })
server.registerTool('greet', { description: 'Greets someone', inputSchema: { name: z.string() } }, ({ name }) => ({
  content: [{ type: 'text', text: `hello ${name}` }]
}))
server.registerTool('env_value', { description: 'Reads MCP_TEST_VALUE' }, () => ({
  content: [{ type: 'text', text: String(process.env.MCP_TEST_VALUE) }]
}))
if (process.env.MCP_TEST_CRASH === '1') {
  server.registerTool('crash', { description: 'Exits mid-call' }, () => {
    process.stderr.write('crashing on purpose\n')
    process.exit(3)
  })
}
process.stderr.write('stdio test server ready\n')
await server.connect(new StdioServerTransport())
