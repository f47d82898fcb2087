import type { TopicTemplate } from './topic-template';
import { FAMILY_TOPICS } from './topics-family';
import { LIFE_TOPICS } from './topics-life';
import { RELATIONSHIP_TOPICS } from './topics-relationships';
import { SCHOOL_TOPICS } from './topics-school';
import { SOCIAL_TOPICS } from './topics-social';
import { WORK_TOPICS } from './topics-work';

/** Every seed topic of the generator (relationships, work, family, school, social, health, money, loss). */
export const TOPICS: readonly TopicTemplate[] = [
  ...RELATIONSHIP_TOPICS,
  ...WORK_TOPICS,
  ...FAMILY_TOPICS,
  ...SCHOOL_TOPICS,
  ...SOCIAL_TOPICS,
  ...LIFE_TOPICS,
];
