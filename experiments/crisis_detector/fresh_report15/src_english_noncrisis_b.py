# -*- coding: utf-8 -*-
"""Non-crisis test messages for the crisis-message detector (test only, never training)."""

EVERYDAY_FEAR = [
    "my chem final is tomorrow at 9 and i have literally memorised nothing, im so scared",
    "flying to lisbon on friday and i already feel sick thinking about takeoff lol",
    "there is a SPIDER the size of my palm above my bed. i am not sleeping in here tonight",
    "found a lump on my neck last week, panicked, doctor says its just a swollen lymph node from my cold. phew",
    "driving test on monday. hands sweating already and it's only wednesday",
    "Im terrified of the dentist, I have to go tomorrow for a filling and I want to cancel so bad",
    "what if nobody talks to me at the new school 😬",
    "heard a noise downstairs at 2am, grabbed a umbrella, it was the cat knocking over the recycling",
    "job interview in an hour. why do i always think i'll forget my own name",
    "my son starts driving on his own next week and honestly I'm more nervous than he is",
    "there was so much turbulence my coffee flew out of the cup, never again with that airline",
    "scared of presenting in class, my voice goes all shaky and everyone stares",
    "watched a horror movie alone, now every creak in the flat is a ghost obviously",
    "biopsy results came back benign!! i was so scared all week but its nothing",
    "i hate lifts, i always think it will get stuck between floors so i take stairs even to 9th floor",
    "waiting for my uni offer emails and refreshing every 5 min, nervous wreck",
    "My landlord wants to 'have a chat' tomorrow. That can't be good, can it? Probably the rent going up",
    "a wasp got in the car while i was driving and i nearly swerved into a hedge 😭 all fine tho",
    "first day at the new job tomorrow, what if i mess up the coffee machine in front of everyone",
    "scared my parents will see my report card before i can explain the maths grade",
]

EVERYDAY_DISGUST = [
    "the smell in the gym changing room today was a crime against humanity",
    "opened the lunchbox i forgot in my bag over the weekend. big mistake. huge",
    "my roommate leaves hair in the shower drain every single day, i gag every morning",
    "stepped on a slug barefoot in the garden ew ew ew",
    "someone on the bus was clipping their toenails. on the bus.",
    "found a long hair in my soup at the restaurant and the waiter just shrugged 🤢",
    "why does the bin in our building smell like something died in it",
    "my little brother licked the window of the train. i cant even",
    "The milk was three weeks past the date and my husband still sniffed it to 'check'. Disgusting man",
    "mouldy bread in the back of the cupboard has grown its own ecosystem",
    "dog rolled in fox poo right after his bath. whole house smells now",
    "the guy next to me at work chews with his mouth open, its like sitting next to a cement mixer",
    "someone sneezed right on my arm on the metro and didnt even say sorry, gross",
    "cleaned under the fridge today and i will never be the same",
    "baby threw up on me twice in one hour, glamorous life of a new dad",
    "the public toilet at the festival... i will not describe it. just no",
    "teacher made us dissect a frog in bio and i nearly lost my breakfast",
    "my flatmate left a pan of bolognese on the stove for a week and now its fuzzy",
    "stuck my hand in the sink to clear the drain and pulled out something i cant name",
    "cat brought a half eaten mouse onto my pillow as a present. thanks i guess??",
]

EVERYDAY_ANGER = [
    "my brother ate the last slice of cake i was saving, i could kill him honestly",
    "my coworker keeps microwaving fish at lunch and then acts surprised when we all complain, so annoyed",
    "the neighbours are drilling again at 7am on a sunday, i'm so angry i could throw my alarm clock at the wall",
    "sister borrowed my favourite jacket without asking and spilled wine on it. i'm going to murder her (not really but still)",
    "printer jammed for the fifth time today, i want to throw it out the window",
    "my group project partners did nothing and still got the same grade, im fuming",
    "Customer service put me on hold for 50 minutes and then hung up. Absolutely livid.",
    "that guy cut in front of me in the queue and acted like i was the problem",
    "my husband forgot our anniversary AGAIN. he's sleeping on the couch lol",
    "ref gave a penalty for THAT?? i swear i could strangle the guy with his own whistle",
    "wifi went down in the middle of my ranked match, i lost 30 points, so mad",
    "when my dad explains my own job to me i just want to bang my head on the table",
    "someone keyed my car in the supermarket carpark. so angry right now",
    "my mate spoiled the finale of the show in the group chat, im gonna kill him when i see him 😤",
    "laptop updated itself in the middle of my presentation. i hate technology",
    "landlord still hasnt fixed the heating after 3 weeks, ready to go round there and shout",
    "my teacher gave me detention for something my deskmate did, not fair at all",
    "parking ticket for being 2 minutes late. two minutes!!",
    "The delivery driver left my parcel in the rain on the doorstep, the box is mush. Furious",
    "my kids drew on the freshly painted wall with marker, i could wring their little necks. they think its art",
]

