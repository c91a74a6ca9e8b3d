# -*- coding: utf-8 -*-
"""Test-only, non-crisis messages for the crisis-message detector."""

EVERYDAY_FEAR = [
    "my chem exam is tomorrow and i literally cant remember a single formula, panicking",
    "flying to lisbon on friday and i already feel sick thinking about the takeoff lol",
    "THERE IS A SPIDER THE SIZE OF MY HAND ON THE CEILING. i am not sleeping in this room",
    "found a lump on my neck last week, was terrified, doc says its just a swollen gland. phew",
    "job interview at 9 am, my hands are shaking already",
    "anyone else scared of the dentist? i have a filling tomorrow and im dreading it",
    "my daughter starts driving lessons today. i am more nervous than she is",
    "heard a noise downstairs at 3am, turned out to be the cat knocking over the fruit bowl 😅",
    "i have to give a speech at my brother's wedding and public speaking terrifies me",
    "waiting for my blood test results is making me so anxious, they said probably nothing but still",
    "the thunder last night was so loud i hid under the duvet like a 6 yr old",
    "im afraid my landlord will raise the rent again, cant really afford more",
    "first day at new school monday. what if nobody talks to me",
    "I am 71 and frightened of these new self-checkout machines, they shout at me",
    "my boss wants a 'quick chat' at 4pm. why does that sentence fill me with dread",
    "i am scare of the big dog of my neighbour, he bark every time i pass",
    "got lost hiking for like an hour, it was getting dark and i was freaking out, found the trail tho",
    "driving test retake is thursday, if i fail again i'll just book another one but ugh nerves",
    "my baby had a fever of 39 and i was so scared, doctor said it's a normal virus and she's already better",
    "horror movie night was a mistake, now every shadow in the hallway is a ghost",
]

EVERYDAY_DISGUST = [
    "someone left a tuna sandwich in the office microwave for 3 days. the smell. THE SMELL",
    "opened the fridge and the milk was basically cheese. gagging",
    "my roommate never cleans the hair out of the shower drain, it's like a small animal in there",
    "stepped on a slug barefoot in the garden 🤢🤢",
    "the guy next to me on the train was clipping his toenails. on the train.",
    "found a mouldy mug under my sons bed, it had grown its own ecosystem",
    "why do people chew with their mouth open, i cant eat near my uncle",
    "cleaning the bins today and there were maggots. never again",
    "my dog rolled in something dead at the park and now the whole car stinks",
    "public toilets at the festival were a crime against humanity",
    "someone sneezed right on my neck in the lift. no hand. nothing. disgusting",
    "the cafeteria lasagna today had a hair in it, i'm done with that place",
    "my little brother picks his nose and wipes it on the sofa, i am going to be sick",
    "I found a cockroach in my hotel room, I am very disgust, I asked for a new room",
    "had to unblock the kitchen sink. grease. old pasta. i wont describe more",
    "gym mats that nobody wipes down... sweat puddles everywhere ew",
    "the baby had a nappy explosion all over me in the supermarket lol cant even",
    "my cat brought a half mouse into the kitchen as a gift. thanks i guess",
    "cleaned out the old tupperware from the back of the cupboard, some of it was green and fuzzy",
    "people who dont wash hands after the toilet >>> worst humans",
]

EVERYDAY_ANGER = [
    "i could kill my brother, he ate the last slice of pizza that had MY NAME on it",
    "my neighbour's car alarm has gone off 6 times tonight i swear im going to lose it",
    "so mad at my team, i did the whole presentation and they took the credit",
    "the printer jammed AGAIN right before the deadline. i want to throw it out the window",
    "my mum is gonna murder me when she sees the dent in the car lol",
    "waited 2 hours on hold with the bank and then they hung up on me. FURIOUS",
    "if my flatmate leaves his dishes in the sink one more time i will actually scream",
    "the referee was blind today, robbed us in the last minute, still fuming",
    "my ex posted our holiday pics with his new gf, petty but im so annoyed",
    "i am very angry, the delivery man left my parcel in the rain and now it is wet",
    "autocorrect changed 'meeting' to 'mating' in an email to my boss. i could kill whoever invented this",
    "people who walk slow in a line of four on the pavement make me so irritated",
    "my landlord ignored the broken heating for 3 weeks, i'm writing a very angry letter",
    "kids in the back row kept talking the whole film, wanted to strangle them (not literally obv)",
    "my coworker microwaved fish AGAIN after we all asked him not to. war has been declared",
    "the wifi died in the middle of my ranked match and i lost points, raging rn",
    "As a retired teacher I am appalled by the council's decision to close the library. Writing to my MP.",
    "ugh my sister borrowed my jacket without asking and spilled coffee on it, so pissed",
    "gonna kill my dad, he told my friends about my baby photos 🙄",
    "parking ticket for being 2 minutes late. two. minutes. absolute joke",
]

