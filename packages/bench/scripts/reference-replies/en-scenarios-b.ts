import type { AuthoredScenario } from './authored-scenario';

/** Hand-written replies for en-test-0013 … en-test-0024. */
export const EN_SCENARIOS_B: readonly AuthoredScenario[] = [
  {
    id: 'en-test-0013',
    stages: [
      'Being asked by relative after relative at grandma’s party when the wedding will be turns a family celebration into an interrogation.',
      'Arriving somewhere and only then finding out Nora had arranged a blind date must have felt like a trap.',
      'Refusing, and then watching Nora cry about losing face back home, puts you between your own life and her tears.',
      'A match profile from Nora every single day, and not daring to open them, sounds like pressure with no off switch.',
    ],
    replies: [
      'Feeling like you committed a crime after grandma’s birthday party, just for being single, says how heavy the family pressure has become. Not being married yet is not a wrongdoing.',
      'There seem to be two real sides here. For you, waiting for the right person is about building a life you actually want. For Nora, the pressure probably comes from fear that you will end up alone, and from how her own generation measured a settled life.',
      'There is also the audience around her: relatives back home who ask and compare, so part of what Nora calls losing face is her own social pressure landing on you. That does not make the blind date or the daily profiles fair, but it explains some of the urgency.',
      'Seen from both sides, you do not have to choose between hurting her and giving in. You could tell Nora you understand she is worried about your future, and that you will share it when you meet someone, but that the daily profiles need to stop. Her fear is real, and so is your right to decide.',
    ],
    repair: 'Sorry, I moved on too quickly; after grandma’s party you felt judged, and that deserves attention first.',
  },
  {
    id: 'en-test-0014',
    stages: [
      'Hinting when the six months were up and being told to wait a bit is the polite start most people would choose.',
      'Seeing Isla’s holiday photos from abroad while your money is still gone would make anyone feel sick.',
      'Being told you would ruin the friendship over money flips the blame onto you for asking for what is yours.',
      'Friends telling you to drop it makes it worse, because it feels like nobody sees that you were the one let down.',
    ],
    replies: [
      'A year without being paid back by Isla, and not knowing how to raise it, puts you in a horrible spot: you lose either the money or the peace. That awkwardness is completely understandable.',
      'Looking at it from a few sides: you lent money you had saved for your own course, trusting a friend in an emergency, and that was generous. From Isla’s side, debt between friends can bring up shame, and some people avoid the subject rather than face it, which can look like not caring.',
      'The missing written agreement is part of why it is so slippery for both of you. Without it, Isla can treat each request as a mood rather than a commitment, and you feel you have to be careful so you are not seen as petty. That is a trap neither of you designed, but you are the one paying for it.',
      'Weighing all that, it may help to separate the friendship from the repayment: a calm message saying you value the friendship, that you need the money back for rent, and suggesting a simple plan of monthly amounts. It respects Isla’s dignity and your need at the same time.',
    ],
    repair: 'Sorry, I think I skipped the hard part; asking Isla for your own money should not feel this awful.',
  },
  {
    id: 'en-test-0015',
    stages: [
      'Raising the chores with Owen several times, calmly, only for him to forget within days, is wearing.',
      'Coping alone until the early hours in moving week while Owen sat on the sofa is a memory that would stick with anyone.',
      'Finally snapping and hearing it called an overreaction dismisses months of patience that came before it.',
      'The in-laws telling you to be more understanding, when you have been understanding for so long, must have felt like nobody was on your side.',
    ],
    replies: [
      'Giving each other the silent treatment over chores again sounds exhausting, especially when so much of the load since the baby has landed on you.',
      'I want to say what you have done well. You raised the chores several times instead of letting resentment build silently, and you kept talking to Owen about sharing rather than keeping score. That is a mature way to try to fix something.',
      'Your chore chart on the fridge was a practical idea, and even going on strike was a clear signal, not a tantrum. And you kept the house going through the move, with a baby, mostly alone. That is a lot of strength.',
      'You have been patient, fair and honest in a situation that has not been fair to you. Being tired of fighting does not mean you failed; it means you have carried this far longer than you should have had to. Please give yourself credit for that.',
    ],
    repair:
      'Sorry, that missed the point; the silent treatment with Owen is wearing you down, and I should listen to that.',
  },
  {
    id: 'en-test-0016',
    stages: [
      'Weekly dinners with Omar and feeling you were getting closer makes the uncertainty that followed even more confusing.',
      'Carefully planning that coast trip and getting a last-minute cancel and an emoji would leave anyone wondering what they mean to him.',
      'Noticing Omar is close to someone else, asking lightly, and getting a laugh and a change of subject is its own kind of answer.',
      'Agreeing to meet again as if nothing happened, and then lying awake that night, shows how torn you are.',
    ],
    replies: [
      'Since the weekend trip to the coast fell through, not knowing what you and Omar are has clearly been weighing on you. Ambiguity like that is draining, especially when you care.',
      'One practical step would be to decide, for yourself first, what you need: a relationship, or being fine with something casual. Once you know that, the question to Omar gets simpler, and you are less likely to be pulled back by a few sweet words.',
      'Then you could ask Omar in a calm moment, not by text, something clear like: I like you and I want something committed; is that what you want too? Whatever he says, his answer, or his dodging, gives you information to act on.',
      'If he keeps saying “let’s see where it goes”, it may help to set yourself a time limit, a few weeks, and use that time to invest in your own plans and friends too. That way you stop waiting on his schedule and get your focus back at work. How would you feel about trying that?',
    ],
    repair: 'Sorry, that was too quick; after the coast trip it is the uncertainty with Omar that is hurting.',
  },
  {
    id: 'en-test-0017',
    stages: [
      'Being woken by chairs scraping at midnight, knocking politely, and getting a promise from Sam is exactly how most people try first.',
      'Three quiet days and then the same noise again, so you left a note: you kept trying to be reasonable.',
      'Being called hypersensitive by Sam in the residents’ chat, with others agreeing, turns your sleep problem into a public judgement.',
      'Making mistakes at work and getting warned twice shows how much the lost sleep is costing you.',
    ],
    replies: [
      'A whole week of no sleep because of the noise upstairs would wear anyone down. It affects your mood, your work, everything.',
      'There are a few sides to this. You simply need sleep, and that is a basic need, not oversensitivity. Sam may genuinely not realise how much sound travels through thin floors, especially with opposite daily rhythms where midnight feels like early evening to him.',
      'The building is part of the problem too: thin floors mean even ordinary living sounds loud, so neither of you is entirely a villain. The residents’ chat made it feel like a popularity contest, but the real issue is structural and practical.',
      'Weighing that, it might work better to propose a specific, fair arrangement to Sam, like quiet after eleven on weeknights, rather than general complaints, and to ask the building manager in writing about soundproofing or rugs. That treats both of you as reasonable people with different needs.',
    ],
    repair: 'Sorry, I think I rushed; a week without sleep because of the noise upstairs is what matters first.',
  },
  {
    id: 'en-test-0018',
    stages: [
      'Seeing the phone bill and saying harsh words to Clara in the moment is something many worried parents have done.',
      'Watching Clara slam the door and skip dinner must have left you feeling shut out of your own child’s life.',
      'Reading Clara’s chats and getting caught, and hearing she will never trust you again, is a painful turning point.',
      'A call from the form tutor about Clara zoning out, and feeling like a failure as a parent, sounds like a very low moment.',
    ],
    replies: [
      'Being treated as if you are not there by your own daughter since the phone bill is deeply painful. It sounds like you feel you have lost your way back to her.',
      'Looking back, your reactions came from worry: the harsh words, checking her chats. At the same time, from Clara’s side those moments probably felt like losing her privacy and being judged, which is why she pulled away so sharply.',
      'It might be worth reflecting on where the urge to control comes from. If you grew up with strict parents, those reflexes can switch on without you choosing them, even though you want something different for Clara.',
      'Growth here might mean apologising for reading her chats, without excuses, and telling her you want to earn her trust back. What do you think Clara most needs to hear from you right now?',
    ],
    repair:
      'I am sorry, I think I jumped to lessons too quickly; being shut out by Clara hurts, and I want to stay with that first.',
  },
  {
    id: 'en-test-0019',
    stages: [
      'Signing the severance letter and walking out carrying a cardboard box is a picture that stays with you.',
      'Leaving home every morning as if going to work, and sending CVs from the library instead, means carrying the secret alone every day.',
      'Interview after interview ending in “we’ll be in touch” and then silence chips away at your confidence.',
      'Being asked about the missing work badge and mumbling an answer must have made your heart stop.',
    ],
    replies: [
      'No word even after the phone screening, and not knowing where else to apply, is such a disheartening place to be. Every silence after an application feels like another door closing.',
      'It is not only the job search, is it. It is pretending to leave for work, the shame of not telling your family, and the weight of always being the one who provides. Carrying all of that alone for weeks is exhausting in a way that is hard to explain.',
      'I hear how much pride and fear are tangled together for you: you want to protect your family from worry, and at the same time you are lonely inside that secret. Both feelings make complete sense.',
      'Losing a job you did not choose to lose, after a ten-minute talk, is a real loss, and grieving it is not weakness. I am here, and you do not have to keep pretending with me.',
    ],
    repair:
      'I am sorry, that sounded too easy; the silence after every application really hurts, and I should listen first.',
  },
  {
    id: 'en-test-0020',
    stages: [
      'Getting a bank text about the balance and checking the statement, thinking it must be an error, is such a sinking moment.',
      'Clara hesitating and finally admitting she lent it to her younger brother explains the money but not the secrecy.',
      'Slamming the door and being told you were petty makes your hurt look like stinginess, when it is about trust.',
      'A casual message from your brother-in-law saying he will pay back by the end of the year can feel dismissive of what this cost you.',
    ],
    replies: [
      'Finding out Clara touched your savings behind your back, money meant for the children’s school fees, is a real shock. No wonder it is sitting so heavily with you.',
      'There are a few sides to weigh here. For you, the hardest part seems to be the secrecy, not only the money. For Clara, helping her brother may have felt like an obvious family duty, and she may have hidden it because she feared exactly this conflict.',
      'Your different backgrounds around money and family matter too: what feels like betrayal to you may feel like loyalty to her. Neither view is simply wrong, but the decision affected both of you and the children, so it should have been shared.',
      'Looking at it that way, a next step could be to talk about rules you both agree on for big decisions, written down, and a clear repayment plan from her brother. That protects the trust and respects her family ties at the same time.',
    ],
    repair: 'Sorry, I may have gone too fast; finding the savings gone behind your back is the hurt that comes first.',
  },
  {
    id: 'en-test-0021',
    stages: [
      'Finding an edited chat log from Ben, twisted to make you look bigoted, is a frightening kind of attack.',
      'Dozens of abusive messages and someone digging up your photos is a violation of your safety, not just your reputation.',
      'Posting a clarification and being told it sounded guilty makes it feel like nothing you say can help.',
      'Setting the account to private and still searching your own name shows how much this keeps hold of you.',
    ],
    replies: [
      'Being scared to go online because of one edited chat log makes complete sense; having your words twisted in public is frightening.',
      'Looking at this from several sides: you were the target of a deliberate distortion, and that is on Ben. At the same time, online crowds react to headlines fast and rarely check sources, so the pile-on says more about how the internet works than about who you are.',
      'Your clarification being read as guilt is part of the same pattern: in a heated moment, any response feeds the story. That is not a sign you handled it badly, just that responding publicly has limits.',
      'Weighing all that, it may help to step back from public replies, keep screenshots of the original chat and the abuse, and use official reports or legal advice quietly, rather than fighting the crowd. You deserve to feel safe online again.',
    ],
    repair: 'Sorry, that came out too quickly; the fear of going online after that chat log is what matters most.',
  },
  {
    id: 'en-test-0022',
    stages: [
      'Coming home for the holidays to a living room full of furniture in two piles must have been a shock.',
      'Leo asking you privately to talk your mum into signing, and freezing on the spot, is an impossible thing to be asked.',
      'Lying awake every night after your mum’s tearful phone calls means you are carrying her grief as well as your own.',
      'Being asked by both sides where to spend the holidays, and not being able to choose, puts you right in the middle.',
    ],
    replies: [
      'Your parents divorcing is already painful, and being used as a messenger by both of them on top of that is unfair. You are their child, not their go-between.',
      'Go on, tell me as much as you want. You do not need to be fair or balanced here; it is okay to be angry, sad, or both.',
      'Getting blamed by both sides when you try to pass messages, and feeling guilty when you ignore calls, sounds like there is no move that leaves you at peace. That is a lot to carry.',
      'I am still here and listening. Whatever you want to get off your chest about Leo, your mum, or the holidays, you can say it here without worrying about taking sides.',
    ],
    repair: 'Sorry, I was not really listening there; being stuck between your parents is what I want to hear about.',
  },
  {
    id: 'en-test-0023',
    stages: [
      'Covering the hospital deposit yourself when Adam said money was tight was a generous thing to do under pressure.',
      'Taking two weeks off to care for your father, while Adam came once for half an hour, shows how much you have stepped up.',
      'Hearing relatives call Adam devoted because of his messages in the family chat, after everything you did in person, must have stung.',
      'Falling asleep in the hospital corridor and waking to your father calling out is what real exhaustion looks like.',
    ],
    replies: [
      'Your dad being in hospital for nearly a month, with almost everything falling on you, is an enormous load. You have been showing up for him day after day.',
      'I want to say what you have done well. You covered the deposit when nobody else would, you took time off to be at his bedside, and you made a rota to share the load instead of quietly burning out.',
      'Sending Adam that rota was a clear, fair way to ask for help, and it was not your failure that he ignored it. You have been both practical and caring, which is exactly what your father needs.',
      'Everything you have done for your dad is real and it matters, even if relatives notice the family chat more than the hospital corridor. You have been the steady one, and you deserve to hear that clearly.',
    ],
    repair:
      'Sorry, I went too fast; carrying your dad’s care almost alone for a month is what I should acknowledge first.',
  },
  {
    id: 'en-test-0024',
    stages: [
      'Thinking the dog’s lost appetite was just the heat is what anyone would have thought; there was no way to know.',
      'Crying in the surgery when Omar said it was found too late is such a raw moment of grief.',
      'Staying through the last night and stroking its head is a loving thing to give a companion of twelve years.',
      'Coming home, seeing the videos on your phone and breaking down again shows how present the loss still is.',
    ],
    replies: [
      'Crying for ages after seeing the videos on your phone makes complete sense; your dog was family for twelve years, and that grief is real.',
      'One thing that might help is choosing a small ritual to remember your dog, like a photo book of those videos or a walk on its favourite route, so the memories have a place instead of ambushing you.',
      'About the guilt over not noticing sooner: it might help to ask Omar directly whether anything could realistically have been caught earlier. Often the answer is no, and hearing that from the vet can ease the self-blame.',
      'When people say it was just a dog, it is okay to limit how much you share with them and lean on those who understand. And when you are ready, not before, you can decide for yourself whether you ever want another pet; there is no timeline.',
    ],
    repair: 'Sorry, that was too quick; losing your dog after twelve years deserves more than that.',
  },
];
