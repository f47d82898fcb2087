import { classifyIntention, type IntentionKey, type Profile } from '@rlver/spec';

/** The hidden intention of each held-out profile, by id (the profile's key, else classified from its task). */
export function intentionLookup(profiles: readonly Profile[]): (profileId: string) => IntentionKey | undefined {
  const byId = new Map(profiles.map((profile) => [profile.id, profile.intention ?? classifyIntention(profile.task)]));
  return (profileId) => byId.get(profileId);
}
