import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
import 'katex/dist/katex.min.css';
import { mount } from 'svelte';
import App from './ui/App.svelte';
import { applyPalette } from './ui/lib/palette';

const target = document.getElementById('app');
if (!target) throw new Error('Agent0 Lab: the page has no #app element to mount into.');

applyPalette(document.documentElement);

export default mount(App, { target });
