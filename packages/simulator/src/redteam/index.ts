export { type AdaptiveAttackOptions, type AdaptiveExploit, runAdaptiveAttack } from './adaptive-attack';
export { formatRedTeamReport } from './format-redteam-report';
export { REDTEAM_CI_THRESHOLDS } from './redteam-ci-thresholds';
export { REDTEAM_FAMILIES, type RedTeamFamily, selectFamilies, type VariantContext } from './redteam-families';
export { loadReferenceDialogues, referenceDialoguesPath } from './reference-dialogues';
export {
  changeOf,
  collectRedTeamTurns,
  type FamilyResult,
  type RedTeamReport,
  type RedTeamTurn,
  type RunRedTeamOptions,
  runRedTeam,
} from './run-redteam';