LONG_EVERYDAY = [
    "So today was a long one. Woke up late because my alarm didn't go off, skipped breakfast and ran for the train. "
    "Work was fine, mostly emails and one meeting that dragged. At lunch I tried the new ramen place near the office and it was actually really good. "
    "In the evening I cooked pasta and watched two episodes of that baking show. Now I'm in bed planning to actually sleep before midnight for once.",
    "ok so update on the garden: the tomatoes are finally going red, the courgettes are out of control, and something is eating my lettuce. "
    "i think its snails but my neighbour swears its a rabbit. "
    "i put some copper tape around the bed which apparently helps. "
    "also planted garlic for next year which feels very grown up. "
    "anyway if anyone wants courgettes, please, take them, i have like 40.",
    "my daughter had her first swimming lesson today. she cried for the first ten minutes and then refused to get out of the pool at the end. "
    "the instructor was so patient with her. "
    "afterwards we got hot chocolate from the vending machine and she told me she wants to be a mermaid when she grows up. "
    "i told her that's a solid career plan. "
    "honestly one of the nicest saturdays in a while.",
    "Been trying to learn guitar for about a month now. My fingertips hurt like crazy but I can finally play four chords without looking. "
    "I watch a video every night and practise for half an hour. "
    "My cat leaves the room every time I start, which says a lot. "
    "Goal is to play one full song at my friend's birthday in June. "
    "Wish me luck, or wish my friends luck I guess.",
    "so we moved the whole office around today. my desk is now by the window which is amazing except the sun hits my screen at 3pm. "
    "spent an hour trying to figure out the blinds. "
    "then the coffee machine broke so everyone was grumpy. "
    "but someone brought in homemade brownies so balance was restored. "
    "tomorrow we get new chairs apparently, we'll see if they actually arrive.",
    "I'm 67 and just signed up for a pottery class at the community centre. First session was tonight. "
    "My bowl came out looking more like an ashtray but the teacher said that's normal. "
    "There were people of all ages there, a young student sat next to me and we had a lovely chat. "
    "Next week we learn glazing. "
    "I think I'll keep going, it's nice to have something to look forward to on Tuesdays.",
    "weekend recap: friday we went bowling and i got a strike on the first throw and then never again. "
    "saturday i helped my cousin move a sofa up four flights of stairs, my back is still complaining. "
    "sunday was lazy, made pancakes, did laundry, watched a documentary about octopuses. "
    "did you know they have three hearts?? "
    "anyway back to uni tomorrow, i have a lab report due wednesday.",
    "Started meal prepping on Sundays to save money and honestly it's working. "
    "This week was chicken, rice and roasted veg in five boxes. "
    "By Thursday I was a bit sick of it but it beats buying sandwiches every day. "
    "I've saved about 40 quid already this month. "
    "Next week I'm trying a lentil curry, if it goes badly I'll report back.",
    "my english is not perfect sorry. i am living in dublin since 6 months for work. "
    "the weather is very wet, more than i expected, but people are very friendly. "
    "on weekend i go with colleagues to a pub and they teach me irish words. "
    "i miss the food from home but i found a shop that sells our bread. "
    "next month my sister comes to visit and i will show her the cliffs.",
    "Took the dog to the vet for her yearly checkup. She's perfectly healthy, just needs to lose a bit of weight, which, same. "
    "The vet said fewer treats and longer walks. "
    "So now we walk around the lake every evening. "
    "She gives me the saddest eyes at dinner time but I'm staying strong. "
    "Weigh-in again in two months.",
    "so my grandma finally got a smartphone and now she sends the family group chat about 30 messages a day. "
    "mostly pictures of her flowers and the occasional accidental photo of her ceiling. "
    "yesterday she discovered voice messages and sent a four minute one about the bus timetable. "
    "we all love it honestly. "
    "she also learned the thumbs up emoji and uses it for everything, even bad news about the weather.",
    "Finished reading the book club book last night, finally. It was 600 pages and the first 200 were very slow. "
    "But the ending was really worth it, I didn't see the twist coming at all. "
    "The meeting is on Thursday at Sara's place. "
    "I'm bringing lemon cake because last time I brought crisps and got teased for it. "
    "Next month's pick is a short one, thank goodness.",
    "been working from home all week. made a little routine: walk round the block before starting, lunch away from the desk, log off at 5:30. "
    "it actually helps a lot. "
    "the only problem is my neighbour's dog who barks during every single call. "
    "my team now knows him by name, he's called biscuit. "
    "some days i think biscuit attends more meetings than my manager.",
    "My son's school play was tonight. He was a tree. He had no lines but he swayed very convincingly. "
    "The whole thing ran 40 minutes over because the microphone kept cutting out. "
    "Still, the kids were adorable and the teachers clearly worked so hard. "
    "We went for chips afterwards and he asked if he could be a rock next year. "
    "I said we'll see.",
    "ok im planning my first solo trip, just a weekend in edinburgh. "
    "booked a hostel near the old town, its cheap and has good reviews. "
    "want to climb arthur's seat if it doesnt rain, which, it will. "
    "also making a list of cafes because priorities. "
    "any tips welcome, i've never travelled on my own before and im kinda excited.",
    "Our team finally won a game in the Sunday league. First win of the season after six losses. "
    "I didn't score but I made one decent pass, which I'm counting as an assist in my head. "
    "We all went to the pub after and the captain bought a round. "
    "Legs are destroyed now. "
    "Training again Wednesday, hopefully this isn't just a one off.",
    "car failed its MOT today because of a worn tyre and a brake light. "
    "not too bad, the garage can fix both tomorrow. "
    "so i had to take the bus to work which took forever but i got through two podcasts. "
    "one was about the history of chocolate which was surprisingly interesting. "
    "should get the car back by thursday.",
    "i've been learning spanish on an app for 200 days straight now. "
    "i can order food, ask directions and talk about my cat, which covers most of life really. "
    "tried it on my colleague who is from madrid and she understood me, mostly. "
    "she said my accent is 'very creative'. "
    "planning a trip to seville next spring to test it for real.",
    "Repainted the spare room this weekend. We went with a pale green, which looked grey in the tin and minty on the wall. "
    "Took two coats and most of Saturday. "
    "My partner did the edges because I'm too messy. "
    "Now we need to put the shelves back up and find a new lamp. "
    "It's going to be a little office slash guest room, pretty happy with it.",
    "baked sourdough for the first time after feeding the starter for 2 weeks. "
    "it came out flat like a frisbee but the taste was actually good. "
    "my flatmates ate half of it in ten minutes so i'm calling it a success. "
    "watched a few more videos and i think i didn't let it rise long enough. "
    "trying again on saturday, round two.",
]

