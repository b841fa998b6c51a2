// Partners' profiles and project catalogues in the SQL stores (../../orders/profiles.ts), and the
// grams of the recorded calculations an order names: the methods, each one statement of
// ./profile-statements.ts (or, for a project, the partner's row first: partners are never deleted,
// so the two need no transaction).
import type { PartnerProfile, ProfileLocale, ProfileStore, ProjectRecord } from '../../orders/profiles.js';
import type { Scope } from '../../orders/types.js';
import type { Decoders, SqlDialect, SqlInteger } from './dialect.js';
import type { SqlRunner } from './queries.js';

interface ProfileRow {
  display_name: string | null;
  grams_per_clime: SqlInteger | null;
  locale: ProfileLocale | null;
}

interface ProjectRow {
  partner_id: string;
  project_id: string;
  name: string;
  registry: string | null;
  registry_url: string | null;
  created_at: SqlInteger;
  updated_at: SqlInteger;
}

/** A row of the `calculationGrams` statement. */
export interface CalculationGramsRow {
  calculation_id: string;
  well_to_wheel_g: SqlInteger;
}

/** The grams of each calculation of the rows, by id, for the order machine's snapshot. */
export function calculationGramsOf(decode: Decoders, rows: readonly CalculationGramsRow[]): Map<string, number> {
  return new Map(rows.map((row) => [row.calculation_id, decode.integer(row.well_to_wheel_g)]));
}

/** The parameters of the `calculationGrams` statement. */
export function calculationGramsParameters(dialect: SqlDialect, scope: Scope, ids: readonly string[]): Record<string, unknown> {
  return { partnerId: scope.partnerId, environment: scope.environment, ids: dialect.encodeTextList(ids) };
}

/** The profile and project methods of a SQL store. */
export function sqlProfileMethods(runner: SqlRunner, dialect: SqlDialect): ProfileStore {
  const project = (row: ProjectRow): ProjectRecord => ({
    partnerId: row.partner_id,
    projectId: row.project_id,
    name: row.name,
    registry: row.registry,
    registryUrl: row.registry_url,
    createdAt: dialect.decode.integer(row.created_at),
    updatedAt: dialect.decode.integer(row.updated_at),
  });
  return {
    async getProfile(partnerId): Promise<PartnerProfile> {
      const row = await runner.get<ProfileRow>('profile', { partnerId });
      return {
        displayName: row?.display_name ?? null,
        gramsPerClime: row?.grams_per_clime === null || row?.grams_per_clime === undefined ? null : dialect.decode.integer(row.grams_per_clime),
        locale: row?.locale ?? null,
      };
    },
    async setProfile(partnerId, profile, now) {
      await runner.run('setProfile', { partnerId, ...profile, now });
    },
    async putProject(record, now) {
      await runner.run('ensurePartner', { partnerId: record.partnerId, now });
      await runner.run('putProject', { ...record, now });
    },
    async getProject(partnerId, projectId) {
      const row = await runner.get<ProjectRow>('project', { partnerId, projectId });
      return row === undefined ? undefined : project(row);
    },
    async listProjects(partnerId) {
      return (await runner.all<ProjectRow>('projects', { partnerId })).map(project);
    },
    async removeProject(partnerId, projectId) {
      return (await runner.run('removeProject', { partnerId, projectId })) > 0;
    },
  };
}
