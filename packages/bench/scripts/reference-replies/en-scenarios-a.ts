import type { AuthoredScenario } from './authored-scenario';

/** Hand-written replies for en-test-0001 … en-test-0012. */
export const EN_SCENARIOS_A: readonly AuthoredScenario[] = [
  {
    id: 'en-test-0001',
    stages: [
      'So you started out asking Max politely about the lights at 2 a.m., he said yes, and the next night nothing had changed.',
      'You said it more sharply the second time and Max went cold on the spot; one honest sentence cost you the whole atmosphere.',
      'Finding out Max had set up a new chat with the others and left you out is a quiet kind of cruelty, and it stings.',
      'Staying in the library until lights-out just so you don’t have to sit in that silence is exhausting, and it is your room too.',
    ],
    replies: [
      'Being frozen out by everyone in your own dorm because of one thing you said to Max is a lot to carry. You asked for something reasonable, and instead of an answer you got a wall of silence. That is not a small thing to walk back into every night.',
      'I want to say plainly what I see you doing well. You raised the lights with Max calmly first, you did not start with a fight, and you have kept trying to be civil even when nobody talks to you. That takes a steadiness a lot of people would not manage.',
      'You also held your ground without turning nasty, and you looked for fair ways out, like making peace and asking for help, instead of trying to win. Wanting basic rules in a shared room was never the problem. You handled a cold, unfair situation with more grace than it gave you.',
      'Whatever you decide about the room, you have already shown you can stand up for yourself and stay decent at the same time. Not wanting to move out and lose is understandable; it is your space too. I would be proud of how you have carried yourself through this.',
    ],
    repair:
      'I may have skipped past the part that hurts most, sorry; being shut out by Max and the others is the real weight here.',
  },
  {
    id: 'en-test-0002',
    stages: [
      'Two weeks of waiting on the methods section only to hear “wrong direction” would knock anyone’s confidence.',
      'Starting over as Isla asked, working a whole month, and then hearing the old version was better is maddening; it makes every effort feel like a coin toss.',
      'Being the only one in the lab held back at the review must have felt humiliating, especially after all the rewrites.',
      'Being asked at home when you will graduate, and having no answer, puts family pressure right on top of the lab pressure.',
    ],
    replies: [
      'Having the methods section rejected again, after all the work you have put in, would leave anyone unsure where to even start. Not knowing how to fix it is not a failure on your part; it is a sign the feedback is not giving you something you can act on.',
      'There are a few sides to this worth holding at once. On your side, a year of revisions and changing directions is genuinely draining. On Isla’s side, supervisors often carry a picture in their head they never spell out, so their notes can sound inconsistent without meaning to be.',
      'There is also the channel itself: when almost everything goes through scraps of messages, small misunderstandings pile up for both of you. So it may be less that you do not get it, and more that neither of you has had a proper conversation about what a good methods section looks like.',
      'Weighing it that way, one practical step is to ask Isla for a fixed twenty minutes with one concrete question: which of the two versions is closer, and why. That keeps your effort protected and gives Isla a chance to be clear, instead of leaving you guessing again.',
    ],
    repair:
      'Sorry, I think I went too fast; the rejection of your methods section after a whole year of work deserves more care than that.',
  },
  {
    id: 'en-test-0003',
    stages: [
      'Laughing along at first so it would not look like it hurt is something a lot of people do when they feel cornered.',
      'Seeing that captioned photo of you posted in the class chat, and shaking when you saw it, makes complete sense; that was meant to humiliate you.',
      'Skipping evening study hall to avoid Marcus and the others is a way of protecting yourself, even if your grades are paying for it.',
      'Telling your mum “nothing’s wrong” when it clearly is tells me how alone you have been carrying this.',
    ],
    replies: [
      'Having your photo posted in the class chat is a real violation, and dreading school after that is a natural reaction, not a weakness. You did not deserve to have that done to you.',
      'When you look back at how you have reacted so far, laughing it off, answering back, keeping away, each of those was you trying to stay safe with the tools you had. None of them failed because you are weak; Marcus simply kept pushing because nobody stopped him.',
      'One thing that might be worth noticing is how much you have been handling this alone. Part of growing from this could be learning that asking an adult for help is not snitching; it is refusing to let one popular person decide how your days go.',
      'You already know the stomach aches and the sliding grades are your body telling you this is too much. If you picked one person to tell first, a teacher you trust or your mum, what would you want them to understand about what Marcus has been doing?',
    ],
    repair: 'I am sorry, I rushed ahead; what matters first is that the photo in the class chat really hurt you.',
  },
  {
    id: 'en-test-0004',
    stages: [
      'Inviting Priya three times and watching each plan get moved again would make anyone wonder where they stand.',
      'You sent warm congratulations on the new job and got a “thanks” two days later; that gap says a lot about how one-sided it has felt.',
      'Seeing Priya laughing in photos with new colleagues while your plans keep getting cancelled is a lonely thing to scroll past.',
      'Typing out a long message asking what happened and then deleting it shows how much you care and how afraid you are of the answer.',
    ],
    replies: [
      'Three plans with Priya, all cancelled, after years of being inseparable, that drift really hurts. You have clearly kept showing up for this friendship.',
      'I want to name what you have done well here. You kept inviting Priya instead of quietly giving up, you celebrated her new job even while feeling distant, and you have not let bitterness take over. That is what a loyal friend looks like.',
      'Even your small gifts, and the time you tried going quiet to see if she would notice, were ways of reaching out without making a scene. You have been thoughtful and patient in a situation where many people would have just written her off.',
      'Whether you ask Priya directly or accept that the friendship is changing, you have nothing to be ashamed of. You gave this friendship real care, and that says something good about you whatever she does next.',
    ],
    repair: 'Sorry, I think I missed the point; the hardest part is feeling that only you keep this friendship alive.',
  },
  {
    id: 'en-test-0005',
    stages: [
      'Revising until 1 a.m. every night and feeling ready makes the blank moment at the results even more of a shock.',
      'Hiding in a toilet cubicle for a whole lesson after seeing the mock results shows how hard that drop hit you.',
      'Being told by Chloe that your mind is not on your studies, when you had worked that hard, must have felt deeply unfair.',
      'Your parents not shouting, only sighing, can hurt more than anger; it felt like their disappointment settled on you quietly.',
    ],
    replies: [
      'Going completely blank when you saw the mock exam results is what shock feels like, especially when you have always done well and worked so hard. A drop of twenty places does not erase who you are as a student.',
      'When you think about it, a lot of the pain seems to come from tying your worth to that one number. You worked until late every night, and yet a single ranking made you feel like all of that counted for nothing. That is a heavy rule to live by.',
      'One thing you could try is looking at what actually happened in the exam rather than at the ranking: which questions went wrong, and whether panic or tiredness played a part. That kind of look is how people grow from a bad result instead of being crushed by it.',
      'The panic when you open a book makes sense after all this, and it will not disappear by forcing harder. Maybe the next step is a smaller plan you can keep, plus one honest talk with Chloe about what you are going through. What do you think would make the next exam feel less like a verdict on you?',
    ],
    repair: 'Sorry, I jumped ahead; the shock of those mock exam results deserves a bit more room first.',
  },
  {
    id: 'en-test-0006',
    stages: [
      'Sitting in the hospital corridor for a long time with the lab report in your hands is such a human reaction to news like that.',
      'Reading Grace’s strict diet list and feeling like nothing good is allowed any more is a real loss, not just an inconvenience.',
      'Turning down a drink at dinner and being called a killjoy for it is unfair; you were taking care of yourself.',
      'One slice of cake followed by a whole night of blaming yourself shows how hard you have been on yourself since the diagnosis.',
    ],
    replies: [
      'Feeling that life will never be the same after that lab report is understandable; a diabetes diagnosis changes how you see your own body overnight. You have been carrying a lot since then.',
      'I also want to point out what you have done well. You went back to Grace, you read the diet list even though it felt awful, and you have been trying to change habits while still living your life. That is not nothing, that is real effort.',
      'Turning down that drink at dinner, even when people called you a killjoy, took courage. And downloading a food-tracking app and sticking with it for a week is a genuine start, not a failure; most people never even begin.',
      'You keep trying, even when it feels like every meal is a test. That persistence is exactly what living with diabetes long term is built on, and you already have it. Please give yourself credit for how much you are handling.',
    ],
    repair: 'Sorry, that came out too quickly; the diagnosis itself is a lot to take in, and I should stay with that.',
  },
  {
    id: 'en-test-0007',
    stages: [
      'Having the baby food swapped by Jess with “that’s how we raised ours” makes your own choices feel overruled in your own home.',
      'Jess walking into your bedroom unannounced, and being told to put up with it, leaves you with no private corner at all.',
      'Arguing with Jess in front of the child and then hearing she complained to the relatives straight after must have left you feeling exposed.',
      'Getting a call telling you to be kind to the elderly, and crying after hanging up, shows how alone you have been in this.',
    ],
    replies: [
      'Sitting in the car for half an hour rather than going upstairs says how heavy home has become since Jess moved in to help. You need those minutes just to gather yourself.',
      'It might help to look at why Jess acts this way. For many grandparents, helping with a baby is tied to their sense of being useful and respected, so when their ways are questioned it can feel to them like being pushed aside. That does not make it right, but it may explain why she holds on so tightly.',
      'Jess may also be anxious, living in someone else’s home and trying to prove her worth, and the relatives she calls are her way of getting support. Your partner staying neutral probably feels safer to them, but it leaves the two of you facing each other with no one in between.',
      'Seeing her side does not mean giving up your own house rules. You need her help and you need your home to feel like yours; both are fair. It might be worth asking your partner to speak to Jess with you, so the rules come from both parents rather than only from you.',
    ],
    repair: 'Sorry, I moved on too fast; how drained you feel coming home is the thing that matters right now.',
  },
  {
    id: 'en-test-0008',
    stages: [
      'Seeing queues outside the shop in the first month, it made sense to feel you had made the right call.',
      'Then a chain opened across the street and suddenly wages became a burden; that was a change nobody could have controlled.',
      'Wanting discounts to bring people back is a reasonable idea, and fighting with Emma over it must have been painful.',
      'Emma asking out and expecting you to buy her share, right after all this, would leave anyone feeling abandoned.',
    ],
    replies: [
      'Six months of losses, and now Emma wants out of the shop you both built; that is a heavy blow, especially with all your savings in it.',
      'From what you describe, you have not done anything wrong. You put in your savings, you kept working, and when things got hard you looked for solutions like discounts rather than walking away. Wanting to keep fighting for something you believed in is not a fault.',
      'The chain opening across the street was bad luck, not bad judgement, and the fact that the two of you never agreed on an exit at the start is on both of you, not just on you. You are not the one who changed the deal halfway through.',
      'You are right to feel hurt. Whatever you decide, taking over or closing, you can make that choice knowing you gave the shop everything you had. It might help to sit down with the real numbers and a clear head, so the decision is yours and not made under Emma’s pressure.',
    ],
    repair: 'Sorry, I think I missed how unfair this feels to you; you put everything into that shop.',
  },
  {
    id: 'en-test-0009',
    stages: [
      'Trying to make conversation at the team dinner and watching people smile politely and drift off is a lonely feeling.',
      'Getting two days with Noah and then being told to “read the docs” leaves you to sink or swim on your own.',
      'Finding out your colleagues have a group chat without you confirms the feeling of being on the outside.',
      'Doubting the probation review after all this is understandable; feeling invisible makes it hard to believe anyone sees your work.',
    ],
    replies: [
      'Being invisible at the team dinner again after three months in a new job is discouraging, especially when you made the move for a good reason. It makes sense that you feel stuck.',
      'Here is something practical to try: instead of the big group, pick one or two colleagues and ask them for something specific, like a quick review of your code or how they handle a process. People warm up faster in one-to-one moments than at a noisy dinner.',
      'With Noah, it could help to ask for a short weekly check-in until probation, framed around the work: what should you be focusing on, and what does good look like here. That gives you a real connection and also shows your manager you are engaged.',
      'For the group chat, you can simply ask a friendly colleague whether there is a team channel you should be in; often it is an oversight, not an exclusion. Small, concrete steps like these tend to work better than trying to win everyone over at once. Which of them feels doable this week?',
    ],
    repair: 'Sorry, that was not very helpful; let me stay with how lonely it is to eat lunch alone every day.',
  },
  {
    id: 'en-test-0010',
    stages: [
      'Spending weeks struggling with the new processes Daniel brought in is hard when nobody gives you time to adjust.',
      'Being called unprofessional by Daniel in front of everyone at the client presentation is the kind of moment that stays with you.',
      'Working late for two weeks and getting only “still not good enough” back makes it feel like nothing you do counts.',
      'Losing sleep and getting a stomach ache every Sunday night shows how much this has gotten into your body.',
    ],
    replies: [
      'Your stomach hurting just at the thought of facing Daniel tomorrow tells me how much stress you have been under since he became your manager.',
      'It may help to think about where Daniel’s behaviour comes from. Managers who bring in new processes often feel pressure from above to show quick results, and some cope by being harsh with their team. That can feel personal even when it is really about his own fear of failing.',
      'His “results speak” comment suggests he values outcomes over relationships; he may genuinely not realise how much recognition matters to you, or that criticism in front of clients hurts. People like that often respond better to specific, written goals than to feelings.',
      'Understanding him does not mean accepting how he treats you. If you want, you could ask Daniel for two or three concrete standards for your next piece of work, so you know exactly what he is measuring. That might take some of the guessing, and some of the Sunday dread, out of it.',
    ],
    repair:
      'Sorry, I got ahead of you; facing Daniel tomorrow is what is weighing on you, and that deserves attention first.',
  },
  {
    id: 'en-test-0011',
    stages: [
      'Promising each other never to miss the Sunday calls, and looking forward to them all week, shows how much that connection meant.',
      'Feeling neglected as the calls shrank to ten minutes is painful; you were still holding onto something he seemed to let slip.',
      'Saving up leave to visit and being told not to come because of overtime must have felt like a door closing.',
      'Arguing until midnight over something small and then three days of silence is what happens when hurt piles up on both sides.',
    ],
    replies: [
      'Three days without a word from Ben, with all that distance between you, must feel like a long stretch of holding your breath. Long distance makes every silence louder.',
      'It is not just the missing messages, is it. It is the feeling that you are the one trying harder, waiting, saving leave, while he seems to have less and less room for you. That kind of loneliness inside a relationship is very hard to put into words.',
      'I also hear how proud and hurt you are at the same time: you jump every time the phone buzzes, and yet you do not want to give in first because you have already given so much. Both of those feelings make complete sense together.',
      'Not knowing whether it can last is a frightening place to be, and you do not have to answer that today. Whatever happens with Ben, what you feel is real and it matters. I am here to listen to any part of it you want to say.',
    ],
    repair:
      'I am sorry, that sounded too easy; three days of silence from Ben hurts, and I do not want to skip past that.',
  },
  {
    id: 'en-test-0012',
    stages: [
      'Sensing Chloe cooling off and putting it down to work is what anyone who loves someone would do.',
      'Calling after that “we’re not right for each other” text and not getting an answer left you with no way to understand.',
      'Going back for your things and standing in the doorway for a long time in front of that photo says how much those three years meant.',
      'Hearing from a friend that Chloe is doing fine, while you feel hollow, is a painful contrast.',
    ],
    replies: [
      'Falling apart when you saw that photo on the fridge is not weakness; three years with Chloe ended in one long text, and your heart has not caught up yet.',
      'I want to say what I see you doing well. You stayed open and caring even as Chloe pulled away, you reached out to ask for a real reason instead of lashing out, and you have been honest about how much it hurts. That takes courage.',
      'Even the way you have tried to cope, throwing yourself into work, deleting her number and adding it back, shows you are trying to respect both your feelings and the ending. You have not tried to hurt her, even when you had every reason to be angry.',
      'You loved her sincerely and you have handled a confusing ending with dignity. That is something to be proud of, even if the reason she left never comes. I hope you can give yourself some of the kindness you gave her.',
    ],
    repair: 'Sorry, I may have moved too fast; that photo on the fridge brought it all back, and that hurts.',
  },
];
