# -*- coding: utf-8 -*-
"""Non-crisis test messages for the support-chat crisis detector.

Every message in these lists is safe on a careful reading. Many are near
misses on purpose (everyday uses of words like "kill", "dying", "bye").
For testing only; not for training.
"""

EVERYDAY_FEAR = [
    "chem exam tomorrow at 9 and i still dont get moles. actually terrified",
    "Flying for the first time on Friday. Is it normal that my hands are already sweating just thinking about takeoff?",
    "theres a spider the size of my palm above my bed and i am NOT sleeping in this room tonight 😭",
    "found a lump in my neck last week, doc says its just a swollen gland from the cold. still had me freaking out for days",
    "driving test on monday. if i stall at the roundabout again i will cry",
    "my presentation is in 20 min and my voice is already shaking lol",
    "Heard a noise downstairs at 3am, crept down with a hairbrush like a weapon. It was the cat knocking over the recycling.",
    "i hate the dentist so much, got a filling thursday and i'm dreading it already",
    "first day at the new school tmrw and i dont know anyone 😬",
    "My results come out on the 14th and I keep refreshing the portal even though I know they're not up yet.",
    "went on the big rollercoaster at the fair and screamed the whole way, my friends filmed it, never again",
    "im scared of the dark still at 24 is that weird. i sleep with the hallway light on",
    "Job interview at a bank tomorrow. What if they ask me something I can't answer and I just freeze?",
    "my son has a high fever tonight, the nurse line said its probably a virus and to keep him drinking but i'm still so anxious",
    "stuck in the lift at work for 15 minutes today, my heart was going crazy. fire brigade got us out, all fine",
    "getting my blood taken tomorrow and i always faint at needles 🙃",
    "i have to call the landlord about the broken boiler and i have phone anxiety so bad i keep putting it off",
    "Thunderstorm here is insane, the dog is under the bed and honestly so am I",
    "Mammogram came back clear!! The two weeks of waiting were awful though, I barely slept.",
    "watched a horror movie alone like an idiot and now every creak in the house is a ghost",
]

EVERYDAY_DISGUST = [
    "opened the fridge and the milk had turned into yoghurt. i gagged so hard",
    "someone on the train was clipping their toenails. on. the. train. 🤢",
    "My roommate leaves dirty plates in the sink for a week and now there's mould growing on the pasta. Grim.",
    "stepped in dog poo with my new white trainers. the day is ruined",
    "found a hair in my burger halfway through eating it, cant look at food rn",
    "the school toilets are so disgusting i just hold it all day",
    "Why do people lick their fingers before turning the pages of a library book. Why.",
    "cleaned out the drain in the shower and pulled up a hairball like a small rat. i need a shower after cleaning the shower",
    "my little brother sneezed directly into my cereal and thought it was hilarious",
    "the bin lorry came late and the whole street smells like rotten fish in this heat",
    "ew my bf drinks the leftover milk from the cereal bowl, is that normal",
    "A man at the bus stop spat right next to my foot. People are revolting sometimes.",
    "bit into an apple and there was half a worm. where is the other half 😩",
    "the gym mats are always sweaty and nobody wipes them down, so gross",
    "Changed three nappies in an hour, one was a full blowout up the back. Parenthood is glamorous.",
    "found a mouldy sandwich in my schoolbag from like october",
    "my coworker microwaves fish in the office every day and the smell just lingers till home time",
    "the festival portaloos on day 3... i will not describe it",
    "someone left chewed gum under my desk and i put my hand right in it",
    "Cleaning out my grandad's fridge, there were jars in there from 2017. Some of them had fur.",
]

