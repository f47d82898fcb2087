/**
 * `@tensorflow/tfjs-core`'s Node bundle registers neither gradient functions nor chained ops; the
 * union package does both (into tfjs-core's global registries) on import. Imported for its side effect
 * (`import '@rlver/optim/register-gradients'`) by the engine modules of `@rlver/model` that compute gradients,
 * so that `tf.variableGrads` works for the RL packages too once the model is loaded. Packages that must not
 * load the union bundle at import time call `ensureGradientsRegistered()` instead.
 */
import '@tensorflow/tfjs';
