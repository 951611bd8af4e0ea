import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, minify, runnerImport, type Plugin, type Rollup } from 'vite';
import type * as Prerender from './src/app/prerender';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
};

/** Pages whose code src/boot.js fetches together with the app's, by address (src/app/router.tsx). */
const PAGE_MODULES: Record<string, string[]> = {
  '/chat': ['src/features/assistant/pages/chat-page.tsx'],
  '/login': ['src/features/auth/pages/login-page.tsx', 'src/features/assistant/components/guest-demo.tsx'],
  '/auth': ['src/features/auth/pages/login-page.tsx', 'src/features/assistant/components/guest-demo.tsx'],
};

/** The script that shows the first screens and starts the app (index.html). */
const BOOT_SOURCE = 'src/boot.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Server-rendered markup as static HTML: no Suspense markers, hoisted preloads
 * or client-render notes. Its buttons do nothing until the app takes over, so
 * they say so (aria-disabled: assistive technology, and browser automation,
 * wait for the working ones); its links are plain links and work as such.
 */
const staticMarkup = (markup: string) =>
  markup
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<template[\s\S]*?<\/template>/g, '')
    .replace(/<link rel="preload"[^>]*>/g, '')
    .replace(/<button(?![^>]*aria-disabled)(?=[\s>])/g, '<button aria-disabled="true"');

/** Every chunk `fileName` needs, itself included. */
function withImports(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const file of chunk.imports) withImports(bundle, file, into);
  return into;
}

/**
 * The first screens of /landing and /chat, rendered at build time from the
 * app's own components (src/app/prerender.tsx) into <template>s of
 * index.html, for src/boot.js to show before the app's code has arrived.
 * boot.js also starts the app: the <script> and preloads Vite puts in <head>
 * move into a list it reads (with, for a few pages, their own chunks), so
 * that on a slow network the first screen's few kilobytes come before the
 * app's code rather than sharing the line with it.
 */
function firstScreens(): Plugin {
  return {
    name: 'first-screens',
    apply: 'build',
    async buildStart() {
      // src/boot.js is a classic script (it must run before the first paint):
      // Vite leaves it alone, so it is minified and given a hashed name here.
      const source = readFileSync(`${root}${BOOT_SOURCE}`, 'utf8');
      const { code, errors } = await minify('boot.js', source, { compress: true, mangle: true });
      if (errors.length) throw new Error(`first-screens: ${BOOT_SOURCE}: ${errors[0]!.message}`);
      this.emitFile({ type: 'asset', name: 'boot.js', source: code });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) throw new Error('first-screens: no bundle');
        const { module } = await runnerImport<typeof Prerender>('/src/app/prerender.tsx', {
          configFile: false,
          root,
          resolve: { alias },
          logLevel: 'error',
        });
        const shells = module.renderShells();

        // The app: its entry last, after the chunks it imports.
        const app = [...withImports(bundle, entry.fileName)].reverse().map((file) => `/${file}`);
        const appTags = [
          `<script type="module" crossorigin src="/${entry.fileName}"></script>`,
          ...app.slice(0, -1).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
        ];
        for (const tag of appTags) {
          if (!html.includes(tag)) throw new Error(`first-screens: ${tag} not in index.html`);
          html = html.replace(new RegExp(`[ \\t]*${escapeRegExp(tag)}\\n?`), '');
        }
        const withApp = new Set(app);
        const chunkOf = (source: string) =>
          Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.facadeModuleId === `${root}${source}`,
          )?.fileName;
        const pages: Record<string, string[]> = {};
        for (const [path, sources] of Object.entries(PAGE_MODULES)) {
          const files = new Set<string>();
          for (const source of sources) {
            const fileName = chunkOf(source);
            if (!fileName) throw new Error(`first-screens: no chunk for ${source}`);
            withImports(bundle, fileName, files);
          }
          pages[path] = [...files].map((file) => `/${file}`).filter((file) => !withApp.has(file));
        }

        const screens = [
          `<template id="shell-landing">${staticMarkup(shells.landing)}</template>`,
          `<template id="shell-chat" data-name-mark="${escapeAttribute(module.NAME_MARK)}" data-name-fallback="${escapeAttribute(shells.nameFallback)}">${staticMarkup(shells.chat)}</template>`,
          `<script type="application/json" id="app-code">${JSON.stringify({ app, pages }).replace(/</g, '\\u003c')}</script>`,
        ].join('\n    ');
        const boot = Object.values(bundle).find(
          (output) => output.type === 'asset' && output.names.includes('boot.js'),
        )?.fileName;
        const bootTag = new RegExp(`<script[^>]*src="/${escapeRegExp(BOOT_SOURCE)}"[^>]*></script>`);
        if (!boot || !bootTag.test(html))
          throw new Error(`first-screens: no <script> of ${BOOT_SOURCE} to replace`);
        html = html.replace(bootTag, `<script src="/${boot}"></script>`);
        if (!html.includes('<div id="root"></div>'))
          throw new Error('first-screens: no <div id="root"></div>');
        return html.replace('<div id="root"></div>', `<div id="root"></div>\n    ${screens}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), firstScreens()],
  resolve: { alias },
  server: {
    // In development Vite serves the SPA and forwards the API to the Node server.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false },
});