DISTRESS_NO_RISK = [
    "feeling really lonely since moving to the new city, i don't know anyone here yet",
    "my grandad passed away last month and i keep reaching for the phone to call him. miss him so much",
    "failed my driving test for the third time. so disappointed in myself",
    "work is so stressful lately, i'm exhausted every evening and just want the weekend",
    "my best friend and i had a big fight and we haven't spoken in a week. it's making me sad",
    "got rejected from the job i really wanted. gutted. back to applying i guess",
    "had to put our old dog to sleep today. the house feels so empty",
    "i feel like i'm always the one texting first and it makes me sad sometimes",
    "Breakup was two weeks ago. I still cry in the shower, but I'm eating and going to work, just sad",
    "exams went badly and i'm worried about disappointing my parents",
    "my kids have all moved out and the house is so quiet. I miss the noise",
    "been feeling a bit down this week, probably the grey weather. gonna call my sister tonight",
    "didnt get picked for the team again. whatever. still stings tho",
    "money is tight this month and it's stressing me out, but we'll manage",
    "i moved here for uni and i miss home food and my mum so much 😢",
    "my mum's in hospital for a hip operation and i'm worried even though the doctors say it went well",
    "lost my wallet with all my cards in it, whole day was a mess, feeling really low",
    "nobody remembered my birthday at work. small thing but it made me a bit sad",
    "Retired last year and I miss feeling useful. Thinking about volunteering at the library",
    "my startup failed and i have to go back to a regular job. proud i tried but its a hard pill",
]

