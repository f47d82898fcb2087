import { type CuePattern, cues } from './cue-pattern';

/** Feelings a supporter names when empathising (en). */
const FEELING =
  '(?:shaken|numb|trapped|defeated|discouraged|abandoned|rejected|terrified|stressed|burned out|furious|hurt|betrayed|lonely|alone|exhausted|drained|frustrated|angry|anxious|scared|afraid|overwhelmed|humiliated|embarrassed|invisible|unappreciated|disappointed|cheated|heartbroken|helpless|powerless|guilty|ashamed|stuck|lost|crushed|sad|devastated|dismissed|ignored|worn out|bitter|hollow|rattled|unseen|worried)';

/** People in the user's story other than the user (en). */
const OTHER_PERSON =
  '(?:he|she|they|his (?:mom|dad)|your (?:[a-z]+[- ])?(?:mom|dad|mother|father|boss|manager|coworker|colleague|friend|sister|brother|son|daughter|husband|wife|partner|teacher|roommate|uncle|aunt|ex|mother-in-law|cousin|kid|kids|family))';

/** Base verbs of concrete suggestions, for imperative and modal advice forms (not "tell me", "take your time"). */
const ACTION_VERB =
  '(?:block|book|call|text|email|message|write|make|set|schedule|plan|put|give|get|go|ask|tell (?!me\\b)|talk|reach out|check|start|send|bring|save|stop|skip|step|spend|find|pick|focus|drink|eat|sleep|rest|breathe|consider|see (?:a|an|the|someone|if|whether)|visit|join|apply|request|document|screenshot|remind|practice|cancel|mute|limit|treat|allow|keep (?!going)|let (?!it\\b|me\\b)|take (?!your time|care\\b)|try(?! not)|sit down|go through|sign up|look (?:into|for|up)|hold (?:off|on)|work on)\\b';

