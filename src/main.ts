// Entry point of the page: styles, then the app mounted into #app.
import './styles.css';
import './view/views.css';
import './view/curves.css';
import { App } from './app/app';

const root = document.querySelector<HTMLDivElement>('#app');
if (root !== null) new App(root);
