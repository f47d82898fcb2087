export type { ScoreSequencesOptions, SequenceScores, TrainableLanguageModel } from './trainable-language-model';