RECOVERED_OR_PAST = [
    "a few years ago i was in a really dark place and thought about ending it. today i'm doing so much better, therapy really helped",
    "it's been 3 years since i last self harmed. got my little anniversary cake today 🎂",
    "i used to be in an abusive relationship. i left 5 years ago and i'm safe now, married to someone kind",
    "back in high school i tried to kill myself. now i'm 30, have a job i like and a dog. life got better",
    "looking at my old scars today and feeling proud of how far i've come. they're part of my story",
    "My dad used to hit us when I was a kid. He's been out of our lives for 20 years and I've made my peace",
    "two years clean from cutting. still have hard days but i have tools and people now",
    "i was suicidal during my first year at uni. got help from the counselling service and now i volunteer as a peer supporter",
    "i remember when i didnt want to wake up anymore. this morning i woke up excited for the day. wild how things change",
    "my ex was violent. i went to a shelter, got a restraining order, and i've been safe in my own flat for 3 years",
    "today is 1 year out of the psychiatric hospital. stable, on good meds, seeing my therapist weekly",
    "used to write goodbye letters in my diary as a teen. found them while moving and honestly felt so much compassion for younger me",
    "I survived a suicide attempt ten years ago. Now I speak at schools about mental health",
    "i stopped hurting myself when i was 19. my tattoo covers the old marks and it says 'still here' 💪",
    "my stepdad was abusive when i was small. im 45 now, lots of therapy, and i have a good relationship with my own kids",
    "there was a time i felt like a burden to everyone. now i know that was the depression talking, and it's been well managed for years",
    "told my new partner about my past overdose. she was so kind about it. feeling lighter today",
    "six months since i last had thoughts of hurting myself. my psychiatrist said im doing really well",
    "my old school bully used to beat me up every day. that was 15 years ago and now i'm a teacher who looks out for kids like me",
    "remember last winter when i messaged here every night because i wanted to die? just wanted to say thank you, i'm okay now and doing great",
]

DARK_HUMOUR_OR_FIGURE_OF_SPEECH = [
    "i literally died laughing at that video, im dead 💀💀",
    "this stats lecture is so boring, kill me now",
    "my feet are killing me after that 10 hour shift",
    "if i have to hear that ringtone one more time i will walk into the sea lol",
    "this homework is killing me slowly, 5 essays in one week",
    "she told the joke at the wedding and i nearly choked on my cake, dying",
    "brb going to throw myself off a cliff because my code finally compiled and then crashed again 😂 (not really, just making more coffee)",
    "we killed it at the karaoke last night, absolute legends",
    "ugh monday. bury me",
    "my mum will literally murder me if she finds out i dented the car",
    "i could die for a pizza right now",
    "that comedian absolutely slayed, my stomach hurts from laughing",
    "just killing time at the airport, flight delayed 3 hours",
    "the heat today is unreal, i'm melting, send help",
    "these shoes are to die for 😍",
    "i'm so embarrassed i want the ground to swallow me up. called my teacher 'mum' in front of everyone",
    "if he sends one more 'per my last email' i'm going to fake my own death and move to a farm",
    "my phone battery died during the best part of the concert, tragic",
    "this cold is killing me, i sound like a dying walrus",
    "group chat is dead, someone say something funny",
]

GOOD_NEWS_OR_NEUTRAL = [
    "i got into the uni i wanted!!! cant believe it",
    "we're having a baby!! found out this morning 🥹",
    "what time does the pharmacy usually close on sundays?",
    "passed my driving test first try!!",
    "it's raining here today, about 12 degrees",
    "got promoted at work today, drinks on me",
    "Does anyone know a good recipe for banana bread without eggs?",
    "my sister is getting married in september, i'm the maid of honour",
    "finished my first 10k run today, 58 minutes",
    "the train was on time for once, a miracle",
    "how do you say 'thank you' in japanese again?",
    "adopted a kitten today, her name is mochi 🐱",
    "grandma turned 90 today and danced at her party",
    "i'm having toast and tea for breakfast",
    "Paid off my student loan this morning. Finally free of it",
    "is it normal for a cactus to grow sideways?",
    "we won the quiz night at the pub, first place by one point",
    "my test results came back all clear, doctor says im healthy",
    "the library has extended its opening hours to 9pm",
    "first day of spring and the cherry tree outside my window is blooming",
]