/** English cue patterns, one per label (`question` and `other` are decided by the tagger). */
export const CUE_PATTERNS_EN: readonly CuePattern[] = [
  cues(
    'praise',
    [
      't(?:ook|akes) (?:real |a lot of |so much |serious )?(?:guts|courage|honesty|strength|maturity|nerve|self-awareness|integrity|bravery)',
      `(?:better|more calmly|braver) than (?:most|many|a lot of) (?:people|would)|(?:most|many|a lot of) people [^.!?]{0,40}(?:—|–|,|;|but) you (?:didn't|did|don't|do|stayed|kept|went)\\b`,
      "\\byou (?:stayed (?:calm|composed)|kept your (?:cool|head)|stood up for|spoke up|didn't (?:let|back down|give up|cave|panic)|followed through|held your ground|asked for it in writing)",
      'good for you|well done|you did the hard part|you showed up|proud of you\\b|give yourself (?:some )?credit',
      '\\b(?:impressive|remarkable|admirable|capable|professional|brave|grace|dedication|considerate)\\b',
      'says a lot about|speaks to|big step|did the right thing|right call|done everything right|counts in your favor|such a kind thing|shows (?:real|a lot|how much)',
      'I (?:really )?(?:admire|respect)|be proud|(?:handled|managed) (?:it|that|this) (?:so )?well',
    ],
    'i',
  ),
  cues(
    'deep_empathy',
    [
      'must (?:be|have been|feel|have felt|have cut|have left|make)',
      `(?:feel|feeling|felt|be|been|you're|you are) (?:so |really |completely |deeply |this )?${FEELING}`,
      'hurt you|\\bhurts\\b|knot in your|own kind of|I can (?:tell|hear (?:how|that))',
      'sounds (?:so |really |genuinely |incredibly |pretty |just )?(?:draining|exhausting|hard|rough|painful|lonely|scary|frustrating|stressful|overwhelming|heartbreaking|terrifying|isolating|heavy|tough)',
      '\\b(?:humiliating|infuriating|heartbreaking|terrifying|exhausting|draining|isolating|maddening|demoralizing|devastating|nerve-wracking|torture|agony)\\b',
      '(?:that|this) (?:kind of|mix of|feeling of|flash of)|that (?:fear|loneliness|disappointment|regret)',
      'no wonder|I can (?:feel|sense|imagine|only imagine)|I imagine|I know that|really got to me',
      '\\b(?:so hard to|cuts deep|stings|painful|awful|miserable|brutal|crushing|gutting|how heavy|running on empty|carrying a lot)\\b',
    ],
    'i',
  ),
  cues(
    'active_listening',
    [
      "sounds like|(?:^|[.!?—–]\\s*)so,? (?:basically|it's|you|he|she|they|lately|what|the (?:part|thing|real|hardest))\\b|you said|you mentioned|you say\\b",
      "I'm (?:here|listening|right here)|take your time|no rush|at your own pace|keep going|tell me more|talk more",
      "what I'm hearing|if I'm hearing you|in other words|I'm all ears|the rest of it|tell me the rest|let it (?:all )?out|pour it|say whatever|I hear you|walk me through|hear more|as long as you need|more you haven't said",
    ],
    'i',
  ),
  cues(
    'validation',
    [
      "not your fault|not on you|didn't do anything wrong|done nothing wrong|did the right thing|what you did was fine|(?:are|is|were|was)(?: not|n't) to blame|no one (?:could|would|can) blame you",
      "(?:makes?|made) (?:complete |total |perfect )?sense|no wonder|I (?:get|understand|can see) why|(?:you're|you are) allowed to|\\bvalid\\b|you (?:still )?deserved?\\b|deserved better",
      "not being (?:dramatic|unreasonable|crazy|silly|petty|selfish|needy|ungrateful)|you're not (?:crazy|dramatic|wrong|weak)|(?:knock|shake|rattle|throw) anyone|makes? everyone|everyone (?:would|gets|feels)",
      '\\b(?:completely|perfectly|totally|very) (?:normal|natural|understandable|reasonable|justified|fair|valid)\\b|\\b(?:is|are) (?:normal|natural|understandable|justified|real and (?:fair|reasonable))\\b|real and reasonable|understandable',
      "any(?:one|body)(?: in (?:your|that|their|the same) (?:place|shoes|position|situation))? (?:would|treated)|every (?:reason|right)|isn't (?:greedy|selfish)|not (?:selfish|greedy|overreacting|petty)|nothing shameful|no surprise",
      "(?:it's|it is) (?:okay|ok|alright|fine) (?:to (?:feel|be|want|need|not)|that you)|of course it hurts|doesn't mean (?:you (?!should)|something is wrong)|no one gets to|okay to (?:cry|feel)",
      '(?:upset|hurt|angry|sad)[^.!?]{0,12}shows',
    ],
    'i',
  ),
  cues(
    'dialectical_analysis',
    [
      'on (?:the )?one hand|on the other|both (?:things|readings|sides|deserve|have|are)|each have a point|(?<=^|[.!?;,—]\\s*)at the same time',
      'neither (?:option|choice|path|one|is)|either way|both options|\\b\\w+ing (?:\\w+ )?means\\b[^.!?]{0,80}\\bbut (?:\\w+ )?\\w+ing (?:\\w+ )?means',
      "a real cost|no option is perfect|right and wrong|who's (?:simply )?right|\\bweigh|pros and cons|from where you stand|from his side|aren't in conflict|but so is|could also|there's room for both",
      'still, |\\bwould\\b[^.!?]{0,60}\\bbut\\b|just as much',
    ],
    'i',
  ),
  cues(
    'advice',
    [
      "(?<!if )you could (?!have|'ve)|you might (?:tell|test|want|try)|\\btry (?:writing|leaving|calling|telling|to)",
      `(?:maybe|perhaps) (?:you (?:could|can|should|might) |try |${ACTION_VERB})`,
      `(?<=^|[.!?—–]\\s*)(?:just |please |also |then |first,? |and )?${ACTION_VERB}|\\bplease ${ACTION_VERB}`,
      `you can (?:always |also |just |still |then )?(?!tell me|say (?:whatever|anything))${ACTION_VERB}|(?<!mean )you should\\b|you (?:may|might) want to|it (?:might|may|could|would) help to|if I were you|how about|why not (?:\\w+ )?${ACTION_VERB}`,
      `I'd (?:probably |also |first |definitely |just )?(?:suggest|recommend|${ACTION_VERB})|(?:could|can) you (?:maybe |just )?(?:try|ask|talk to|set|write|call|text|reach out)`,
      "I (?:suggest|recommend)|worth (?:applying|trying|asking (?!yourself)|calling|checking|seeing|talking|getting|looking|reaching|writing|booking|setting|a shot)|it's best to|what if you|next time|before the next|next, ",
      'write down|jot|set yourself|have you (?:tried|thought about|considered)|could you ask|grab|get an early night|one step at a time|^try\\b(?! not)',
    ],
    'im',
  ),
  cues(
    'perspective_taking',
    [
      `(?:he|she|they)(?:'s| is| are|'re| was| were) (?:clearly |probably |likely |just |also )?(?:under|getting|been|dealing|trying|afraid|worried|scared|stressed|terrified|ashamed|drowning|struggling|overwhelmed)`,
      'which is (?:probably|likely|maybe|perhaps) why|(?:probably|likely) why (?:he|she|they)',
      `\\b${OTHER_PERSON}(?:'s [a-z]+)? (?:may|might|probably|could)\\b|\\b(?:may|might) (?:not )?(?:really )?be (?:about|his|her)|could ${OTHER_PERSON} be`,
      `maybe (?:he|she|they)|perhaps (?:he|she|they)|my guess is|I suspect|out of (?:his|her|their) own|more about protecting|rather than because|from his side|he sees it|not doing it on purpose|rather than doing it`,
    ],
    'i',
  ),
  cues(
    'guided_reflection',
    [
      'looking back|ask(?:ing)? yourself|what (?:do you think|would you want)|how (?:would|do) you (?:want|think)|do you think',
      'think about (?:what|whether|which|how|why)|thing to think about|if one day|have you noticed|think (?:about it|through)|thinking about|worth thinking|taught you|think (?:back )?(?:about|to|on) (?:the (?:last|first) time|a time)|five years from now|what do I actually want|most afraid of losing|part of what she said',
    ],
    'i',
  ),
  cues(
    'self_disclosure',
    [
      "\\bI(?:'ve| have) (?:been|felt|had|gone)|\\bI (?:once|used to|quit|failed|cried|spent|remember|couldn't make|was leading|found that)\\b",
      '\\bwhen I (?:was|first|failed|lost|moved|quit)|happened to me|what I did|\\bmy (?:parents|mom|dad|grandmother|grandma|grandfather|family)\\b',
      "\\bI went through|\\bI(?:'ve| have) been there|\\bI got (?:laid off|fired|dumped|divorced|rejected)",
    ],
    'i',
  ),
  cues(
    'information',
    [
      'research|\\bstudies\\b|\\ba study\\b|psycholog|counselors|(?:very|extremely|pretty) common|(?:normal|common) for (?!you)|\\busually\\b|typically|in most places|(?<!than )most people',
      '\\b988\\b|lifeline|helpline|crisis text',
      "(?:many|a lot of) (?:cities|people|pet owners|of them|hospitals)|hotline|crisis line|linked to|long life|adjustment period|severance|aren't exactly the same",
    ],
    'i',
  ),
  cues(
    'generic_comfort',
    [
      "don't (?:be sad|be too down|worry|overthink|be grumpy|take it to heart)|try not to (?:dwell|overthink)|no worries",
      "it'll (?:be|all)|everything (?:happens|will)|things will|things have a way|stay (?:positive|strong)|cheer up|chin up|smile!",
      "not a big deal|not worth crying|this too shall pass|tomorrow (?:will be|'s a new day)|time heals|bright side|hugs|it's okay, it's okay",
      "you've (?:totally )?got this|you'll (?:be fine|make it)|fixes everything|always next year|life's like that|trust me|blow over|push through|gets better|I promise|good vibes|sending (?:love|hugs|good)|sorry to hear|hang in there",
    ],
    'i',
  ),
];
