import { UnsupportedSpecVersionError } from './errors/unsupported-spec-version-error';

/** Throw `UnsupportedSpecVersionError` unless `implementation.specificationVersion` is `v1`. */
export function assertSpecV1<T extends { specificationVersion: string }>(implementation: T, what: string): T {
  if (implementation.specificationVersion !== 'v1') {
    throw new UnsupportedSpecVersionError({ what, version: implementation.specificationVersion, supported: ['v1'] });
  }
  return implementation;
}
