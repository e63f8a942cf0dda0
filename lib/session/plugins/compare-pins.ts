/**
 * What differs between a bundle's files (`actual`, path to SHA-256) and the pins it must match:
 * one readable line per file that is different, missing or not pinned. Empty when they agree.
 */
export function comparePins(actual: Readonly<Record<string, string>>, expected: Readonly<Record<string, string>>): string[] {
  const mismatches: string[] = []
  for (const [path, hash] of Object.entries(expected)) {
    const found = actual[path]
    if (found === undefined) mismatches.push(`${path} is pinned but missing`)
    else if (found !== hash.toLowerCase()) mismatches.push(`${path} has SHA-256 ${found.slice(0, 12)}…, pinned ${hash.slice(0, 12)}…`)
  }
  for (const path of Object.keys(actual)) if (expected[path] === undefined) mismatches.push(`${path} is not pinned`)
  return mismatches
}
