import { mount } from 'svelte';
import './app.css';
// Applies data-theme before the first paint so the app never flashes the wrong theme.
import './lib/state/theme.svelte.ts';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app');
export default mount(App, { target });
