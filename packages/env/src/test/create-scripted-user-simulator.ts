import {
  bandOf,
  type EmotionSettings,
  type Language,
  LLMCallError,
  type Profile,
  type SimulatorState,
  type SimulatorTurnResult,
  type UserSimulatorV1,
} from '@rlver/spec';
import { SCRIPTED_SETTINGS } from './scripted-settings';
import { sleepWithSignal } from './sleep-with-signal';

/** One scripted answer of the simulated user. */
export interface ScriptedUserTurn {
  message: string;
  /** Proposed change (clamped and capped by the settings). */
  delta: number;
  innerThoughts?: string;
  /** Force an ending; otherwise the settings' ceiling/floor thresholds decide. */
  ended?: 'goodbye' | 'ceiling' | 'floor';
  /** Throw `LLMCallError` with this message instead of answering. */
  error?: string;
  /** Extra wait before answering (real timers). */
  delayMs?: number;
}

export interface ScriptedUserSimulatorOptions {
  /** Answer k is `turns[k]` (k = replies judged so far; the last entry repeats), or a function of the reply. */
  turns: ScriptedUserTurn[] | ((reply: string, state: SimulatorState) => ScriptedUserTurn);
  /** Default: the `sage` preset. */
  settings?: EmotionSettings;
  /** Opening message; default the profile's `first_talk`, else `Hi.`. */
  opening?: string;
  /** Throw `LLMCallError` from `doStart` with this message. */
  startError?: string;
  /** Wait before every call (real timers). */
  delayMs?: number;
  simulatorId?: string;
  lang?: Language;
}

/** What the scripted simulator was asked (for assertions). */
export interface ScriptedSimulatorCall {
  kind: 'start' | 'respond';
  profileId: string;
  seed: number;
  /** The reply it was given (`respond` only). */
  reply?: string;
}

export interface ScriptedUserSimulator extends UserSimulatorV1 {
  readonly calls: ScriptedSimulatorCall[];
  /** Most calls in flight at once. */
  readonly maxInFlight: number;
}

function thresholdOf(settings: EmotionSettings, emotion: number): 'ceiling' | 'floor' | undefined {
  if (settings.ceilingStop !== null && emotion >= settings.ceilingStop) return 'ceiling';
  const floor = settings.floorStop;
  if (floor && (floor.operator === '<' ? emotion < floor.value : emotion <= floor.value)) return 'floor';
  return undefined;
}

/**
 * A deterministic `UserSimulatorV1` that plays a script. Stateless like the real ones (the turn index lives in
 * `SimulatorState.turn`), so cloned states replay the same answers. Records every call.
 */
export function createScriptedUserSimulator(options: ScriptedUserSimulatorOptions): ScriptedUserSimulator {
  const settings = options.settings ?? SCRIPTED_SETTINGS.sage;
  const calls: ScriptedSimulatorCall[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const track = async <T>(delayMs: number | undefined, signal: AbortSignal | undefined, work: () => T): Promise<T> => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await sleepWithSignal(delayMs ?? 0, signal);
      return work();
    } finally {
      inFlight -= 1;
    }
  };

  const scriptFor = (reply: string, state: SimulatorState): ScriptedUserTurn => {
    if (typeof options.turns === 'function') return options.turns(reply, state);
    const turn = options.turns[Math.min(state.turn, options.turns.length - 1)];
    if (!turn) throw new LLMCallError({ message: 'scripted simulator has no turns', isRetryable: false });
    return turn;
  };

  return {
    specificationVersion: 'v1',
    simulatorId: options.simulatorId ?? 'scripted',
    settings,
    get calls() {
      return calls;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    async doStart({ profile, seed, signal }: { profile: Profile; seed: number; signal?: AbortSignal }) {
      calls.push({ kind: 'start', profileId: profile.id, seed });
      return track(options.delayMs, signal, (): SimulatorTurnResult => {
        if (options.startError) throw new LLMCallError({ message: options.startError, isRetryable: false });
        const message = options.opening ?? profile.first_talk ?? 'Hi.';
        const emotion = settings.initialEmotion;
        const state: SimulatorState = {
          profile,
          lang: options.lang ?? profile.lang ?? 'zh',
          emotion,
          band: bandOf(emotion),
          history: [{ role: 'user', content: message, 'emotion-point': emotion }],
          turn: 0,
          seed,
          extra: {},
        };
        return {
          state,
          message,
          emotion,
          delta: 0,
          band: state.band,
          innerThoughts: '',
          ended: undefined,
          calls: 0,
          latencyMs: 0,
          warnings: [],
        };
      });
    },
    async doRespond({ state, reply, signal }) {
      calls.push({ kind: 'respond', profileId: state.profile.id, seed: state.seed, reply });
      const script = scriptFor(reply, state);
      return track((options.delayMs ?? 0) + (script.delayMs ?? 0), signal, (): SimulatorTurnResult => {
        if (script.error) throw new LLMCallError({ message: script.error, isRetryable: false });
        const clamped =
          settings.deltaClamp === null
            ? script.delta
            : Math.max(-settings.deltaClamp, Math.min(settings.deltaClamp, script.delta));
        let emotion = Math.min(state.emotion + clamped, settings.cap);
        if (settings.lowerClamp !== null) emotion = Math.max(emotion, settings.lowerClamp);
        const band = bandOf(emotion);
        const innerThoughts = script.innerThoughts ?? `thoughts about reply ${state.turn + 1}`;
        const next: SimulatorState = {
          ...structuredClone(state),
          emotion,
          band,
          turn: state.turn + 1,
          history: [
            ...structuredClone(state.history),
            { role: 'assistant', content: reply },
            { role: 'user', content: script.message, 'emotion-point': emotion, thinking: innerThoughts },
          ],
        };
        return {
          state: next,
          message: script.message,
          emotion,
          delta: emotion - state.emotion,
          band,
          innerThoughts,
          ended: script.ended ?? thresholdOf(settings, emotion),
          calls: 2,
          latencyMs: (options.delayMs ?? 0) + (script.delayMs ?? 0),
          warnings: [],
        };
      });
    },
  };
}
