// `npm run data`: recomputes each shipped data module whose sources changed (scripts/data.ts);
// `--force` recomputes them anyway. Run after `npm run kernel`: the sweeps use the kernels.

import { buildData, builtDataStamp, DATA, dataStamp } from './data';

const force = process.argv.includes('--force');
for (const spec of DATA) {
  if (!force && builtDataStamp(spec) === dataStamp(spec)) {
    console.log(`data: up to date (${spec.module})`);
  } else {
    const started = performance.now();
    const bytes = await buildData(spec);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `data: computed the ${spec.name} in ${seconds} s, ${bytes} bytes in ${spec.module}`,
    );
  }
}
