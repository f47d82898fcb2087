export {
  type AuditedDialogue,
  auditReplies,
  type DegenerateSample,
  type ReplyAuditReport,
  type StepSpanMonitors,
} from './audit/audit-replies';
export { formatMonitorLines, formatReplyAudit } from './audit/format-reply-audit';
export { type AuditFormat, type AuditSource, listAuditFiles, readAuditFile } from './audit/read-audit-sources';
export {
  type CapabilityJudge,
  type CapabilityJudgeOptions,
  type CapabilityScores,
  createCapabilityJudge,
  type JudgeOutput,
  judgeOutputSchema,
  parseJudgeOutput,
} from './judge/capability-judge';
export { buildJudgeMessages, JUDGE_PROMPT_VERSION, renderDialogueForJudge } from './judge/judge-prompt';
export {
  CAPABILITIES,
  CAPABILITY_RUBRIC,
  type Capability,
  type CapabilityRubric,
  renderRubric,
} from './judge/judge-rubric';
export { type CapabilityJudgeSummary, type JudgedEpisode, judgeTrajectories } from './judge/judge-run';
export { formatLeaderboardTable, leaderboardJson } from './leaderboard/format-leaderboard';
export {
  importLeaderboard,
  type LeaderboardRow,
  listResultFiles,
  modelNameOf,
  readScoredEpisodes,
} from './leaderboard/import-leaderboard';
export { type SageScoreRecord, sageScoreRecordSchema } from './leaderboard/sage-score-record';
export {
  areaUnderCurve,
  carryForward,
  computeEmotionCurve,
  type EmotionCurve,
  emotionPoints,
  turnsToSuccess,
  volatility,
} from './metrics/emotion-curve';
export { computeStrategyProfile, type StrategyProfile, type SyncStrategyTagger } from './metrics/strategy-profile';
export {
  computeTrajectoryMetrics,
  type EndingKind,
  endingKindOf,
  type TrajectoryMetrics,
  type TrajectoryMetricsOptions,
} from './metrics/trajectory-metrics';
export {
  type AdaptiveAttackOptions,
  type AdaptiveExploit,
  runAdaptiveAttack,
} from './redteam/adaptive/adaptive-attack';
export { type AttackPiece, renderAttack, stockPieces } from './redteam/adaptive/attack-pieces';
export { ATTACK_SEEDS, type AttackSeed } from './redteam/adaptive/attack-seeds';
export {
  type CollectRedTeamTurnsOptions,
  collectRedTeamTurns,
  evenlySpaced,
  languageOfRecord,
  type RedTeamTurn,
} from './redteam/collect-redteam-turns';
export { REDTEAM_FAMILIES, selectFamilies } from './redteam/families/redteam-families';
export type { RedTeamFamily, VariantContext } from './redteam/families/redteam-family';
export { formatRedTeamReport } from './redteam/format-redteam-report';
export { REDTEAM_CI_THRESHOLDS, type RedTeamThresholds } from './redteam/redteam-ci-thresholds';
export { loadReferenceDialogues, referenceDialoguesPath } from './redteam/reference-dialogues';
export {
  type FamilyResult,
  type LanguageSummary,
  type RedTeamComparison,
  type RedTeamReport,
  type RunRedTeamOptions,
  runRedTeam,
  variantsOf,
} from './redteam/run-redteam';
export { summarizeComparisons, winOf } from './redteam/summarize-comparisons';
export { escapeHtml } from './report/escape-html';
export { loadReportRuns, loadReportSources, readTrajectoryFile } from './report/load-report-runs';
export { isTrainingRunDirectory, loadTrainingRun } from './report/load-training-run';
export {
  type RenderReportOptions,
  type ReportJudgeSummary,
  type ReportRun,
  renderReport,
} from './report/render-report';
export { outcomeOf, sampleTranscripts, type TranscriptOutcome } from './report/sample-transcripts';
export { type LiveReportOptions, serveLiveReport, sourcesVersion } from './report/serve-live-report';
export { STEP_CHARTS, type StepChartSpec } from './report/step-charts';
export {
  type BarGroup,
  type LineSeries,
  renderGroupedBars,
  renderLegend,
  renderLineChart,
  renderSparkline,
  seriesColor,
} from './report/svg-charts';
export { type SeriesData, type TrainingSeries, toSeriesData } from './report/training-series';
export { checkErrorShare, TooManyErroredDialoguesError } from './run/check-error-share';
export { checkRunIdentity, firstIdentityDifference } from './run/check-run-identity';
export {
  importResults,
  loadResultsForResume,
  RESULT_FILES,
  type RunDirectory,
  readRunDirectory,
  resultPaths,
  writeFileAtomic,
} from './run/results-files';
export {
  type BenchmarkProgress,
  type BenchmarkResult,
  type RunBenchmarkOptions,
  runBenchmark,
} from './run/run-benchmark';
export { writeSageResults } from './run/write-sage-results';
export {
  computeRepeatedScore,
  computeSentientScore,
  type ExcludedEpisode,
  isScoredEpisode,
  type MeanStd,
  type RepeatedScore,
  SAGE_THRESHOLDS,
  type ScoredEpisode,
  type ScoreThresholds,
  type SentientScore,
} from './score/compute-sentient-score';
export { roundMeanHalfUp } from './score/round-half-up';
export {
  type BenchmarkSettings,
  type BenchmarkSummary,
  benchmarkSettingsSchema,
  benchmarkSummarySchema,
} from './summary/benchmark-summary';
export { type BuildSummaryOptions, buildBenchmarkSummary } from './summary/build-summary';