LONG_EVERYDAY = [
    "so today was a weird but nice day. i woke up late because my alarm didnt go off, so i skipped breakfast. "
    "work was busy but my manager actually said thanks for once. at lunch i tried the new ramen place near the station. "
    "it was a bit salty but the eggs were perfect. after work i walked home instead of taking the bus. "
    "the weather was finally warm. now im on the sofa with tea and a documentary about octopuses.",
    "My grandson visited this weekend and we planted tomatoes together. He is eight and asks a hundred questions a minute. "
    "We also fixed the old bird feeder, which took far longer than it should have. "
    "His mother picked him up on Sunday evening and the house felt quiet. "
    "I made myself soup and did the crossword. All in all a lovely weekend.",
    "ok update on the kitchen renovation. the tiles finally arrived but they sent the wrong colour. "
    "the guy on the phone was nice at least and said the new ones will come next tuesday. "
    "meanwhile we're cooking on a camping stove in the living room lol. "
    "the kids think its an adventure, my husband less so. "
    "hopefully by the end of the month we have a real kitchen again.",
    "i started running again this month, just 3 times a week. first week was awful, i could barely do 10 minutes. "
    "now i can do 25 without stopping which feels like a big deal for me. "
    "i downloaded one of those apps that tells you when to walk and when to run. "
    "my knees complain a bit but i stretch after. "
    "thinking about signing up for a 5k in september, maybe with my cousin.",
    "uni life update: moved into the new halls, my room is tiny but it has a big window. "
    "my flatmates are from spain, nigeria and scotland so the kitchen is very international. "
    "we had a pasta night yesterday and someone set off the fire alarm, whole building outside at 11pm. "
    "lectures start monday and i still havent bought the books. "
    "but overall im really excited, it feels like a fresh start.",
    "I am writing from Poland, I learn English since two years. My work is in a bakery, I start very early, 4 o'clock. "
    "I like it because the smell of bread in morning is the best thing. "
    "On weekend I go with my wife to the forest for mushrooms. "
    "Last Sunday we found a lot and she made soup. "
    "Sorry for my mistakes, I want to practice writing more.",
    "had the parent teacher meeting today. apparently my son is great at maths but talks too much in class, which, fair. "
    "his teacher is new and really seems to care. "
    "she suggested he join the chess club after school. "
    "he said chess is boring until i told him there are tournaments with trophies. "
    "now he wants to be a grandmaster by christmas lmao.",
    "so the cat has decided that the new sofa belongs to her and only her. "
    "every time i sit down she stares at me until i move. "
    "i bought her a fancy bed for 40 quid and she sleeps in the box it came in. "
    "my partner says im a pushover and he is right. "
    "anyway she is currently asleep on my laptop charger so i cant do any work. send help (not really).",
    "Spent the day at my allotment. The courgettes have gone completely mad again, I've got more than I can ever eat. "
    "Gave a bag to the neighbours and they gave me a jar of honey in return. "
    "The beans are slow this year, possibly the cold spring. "
    "My friend Pat came by with a flask of coffee and we sat on the bench for an hour chatting. "
    "Simple pleasures.",
    "work trip to berlin was actually fun. the conference was boring as expected, but the evenings were great. "
    "we found a tiny vietnamese place that was the best food of the whole week. "
    "i also walked along the river and saw the old wall bits. "
    "flight back was delayed by two hours but i had a good book. "
    "back home now, unpacking and doing about 5 loads of laundry.",
    "been learning guitar for 3 months now!! my fingers hurt less and i can play like four songs. "
    "my teacher is this old rock guy with a ponytail who tells stories the whole lesson. "
    "i practice 20 min after dinner most days. "
    "my neighbour knocked once to say he likes hearing it which was sweet. "
    "next goal is learning barre chords which apparently everyone hates.",
    "Quick vent about my commute, nothing serious. The train was cancelled, the replacement bus took the scenic route, "
    "and I got to the office at ten. Then the coffee machine was broken. "
    "But a colleague brought in brownies for her birthday and that fixed everything. "
    "Afternoon was quiet, I cleared my inbox. "
    "Going to make pasta tonight and watch the football.",
    "we went to the beach today w the kids. my youngest was scared of the waves at first but by the end she was running in and out screaming with joy. "
    "the older one built a huge sandcastle with a moat. "
    "we forgot the sunscreen refill so everyone is a bit pink. "
    "got chips on the way back and a seagull stole one right out of my hand. "
    "tired but happy.",
    "my first week at the new job is done. everyone is friendly, though i still dont know where half the things are. "
    "i got lost looking for the toilets on day one, very professional. "
    "the work itself is interesting, lots of data stuff. "
    "my manager takes the team out for lunch on fridays apparently. "
    "im cautiously optimistic about it all.",
    "So my mum finally learned to video call. It took about 40 minutes and she kept holding the phone to her ear. "
    "Eventually we saw each other and she was so pleased. "
    "She showed me her new curtains and the dog. "
    "Then she accidentally turned on a bunny filter and couldn't turn it off. "
    "I laughed so hard I cried. Best call ever.",
    "i'm 15 and we had sports day today. i came 2nd in the 200m which i didn't expect at all. "
    "my best friend won the long jump so we were both hyped. "
    "it was really hot and the ice cream van was there so that was good. "
    "my dad filmed everything on his phone, very embarrassing. "
    "now im just chilling and watching youtube.",
    "Finished reading the book club novel last night. I didn't love the ending but the middle part was brilliant. "
    "Our meeting is on Thursday at Helen's house and she always makes lemon cake. "
    "I'm going to suggest something lighter for next month, maybe a mystery. "
    "It's nice to have a reason to get together every few weeks. "
    "Retirement is less boring than I feared.",
    "ok so we adopted a rescue dog!! he's a 4 yr old greyhound called biscuit. "
    "he's super shy and spent the first day hiding behind the sofa. "
    "today he let me pet him and even wagged his tail once. "
    "the vet says he's healthy, just needs to gain a little weight. "
    "my partner already bought him three jumpers lol.",
    "tried baking sourdough for the first time this weekend. the starter took a week to get going. "
    "the first loaf came out flat as a pancake and hard as a rock. "
    "second one was much better, crispy crust and nice holes inside. "
    "my flatmate ate half of it before i took a photo. "
    "going to try adding olives next time.",
    "Had a long day at the hospital, I'm a nurse on the children's ward. It was busy but we had a good team today. "
    "One of the little ones went home after two weeks and gave us all drawings. "
    "Mine is a purple horse, I think. "
    "I'm putting it on the fridge. "
    "Now feet up, cup of tea, and bed early because I'm back on at 7.",
]