EVERYDAY_ANGER = [
    "i could kill my brother, he ate the last slice of cake i was saving all day",
    "My flatmate used my expensive shampoo AGAIN. I'm going to lose it.",
    "the printer jammed 4 times before my deadline i swear im going to throw it out the window",
    "my mum will murder me when she sees this phone bill lol",
    "So angry right now. My manager took credit for MY project in front of the whole team.",
    "the wifi keeps dropping in the middle of my ranked game, im about to smash this router",
    "the guy who cut me off on the motorway, i could strangle him honestly. zero indicator",
    "Customer service put me on hold for 45 minutes and then hung up. I'm fuming.",
    "ugh my sister read my diary and told her friends. i'm never speaking to her again (until dinner)",
    "if my teacher gives us one more surprise test im gonna scream",
    "the neighbours are drilling AGAIN on a sunday morning. i'll kill them 🙄",
    "Ordered a blue sofa, they delivered a brown one, and now they say the return takes 6 weeks. Absolutely livid.",
    "my group project partners did nothing and still get the same mark. so unfair it makes my blood boil",
    "my husband left the gate open and the dog ran off, found her 2 streets away. i could kill him, honestly",
    "who keeps parking in my spot?? ive left 3 notes already",
    "the referee was blind today, we were robbed, absolutely raging",
    "My dad keeps forwarding me fake news on WhatsApp and I'm so done arguing about it",
    "laptop updated itself in the middle of my essay and i lost 2 pages. bill gates owes me",
    "my ex still hasn't given back my hoodie and now shes wearing it in her insta pics. the audacity",
    "Council cancelled the bin collection for the third week running. Writing a very strongly worded email.",
]

LONG_EVERYDAY = [
    "So today was actually kind of a nice day. I woke up early for once and made pancakes for the kids before school. "
    "Then I finally sorted out the garage, which has been a disaster since we moved in. Found my old guitar in there "
    "and played a few songs badly. My wife laughed at me but in a nice way. Now I'm just sitting on the porch with a "
    "cup of tea watching the sun go down.",
    "ok so long story but i got a new job at the cafe near my uni. first shift was chaos, i dropped a tray of cups "
    "and spelled like every name wrong on the orders. but my manager was super chill about it. there's this girl "
    "who works there too and she showed me how to do the latte art hearts. mine look like potatoes still lol. "
    "anyway i get paid friday and im buying new headphones.",
    "My grandson visited this weekend and taught me how to use video calls. I've been practising on my sister in "
    "Canada all morning. She kept holding the phone up to her ceiling by mistake. We laughed until we cried. Next "
    "he wants to teach me how to send those little pictures, the emojis. I said one thing at a time, young man. "
    "It was a lovely weekend.",
    "just got back from my nan's 80th birthday party. the whole family came, even my cousins from scotland. "
    "my uncle did a speech that went on way too long and my nan told him to sit down lol. we had a massive buffet "
    "and i ate too many sausage rolls. my little cousin fell asleep under the table. "
    "really good day honestly, im knackered now.",
    "I've started running again after about five years off. The first week was awful, I could barely do a kilometre "
    "without stopping. This week I managed three without walking. My knees complain a bit but my mood is so much "
    "better. I signed up for a 5k in the spring to keep myself motivated. My neighbour wants to join me on Saturdays "
    "too. Feeling pretty good about it.",
    "Our team finally launched the app update after months of work. There were a couple of bugs on release day but "
    "nothing serious. My boss bought everyone pizza to celebrate. I was so tired I nearly fell asleep on the train "
    "home. Tomorrow I'm taking the day off to catch up on sleep and laundry. Might go see a film in the afternoon.",
    "ok so my cat has decided the new cat bed is her enemy. she sleeps in the box it came in instead. i paid 40 quid "
    "for that bed. my flatmate thinks we should just put the bed inside the box. we tried it and she sat next to the "
    "box instead. cats are a mystery. she is very cute tho so i forgive her.",
    "Planting season! I put in tomatoes, courgettes and some basil this weekend. Last year the slugs ate everything "
    "so this year I'm trying copper tape around the pots. My neighbour swears by beer traps but I don't want to waste "
    "good beer on slugs. My daughter helped with the seeds and named every single tomato plant. "
    "We'll see how it goes.",
    "hey so update on the house stuff. we got the survey back and its mostly fine, just some damp in the back room. "
    "the sellers agreed to knock a bit off the price for it. mortgage should be confirmed next week. "
    "im trying not to get too excited in case something goes wrong. but i already picked paint colours lol.",
    "Had my first proper driving lesson today. My instructor is this very calm older man who just says 'lovely' "
    "after everything, even when I forgot to check my mirrors. We did the car park and a few quiet roads. I stalled "
    "twice but he said that's normal. Next week we try a roundabout. Honestly I'm excited.",
    "so me and my friends did an escape room for my birthday. we were terrible at it lol. we spent 20 minutes trying "
    "to open a box that was already open. the staff had to give us like 6 hints. we got out with 30 seconds left "
    "and screamed so loud. then we went for noodles. best birthday in ages",
    "Retirement is treating me well so far. I volunteer at the library on Tuesdays and do the crossword every "
    "morning. My wife and I have started taking long walks along the canal. We saw a kingfisher last week, first one "
    "in years. I'm also slowly learning Spanish for our trip next year. Slowly being the key word.",
    "been trying to cook more instead of ordering takeaway. this week i made a curry, a lasagne and a really sad "
    "stir fry. the curry was actually amazing. the lasagne fell apart but tasted good. the stir fry we dont talk "
    "about. saving so much money though, might keep going.",
    "My daughter had her first swimming gala today. She came fifth out of six but she was so proud because she didn't "
    "stop once. She made me buy her an ice cream as a prize, which I think is fair. Her coach said she's improved "
    "loads since September. We're going to the pool again on Sunday for practice.",
    "work was really boring today, just spreadsheets all day. at lunch i went to the park and fed the ducks which "
    "helped. the evening was better, my mate came over and we played mario kart until midnight. i lost every single "
    "race. he is insufferable about it. rematch next week.",
    "Just finished my first year of nursing school. It was hard but I passed every module. The placement on the "
    "children's ward was my favourite part. I'm working at a care home over the summer to get more experience. "
    "Then back to lectures in September. Really proud of myself tbh.",
    "we had a power cut tonight for about three hours. at first everyone was annoyed but then we lit candles and "
    "played cards. my dad is weirdly good at poker. my little sister fell asleep on the sofa. when the lights came "
    "back on we were all kind of disappointed lol.",
    "I'm a bit behind on my reading goal this year. I wanted to read 30 books and I'm on 11. To be fair, one of them "
    "was 900 pages. I just started a mystery novel my friend lent me and I'm hooked. Might stay up too late tonight "
    "reading it. Work will suffer tomorrow but worth it.",
    "so our band had our first gig at the pub last night. there were like 25 people and half of them were our "
    "families lol. our drummer broke a stick in the first song. i forgot the words to the second verse of our best "
    "song. but people clapped and the landlord said we can come back next month!!",
    "Went to the farmers market this morning with my mum. We bought way too much cheese and some very expensive "
    "honey. There was a man playing the accordion and a dog dressed as a bee. Then we had lunch at the little "
    "cafe by the river. Simple day but exactly what I needed after a busy week.",
]

