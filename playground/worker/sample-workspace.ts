/** The files the playground's offline demo starts from: a tiny project the demo model explores. */
export const SAMPLE_WORKSPACE_FILES: Readonly<Record<string, string>> = {
  'README.md': [
    '# Tiny Calculator',
    '',
    'A small TypeScript library that adds and multiplies numbers.',
    '',
    '- `src/calculator.ts`: the functions',
    '- `test/calculator.test.ts`: their tests',
    ''
  ].join('\n'),
  'package.json': JSON.stringify({ name: 'tiny-calculator', version: '1.0.0', type: 'module' }, null, 2) + '\n',
  'src/calculator.ts': [
    'export function add(a: number, b: number): number {',
    '  return a + b',
    '}',
    '',
    'export function multiply(a: number, b: number): number {',
    '  return a * b',
    '}',
    ''
  ].join('\n'),
  'test/calculator.test.ts': [
    "import { add, multiply } from '../../src/calculator.ts'",
    '',
    "console.assert(add(2, 3) === 5, 'add')",
    "console.assert(multiply(2, 3) === 6, 'multiply')",
    '// TODO: test negative numbers',
    ''
  ].join('\n')
}
