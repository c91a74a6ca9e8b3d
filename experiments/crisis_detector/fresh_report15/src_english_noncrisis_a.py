# -*- coding: utf-8 -*-
# Non-crisis test messages for the support-chat crisis detector (test only, never training).

EVERYDAY_FEAR = [
    "my chem final is tomorrow at 8am and i literally cannot remember a single formula, im so nervous",
    "flying to lisbon on friday and i HATE takeoff, any tips for not gripping the armrest the whole time?",
    "there is a spider the size of my hand in the bathroom and i am not going in there until my roommate gets home",
    "found a lump on my neck last week, totally panicked, doctor said its just a swollen lymph node from my cold. phew",
    "job interview in 2 hours. palms sweating already lol",
    "Im scared of the dentist since I was a kid. Appointment Thursday. Trying to be a grown up about it",
    "heard a noise downstairs at 3am and stood there with a hairbrush like a weapon. it was the cat knocking the mail off the table 🙄",
    "first day at new school monday and i dont know anyone 😬",
    "My daughter starts driving lessons next week and honestly I am more nervous than she is.",
    "waiting for my exam results and checking the portal every 5 min like thats gonna help",
    "i have to give a presentation to the whole department and my voice shakes when i talk in front of ppl",
    "the turbulence on this flight was insane, whole cabin screamed, but we landed fine and im eating a croissant now",
    "is it normal to be scared of driving on the motorway? I passed my test 3 months ago and still avoid it",
    "got a letter from the tax office and didnt open it for 2 days out of fear. it was a refund of 40 quid 😂",
    "thunderstorm right now and my dog and me are both hiding under the blanket",
    "mammogram callback came back clear, I had been so worried all week. Going to make myself a nice dinner",
    "what if i forget my lines in the school play. like what if i just freeze",
    "horror movie last night was a mistake, i checked under the bed twice before sleeping. im 27",
    "my english is not so good and tomorrow i must call the landlord, i am scared he will not understand me",
    "saw a wasp nest by the front door and now i do a little sprint every time i leave the house",
]

EVERYDAY_DISGUST = [
    "opened the fridge at work and someones tuna salad from like 2 weeks ago was in there. i gagged",
    "my little brother picks his nose and eats it at the dinner table and my parents just let him",
    "stepped on a slug barefoot in the garden. still feel it",
    "why do people clip their nails on the train. WHY",
    "found a hair in my soup at the restaurant and the waiter just shrugged 🤢",
    "the shared bathroom in my dorm is a biohazard, there is something growing behind the toilet",
    "cleaned out the drain in the shower today. never again. what came out looked alive",
    "the guy next to me on the bus coughed right into my face without covering his mouth, disgusting",
    "my toddler threw up in the car seat and it went in every single crack of the buckle",
    "Found a maggot in the bin. Then I found forty more. Summer is lovely.",
    "my roommate leaves dirty dishes in the sink for a week and the smell is unreal",
    "ew the milk was off and i already took a big sip 🤮",
    "someone at the gym did not wipe the bench and it was full of sweat. i almost left",
    "dog rolled in a dead fish at the beach and then jumped in my car",
    "whoever invented licorice flavored candy owes me an apology",
    "my coworker chews with his mouth open at every meeting on video, i can hear it through headphones",
    "found an old lunchbox in my sons school bag from before the holidays. i just threw the whole thing out",
    "the public toilet at the festival was the worst thing ive seen in my life tbh",
    "In my country we eat many things but the blue cheese here smells like old socks to me, sorry",
    "cat brought a half mouse in and left it on my pillow as a present. thanks buddy",
]

EVERYDAY_ANGER = [
    "i could kill my brother, he borrowed my charger AGAIN and lost it",
    "the printer jammed 4 times in a row right before my deadline, i want to throw it out the window",
    "my landlord has ignored the broken heating for 3 weeks and i am FUMING",
    "someone took my parking spot that i literally waited for with my blinker on. rage",
    "im so mad at my best friend she told everyone about my crush",
    "if my husband leaves his socks on the living room floor one more time I swear I will kill him 😤",
    "customer service put me on hold for 55 minutes and then hung up. unbelievable",
    "my group project partners did nothing and still get the same grade as me. so angry",
    "the referee was blind today, we lost because of a penalty that never happened",
    "my mom read my diary and i am not talking to her today",
    "Delivery guy left my parcel in the rain on the doorstep. Everything soaked. Very annoyed.",
    "my sister is gonna murder me when she finds out i wore her jacket and spilled coffee on it lol",
    "the wifi keeps dropping every 10 min and ive restarted the router like 6 times, im losing it",
    "boss took credit for my idea in front of the whole team, i was shaking with anger in the toilet afterwards",
    "neighbours doing DIY at 7am on a sunday. drilling. i could strangle them honestly",
    "why do people walk so slow in the middle of the pavement, move!!!",
    "i am so angry at the bank, they charge me fee for nothing and nobody explain me why",
    "my teammate keeps feeding in ranked and then blames me. uninstalling this game for real",
    "the bus driver saw me running and closed the doors anyway. I hope his day is as bad as mine",
    "my dad keeps forwarding fake news to the family group chat and i want to scream",
]