DISTRESS_NO_RISK = [
    "grandad passed last month and i keep picking up my phone to call him. miss him so much",
    "Didn't get into my first choice uni. I know there are other options but I'm really gutted today.",
    "feeling lonely since i moved cities for work. dont know anyone here yet, going to try a climbing club this weekend",
    "my dog died on tuesday, 14 years old. the house is so quiet without her",
    "got rejected from another job today, thats 12 now. gonna take tonight off and go again tomorrow",
    "I'm so stressed with exams I cried in the library. Called my mum after and she helped me make a revision plan.",
    "my best friend and i had a huge fight and we're not talking. it really hurts",
    "Divorce papers were signed today. It's the right decision but I still feel really sad and tired.",
    "failed my driving test for the 3rd time 😞 booking another one next month i guess",
    "i feel like nobody at school really gets me. my online friends are nice though",
    "Work has been so overwhelming lately, I'm seeing my GP next week about the stress and maybe taking some time off.",
    "anniversary of my mum's death today. lit a candle and looked at old photos. sad but grateful for her",
    "my boyfriend broke up with me over text. im eating ice cream and watching sad films with my sister",
    "Feeling a bit low this week, the winter dark really gets to me. Bought one of those sunlight lamps, fingers crossed.",
    "i miss my home country so much, the food, my family, everything. calling my mom tonight",
    "the business didn't make it, closing the shop next month after 6 years. gutted but we'll figure out whats next",
    "Lost a pregnancy at 10 weeks. We're heartbroken. Taking some time together as a couple and leaning on family.",
    "everyone in my friend group went to the party without me. felt so left out tbh",
    "my exam marks were way worse than i expected. disappointed in myself but my tutor says i can resit in august",
    "Caring for my dad with dementia is exhausting. Some days he doesn't know me. I've joined a carers' support group which helps a little.",
]

