// The memory store's partner profiles and project catalogues (../../orders/profiles.ts).
import { EMPTY_PROFILE, type PartnerProfile, type ProfileStore, type ProjectRecord } from '../../orders/profiles.js';

/** The profile and project methods of a memory store. */
export function memoryProfiles(): ProfileStore {
  const profiles = new Map<string, PartnerProfile>();
  /** Each partner's projects, by project id. */
  const projects = new Map<string, Map<string, ProjectRecord>>();
  return {
    async getProfile(partnerId) {
      return { ...(profiles.get(partnerId) ?? EMPTY_PROFILE) };
    },
    async setProfile(partnerId, profile) {
      profiles.set(partnerId, { displayName: profile.displayName, gramsPerClime: profile.gramsPerClime, locale: profile.locale });
    },
    async putProject(project, now) {
      const catalogue = projects.get(project.partnerId) ?? new Map<string, ProjectRecord>();
      projects.set(project.partnerId, catalogue);
      const createdAt = catalogue.get(project.projectId)?.createdAt ?? now;
      const { partnerId, projectId, name, registry, registryUrl } = project;
      catalogue.set(projectId, { partnerId, projectId, name, registry, registryUrl, createdAt, updatedAt: now });
    },
    async getProject(partnerId, projectId) {
      const found = projects.get(partnerId)?.get(projectId);
      return found === undefined ? undefined : { ...found };
    },
    async listProjects(partnerId) {
      return [...(projects.get(partnerId)?.values() ?? [])].sort((a, b) => (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0)).map((project) => ({ ...project }));
    },
    async removeProject(partnerId, projectId) {
      return projects.get(partnerId)?.delete(projectId) ?? false;
    },
  };
}
