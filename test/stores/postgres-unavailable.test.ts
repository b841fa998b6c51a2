import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../src/orders/unavailable.js';
import { postgresUnavailability } from '../../src/stores/postgres/unavailable.js';

const withCode = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code });

describe('which PostgreSQL failures mean the database cannot answer now', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a statement past statement_timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['too many connections', withCode('53300')],
    ['a connection exception', withCode('08006')],
    ["the driver's read timeout", new Error('Query read timeout')],
    ["the pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
  ])('%s is unavailable', (_, error) => {
    const classified = postgresUnavailability(error);
    expect(isStoreUnavailable(classified)).toBe(true);
    expect(classified!.reason).toBe('unavailable');
    expect(classified!.cause).toBe(error);
  });

  it('a full disk is disk_full', () => {
    expect(postgresUnavailability(withCode('53100', 'could not extend file'))!.reason).toBe('disk_full');
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a wrong password', withCode('28P01')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error', 'text'],
  ])('%s is not', (_, error) => {
    expect(postgresUnavailability(error)).toBeUndefined();
  });
});
