import { mount } from 'svelte';
import App from './ui/App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('Agent0 Lab: the page has no #app element to mount into.');

export default mount(App, { target });
