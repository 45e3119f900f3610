// `npm run limits`: prints the README's limits table from the constants the code enforces.
import { limitsTable } from '../core/scenario/limitsTable';

process.stdout.write(limitsTable());
