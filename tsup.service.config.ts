import { defineConfig } from 'tsup';
import { moduleBuild } from './tsup.config.js';

// What `truecost serve` runs from dist/ (scripts/start.mjs): the ES modules, without type
// declarations or the checkout bundle, and without emptying dist/; scripts/start.mjs then bundles
// them with scripts/build-node.mjs. `npm run build` builds the whole package.
export default defineConfig([{ ...moduleBuild, dts: false }]);
