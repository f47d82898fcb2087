export { CallTimeoutError } from './call-timeout-error';
export { EpisodeAbortedError } from './episode-aborted-error';
export { PolicyOutputError } from './policy-output-error';
