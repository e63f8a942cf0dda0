import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// What an app with strict type-checks meets: every type the package's public signatures name can
// be imported from one of its entries. Otherwise the app cannot annotate a value it keeps (what
// `listModels()` returns, the options `createSubagentSession` takes), and a library built on robota
// cannot emit declarations for such a value: its inferred type has no import path. And a name
// means one thing whichever entry it is imported from.

const root = import.meta.dirname

/** The package's entries (package.json `exports`), as the source files their declarations come from. */
function entrySources(): Array<{ entry: string; file: string }> {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { types: string }> }
  return Object.entries(exports).map(([entry, { types }]) => {
    const built = types.replace(/^\.\/dist\/lib\/(lib\/)?/, (_match, lib: string | undefined) => (lib ? 'lib/' : '')).replace(/^\.\/dist\//, '')
    // The embed's declarations are written by hand; every other entry's are emitted from its source.
    const source = built.endsWith('robota-playground.d.ts') ? built : built.replace(/\.d\.ts$/, '.ts')
    return { entry, file: join(root, source) }
  })
}

const NAMED_TYPE = ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum

type TEntryExport = { entry: string; name: string; symbol: ts.Symbol }

/** Every export of every entry, resolved to what it declares, with the checker that resolved it. */
function readEntryExports(): { checker: ts.TypeChecker; exports: TEntryExport[] } {
  const entries = entrySources()
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })
  const program = ts.createProgram({ rootNames: entries.map(({ file }) => file), options: config?.options ?? {} })
  const checker = program.getTypeChecker()
  const exports = entries.flatMap(({ entry, file }) => {
    const source = program.getSourceFile(file)
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`The entry ${entry} has no module at ${relative(root, file)}.`)
    return checker.getExportsOfModule(module).map((symbol) => ({ entry, name: symbol.name, symbol: declared(checker, symbol) as ts.Symbol }))
  })
  return { checker, exports }
}

function declared(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
}

const read = readEntryExports()

/** Each type of this project a public signature names without any entry exporting it, with the exports that name it. */
function unexportedPublicTypes(): string[] {
  const { checker } = read
  const target = (symbol: ts.Symbol | undefined) => declared(checker, symbol)
  const exported = new Set(read.exports.map(({ symbol }) => symbol))

  const ownDeclaration = (declaration: ts.Declaration) => !relative(root, declaration.getSourceFile().fileName).split('/').includes('node_modules')
  const hiddenMember = (node: ts.Node) =>
    (ts.isClassElement(node) || ts.isTypeElement(node)) &&
    ((ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Private) !== 0 ||
      (node.name !== undefined && ts.isPrivateIdentifier(node.name)) ||
      ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal'))

  const missing = new Map<string, Set<string>>()
  const visited = new Set<ts.Symbol>()
  const pending = [...exported]
  while (pending.length > 0) {
    const symbol = pending.pop() as ts.Symbol
    if (visited.has(symbol)) continue
    visited.add(symbol)
    // What the signature names, not how it is built: bodies, initializers and heritage are left out.
    const visit = (node: ts.Node): void => {
      if (ts.isBlock(node) || ts.isHeritageClause(node) || hiddenMember(node)) return
      if (ts.isTypeReferenceNode(node) || ts.isTypeQueryNode(node)) {
        const named = target(checker.getSymbolAtLocation(ts.isTypeReferenceNode(node) ? node.typeName : node.exprName))
        if (named && named.flags & NAMED_TYPE && named.declarations?.some(ownDeclaration)) {
          if (!exported.has(named)) {
            const key = `${named.name} (${relative(root, named.declarations[0]?.getSourceFile().fileName ?? '')})`
            missing.set(key, (missing.get(key) ?? new Set()).add(symbol.name))
          }
          pending.push(named)
        }
      }
      ts.forEachChild(node, visit)
    }
    for (const declaration of symbol.declarations ?? []) {
      if (!ownDeclaration(declaration) || (ts.isVariableDeclaration(declaration) && !declaration.type)) continue
      ts.forEachChild(declaration, visit)
    }
  }
  return [...missing].map(([type, namedBy]) => `${type}, named by ${[...namedBy].sort().join(', ')}`).sort()
}

/** Names two entries export for different things, a deprecated alias aside, with what each entry means by it. */
function namesMeaningTwoThings(): string[] {
  const meanings = new Map<string, Map<ts.Symbol, string[]>>()
  for (const { entry, name, symbol } of read.exports) {
    if (symbol.declarations?.some((declaration) => ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'deprecated'))) continue
    const byName = meanings.get(name) ?? new Map<ts.Symbol, string[]>()
    byName.set(symbol, [...(byName.get(symbol) ?? []), entry])
    meanings.set(name, byName)
  }
  return [...meanings]
    .filter(([, byName]) => byName.size > 1)
    .map(([name, byName]) => `${name}: ${[...byName].map(([symbol, entries]) => `${entries.join(', ')} (${relative(root, symbol.declarations?.[0]?.getSourceFile().fileName ?? '')})`).join(' against ')}`)
}

describe('the public types', () => {
  it('can all be imported: every type a public signature names is exported from an entry', () => {
    expect(unexportedPublicTypes()).toEqual([])
  }, 60_000)

  it('mean one thing: no name stands for different declarations in different entries', () => {
    expect(read.exports.length).toBeGreaterThan(500)
    expect(namesMeaningTwoThings()).toEqual([])
  })
})
