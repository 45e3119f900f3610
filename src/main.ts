// Entry point of the page: mounts the app into #app.
const app = document.querySelector<HTMLDivElement>('#app');
if (app !== null) {
  const heading = document.createElement('h1');
  heading.textContent = 'B-Heap Lab';
  app.append(heading);
}
