// `truecost serve` writes its log through pino and its metrics through prom-client. Both are
// optional peers of truecost, so that a project that only calculates installs zod and truecost
// alone; the service checks for them before it loads the modules that import them.
import { MissingPackageError } from './usage.js';

/** The optional packages `truecost serve` imports, in the order `npm install` is told them. */
export const SERVICE_PACKAGES: readonly string[] = ['pino', 'prom-client'];

/**
 * Resolves when every package of `names` can be imported; otherwise throws one
 * {@link MissingPackageError} naming all that cannot, and the command that installs them.
 */
export async function requirePackages(command: string, names: readonly string[]): Promise<void> {
  const missing: string[] = [];
  for (const name of names) {
    try {
      await import(name);
    } catch (error) {
      if (!isMissing(error, name)) throw error;
      missing.push(name);
    }
  }
  if (missing.length === 0) return;
  const packages = missing.length === 1 ? `the optional package ${missing[0]}` : `the optional packages ${missing.join(' and ')}`;
  throw new MissingPackageError(`${command} needs ${packages}: run npm install ${missing.join(' ')}`);
}

/** Whether an import failed because the package `name` itself is not installed. */
function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(`'${name}'`);
}
