import { describe, expect, it } from 'vitest';
import { requirePackages, SERVICE_PACKAGES } from '../../src/cli/service-packages.js';
import { MissingPackageError } from '../../src/cli/usage.js';

describe('requirePackages', () => {
  it('resolves when every package is installed (the service\'s are, in this checkout)', async () => {
    expect(SERVICE_PACKAGES).toEqual(['pino', 'prom-client']);
    await expect(requirePackages('truecost serve', SERVICE_PACKAGES)).resolves.toBeUndefined();
  });

  it('names each missing package, and the one command that installs them', async () => {
    const one = requirePackages('truecost serve', ['pino', 'truecost-no-such-package']);
    await expect(one).rejects.toBeInstanceOf(MissingPackageError);
    await expect(one).rejects.toThrow(/^truecost serve needs the optional package truecost-no-such-package: run npm install truecost-no-such-package$/);
    await expect(requirePackages('truecost serve', ['truecost-no-a', 'pino', 'truecost-no-b'])).rejects.toThrow(
      /^truecost serve needs the optional packages truecost-no-a and truecost-no-b: run npm install truecost-no-a truecost-no-b$/,
    );
  });
});
