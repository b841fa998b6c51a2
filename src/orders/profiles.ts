// The partner's face on its certificates (docs/api.md, "Certificates"): the name its customers know
// it by, the CO2e one of its climes stands for, the language its certificates speak, and the
// catalogue of projects its orders name by `project_id`. Set by an operator (`truecost partners
// set-profile`, `truecost projects add`) or by the partner in its dashboard.

/** The languages a certificate speaks: English and Hindi. */
export const PROFILE_LOCALES = ['en', 'hi'] as const;

/** A language of certificates: `'en'` or `'hi'`. */
export type ProfileLocale = (typeof PROFILE_LOCALES)[number];

/** Longest display name, project name or registry name, in characters. */
export const MAX_PROFILE_TEXT_LENGTH = 120;
/** Longest registry address, in characters. */
export const MAX_REGISTRY_URL_LENGTH = 2048;
/** Most grams of CO2e one clime may stand for: 1000 tonnes. */
export const MAX_GRAMS_PER_CLIME = 1_000_000_000;

/** A partner's profile; each field null until it is set. */
export interface PartnerProfile {
  /** The shop's name as its customers know it. */
  readonly displayName: string | null;
  /** The CO2e one clime of the partner stands for, in whole grams (the partner's rate; truecost keeps none). */
  readonly gramsPerClime: number | null;
  /** The language of the partner's certificates. */
  readonly locale: ProfileLocale | null;
}

/** A profile with nothing set. */
export const EMPTY_PROFILE: PartnerProfile = { displayName: null, gramsPerClime: null, locale: null };

/** A project of a partner's catalogue. Times are milliseconds since the epoch. */
export interface ProjectRecord {
  readonly partnerId: string;
  /** The `project_id` orders name it by. */
  readonly projectId: string;
  readonly name: string;
  /** The registry that lists the project (Verra, Gold Standard, ...), or null. */
  readonly registry: string | null;
  /** The project's page at its registry: http or https only, or null. */
  readonly registryUrl: string | null;
  /** When the project was added, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the project was last replaced, in milliseconds since the epoch. */
  readonly updatedAt: number;
}

/** Partners' profiles and project catalogues. Every store keeps them (docs/stores.md). */
export interface ProfileStore {
  /** The partner's profile; every field null for a partner that never set one, or an unknown partner. */
  getProfile(partnerId: string): Promise<PartnerProfile>;
  /** Replaces the partner's profile, creating the partner when needed. */
  setProfile(partnerId: string, profile: PartnerProfile, now: number): Promise<void>;
  /** Adds the project to the partner's catalogue, or replaces the one with its id (keeping `createdAt`); creates the partner when needed. */
  putProject(project: Omit<ProjectRecord, 'createdAt' | 'updatedAt'>, now: number): Promise<void>;
  /** The project with this id in the partner's catalogue. */
  getProject(partnerId: string, projectId: string): Promise<ProjectRecord | undefined>;
  /** The partner's catalogue, by project id. */
  listProjects(partnerId: string): Promise<ProjectRecord[]>;
  /** Removes the project from the catalogue; false when it held none with this id. */
  removeProject(partnerId: string, projectId: string): Promise<boolean>;
}

/**
 * The grams of a kg-per-clime rate as given (`'10'`, `'0.5'`): a number above 0 with at most three
 * decimals (whole grams), at most {@link MAX_GRAMS_PER_CLIME}; undefined for anything else.
 *
 * @example
 * ```ts
 * gramsPerClimeOf('2.5'); // 2500
 * gramsPerClimeOf('0.0001'); // undefined: finer than a gram
 * ```
 */
export function gramsPerClimeOf(kg: string): number | undefined {
  if (!/^\d+(\.\d{1,3})?$/.test(kg.trim())) return undefined;
  const grams = Math.round(Number(kg.trim()) * 1000);
  return grams > 0 && grams <= MAX_GRAMS_PER_CLIME ? grams : undefined;
}

/** Why a registry address is refused, or undefined when it is an absolute http or https URL. */
export function registryUrlProblem(url: string): string | undefined {
  if (url.length > MAX_REGISTRY_URL_LENGTH) return `it must be at most ${MAX_REGISTRY_URL_LENGTH} characters`;
  if (!URL.canParse(url)) return 'it is not an absolute URL';
  const { protocol, username, password } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return 'it must be an http or https URL';
  if (username !== '' || password !== '') return 'it must not carry credentials';
  return undefined;
}

/** Why a display, project or registry name is refused, or undefined when it is 1 to 120 printable characters. */
export function profileTextProblem(text: string): string | undefined {
  if (text.trim() === '') return 'it must not be empty';
  if (text.length > MAX_PROFILE_TEXT_LENGTH) return `it must be at most ${MAX_PROFILE_TEXT_LENGTH} characters`;
  // Control characters (line breaks included) and unpaired surrogates have no place in a name on a page.
  if (/[\u0000-\u001f\u007f]/.test(text) || !text.isWellFormed()) return 'it must not contain control characters';
  return undefined;
}
