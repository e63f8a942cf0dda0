#!/usr/bin/env node
// The `robota` command: the terminal client over the SDK's session, or `-p` for one scripted prompt.
import { runCli } from './run-cli.ts'

// The interactive screen handles Ctrl+C itself; `-p` turns it into an interrupted result.
const interrupt = new AbortController()
process.once('SIGINT', () => interrupt.abort())

const exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interrupt: interrupt.signal
})
// Provider clients may keep sockets open; once everything is written the command is done.
process.stdout.write('', () => process.exit(exitCode))
