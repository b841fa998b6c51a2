#!/usr/bin/env node
/**
 * The `truecost` command: the service (`serve`), its keys and partners, and the calculators from
 * the shell. A mistake in the command line prints one line on stderr, what was wrong, and a line
 * pointing to the command's --help, and exits with code 2; the usage itself is for --help only.
 */
import { createKeyCommand, inviteCommand, revokeKeyCommand, setEndpointCommand, setEventsEndpointCommand } from './admin.js';
import { calcCommand, flightCommand } from './calc.js';
import type { CalcOutcome } from './calculator-calls.js';
import { deleteCalculationsCommand, reportEmissionsCommand } from './calculations.js';
import { eventsCommand } from './events.js';
import { jobsCommand } from './jobs.js';
import { projectsCommand, setProfileCommand } from './profiles.js';
import { ordersCommand } from './orders.js';
import { requirePackages, SERVICE_PACKAGES } from './service-packages.js';
import { tripCommand } from './trip.js';
import type { Output } from './types.js';
import { helpOf, helpPointer, MissingPackageError, USAGE, UsageError } from './usage.js';
import { workerCommand } from './worker.js';
import { PACKAGE_VERSION } from '../version.js';

const output: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function finish(outcome: CalcOutcome): number {
  if (outcome.stdout !== '') output.out(outcome.stdout);
  if (outcome.stderr !== '') output.err(outcome.stderr);
  return outcome.exitCode;
}

/** Runs one command; resolves to the exit code, or to undefined while `serve` keeps running. */
async function main(args: readonly string[]): Promise<number | undefined> {
  const [command, sub, ...rest] = args;
  if (command !== undefined && args.slice(1).some((arg) => arg === '--help' || arg === '-h')) {
    output.out(helpOf(command));
    return 0;
  }
  switch (command) {
    case 'serve': {
      // Loaded only here: the service's log and metrics packages are optional (./service-packages.ts).
      await requirePackages('truecost serve', SERVICE_PACKAGES);
      const { serveCommand } = await import('./serve.js');
      await serveCommand(args.slice(1), output);
      return undefined;
    }
    case 'keys':
      if (sub === 'create') {
        output.out(await createKeyCommand(rest));
        return 0;
      }
      if (sub === 'revoke') {
        if (await revokeKeyCommand(rest)) return 0;
        output.err('No such key.');
        return 1;
      }
      throw new UsageError('truecost keys needs create or revoke.');
    case 'partners':
      if (sub === 'set-endpoint') {
        output.out(await setEndpointCommand(rest));
        return 0;
      }
      if (sub === 'set-events-endpoint') {
        output.out(await setEventsEndpointCommand(rest));
        return 0;
      }
      if (sub === 'invite') {
        output.out(await inviteCommand(rest));
        return 0;
      }
      if (sub === 'set-profile') {
        output.out(await setProfileCommand(rest));
        return 0;
      }
      throw new UsageError('truecost partners needs set-endpoint, set-events-endpoint, set-profile or invite.');
          case 'report':
      if (sub === 'emissions') {
        output.out(await reportEmissionsCommand(rest));
        return 0;
      }
      throw new UsageError('truecost report needs emissions.');
    case 'calculations':
      if (sub === 'delete') {
        output.out(await deleteCalculationsCommand(rest));
        return 0;
      }
      throw new UsageError('truecost calculations needs delete.');
    case 'projects': {
      const outcome = await projectsCommand(sub, rest);
      if (outcome.out !== '') output.out(outcome.out);
      if (outcome.exitCode !== 0) output.err('No such project.');
      return outcome.exitCode;
    }
    case 'flight':
      return finish(await flightCommand(args.slice(1)));
    case 'calc':
      return finish(await calcCommand(args.slice(1), readStdin));
    case 'trip':
      return finish(await tripCommand(args.slice(1)));
    case 'jobs':
      return jobsCommand(args.slice(1), output);
    case 'events':
      return eventsCommand(args.slice(1), output);
    case 'orders':
      return ordersCommand(args.slice(1), output);
    case 'worker':
      return workerCommand(args.slice(1), output);
    case '--version':
    case '-v':
    case 'version':
      output.out(PACKAGE_VERSION);
      return 0;
    case 'help':
    case '--help':
    case '-h':
      output.out(sub === undefined ? USAGE : helpOf(sub));
      return 0;
    default:
      throw new UsageError(command === undefined ? 'A command is needed.' : `Unknown command ${JSON.stringify(command)}.`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof MissingPackageError) {
      output.err(`truecost: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof UsageError) {
      output.err(`truecost: ${error.message}\n${helpPointer(process.argv[2])}`);
      process.exitCode = 2;
      return;
    }
    output.err(`truecost: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