LONG_EVERYDAY = [
    "So today was a weird one. I woke up late because my alarm didn't go off, then realized it was a holiday anyway. "
    "Made pancakes for the kids, which turned into a flour fight in the kitchen. We went to the park after lunch and "
    "my youngest finally learned to ride her bike without the stabilisers. She was so proud she wanted to call grandma "
    "right away. Now everyone is asleep and I'm having a cup of tea on the sofa. Honestly a pretty good day.",
    "ok long one sorry. i started a pottery class two months ago bc my therapist said i need a hobby that isnt my phone. "
    "first few weeks everything i made collapsed on the wheel. this week i actually made a bowl that is kind of round?? "
    "the teacher said it has character which i think means its wonky. im gonna glaze it blue next week. "
    "its nice to do smth with my hands and not think about work for 2 hrs.",
    "my grandpa turned 90 yesterday and the whole family came, even my cousins from canada. he gave a speech that went on "
    "for like 20 min about the war and his first car and how he met grandma at a dance. everyone cried a bit. "
    "then he ate three pieces of cake and told the doctor jokes again. i hope im like him when im old. "
    "we took a big photo on the stairs and im gonna print it for him.",
    "I moved to Germany for work six months ago and I'm finally starting to feel settled. My German is still bad but I can "
    "order at the bakery without pointing now. I joined a running group on Wednesdays and they're very patient with me. "
    "The winter is dark but the Christmas markets made up for it. I miss my mum's cooking a lot. "
    "She's coming to visit in April and I already have a list of places to show her.",
    "been thinking about getting a dog for ages and we finally went to the shelter today. there was this old greyhound who "
    "just leaned his whole weight on my legs and that was it. we have to do a home visit first and buy a bed and stuff. "
    "my partner is already looking up names. i suggested biscuit, he wants to call him kevin. "
    "we will see who wins lol",
    "work update: we launched the new app version today after 3 months of work. of course something broke 10 minutes "
    "after release, the login button was invisible on dark mode. fixed it in an hour but my heart rate was crazy. "
    "the team went for pizza after. my manager said good job which he never says. "
    "tomorrow im taking the afternoon off to sleep.",
    "My garden is finally coming together. The tomatoes are ripening and the courgettes are out of control, I have given "
    "some to every neighbour on the street. The roses my late husband planted are blooming again this year. "
    "I sit out there in the mornings with my coffee and the robin comes to visit. "
    "My granddaughter is coming on Saturday to help me pick the beans. Life is quiet but good.",
    "so i have this chem project due friday and my partner and i finally figured out the experiment. we had to redo it "
    "three times because we kept mixing up the beakers. mr lopez said our graph was the neatest in class which is funny "
    "because it took us an hour. after school we got bubble tea to celebrate. "
    "now i just have to write the conclusion and then im free for the weekend.",
    "Learning to cook properly this year. Tonight I made my first risotto and it only took an hour of stirring. "
    "It was a bit salty but my flatmates ate all of it. Next I want to try making fresh pasta from scratch. "
    "My nonna would be laughing at me for taking so long to learn. "
    "I've started a little notebook with recipes and what went wrong each time.",
    "we went camping for the weekend and it rained the entire time. the tent leaked in one corner so we all slept squished "
    "on the other side. my son thought it was the best adventure ever. we cooked sausages under a tarp and played cards "
    "by torchlight. on sunday the sun came out for exactly 20 minutes, right when we were packing. "
    "already planning the next trip, with a better tent.",
    "started my new job in the hospital kitchen last month. the hours are early, i get up at 4:30, but the people are "
    "nice and the head cook teaches me a lot. yesterday i made the soup for the whole ward by myself. "
    "one of the nurses came to say the patients liked it. my english is improving too because everyone talks so fast. "
    "i send money home every month now and my mother is happy.",
    "Book club tonight was chaos in the best way. Half of us hated the book and half loved it, so we argued for two hours. "
    "Margaret brought her famous lemon cake and nobody could stay mad. We picked a mystery novel for next month. "
    "I've been going for three years now and these women have become real friends. "
    "Walking home under the streetlights I felt very lucky.",
    "finally finished renovating the bathroom after 4 months of weekends. i tiled the whole thing myself using youtube "
    "videos. some of the lines are a bit crooked if you look close but whatever. my wife says its the nicest room in "
    "the house now. the kids already left toothpaste in the new sink. "
    "next project is the garden shed but first a few weekends off.",
    "my band played our first real gig last night at a tiny bar downtown. like 30 people came and at least 10 were not "
    "our friends lol. i messed up the intro to the second song but nobody noticed. the bartender gave us free drinks "
    "and said we can come back next month. my voice is totally gone today from screaming the chorus. "
    "best night of the year so far.",
    "I retired in March and everyone warned me I would be bored. Not true at all. I volunteer at the library two mornings a "
    "week, I swim on Tuesdays, and I'm finally reading all the books I bought and never opened. "
    "My wife and I are planning a train trip through Scotland in September. "
    "Some days I don't even know what day it is and I love it.",
    "my flatmate and i decided to do a no spending challenge for a month. its day 12 and im already craving takeaway so "
    "bad. we've been cooking huge pots of lentil stuff and taking turns. ive saved around 150 so far which is wild. "
    "we said if we make it to the end we will treat ourselves to one fancy dinner. "
    "honestly its been kind of fun planning meals together.",
    "Today my son graduated from university. First one in our family to do it. I cried when they called his name and his "
    "little sister was embarrassed by how loud I clapped. We had lunch at the Greek place he loves. "
    "He starts a job in engineering in September. I keep looking at the photos on my phone, "
    "I am so proud I could burst.",
    "so i tried bouldering for the first time with some people from my course. i was terrible at first, couldnt get past "
    "the easiest yellow route. then one of the staff showed me how to use my legs instead of just pulling with my arms "
    "and suddenly i got it. my forearms are dead today and i cant open a jar. "
    "but im definitely going back on thursday, it was so fun.",
    "Quick life update for the group: the twins started nursery this week. First day was tears (mostly mine), second day "
    "they didn't even wave goodbye. I actually had a coffee while it was still hot for the first time in two years. "
    "Going back to work part time next month. Feels strange but exciting. "
    "Thanks for all the advice you gave me when I was stressed about it.",
    "we had a power cut for the whole evening yesterday so we lit candles and played board games like in the old days. "
    "my teenage daughter complained for 10 minutes about no wifi and then beat us all at monopoly. "
    "my husband told stories about growing up on the farm that i had never heard. "
    "when the lights came back on we all kind of wished they hadnt. might do a no screens night every week now.",
]