DISTRESS_NO_RISK = [
    "grief is weird. my dad died in march and today i heard his favourite song in a shop and had to leave. miss him so much",
    "feeling really lonely since i moved to the city, dont know anyone yet. gonna try a climbing club next week",
    "failed my driving test for the third time. gutted. booking another one tho",
    "so stressed with uni deadlines, 3 essays due this week and i'm barely sleeping",
    "my dog died yesterday. he was 14. the house is so quiet, i keep looking for him at the door",
    "i got rejected from the job i really wanted. cried in the car for a bit. onto the next application i guess",
    "my best friend and i had a big fight and havent talked in a week, its making me so sad",
    "being a single parent is exhausting some days. today was one of them. tomorrow will be better hopefully",
    "i'm 80 and most of my old friends have passed on. i do feel lonely in the evenings. my daughter calls on sundays, that helps",
    "we broke up after 5 years. i know its for the best but my chest hurts. my sister is coming over with ice cream tonight",
    "work is so much pressure right now, i talked to my manager and we're going to share some of the load, still tired tho",
    "my grades dropped this term and my parents are disappointed. i feel bad but i've made a study plan",
    "miscarriage last month. still so sad. my partner and i are seeing a counsellor together and it's helping a bit",
    "i feel homesick, my family is in Brazil and I am here alone for study. i call my mother every night",
    "got laid off today. shocked and kind of scared about money but i have some savings and already updated my cv",
    "honestly just sad today. no reason. gonna have a bath and an early night",
    "my nan has dementia and didnt recognise me today. it broke my heart a bit. still going to visit every week",
    "lost the final, whole team was in tears in the changing room. proud of how far we got tho",
    "moving away from my friends for my dad's job and i'm so upset about it. we're planning to visit in summer",
    "feel like a failure because my business didn't work out. taking some time to figure out what's next, talking it through with my wife",
]

