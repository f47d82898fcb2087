/**
 * Pretrain the embedded policy (`assets/embedded`) on the generated bilingual corpus: next-token loss on
 * assistant tokens only, AdamW, global-norm clipping, warm-up + cosine schedule. Seeded: the same flags on the
 * same backend give the same checkpoint. Run the tokenizer first (`scripts/build-tokenizer.ts`).
 * Usage: `pnpm --filter @rlver/policy pretrain [--steps 750] [--batch 12] [--seed 1234] [--out DIR]`; the
 * shipped checkpoint adds a second phase with `--init-from` (exact commands: corpus/README.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createTransformerModel,
  initTfBackend,
  loadPolicyTokenizer,
  loadTransformerModel,
  saveCheckpoint,
} from '@rlver/model';
import { clipGradientsByGlobalNorm, createAdamW } from '@rlver/optim';
import { embeddedModelDirectory } from '@rlver/policy';
import { createRng, hashSeed, safeParseJSON } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { generateCorpus } from '../corpus/generate-corpus';
import { shippedHeldOutText } from '../corpus/held-out';
import {
  bucketBatches,
  encodeDialogue,
  type PaddedBatch,
  padBatch,
  type TrainingSample,
} from './embedded-training-data';
import { type MaskedBatchTensors, maskedLanguageModelLoss } from './masked-language-model-loss';

const { values: flags } = parseArgs({
  options: {
    seed: { type: 'string', default: '1234' },
    /** Continue from this checkpoint (a second phase) instead of a fresh, seeded initialisation. */
    'init-from': { type: 'string' },
    /**
     * Width of a copy (pointer-generator) head's query/key projections (`rlver_copy_head`); 0 = none. With
     * --init-from a checkpoint without one, the head is added fresh (gate ≈ 0.05) and the rest warm-starts.
     */
    'copy-head': { type: 'string', default: '0' },
    'thinking-fraction': { type: 'string', default: '0.25' },
    'generic-event-fraction': { type: 'string', default: '0' },
    /** Share of replies that quote a clause of the user's last message (corpus/quote-templates.ts). */
    'quote-fraction': { type: 'string', default: '0' },
    /** Share of names, openers and details from the copy curriculum (corpus/copy-curriculum.ts). */
    'copy-curriculum-fraction': { type: 'string', default: '0' },
    /** Share of replies in the reply's own words about this user (corpus/grounded-templates-*.ts), drawn before quotes. */
    'grounded-fraction': { type: 'string', default: '0' },
    /** tfjs backend: tensorflow (native, fastest; `pnpm setup:native`), wasm or cpu. Default: the fastest. */
    backend: { type: 'string' },
    dialogues: { type: 'string', default: '8000' },
    steps: { type: 'string', default: '750' },
    batch: { type: 'string', default: '12' },
    'learning-rate': { type: 'string', default: '0.003' },
    'warmup-steps': { type: 'string', default: '20' },
    'max-length': { type: 'string', default: '288' },
    'log-every': { type: 'string', default: '10' },
    'save-every': { type: 'string', default: '150' },
    out: { type: 'string', default: embeddedModelDirectory() },
  },
  strict: true,
});
const seed = Number(flags.seed);
const totalSteps = Number(flags.steps);
const batchSize = Number(flags.batch);
const peakLearningRate = Number(flags['learning-rate']);
const warmupSteps = Number(flags['warmup-steps']);
const maxLength = Number(flags['max-length']);

const preferredBackend = flags.backend;
if (preferredBackend !== undefined && !['tensorflow', 'wasm', 'cpu'].includes(preferredBackend))
  throw new RangeError(`--backend ${preferredBackend}: use tensorflow, wasm or cpu`);
const backend = await initTfBackend(
  preferredBackend ? { preferred: preferredBackend as 'tensorflow' | 'wasm' | 'cpu' } : {},
);
const tokenizer = await loadPolicyTokenizer(flags.out);
const idOf = (token: string): number => {
  const id = tokenizer.tokenToId(token);
  if (id === undefined)
    throw new RangeError(`${token} is missing from ${flags.out}/tokenizer.json; rebuild the tokenizer`);
  return id;
};
const imEnd = idOf('<|im_end|>');
const endOfText = idOf('<|endoftext|>');