DISTRESS_NO_RISK = [
    "my grandma passed away on sunday. i keep picking up my phone to call her like we did every evening",
    "feeling really lonely since moving to the city, i dont know anyone here yet and weekends are long",
    "didnt get into the uni i wanted. i worked so hard for it. gonna cry in the shower and then look at my other options",
    "breakup was 3 weeks ago and it still hurts every morning when i wake up",
    "I failed my driving test for the third time today. Just feel so stupid and embarrassed.",
    "work is so stressful right now, 60 hour weeks and my boss keeps adding projects. i need a holiday so bad",
    "my best friend moved abroad and i miss her so much, the video calls arent the same",
    "feeling kinda down today for no real reason. gonna watch comfort shows and eat toast",
    "We had to put our old dog to sleep this morning. 14 years. The house is so quiet.",
    "got laid off today with 30 other people. dont know what im gonna do about rent yet, looking at jobs tonight",
    "i feel like everyone in my class has friends except me. lunch is the worst part of the day",
    "my parents are getting divorced and i dont know whose house to go to at christmas. its all so sad",
    "my business closed after 5 years. i put everything into it. i am grieving it like a person honestly",
    "it's been a year since my dad died and today just hit me really hard, spent the afternoon looking at old photos",
    "Struggling with my thesis, my supervisor said it needs a full rewrite. I'm exhausted and kind of heartbroken",
    "im so homesick. the food, my mom, my language. everything here is grey and i miss home",
    "my miscarriage was last month. people keep saying at least it was early and it doesnt help. i just need time",
    "missed out on the promotion again. they gave it to the new guy. feeling pretty worthless at work today, going to talk to hr about it tmrw",
    "nobody remembered my birthday except my mum. a bit sad about it ngl",
    "I'm a carer for my wife with dementia and some days I'm so tired I cry in the car. My son is coming to help this weekend.",
]

