import { env } from 'node:process'

/** Variables by which Ink (through `is-in-ci`) decides it is writing a CI log. */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const

/**
 * Imports the interactive client for a person at a terminal. Ink draws only the final frame when
 * the environment names a CI system, and reads that once, as it is imported; a terminal someone
 * types into is not a CI log, even in a shell that sets `CI`. So the variables are hidden from
 * that one read and put back at once, for the commands the session goes on to run.
 */
export async function importInteractiveClient(): Promise<typeof import('./run-interactive.tsx')> {
  const hidden = CI_VARIABLES.filter((name) => name in env).map((name) => [name, env[name]] as const)
  for (const [name] of hidden) delete env[name]
  try {
    return await import('./run-interactive.tsx')
  } finally {
    for (const [name, value] of hidden) env[name] = value
  }
}
