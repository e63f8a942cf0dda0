import type { Plugin } from 'esbuild'

/** The esbuild plugin that loads `*.css?inline` imports as text, as Vite does. */
export declare const inlineStylesheets: Plugin
