import type { ChatMessage, DialoguePolicyV1, Profile, UserSimulatorV1 } from '@rlver/spec';

/** Outcome of one dialogue driven by {@link runDialogue}. */
export interface DialogueOutcome {
  finalEmotion: number;
  /** Judged replies. */
  turns: number;
  deltas: number[];
  messages: ChatMessage[];
  /** The user's inner thoughts after each judged reply. */
  thoughts: string[];
}

/**
 * Drive one dialogue between a policy and a simulated user for tests: the preset's turn cap (the unjudged last
 * reply of `sage` left out), stopping when the user ends it. No environment, no trajectories.
 */
export async function runDialogue(
  simulator: UserSimulatorV1,
  policy: DialoguePolicyV1,
  profile: Profile,
  seed: number,
): Promise<DialogueOutcome> {
  const { settings } = simulator;
  const judged = settings.maxPolicyTurns - (settings.scoreFinalReply ? 0 : 1);
  let turn = await simulator.doStart({ profile, seed });
  const messages: ChatMessage[] = [
    { role: 'system', content: 'test' },
    { role: 'user', content: turn.message },
  ];
  const deltas: number[] = [];
  const thoughts: string[] = [];
  for (let index = 0; index < judged && !turn.ended; index += 1) {
    const [output] = await policy.doAct({ requests: [{ messages: [...messages] }] });
    const reply = output?.text ?? '';
    turn = await simulator.doRespond({ state: turn.state, reply });
    deltas.push(turn.delta);
    thoughts.push(turn.innerThoughts);
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: turn.message });
  }
  return { finalEmotion: turn.emotion, turns: deltas.length, deltas, messages, thoughts };
}

/** A policy that answers from a fixed list of replies in turn (a test double with real outputs). */
export function createListPolicy(replies: readonly string[]): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: 'list',
    async doAct({ requests }) {
      return requests.map((request) => {
        const turn = request.messages.filter((message) => message.role === 'assistant').length;
        const text = replies[turn % replies.length] ?? '';
        return { text, finishReason: 'stop' as const, promptTokenCount: 0, outputTokenCount: 0, latencyMs: 0 };
      });
    },
  };
}
