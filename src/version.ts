// Written by scripts/write-version.mjs from package.json; do not edit.

/**
 * The version of the truecost package, as in its package.json.
 *
 * @remarks Since 0.2.0
 */
export const PACKAGE_VERSION = '0.5.0';
