import { describe, expect, it } from 'vitest';
import { dbListenUrlOf, postgresTarget } from '../../src/cli/store-url.js';
import { UsageError } from '../../src/cli/usage.js';

describe('postgresTarget', () => {
  it('takes truecost’s own schema and pool_size parameters out of the URL', () => {
    expect(postgresTarget('postgres://u@db:5432/truecost?schema=shop&pool_size=4&sslmode=require')).toEqual({
      connectionString: 'postgres://u@db:5432/truecost?sslmode=require',
      schema: 'shop',
      poolSize: 4,
    });
    expect(postgresTarget('postgres://u@db/truecost')).toEqual({ connectionString: 'postgres://u@db/truecost' });
    expect(postgresTarget('postgres://u@bouncer:6432/truecost?prepared_statements=false')).toEqual({
      connectionString: 'postgres://u@bouncer:6432/truecost',
      preparedStatements: false,
    });
    expect(postgresTarget('postgres://u@db/truecost?prepared_statements=true').preparedStatements).toBe(true);
    expect(() => postgresTarget('postgres://u@db/truecost?prepared_statements=no')).toThrow(UsageError);
  });

  it('refuses a pool_size that is not a whole number from 1 to 1000', () => {
    for (const bad of ['0', '-1', '2.5', 'ten', '1001', '']) {
      expect(() => postgresTarget(`postgres://u@db/truecost?pool_size=${bad}`)).toThrow(UsageError);
    }
  });
});

describe('dbListenUrlOf', () => {
  it('takes --db-listen-url, else TRUECOST_DB_LISTEN_URL, else none, without truecost’s own parameters', () => {
    const env = { TRUECOST_DB_LISTEN_URL: 'postgres://u@primary/truecost' };
    expect(dbListenUrlOf('postgresql://u@direct:5432/truecost?schema=shop&sslmode=require', env)).toBe('postgresql://u@direct:5432/truecost?sslmode=require');
    expect(dbListenUrlOf(undefined, env)).toBe('postgres://u@primary/truecost');
    expect(dbListenUrlOf(undefined, { TRUECOST_DB_LISTEN_URL: '' })).toBeUndefined();
    expect(dbListenUrlOf(undefined, {})).toBeUndefined();
  });

  it('refuses a URL that is not PostgreSQL', () => {
    for (const bad of ['sqlite:./truecost.db', 'memory:', 'http://db/truecost', 'primary:5432']) {
      expect(() => dbListenUrlOf(bad, {})).toThrow(UsageError);
    }
  });
});