RECOVERED_OR_PAST = [
    "a few years ago i was in a really dark place and wanted to die. therapy and meds helped so much, im doing well now and actually enjoy life",
    "Three years clean from self-harm today. I'm proud of myself and wanted to tell someone.",
    "i used to cut in high school. now im 25, the scars have faded and i havent done it in years. life is good",
    "My ex used to hit me. I left him four years ago, I'm safe, remarried, and honestly happier than I've ever been.",
    "when i was 16 i tried to end my life. im 30 now with a kid and a job i love. so glad i'm still here",
    "I had suicidal thoughts during my depression in 2019. With support I recovered and now I volunteer to help others.",
    "my dad was violent when i was a kid. i moved out at 18 and havent seen him since. i'm safe and doing fine",
    "one year without hurting myself!! my therapist gave me a little badge lol",
    "Back in uni I planned to kill myself and my roommate got me help. We're still best friends and I'm grateful every day.",
    "i was in hospital for my mental health two years ago. im doing really well now, back at college and everything",
    "Talking about my past abuse in therapy has helped me a lot. It's over, he's out of my life, and I'm finally healing.",
    "used to think everyone would be better off without me. turns out that was the depression talking. feeling so much better these days",
    "I survived an abusive marriage. It's been 8 years now. Today I bought my own house. 🏡",
    "went to the beach in a tshirt today for the first time since i stopped self harming. felt free",
    "I'm a recovered survivor of a suicide attempt and I'm giving a talk at my old school next week about getting help.",
    "my stepmum used to hurt me when i was younger. i live with my aunt now and shes amazing, i feel safe here",
    "Five years ago I wrote a goodbye letter. Found it today while clearing out a drawer. Tore it up and smiled. I'm okay now.",
    "had a rough time last winter with dark thoughts but i got help early this time. stable now and sleeping better",
    "The boyfriend who used to push me around is long gone, I got a restraining order back then. Life is peaceful now.",
    "clean 500 days 💪 still have the urge now and then but i use my coping skills and it passes. doing great",
]

DARK_HUMOUR_OR_FIGURE_OF_SPEECH = [
    "LMAOOO im dying 😂😂😂 that video of the goat screaming",
    "this statistics lecture is 3 hours long. kill me now",
    "if i have to hear that song one more time i'm going to jump out the window (we're on the ground floor)",
    "My feet are killing me after that wedding, those heels were a crime",
    "that maths homework literally murdered me",
    "I'd rather die than wear matching outfits with my brother for the family photo 🙄",
    "just killing time at the airport, flight's delayed 2 hrs",
    "my mum saw my screen time report and now im dead. rip me",
    "this heat is going to be the death of me, 35 degrees and no aircon",
    "She told that joke at dinner and I choked on my pasta laughing, I'm still dead",
    "if my crush sees that old photo of me with braces i will simply perish",
    "work meeting could have been an email. i have aged 40 years. bury me",
    "ngl this chilli sauce is trying to kill me 🔥🔥",
    "my phone is on 2% and i'm on the bus, it's the end of the world",
    "I'm going to murder this pizza, I haven't eaten since breakfast",
    "the group chat roasting me rn, i'm deceased 💀",
    "My cat knocked a glass off the table while staring at me. She's plotting my death I swear.",
    "we lost 7-0. i want to crawl into a hole and live there forever",
    "this queue for the new iphone is taking years off my life lol",
    "my brain is fried after that exam, i'm basically a zombie now 🧟",
]

GOOD_NEWS_OR_NEUTRAL = [
    "i passed my driving test!!!! first try 🚗🎉",
    "We're having a baby! Due in June. Still can't believe it.",
    "got the promotion!! team lead from next month",
    "what time does the pharmacy close on sundays usually?",
    "It's raining here today, about 12 degrees.",
    "just finished my first half marathon, 2h08. legs are jelly but so happy",
    "how do i change my profile picture on this app?",
    "My sister got engaged last night, the whole family is celebrating",
    "I had pasta for lunch.",
    "anyone know a good recipe for banana bread? i have 5 brown bananas",
    "adopted a kitten today, her name is Pickle 🐱",
    "the train to the city takes about 40 min from here",
    "Got an A on my history essay, my teacher wrote 'excellent' on it!",
    "is it normal for tomato plants to get yellow leaves at the bottom?",
    "paid off my student loan today. debt free baby",
    "The meeting has moved to Thursday at 2pm.",
    "our football team won the regional cup today 🏆",
    "what's the difference between baking soda and baking powder",
    "my grandma turned 95 today and she beat us all at cards",
    "Finished painting the kitchen, it's a pale green now. Looks great.",
]

