import { defineConfig } from 'tsup';
import { commandBuild, moduleBuild } from './tsup.config.js';

// What `truecost serve` runs from dist/ (scripts/start.mjs): the command and the ES modules its
// stores are loaded from, without type declarations, CommonJS or the checkout bundle, and without
// emptying dist/. `npm run build` builds the whole package.
export default defineConfig([{ ...moduleBuild, dts: false }, commandBuild]);
