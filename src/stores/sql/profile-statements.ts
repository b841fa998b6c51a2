// The statements of partners' profiles and project catalogues, and of the grams of the recorded
// calculations an order names, both dialects share (./profiles.ts runs them).
import type { SqlDialect } from './dialect.js';

/** The statements of profiles, projects and an order's calculations, in the dialect's spelling. */
export function profileStatements(dialect: SqlDialect) {
  return {
    profile: `SELECT display_name, grams_per_clime, locale FROM partners WHERE partner_id = :partnerId`,
    setProfile: `INSERT INTO partners (partner_id, display_name, grams_per_clime, locale, created_at, updated_at)
    VALUES (:partnerId, :displayName, :gramsPerClime, :locale, :now, :now)
    ON CONFLICT (partner_id) DO UPDATE SET display_name = excluded.display_name,
    grams_per_clime = excluded.grams_per_clime, locale = excluded.locale, updated_at = excluded.updated_at`,
    putProject: `INSERT INTO partner_projects (partner_id, project_id, name, registry, registry_url, created_at, updated_at)
    VALUES (:partnerId, :projectId, :name, :registry, :registryUrl, :now, :now)
    ON CONFLICT (partner_id, project_id) DO UPDATE SET name = excluded.name, registry = excluded.registry,
    registry_url = excluded.registry_url, updated_at = excluded.updated_at`,
    project: `SELECT * FROM partner_projects WHERE partner_id = :partnerId AND project_id = :projectId`,
    projects: `SELECT * FROM partner_projects WHERE partner_id = :partnerId ORDER BY project_id`,
    removeProject: `DELETE FROM partner_projects WHERE partner_id = :partnerId AND project_id = :projectId`,
    // The well-to-wheel grams of the scope's calculations among the ids an order batch names.
    calculationGrams: `SELECT calculation_id, well_to_wheel_g FROM calculations
    WHERE partner_id = :partnerId AND environment = :environment AND calculation_id IN (SELECT value FROM ${dialect.textList('ids')})`,
  } as const;
}
