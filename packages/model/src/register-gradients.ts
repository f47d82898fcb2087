/**
 * `@tensorflow/tfjs-core`'s Node bundle registers neither gradient functions nor chained ops; the
 * union package does both (into tfjs-core's global registries) on import. Imported for its side effect
 * by every module of this package that computes gradients, so that `tf.variableGrads` works for the RL
 * packages too once `@rlver/policy` is loaded.
 */
import '@tensorflow/tfjs';