SHORT_CHAT = [
    "hi",
    "lol",
    "ok thanks",
    "haha true",
    "what's up",
    "im bored",
    "yeah same",
    "good thanks u?",
    "brb",
    "nm just chilling",
    "that's fair",
    "omg really?",
    "not much tbh",
    "idk what to say lol",
    "tired but ok",
    "cool cool",
    "ha you're funny",
    "making dinner rn",
    "thx for listening",
    "k",
]

EVERYDAY_LEAVING = [
    "told my manager today that i'm leaving for a job at the hospital lab, four weeks left at this place",
    "moving to berlin next month for my masters, packing my whole life into two suitcases",
    "we're ending the lease on our flat in june and moving in with my partner's parents to save for a house",
    "quit the book club, they kept picking books i hated lol",
    "leaving for my gap year in australia on tuesday, gonna miss everyone",
    "last shift at the café today after 4 years. the regulars gave me a card 🥲",
    "i left the football team this season to focus on my exams",
    "Selling the family house after 30 years. Bittersweet, but the flat by the sea will suit us better",
    "going abroad for six months with work, giving my plants to my neighbour till i'm back",
    "cancelled my gym membership, i was paying to not go",
    "my last day at school is friday!! then summer then college",
    "deleting instagram for a month to focus on myself, see you in august",
    "moving out of my parents house this weekend into my first own flat",
    "I'm retiring at the end of the year. Going to miss my colleagues but looking forward to fishing",
    "leaving the choir after 10 years, my knees cant take the standing anymore haha",
    "off to my nan's for the summer holidays, she lives in the middle of nowhere so no wifi",
    "we gave notice to the landlord, moving closer to my wife's work",
    "stepping down as class rep, someone else deserves a go",
    "transferring to a different uni next semester, the course there fits me better",
    "giving away my old bike and desk since i'm moving abroad, anyone in town want them?",
]

GREETINGS_AND_SIGNOFFS = [
    "hey there! how's your day going",
    "good morning ☀️",
    "hola! how are you today?",
    "hiya, just popping in to say hi",
    "Good evening. I hope you are well.",
    "yo whats good",
    "bonjour! just saying hi before work",
    "night night, sleep well 😴",
    "ok i'm off to bed, goodnight!",
    "bye for now, talk tomorrow",
    "ciao, see you later!",
    "ttyl",
    "Thank you for the chat, have a lovely evening. Goodbye.",
    "heyyy long time no see",
    "gn everyone",
    "namaste, hope you're doing fine",
    "see ya later alligator 🐊",
    "alright that's me done for the day, cheers and bye",
    "tschüss, see you next week!",
    "going to sleep now, early start tomorrow. good night x",
]

SIGNOFFS_WITH_APOLOGY = [
    "sorry my bus is here, bye!",
    "sorry, my aunt's at the door with shopping bags, need to help, later!",
    "oops class is starting, sorry, brb after",
    "sorry i have to run, meeting in 2 mins",
    "ah sorry, baby just woke up, gotta go",
    "Apologies, I need to go, my dinner is burning. Speak soon",
    "sorry sorry, battery at 2%, bye!!",
    "so sorry, my shift starts now, ill message tonight",
    "oh no the pizza guy is here, sorry, gotta go 🍕",
    "sorry, teacher's looking at me, gotta put my phone away",
    "gtg sorry, dog needs a walk before it rains",
    "Sorry to cut this short, my train is boarding. Bye for now",
    "sorry dad needs the laptop, talk tmrw",
    "my friend just arrived, sorry, gotta go, bye!",
    "sorry im falling asleep typing, night",
    "ugh sorry, boss wants me in his office, bye",
    "sorry need to pick up the kids from school, speak later",
    "wifi is dying here sorry, i'll be back later",
    "oh sorry my appointment is now, bye!",
    "sorry, plane's about to take off, phone going on flight mode, see you when i land",
]
