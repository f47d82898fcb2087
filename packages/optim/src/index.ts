export {
  type AdamW,
  type AdamWConfigInput,
  type AdamWState,
  adamWConfigSchema,
  createAdamW,
  type ImportStateOptions,
  variablesByIndex,
} from './adamw';
export { type ClippedGradients, clipByGlobalNorm, clipGradientsByGlobalNorm, globalNorm } from './clip-by-global-norm';
export { ensureGradientsRegistered } from './ensure-gradients-registered';
export type { NamedFloatTensor } from './named-float-tensor';
export { variableFrom } from './variable-from';
