// Entry point of the page: styles, then the app mounted into #app.
import './view/theme/tokens.css';
import './styles.css';
import './view/views.css';
import './view/charts/charts.css';
import './view/curves/curves.css';
import './view/race/race.css';
import './app/lecture.css';
import './app/presenter.css';
import { App } from './app/app';

const root = document.querySelector<HTMLDivElement>('#app');
if (root !== null) new App(root);