RECOVERED_OR_PAST = [
    "5 years ago i wanted to die and i'm so glad i didn't. now i have a wife, a kid and a garden full of roses",
    "used to self harm in high school. been clean for 4 years now and i actually like my life",
    "i was in an abusive relationship in my twenties. i got out, had therapy, and today im safe and happy with someone kind",
    "back in uni i had a really bad depression and tried to end things. got help, lots of it. doing well now, 10 years later",
    "today is 2 years since my last cut!! celebrating with cake 🎂",
    "my dad used to hit us when we were kids. i'm 35 now, moved far away, safe, and i'm a very gentle dad to my own kids",
    "i remember when i thought nobody would miss me. i was so wrong. i'm glad i stayed. life's good now",
    "had suicidal thoughts after my divorce years ago. my GP and my sister helped me through it. i'm in a good place these days",
    "my scars are old and faded now. i dont hide them anymore, they remind me how far ive come",
    "I went through domestic violence 15 years ago. Now I volunteer at a women's shelter and help others get out",
    "in year 9 i used to scratch my arms when stressed. therapist taught me other ways to cope and it's been ages. just wanted to share",
    "a few years ago i was in hospital after an overdose. today i graduated nursing school. never thought id see this day, so proud",
    "my ex was controlling and hit me sometimes. we've been apart 3 years, he's got a restraining order and i feel safe now",
    "i struggled with dark thoughts as a teenager but meds and therapy really worked. i'm 24 and stable, just checking in because im doing great",
    "i used to think about suicide every day. now i mostly think about what to cook for dinner lol. recovery is real",
    "it's been 6 years since i left the house where i was hurt. i have my own flat, a cat, and a door only i have the key to",
    "when i was 17 i planned to kill myself. a teacher noticed and got me help. i'm 30 now and i still send her a card every christmas",
    "been free of self harm for 1000 days as of today! still see my counsellor monthly just to keep it that way",
    "years ago my uncle abused me. i've told my family, done lots of therapy and i'm at peace with it now. i'm safe",
    "Looking back, the worst time of my life was after losing my job in 2015, I didn't want to live. Today I'm retired, happy, and grateful I got through it.",
]

DARK_HUMOUR_OR_FIGURE_OF_SPEECH = [
    "i'm DYING 😂😂 my dad just tried to use snapchat and sent a selfie of his nostril to the whole family chat",
    "kill me now, this statistics lecture is on slide 94 of 200",
    "that meme literally killed me, i'm typing this from the afterlife",
    "if i have to hear that christmas song one more time at work i'm gonna throw myself into the sea lol",
    "my feet are killing me after that wedding, 8 hours in heels 😩",
    "this spicy ramen challenge is going to be the death of me 🔥🔥",
    "monday morning meeting at 8am, someone put me out of my misery",
    "i'm dead 💀 my cat just fell off the sofa and looked at me like it was MY fault",
    "just killing time at the airport, flight's delayed 3 hours",
    "my mum will literally bury me alive if she sees my report card haha",
    "this heat is murdering me, 38 degrees and no aircon",
    "sorry cant talk im busy dying of embarrassment, i waved at someone who was waving at the person behind me",
    "the final boss killed me like 40 times before i beat it, worth it",
    "me after one glass of wine: i'm going to die on this hill, pineapple DOES belong on pizza",
    "ugh this cold is killing me, i sound like a frog",
    "that comedian absolutely slayed, i laughed till i cried",
    "if my teacher gives us another pop quiz i'm moving to antarctica and living with the penguins forever",
    "i nearly died when my crush said hi to me in the corridor 😳",
    "my phone at 1%: the struggle is real, goodbye cruel world",
    "my brother's cooking is a hate crime against my taste buds",
]

