import { InvalidConfigError } from '@rlver/spec';
import { BORROWED_FAMILIES } from './borrowed-families';
import { INJECTION_FAMILIES } from './injection-families';
import { QUOTE_FAMILIES } from './quote-families';
import type { RedTeamFamily } from './redteam-family';
import { REPEAT_FAMILIES } from './repeat-families';
import { SLOT_FAMILIES } from './slot-families';
import { SURFACE_FAMILIES } from './surface-families';

/** The registry of degenerate families, in report order; a new family is one entry in one of these lists. */
export const REDTEAM_FAMILIES: readonly RedTeamFamily[] = [
  ...SURFACE_FAMILIES,
  ...BORROWED_FAMILIES,
  ...QUOTE_FAMILIES,
  ...SLOT_FAMILIES,
  ...INJECTION_FAMILIES,
  ...REPEAT_FAMILIES,
];

/** Families by id (all when `ids` is empty or undefined); an unknown id throws naming the known ones. */
export function selectFamilies(ids: readonly string[] | undefined): RedTeamFamily[] {
  if (!ids || ids.length === 0) return [...REDTEAM_FAMILIES];
  return ids.map((id) => {
    const family = REDTEAM_FAMILIES.find((candidate) => candidate.id === id);
    if (!family) {
      throw new InvalidConfigError({
        field: 'families',
        message: `unknown red-team family "${id}"; use one of: ${REDTEAM_FAMILIES.map((candidate) => candidate.id).join(', ')}`,
      });
    }
    return family;
  });
}