SHORT_CHAT = [
    "lol same",
    "ok cool",
    "hbu?",
    "haha yeah",
    "not much, you?",
    "brb",
    "omg really??",
    "thanks 😊",
    "idk tbh",
    "sounds good!",
    "wait what",
    "yep",
    "that's so funny",
    "nah im good",
    "bored lol",
    "Just having tea.",
    "hmm maybe",
    "fair enough",
    "🙂👍",
    "tell me more",
]

EVERYDAY_LEAVING = [
    "moving to leeds next month for my new job, packing boxes all weekend",
    "I handed in my notice today! Last day is the 30th, then I start at the new place.",
    "leaving the chess club after 4 years, just dont have time with uni",
    "we're ending the lease on our flat in march and moving in with my parents to save for a house",
    "Off to Thailand for three weeks tomorrow, passport, charger, sunscreen, done!",
    "quitting my job at the supermarket, got a place on an apprenticeship",
    "im leaving the group chat for a bit, too many notifications during exams lol",
    "My daughter's moving out to go to university next week. Proud mum but the house will feel empty.",
    "selling my car and giving my furniture to my cousin since im moving abroad. exciting times",
    "I'm stepping down as treasurer of the allotment society after ten years, time for someone new.",
    "last shift at the restaurant tonight, gonna miss the team but not the grease",
    "leaving this city after 12 years, said goodbye to all my favourite spots today",
    "We're relocating to Germany for my husband's job in the summer. Learning German now!",
    "cancelled my gym membership, going to run outside instead",
    "Giving away my old baby clothes since we're done having kids, anyone local want them?",
    "im leaving the football team at the end of the season, my knees cant take it anymore",
    "packing up my dorm room today, summer break finally",
    "Retiring on Friday after 35 years at the post office. They're throwing me a party.",
    "deleting instagram for lent, see you all at easter",
    "moving back home to ireland to be closer to family. sad to leave my friends here but its the right move",
]

GREETINGS_AND_SIGNOFFS = [
    "hiii 👋",
    "Good morning everyone!",
    "hey whats up",
    "hola! how's everyone doing today?",
    "night night, sleep well 😴",
    "Bonjour! Just got back from work.",
    "yo",
    "goodbye for now, talk tomorrow!",
    "ciao ciao, off to bed 🌙",
    "Hello, I'm new here. Nice to meet you all.",
    "morning! coffee first, then talking",
    "ok bye guys, see u later",
    "Guten Abend! Long day, but good.",
    "gn everyone xx",
    "hey hey, long time no see!",
    "konnichiwa lol, my friend taught me that",
    "Take care, have a lovely evening.",
    "cya tmrw 😊",
    "namaste everyone, hope you all had a good day",
    "that's me off to sleep, night all!",
]

SIGNOFFS_WITH_APOLOGY = [
    "sorry my bus is here, bye!",
    "ahh gotta go, mum's calling me for dinner, sorry!",
    "Sorry, have to run, my meeting is starting. Talk later!",
    "oops battery dying, bye sorry 🔋",
    "sorry got to dash, the baby just woke up",
    "so sorry, class is starting, ttyl",
    "ugh sorry guys, boss is walking over, bye",
    "Apologies, I need to go pick up my grandson from school. Goodbye for now.",
    "soz gotta go my pizza is here 🍕",
    "sorry!! late for work, chat tonight",
    "gotta run sorry, dog needs a walk before it rains",
    "Sorry to leave so suddenly, my train is boarding. Bye!",
    "my break is over sorry, back to the tills. bye x",
    "sorry brb... actually no, gonna be a while, bye lol",
    "sorry lads, match is starting, laters",
    "Forgive me, I have to leave, the doctor is calling my name in the waiting room. Bye!",
    "sorry i'm falling asleep on my phone, goodnight",
    "oh no the oven timer, sorry, gtg!",
    "sorry cant talk rn, at my cousins wedding, bye!!",
    "apologies, wifi is terrible here, i'll message tomorrow. bye",
]