// Corpus → token ids with an assistant-only loss mask.
// Multi-turn and mostly prompt-free dialogues: more assistant (trained) tokens per token processed.
const heldOut = shippedHeldOutText();
const dialogues = generateCorpus({
  seed,
  dialogueCount: Number(flags.dialogues),
  thinkingFraction: Number(flags['thinking-fraction']),
  noSystemFraction: 0.7,
  genericEventFraction: Number(flags['generic-event-fraction']),
  quoteFraction: Number(flags['quote-fraction']),
  copyCurriculumFraction: Number(flags['copy-curriculum-fraction']),
  groundedFraction: Number(flags['grounded-fraction']),
  turnCountWeights: [0.3, 0.35, 0.35],
  // Decontamination: no held-out user's opening or story sentence (the simulator's test split) is pretrained on.
  heldOut,
});
const encoding = {
  render: (messages: Parameters<typeof tokenizer.applyChatTemplate>[0], addGenerationPrompt: boolean) =>
    tokenizer.applyChatTemplate(messages, { addGenerationPrompt }),
  encode: (text: string) => tokenizer.encode(text),
};
const allSamples = dialogues.map((dialogue) => encodeDialogue(dialogue.messages, encoding));
const samples = allSamples.filter((sample) => sample.ids.length <= maxLength);
const corpusTokens = samples.reduce((sum, sample) => sum + sample.ids.length, 0);
const corpusTargets = samples.reduce((sum, sample) => sum + sample.lossMask.reduce((a, b) => a + b, 0), 0);
console.log(
  `corpus: ${dialogues.length} dialogues, ${samples.length} ≤ ${maxLength} tokens kept, ${corpusTokens} tokens, ${corpusTargets} assistant tokens`,
);

const initFrom = flags['init-from'];
const previousPhases = initFrom ? readPreviousPhases(initFrom) : [];
const copyHeadWidth = Number(flags['copy-head']);
if (!Number.isInteger(copyHeadWidth) || copyHeadWidth < 0)
  throw new RangeError(`--copy-head ${flags['copy-head']}: give the copy head's key width (e.g. 32), or 0 for none`);
const model = initFrom
  ? await loadTransformerModel(initFrom, {
      ...(copyHeadWidth > 0 && !(await hasCopyHead(initFrom))
        ? { addCopyHead: { keyDim: copyHeadWidth, seed: hashSeed('embedded-copy-head', seed) } }
        : {}),
    })
  : createTransformerModel({
      config: {
        modelType: 'qwen2',
        vocabSize: tokenizer.vocabSize,
        hiddenSize: 128,
        intermediateSize: 384,
        numHiddenLayers: 4,
        numAttentionHeads: 4,
        numKeyValueHeads: 2,
        maxPositionEmbeddings: 1024,
        tieWordEmbeddings: true,
        eosTokenIds: [imEnd, endOfText],
        padTokenId: endOfText,
        copyHead: copyHeadWidth > 0 ? { keyDim: copyHeadWidth } : null,
      },
      seed: hashSeed('embedded-init', seed),
    });

/** Whether the checkpoint in `directory` already has a copy head (config.json `rlver_copy_head`). */
async function hasCopyHead(directory: string): Promise<boolean> {
  const parsed = safeParseJSON(readFileSync(join(directory, 'config.json'), 'utf8'));
  return (
    parsed.success && typeof parsed.value === 'object' && parsed.value !== null && 'rlver_copy_head' in parsed.value
  );
}

/** The phases recorded in `training.json` of the checkpoint we continue from. */
function readPreviousPhases(directory: string): unknown[] {
  const parsed = safeParseJSON(readFileSync(join(directory, 'training.json'), 'utf8'));
  if (!parsed.success || typeof parsed.value !== 'object' || parsed.value === null) return [];
  const { previousPhases = [], lossCurve: _lossCurve, ...phase } = parsed.value as Record<string, unknown>;
  return [...(previousPhases as unknown[]), phase];
}
console.log(`model: ${model.parameterCount()} parameters, backend ${backend}`);

function batchTensors(batch: PaddedBatch): MaskedBatchTensors {
  const positions: number[] = [];
  const targets: number[] = [];
  const rowsOfPositions: number[] = [];
  batch.targetMask.forEach((trained, index) => {
    if (trained === 0) return;
    positions.push(index);
    const row = Math.floor(index / (batch.length - 1));
    rowsOfPositions.push(row);
    targets.push(batch.inputIds[row * batch.length + (index % (batch.length - 1)) + 1] as number);
  });
  return {
    inputIds: tf.tensor2d(batch.inputIds, [batch.batch, batch.length], 'int32'),
    attentionMask: tf.tensor2d(batch.attentionMask, [batch.batch, batch.length], 'int32'),
    positions: tf.tensor1d(positions, 'int32'),
    targets: tf.tensor1d(targets, 'int32'),
    rowsOfPositions: tf.tensor1d(rowsOfPositions, 'int32'),
  };
}

function learningRateAt(step: number): number {
  if (step < warmupSteps) return (peakLearningRate * (step + 1)) / warmupSteps;
  const progress = (step - warmupSteps) / Math.max(1, totalSteps - warmupSteps);
  return peakLearningRate * (0.1 + 0.45 * (1 + Math.cos(Math.PI * Math.min(1, progress))));
}

