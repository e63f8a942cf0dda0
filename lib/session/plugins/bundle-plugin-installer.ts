import { ValidationError } from '../../core/errors.ts'
import type { IPluginFileStore } from '../../storage/plugin-file-store.ts'
import type { TFileProblem } from '../markdown-frontmatter.ts'
import { BundlePluginLoader, readBundleDirectory } from './bundle-plugin-loader.ts'
import type { ILoadedBundlePlugin, TBundleFiles } from './loaded-bundle-plugin.ts'
import { readPluginRegistry, writePluginRegistry, type TPluginRegistryEntry, type TPluginScope } from './plugin-registry.ts'
import { comparePins } from './compare-pins.ts'
import { describeError } from '../../core/describe-error.ts'

/** An installed bundle as a list shows it. */
export type TInstalledPlugin = TPluginRegistryEntry & { name: string; scope: TPluginScope }

/** How a bundle is installed. */
export type TPluginInstallOptions = {
  /** The marketplace source it comes from, recorded in the registry. */
  source?: string
  /** SHA-256 per file the bundle must match exactly (a marketplace entry's pins): a file more, less or different is refused. */
  pins?: Readonly<Record<string, string>>
  /** Whether it starts enabled; default `true`. */
  enabled?: boolean
}

/** Enabled bundles read from a store, and those that could not be read (skipped). */
export type TEnabledPlugins = { plugins: ILoadedBundlePlugin[]; problems: TFileProblem[] }

/**
 * Installs, lists, enables, disables and uninstalls the bundles of one scope's store. A bundle is
 * validated whole first and every file pinned by SHA-256; files are written before the registry
 * names them, and removed again when a write fails, so nothing is ever half-installed. Calls on
 * one installer run one at a time.
 */
export class BundlePluginInstaller {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly store: IPluginFileStore,
    readonly scope: TPluginScope,
    private readonly loader = new BundlePluginLoader()
  ) {}

  /** The installed bundles, by name. */
  async list(): Promise<TInstalledPlugin[]> {
    const registry = await readPluginRegistry(this.store)
    return Object.entries(registry.plugins)
      .map(([name, entry]) => ({ ...entry, name, scope: this.scope }))
      .sort((left, right) => left.name.localeCompare(right.name))
  }

  /**
   * Installs a bundle held in memory.
   * @throws ValidationError naming every problem of the bundle, each pin that does not match, or a name already installed here.
   */
  install(files: TBundleFiles, options: TPluginInstallOptions = {}): Promise<TInstalledPlugin> {
    return this.exclusive(async () => {
      const bundle = await this.loader.load(files)
      const { name } = bundle.manifest
      if (options.pins) {
        const mismatches = comparePins(bundle.pins, options.pins)
        if (mismatches.length > 0) {
          throw new ValidationError(`The bundle "${name}" does not match its pins, nothing was installed: ${mismatches.join('; ')}.`, { details: { plugin: name, mismatches } })
        }
      }
      const registry = await readPluginRegistry(this.store)
      const existing = registry.plugins[name]
      if (existing) {
        throw new ValidationError(
          `A bundle named "${name}" (version ${existing.version}) is already installed in the ${this.scope} scope; uninstall it first.`,
          { details: { plugin: name, scope: this.scope } }
        )
      }
      // Files left by an install that stopped half-way are not in the registry: clear them first.
      await this.store.removeDirectory(name)
      const entry: TPluginRegistryEntry = {
        version: bundle.manifest.version,
        description: bundle.manifest.description,
        enabled: options.enabled ?? true,
        installedAt: Date.now(),
        ...(options.source ? { source: options.source } : {}),
        pins: bundle.pins
      }
      try {
        for (const path of Object.keys(bundle.pins)) await this.store.write(`${name}/${path}`, files[path] as string)
        await writePluginRegistry(this.store, { ...registry, plugins: { ...registry.plugins, [name]: entry } })
      } catch (error) {
        await this.store.removeDirectory(name).catch(() => undefined)
        throw error
      }
      return { ...entry, name, scope: this.scope }
    })
  }

  /**
   * Removes a bundle: its registry entry, then every file of it.
   * @throws ValidationError when no bundle of that name is installed here.
   */
  uninstall(name: string): Promise<void> {
    return this.exclusive(async () => {
      const registry = await readPluginRegistry(this.store)
      this.requireEntry(registry.plugins, name)
      const { [name]: _removed, ...plugins } = registry.plugins
      await writePluginRegistry(this.store, { ...registry, plugins })
      await this.store.removeDirectory(name)
    })
  }

  /**
   * Enables or disables a bundle; a disabled bundle stays installed and contributes nothing.
   * @throws ValidationError when no bundle of that name is installed here.
   */
  setEnabled(name: string, enabled: boolean): Promise<TInstalledPlugin> {
    return this.exclusive(async () => {
      const registry = await readPluginRegistry(this.store)
      const entry = { ...this.requireEntry(registry.plugins, name), enabled }
      await writePluginRegistry(this.store, { ...registry, plugins: { ...registry.plugins, [name]: entry } })
      return { ...entry, name, scope: this.scope }
    })
  }

  /**
   * Reads every enabled bundle, checking each file against its pin. A bundle whose files changed
   * since it was installed, or that no longer loads, is skipped and reported.
   */
  async loadEnabled(): Promise<TEnabledPlugins> {
    const plugins: ILoadedBundlePlugin[] = []
    const problems: TFileProblem[] = []
    let entries: TInstalledPlugin[]
    try {
      entries = await this.list()
    } catch (error) {
      return { plugins, problems: [{ file: `${this.scope} plugins`, message: describeError(error) }] }
    }
    for (const entry of entries.filter((candidate) => candidate.enabled)) {
      const file = `plugin ${entry.name} (${this.scope})`
      try {
        const files = await readBundleDirectory(this.store, entry.name)
        const bundle = await this.loader.load(files, `${entry.name} in ${this.store.location}`)
        const mismatches = comparePins(bundle.pins, entry.pins)
        if (mismatches.length > 0) throw new Error(`The bundle "${entry.name}" changed since it was installed, so it is left out: ${mismatches.join('; ')}.`)
        plugins.push(bundle)
      } catch (error) {
        problems.push({ file, message: describeError(error) })
      }
    }
    return { plugins, problems }
  }

  private requireEntry(plugins: Record<string, TPluginRegistryEntry>, name: string): TPluginRegistryEntry {
    const entry = plugins[name]
    if (!entry) throw new ValidationError(`No bundle named "${name}" is installed in the ${this.scope} scope.`, { details: { plugin: name, scope: this.scope } })
    return entry
  }

  private exclusive<TResult>(work: () => Promise<TResult>): Promise<TResult> {
    const run = this.queue.then(work, work)
    this.queue = run.catch(() => undefined)
    return run
  }
}
