import { describe, expect, it } from 'vitest';
import { hashedOnDemand, isLazy, splitManifest } from '../../src/sw-lazy';

describe('what the service worker precaches and what it leaves to the view that asks', () => {
  it('leaves Python, the recordings, the models, the Korean font subsets and the tfjs binaries on demand', () => {
    for (const path of [
      'pyodide/pyodide.asm.wasm',
      'pyodide/python_stdlib.zip',
      'pyodide/pyodide-lock.json',
      'runs/classroom-seed1.json',
      'runs/compare-as-released.json',
      'runs/repair-ablation.json',
      'models/base.a0lm',
      'models/repair.a0lm',
      'assets/noto-sans-kr-65-400-normal-Mt728FFu.woff2',
      'assets/tfjs-backend-wasm-threaded-simd-BLCcuiBu.wasm',
      'assets/tfjs-backend-wasm-BIA8cDLW.wasm',
    ]) {
      expect(isLazy(path), path).toBe(true);
    }
  });

  it('precaches the page itself: the html, every script and style, the formula fonts', () => {
    for (const path of [
      'index.html',
      'favicon.svg',
      'assets/index-CQtTWZ4R.js',
      'assets/index-BH6_O5Eo.css',
      'assets/worker-SRddezDq.js',
      'assets/gelu-constants-Cv6dTKEU.js',
      'assets/browser.worker-D3Ecq4Mg.js',
      'assets/KaTeX_Main-Regular-ypZvNtVU.woff2',
    ]) {
      expect(isLazy(path), path).toBe(false);
    }
  });

  it('splits a manifest into the two, keeping each entry as it was', () => {
    const html = { url: 'index.html', revision: 'a1' };
    const wasm = { url: 'pyodide/pyodide.asm.wasm', revision: 'b2' };
    const js = { url: 'assets/index-CQtTWZ4R.js', revision: null };
    expect(splitManifest([html, wasm, js, 'runs/x.json'])).toEqual({
      precache: [html, js],
      lazy: [wasm, 'runs/x.json'],
    });
  });

  it('keeps in Cache Storage only the on-demand files with hashed names', () => {
    const lazy = splitManifest([
      { url: 'assets/noto-sans-kr-119-400-normal-BGlVZeC0.woff2', revision: null },
      { url: 'pyodide/pyodide.asm.wasm', revision: 'b2' },
      'runs/classroom-seed1.json',
      { url: 'assets/index-CQtTWZ4R.js', revision: null },
    ]).lazy;
    expect([...hashedOnDemand(lazy, 'https://school.example/lab/sw.js')]).toEqual([
      'https://school.example/lab/assets/noto-sans-kr-119-400-normal-BGlVZeC0.woff2',
    ]);
  });
});
