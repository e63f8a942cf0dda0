import { existsSync } from 'node:fs'

/** Debian's Chromium, or `CHROMIUM_PATH`: Playwright never downloads a browser here. */
export function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path): path is string => path !== undefined && existsSync(path))
}

/** The launch flags of TOOLCHAIN.md, plus the one that lets a page collect garbage. */
export const CHROMIUM_BENCH_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--js-flags=--expose-gc'
]