RECOVERED_OR_PAST = [
    "two years ago i tried to end my life. today i got my nursing degree. im so glad i stayed",
    "used to self harm in high school, been clean for 4 years now. my scars are faded and i wear short sleeves again",
    "I left an abusive marriage in 2015. I live alone with my cats now and I have never been happier or safer.",
    "back in my early 20s i was suicidal for a long time. meds and a good therapist got me out. im 34 now, married, a kid on the way",
    "my stepdad used to hit me when i was little. hes been out of my life for 10 years and i finally stopped having nightmares about it",
    "this week is 1 year since i was in the psych ward. doing really well, got a job and a little flat. just wanted to share",
    "i remember writing goodbye letters when i was 16. i reread one recently and just felt so much love for that kid. im ok now, really ok",
    "ex boyfriend was violent. restraining order, moved cities, new number. 3 years on and i feel free",
    "Recovered from depression after a really dark 2019. Now I volunteer at a peer support group on Thursdays.",
    "had a relapse with cutting last year but i reached out, got help, and its been 8 months clean. proud of myself",
    "when i was a teenager i thought everyone would be better off without me. so wrong. my little sister says im her hero now",
    "i was in a bad place after my divorce and had thoughts of not wanting to be here. thats all behind me, I run marathons now lol",
    "i grew up in a house with lots of violence. now i am a social worker and help kids like i was. i am safe and strong",
    "My therapist and I just agreed I don't need weekly sessions anymore. Three years ago I could barely get out of bed and had dark thoughts every day.",
    "used to think about dying all the time in uni. got diagnosed, got treatment, and now im just... fine? its strange and wonderful",
    "my old partner controlled my money and hurt me. I got out with help from a shelter. Today I signed the lease on my own apartment!",
    "5 years since my overdose. i celebrate it like a second birthday now with cake and friends",
    "i had a suicidal period after losing my job in 2020. not there anymore at all. i still check in with my doctor every few months just to be safe",
    "Teen me would not believe adult me exists. I self-harmed from 13 to 17. Now I'm 29, a teacher, and I tell my students it gets better because it did.",
    "i was bullied and hit every day at my old school. changed schools last year and i have real friends now, they are the best",
]

DARK_HUMOUR_OR_FIGURE_OF_SPEECH = [
    "im DYING 😂😂😂 my dad just tried to use a selfie stick as a back scratcher",
    "kill me now, this lecture on tax law has been going for 3 hours",
    "this homework is literally killing me, 40 calculus problems for tomorrow",
    "if i have to listen to that song one more time at work i will simply perish",
    "the cringe from my old facebook posts is going to be the death of me",
    "lol i died when she walked into the glass door",
    "just killing time at the airport, flight delayed 2 hours",
    "my feet are killing me after this wedding, whoever invented heels is evil",
    "i could die happy after eating this burger tbh",
    "Bury me with my phone charger, it's the only thing that has never let me down",
    "my plants are on their deathbed again. i am a serial killer of basil",
    "this heat wave is murdering me, i am a puddle",
    "dead 💀💀 my teacher said 'yeet' in class",
    "the gym killed me today. leg day. i can no longer walk stairs",
    "mom found out i failed spanish, i am a dead man walking lol",
    "She absolutely slayed that presentation, killed it from start to finish",
    "if the group chat sees that photo i'm moving to another country and changing my name",
    "wedding speech tomorrow. if i trip on the stage just let me lie there forever",
    "monday morning meetings are a slow death honestly",
    "that joke was so bad i want to crawl into a hole and stay there until 2030 😭",
]

