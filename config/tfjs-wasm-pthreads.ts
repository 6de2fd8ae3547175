/**
 * Vite/Rolldown plugin: the pthread workers of tfjs's threaded WASM backend load the Emscripten
 * script as it was published, not a text rebuilt from the bundled function.
 *
 * tfjs-backend-wasm 4.22 gives each pthread worker its main script as
 * `"var WasmBackendModuleThreadedSimd = " + factory.toString()`. That text only runs on its own
 * while the factory is the unminified function: it closes over `_scriptDir` and reads it as
 * `typeof _scriptDir !== "undefined" && _scriptDir`. A production build renames the variable
 * (to `e`) and, seeing it declared, drops the `typeof` guard, so every pthread worker dies with
 * "ReferenceError: e is not defined" and the WASM backend never starts. Here the text handed to the
 * workers becomes the published file itself (inlined as a string literal), which declares
 * `WasmBackendModuleThreadedSimd` at top level exactly as Emscripten's `mainScriptUrlOrBlob` expects.
 *
 * The same plugin serves the build's worker bundles and the dev server's dependency pre-bundling,
 * so both paths run the same code. If a tfjs upgrade changes the line it rewrites, the build fails
 * here instead of shipping a page that cannot start.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The module of tfjs-backend-wasm that builds the pthread workers' script. */
const BACKEND_MODULE = /[\\/]@tensorflow[\\/]tfjs-backend-wasm[\\/]dist[\\/]backend_wasm\.js(\?.*)?$/;

/** The expression that rebuilds the script from the (possibly minified) factory function. */
const REBUILT_SCRIPT = /`var WasmBackendModuleThreadedSimd = `\s*\+\s*wasmFactoryThreadedSimd\.toString\(\)/;

/** The published threaded-SIMD Emscripten script that defines `WasmBackendModuleThreadedSimd`. */
export function publishedThreadedScript(): string {
  return readFileSync(
    require.resolve('@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js'),
    'utf8',
  );
}

/** Rewrite `backend_wasm.js` so the pthread workers import the published script; other modules pass. */
export function rewriteBackendModule(code: string, id: string): string | null {
  if (!BACKEND_MODULE.test(id)) return null;
  if (!REBUILT_SCRIPT.test(code)) {
    throw new Error(
      `tfjs-wasm-pthreads: ${id} no longer builds the pthread script from factory.toString(); check the plugin against this tfjs version.`,
    );
  }
  const script = JSON.stringify(publishedThreadedScript());
  return code.replace(REBUILT_SCRIPT, () => script);
}

/** The plugin object (works as a Vite plugin and as a Rolldown plugin for optimizeDeps). */
export function tfjsWasmPthreads() {
  return {
    name: 'tfjs-wasm-pthreads',
    transform(code: string, id: string) {
      const out = rewriteBackendModule(code, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
