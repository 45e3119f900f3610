// Which engines run (BHEAP_ENGINES=firefox,webkit runs a subset) and how each is started.
import { ENGINES, type Engine } from './browsers';
import type { Driver } from './driver';
import { PuppeteerDriver } from './puppeteerDriver';
import { WebDriverDriver } from './webdriverDriver';

export function selectedEngines(): Engine[] {
  const asked = process.env.BHEAP_ENGINES;
  if (asked === undefined || asked === '') return [...ENGINES];
  const names = asked.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(ENGINES as readonly string[]).includes(name)) {
      throw new Error(`BHEAP_ENGINES: ${name} is not one of ${ENGINES.join(', ')}`);
    }
  }
  return names as Engine[];
}

export function launch(engine: Engine): Promise<Driver> {
  if (engine === 'webkit') {
    return WebDriverDriver.launch(Number(process.env.BHEAP_WEBKIT_PORT ?? 4439));
  }
  return PuppeteerDriver.launch(engine);
}