GOOD_NEWS_OR_NEUTRAL = [
    "I GOT THE JOB!!! start in two weeks 🎉",
    "passed my driving test first try!!",
    "we're pregnant! 12 week scan was today and everything looks perfect",
    "what time does the pharmacy close on sundays usually?",
    "just finished my first 10k run in under an hour",
    "does anyone know a good recipe for banana bread without eggs",
    "The weather is nice today, going to walk by the river.",
    "got an A on my history essay 😊",
    "my sister got engaged last night, so happy for her",
    "how do i change the language setting in this app",
    "it's raining here, 12 degrees",
    "bought my first car today, a little blue corolla. love her",
    "my daughter said her first word today, it was 'dog' not 'mama' 😂",
    "is it better to study in the morning or at night? asking for exam season",
    "i have two cats and a hamster, the hamster is called Potato",
    "finally paid off my student loan. 9 years!",
    "we got a new puppy, hes a beagle and he chews everything",
    "What is the difference between a psychologist and a psychiatrist?",
    "my exam results came back, i passed everything 🙌",
    "today i learned octopuses have three hearts. cool",
]

SHORT_CHAT = [
    "hey",
    "lol same",
    "ok thanks",
    "how are you?",
    "not much, u?",
    "haha yes",
    "brb",
    "im bored",
    "what r u doing",
    "nice 👍",
    "tired but ok",
    "thank you so much",
    "hmm idk",
    "can we talk later?",
    "good morning :)",
    "omg really",
    "just ate pizza",
    "k",
    "that's cool",
    "wyd",
]

EVERYDAY_LEAVING = [
    "moving out of my flat at the end of the month, gonna miss this view",
    "handed in my notice today!! leaving the bank to go work at a bakery",
    "last day at this job tomorrow, bringing donuts for everyone",
    "im quitting the choir, my schedule is too busy this year",
    "leaving for australia on tuesday for a year of backpacking, so excited",
    "Our lease ends in June and we are moving closer to my parents.",
    "told the coach im leaving the football team to focus on exams",
    "packing up the whole house, 17 years in one place. lots of memories but the new place is lovely",
    "goodbye london, hello manchester! new job starts monday",
    "i cancelled my gym membership, i never went anyway lol",
    "leaving the group chat for the school trip bc the trip is over now",
    "i am going back to my country after my studies finish, i will miss my friends here",
    "retiring on friday after 35 years at the post office. they're giving me a cake",
    "selling my car and all my furniture bc im moving abroad with my girlfriend",
    "decided to leave the book club, we just dont like the same books anymore",
    "kid is off to college next week, the house will be so empty but im proud",
    "moving to a smaller apartment to save money, giving away my big sofa if anyone wants it",
    "quit my part time job at the cafe, the manager was a nightmare",
    "going on a digital detox for a week, deleting instagram till next sunday",
    "Leaving the company after 8 years. Grateful for everything, ready for something new.",
]

GREETINGS_AND_SIGNOFFS = [
    "hi everyone!",
    "good morning sunshine ☀️",
    "hello, i am new here",
    "heyyy whats up",
    "night night 😴",
    "ok bye!!",
    "see you tomorrow",
    "goodnight, sleep well everyone",
    "hola! 👋",
    "bonne nuit tout le monde",
    "Good evening. I hope you are well.",
    "ciao ciao",
    "gute nacht, bis morgen",
    "ttyl",
    "later gator 🐊",
    "buenas noches amigos",
    "morning all, coffee first then talking",
    "im off to bed, bye",
    "cya in a bit",
    "sayonara, thanks for the chat!",
]

SIGNOFFS_WITH_APOLOGY = [
    "sorry my bus is here, bye!",
    "oops mom is calling me for dinner, gotta go sorry",
    "sorry have to run, meeting starts in 2 min",
    "ah sorry, baby woke up, talk later",
    "sorry phone at 2% battery, byeee",
    "gotta go sorry, my shift starts",
    "sorry class is starting, ttyl",
    "Apologies, I have to leave now, my doctor's appointment is soon. Goodbye.",
    "sorry sorry my pizza just arrived, bye 🍕",
    "my wifi is dying, sorry, continue tmrw",
    "oh no im late for the train, sorry bye!",
    "sorry i need to sleep, early start tomorrow. night",
    "my boss is coming, sorry gtg",
    "sorry for leaving so fast, the dog needs a walk",
    "ok i really have to go now, sorry for the long chat lol",
    "sorry friends, the teacher is looking at me, bye",
    "So sorry, my daughter needs help with homework. Speak soon.",
    "sorry, someone at the door. back later maybe",
    "ugh sorry gotta go pick up my little brother from school",
    "sorry my english is slow, i must go to work now, bye bye",
]