GOOD_NEWS_OR_NEUTRAL = [
    "GOT INTO UNI!!! first in my family 🎉",
    "my sister had her baby last night, a little girl, 3.4 kg, everyone's healthy",
    "what time does the chat close on weekends?",
    "passed my driving test on the 4th try lets gooo",
    "does anyone know a good recipe for vegetarian lasagne",
    "we got engaged on the beach yesterday and i said yes!!",
    "it is raining again here in manchester, surprise surprise",
    "I have been promoted to team leader, very happy",
    "how do i change my username in this app?",
    "finally paid off my student loan, feels unreal",
    "my tomatoes are finally turning red 🍅",
    "the bus strike is over so im back to normal commute from monday",
    "is it normal for a 2 year old to sleep 13 hours? asking for my toddler lol",
    "today i ran my first half marathon, 2:05, very proud",
    "my test results came back all clear 💚",
    "Thank you for this app, it's helped me organise my week",
    "just got my first paycheck from my first job",
    "what's the difference between a crocodile and an alligator, my kid asked and i dont know",
    "we won the pub quiz for the first time ever",
    "my grandfather turned 100 today and got a letter from the king",
]

SHORT_CHAT = [
    "lol same",
    "ok cool",
    "haha yeah",
    "thanks!!",
    "wait what",
    "brb getting snacks",
    "idk tbh",
    "that's so true",
    "hmm maybe",
    "omg 😂",
    "nah im good",
    "sounds good to me",
    "whats up",
    "yep",
    "fair enough",
    "cool cool cool",
    "no worries",
    "tell me more",
    "bored af",
    "ok thank you dear",
]

EVERYDAY_LEAVING = [
    "handed in my notice today!! last day is the 30th, new job starts in june",
    "we're moving to canada in august, so much packing to do",
    "leaving the book club, the meetings clash with my night classes now",
    "ending our lease early because we bought a house 🏡",
    "i'm off to thailand for 3 weeks tomorrow, wont be online much",
    "moving out of my parents' place this weekend, first flat of my own",
    "quit the football team, my knee can't take it anymore. still going to watch the games",
    "I am leaving the choir after 20 years, my voice is not what it was. They are giving me a little party",
    "last shift at the café today, gonna miss the regulars",
    "packing my whole life into boxes for the move to leeds, send tape",
    "saying bye to my classmates on friday, we're relocating for my mum's job",
    "finally cancelled my gym membership that i havent used since january lol",
    "going travelling for a year after graduation, starting in vietnam",
    "leaving this group chat because it's 400 messages a day about fantasy football, love you all",
    "we told the landlord we won't renew, moving closer to my partner's work",
    "dropping out of the evening spanish course, too busy at work. might try again next year",
    "my last day at the school where i've taught for 30 years. retirement here i come",
    "off to boarding school next month, bit nervous but excited",
    "gave away all my furniture on the local page because we're moving abroad and shipping is too expensive",
    "leaving the company after 8 years. farewell drinks on thursday if anyone's around",
]

GREETINGS_AND_SIGNOFFS = [
    "hiii",
    "hello there!",
    "good morning everyone ☀️",
    "hey, how's it going",
    "hola! quick question about my account",
    "good night, sleep well x",
    "bonjour, I am new here",
    "ok bye, talk tomorrow",
    "nighty night 😴",
    "yo",
    "Good afternoon. I hope you are well.",
    "ciao for now!",
    "gotta go to bed, early start tomorrow. night!",
    "hey hey",
    "see you later alligator",
    "guten Morgen! just saying hi",
    "thanks for the chat, bye!",
    "cheers, have a good one",
    "namaste 🙏 hello from Pune",
    "ttyl",
]

SIGNOFFS_WITH_APOLOGY = [
    "sorry my bus is here, bye!",
    "oops gotta run, mum's calling me for dinner",
    "sorry, battery at 2%, talk later",
    "ah sorry meeting starting, ttyl",
    "sorry have to go, the baby just woke up",
    "my break is over, sorry!! bye",
    "sorry i'm falling asleep lol, good night",
    "Apologies, I must go, my grandson is here to take me shopping",
    "sry teacher is coming, bye",
    "shoot im late for practice, sorry gotta dash",
    "sorry gotta go, pizza guy at the door 🍕",
    "sorry, the wifi is bad here, will message tomorrow",
    "soz need to go pick up the kids from school",
    "sorry for leaving so fast, my train stop is next",
    "ugh sorry, boss needs me, bye for now",
    "sorry, dog needs a walk urgently lol, brb later",
    "i'm so sorry, i have to cook dinner now, bye bye",
    "sorry mate, match is starting, catch you later",
    "forgive me, the oven timer, must go!",
    "sorry sorry, class starts in 2 min, bye",
]
