export { type BootstrapInterval, bootstrapInterval } from './bootstrap-interval';
export { mean, meanAndStd } from './mean';
export { averageRanks, kendallTau, pearsonCorrelation, spearmanRho } from './rank-correlation';