const optimizer = createAdamW({ learningRate: peakLearningRate, weightDecay: 0.01, betas: [0.9, 0.98] });
const variables = model.policyVariables();
const batchRng = createRng(hashSeed('embedded-batches', seed));
let queue: TrainingSample[][] = [];
const lossCurve: Array<{ step: number; loss: number; learningRate: number; gradNorm: number }> = [];
const recentLosses: number[] = [];
const started = Date.now();
const cpuStarted = process.cpuUsage();
let tokensSeen = 0;

async function save(step: number, finalLoss: number): Promise<void> {
  await saveCheckpoint({ directory: flags.out, model, tokenizer });
  const cpu = process.cpuUsage(cpuStarted);
  const metadata = {
    schemaVersion: 1,
    seed,
    initFrom: initFrom ?? null,
    copyHead: model.config.copyHead,
    corpusOptions: {
      thinkingFraction: Number(flags['thinking-fraction']),
      genericEventFraction: Number(flags['generic-event-fraction']),
      quoteFraction: Number(flags['quote-fraction']),
      copyCurriculumFraction: Number(flags['copy-curriculum-fraction']),
      groundedFraction: Number(flags['grounded-fraction']),
      decontaminated: {
        against: '@rlver/simulator test scenarios (zh + en)',
        openings: heldOut.openings.size,
        sentences: heldOut.sentences.size,
      },
    },
    steps: step,
    plannedSteps: totalSteps,
    batchSize,
    peakLearningRate,
    warmupSteps,
    schedule: 'linear warm-up, cosine to 10 %',
    optimizer: { name: 'AdamW', betas: [0.9, 0.98], weightDecay: 0.01, clipGlobalNorm: 1 },
    finalLoss,
    corpus: {
      dialogues: dialogues.length,
      samples: samples.length,
      tokens: corpusTokens,
      assistantTokens: corpusTargets,
    },
    tokensSeen,
    parameters: model.parameterCount(),
    backend,
    wallTimeSeconds: Math.round((Date.now() - started) / 1000),
    cpuTimeSeconds: Math.round((cpu.user + cpu.system) / 1e6),
    node: process.version,
    lossCurve,
    previousPhases,
  };
  writeFileSync(join(flags.out, 'training.json'), `${JSON.stringify(metadata, null, 2)}\n`);
}

for (let step = 0; step < totalSteps; step += 1) {
  if (queue.length === 0) queue = bucketBatches(samples, batchSize, batchRng);
  const padded = padBatch(queue.pop() as TrainingSample[], endOfText);
  tokensSeen += padded.batch * padded.length;
  const tensors = batchTensors(padded);
  optimizer.learningRate = learningRateAt(step);
  const { value, grads } = tf.variableGrads(() => maskedLanguageModelLoss(model, tensors), variables);
  const clipped = clipGradientsByGlobalNorm(grads, 1);
  optimizer.applyGradients(clipped.gradients);
  const loss = (await value.data())[0] as number;
  tf.dispose([
    value,
    grads,
    clipped.gradients,
    tensors.inputIds,
    tensors.attentionMask,
    tensors.positions,
    tensors.targets,
    tensors.rowsOfPositions,
  ]);
  recentLosses.push(loss);
  if (recentLosses.length > 20) recentLosses.shift();
  const meanLoss = recentLosses.reduce((a, b) => a + b, 0) / recentLosses.length;
  if ((step + 1) % Number(flags['log-every']) === 0 || step === 0) {
    lossCurve.push({
      step: step + 1,
      loss: meanLoss,
      learningRate: optimizer.learningRate,
      gradNorm: clipped.globalNorm,
    });
    const elapsed = (Date.now() - started) / 1000;
    const eta = (elapsed / (step + 1)) * (totalSteps - step - 1);
    console.log(
      `step ${step + 1}/${totalSteps} loss ${meanLoss.toFixed(3)} lr ${optimizer.learningRate.toExponential(2)} ` +
        `grad ${clipped.globalNorm.toFixed(2)} ${(tokensSeen / elapsed).toFixed(0)} tok/s ` +
        `elapsed ${elapsed.toFixed(0)} s eta ${eta.toFixed(0)} s tensors ${tf.memory().numTensors}`,
    );
  }
  if ((step + 1) % Number(flags['save-every']) === 0 && step + 1 < totalSteps) await save(step + 1, meanLoss);
}
const finalLoss = recentLosses.reduce((a, b) => a + b, 0) / Math.max(1, recentLosses.length);
await save(totalSteps, finalLoss);
console.log(`saved ${flags.out}: final loss ${finalLoss.toFixed(3)} after ${totalSteps} steps`);
