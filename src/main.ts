// Entry point of the page: styles, then the app mounted into #app.
import './view/theme/tokens.css';
import './app/styles/shell.css';
import './app/styles/stage.css';
import './app/styles/transport.css';
import './app/styles/sidebar.css';
import './view/views.css';
import './view/charts/charts.css';
import './view/charts/panels.css';
import './view/curves/curves.css';
import './view/scaling/scaling.css';
import './view/machine/machine.css';
import './view/race/race.css';
import './app/styles/lecture.css';
import './app/styles/presenter.css';
import './app/styles/layout.css';
import './app/styles/phone.css';
import './app/styles/scenes.css';
import './app/styles/embed.css';
import { App } from './app/app';
import { registerOffline } from './app/offline';

const root = document.querySelector<HTMLDivElement>('#app');
if (root !== null) new App(root);
registerOffline();
