# ruff: noqa: E501, E741  (the messages themselves: data, kept as written)
"""Build the fresh first-message report set: write, shuffle (seed 20240611), verify, export."""

import collections
import json
import random

D = {}
D["good_news"] = (
    "joy",
    [
        "i got the job!!! starting monday omg",
        "guess who passed her driving test on the first try. this girl",
        "my daughter took her first steps today, right across the living room to the dog",
        "so um, hi. not sure how this works but i had to tell someone who isnt family. the biopsy came back benign. all clear. the doctor said no follow up needed except the usual yearly check. i walked out and just sat in the car for a while grinning like an idiot",
        "we closed on the house this morning, keys are literally in my hand rn",
        "hi. my visa was approved today after 2 years of waiting, now i can bring my wife here",
        "paid off the last of my student loans today. balance zero. ZERO",
        "my grandson called me just to say hello, nobody told him to. made my whole week",
        "im so happy i could cry, the adoption went through this afternoon and she is officially ours",
        "sooo relieved, thesis accepted with only minor corrections",
        "just found out we're having twins lol, we're over the moon",
        "the local paper published my article about the community garden and they even put my photo in, i'm so excited i bought five copies",
        "proud of myself, one year today without a single cigarette",
        "vet says max is fine, it was just something he ate. hes already running around the yard again",
        "feeling great!! got promoted to team lead today",
        "hey so my sister is getting married and she asked me to be maid of honor, i'm thrilled",
        "won the raffle at work, a weekend at the lake for two",
        "after six months of physio i walked to the corner shop and back without the cane",
        "my son got into the university he wanted and with scholarship also. i am very happy for him, sorry my english is not so good",
        "ok so after three years of trying we're finally pregnant. nobody knows yet except my husband and now you haha",
    ],
)
D["eager_anticipation"] = (
    "joy",
    [
        "only 3 more days till i see my boyfriend after 8 months long distance!!",
        "tomorrow is the first day of my vacation and i already packed twice lol",
        "concert is tonight, been waiting for this since march",
        "My grandkids are coming to stay for the whole summer. I have already bought bunk beds and a pile of board games.",
        "cant wait for saturday, we're picking up the puppy",
        "counting down the days to graduation. 12 to go",
        "next week we fly to japan!! first time ever out of the country for me. we have tokyo for four days then kyoto, my partner made a spreadsheet with every ramen place and i keep watching travel videos at night instead of sleeping",
        "christmas eve tomorrow and the whole family is coming, been baking since 6 this morning",
        "i start my new job on monday and honestly i cant stop thinking about it, in a good way",
        "so my best friend is coming to visit from brazil next month and i already have a list of like 30 places to show her",
        "the new season of my show drops friday, already took the day off",
        "we're getting married in two weeks!! everything is ready, dress fits, cake ordered",
        "hello, in april i will go back to my village for first time in 10 years, i count the days",
        "tmrw i get my braces off finally. gonna eat popcorn all weekend",
        "running my first marathon on sunday. trained all year for this and i feel ready",
    ],
)
D["anxious_anticipation"] = (
    "fear",
    [
        "ok so i have a job interview tomorrow at 9 for a position i really really want, its the third round, and i have been preparing for a week but every time i think about walking in there my stomach turns and i feel like im going to throw up",
        "exam results come out friday and i cant sleep",
        "have to present to the whole department next week. dreading it",
        "dentist in an hour and my hands are already shaking",
        "moving to a new city by myself next month... what if i dont make any friends there",
        "first day at the new school tomorrow and i don't know anyone",
        "I'm having a small operation on my knee on thursday and I keep picturing everything that could go wrong with the anesthesia",
        "meeting my girlfriends parents this weekend. what if they hate me",
        "performance review is monday and theres rumours about layoffs in our team",
        "driving test in two days, failed the last one and im terrified of failing again",
        "tomorrow morning i have to tell my boss i made a big mistake in the quarterly report. i keep rehearsing it and feel sick every time",
        "the flight is tomorrow and i am very afraid of planes, it is 11 hours. how i will manage",
        "mri results are back next week and i keep googling stuff i shouldnt",
        "tmrw is my first shift as a nurse on my own. what if i mess something up",
        "landlord is coming to inspect the flat on friday and um. pretty sure we're losing the deposit",
    ],
)
D["sad_occasion"] = (
    "sadness",
    [
        "first christmas without my mom. everyone is acting normal and i just can't",
        "today is my birthday and nobody remembered. not even my brother",
        "it would have been our 30th anniversary today. i put out two cups this morning out of habit and only noticed when the kettle boiled. the kids called, which was kind, but they have their own lives and the evening is very long",
        "thanksgiving tomorrow and i'm eating alone this year since the divorce",
        "its fathers day and my dad passed in march. the ads are everywhere",
        "new years eve, home alone scrolling everyone's party pics",
        "my son's birthday today. he lives with his dad overseas now and the call lasted 5 minutes",
        "eid is tomorrow and i am far from my family first time in my life, here nobody is celebrating",
        "one year ago today we lost our dog. the house still feels too quiet",
        "mother's day is sunday. first one since she died and i don't know what to do with myself",
        "valentine's day and i got dumped last week. great timing",
        "hi, today is diwali and i'm in my dorm room. seeing the lights on the video call made me miss home so much",
        "turned 40 today. worked, came home, microwave dinner. thought it would feel different somehow",
        "Grandpa always carved the turkey. This year his chair was empty and nobody said a word about it all evening.",
        "first snow of the year today. my wife loved this day, she passed in the spring",
    ],
)
D["everyday_fright"] = (
    "fear",
    [
        "theres a noise in the attic and im home alone, its 2am",
        "a huge spider just ran across my bed and now i cant find it",
        "just woke up from a nightmare that my teeth were falling out and i'm still shaking",
        "almost got hit by a car on the crosswalk just now. im fine but my heart is pounding",
        "power went out in the storm and the whole street is pitch black",
        "someone knocked on my door at midnight and when i looked there was nobody",
        "home alone and the tv turned on by itself. prob the timer but im freaked out",
        "a dog jumped at the fence when i walked past and i screamed so loud lol",
        "we had very big turbulence on the plane, we landed ok but my stomach is still not good and my hands cold",
        "heard footsteps behind me walking home, turned out to be some guy jogging but i nearly sprinted",
        "woke up and there was a shadow standing in the corner of my room. it was my coat on the door. still can't get back to sleep",
        "a bat flew into the kitchen!! its hanging on the curtain now what do i do",
        "car skidded a bit on the wet highway, everything is ok, nobody hurt, but now im scared to drive the rest of the way home",
        "elevator got stuck for like 10 minutes between floors. out now but my legs are jelly",
        "the baby monitor started making static noises and i swear i heard whispering. baby's asleep, totally fine, but wow",
    ],
)
D["everyday_disgust"] = (
    "disgust",
    [
        "the office bathroom is so gross, someone didnt flush AGAIN",
        "just bit into an apple and there was half a worm in it. gagging",
        "guy on the bus is clipping his toenails next to me. on a bus.",
        "opened the fridge and the milk has chunks. i drank some before looking. ewww",
        "hello, i need to vent a bit. my roommate leaves dirty dishes for a week, pans with old oil, plates with food stuck, and today i came home and there are maggots in the sink. actual maggots. i had to go outside to not be sick",
        "found a long hair in my soup at the restaurant, appetite completely gone",
        "someone spat out gum on the seat and i sat in it, its all over my jeans",
        "the hostel shower had mold everywhere and somebodys hair clump in the drain. yuck",
        "my coworker chews with his mouth open at lunch and the sounds make my skin crawl",
        "cleaned the fridge in the new apartment, previous tenant left raw meat in there for who knows how long. the SMELL",
        "kid next to me on the plane keeps picking his nose and wiping it on the armrest we share",
        "found mouse droppings inside the cereal box. throwing everything out",
        "stepped barefoot in dog poop in my own yard. neighbour's dog. disgusting",
        "the guy at the gym never wipes the bench, it's literally a puddle of sweat",
        "in the train toilet was vomit on floor and no water for wash hands. horrible, i feel sick only thinking",
    ],
)
D["everyday_anger"] = (
    "anger",
    [
        "my neighbor parked in my spot AGAIN, i swear im going to lose it",
        "waited 45 minutes on hold just for the call to drop. unbelievable",
        "my brother ate the leftovers i literally labeled with my name",
        "printer jammed for the 5th time today im gonna throw it out the window",
        "landlord still hasnt fixed the heater. three weeks. i sent photos, i sent the thermometer reading, i called the agency twice, and he keeps ignoring my texts but somehow had time to remind me the rent is due friday. unreal",
        "somebody cut right in front of me in the queue and acted like i wasn't even there",
        "group project, i did everything and the other three got the same grade. so annoyed",
        "the airline lost my suitcase and customer service just told me 'be patient'",
        "my coworker took credit for my idea in the meeting today. in front of my boss. i could scream",
        "ugh my wifi drops every 10 min, i could strangle this router",
        "why do people play music out loud on the train with no headphones. drives me crazy",
        "the delivery guy marked my package delivered and it's not here. furious",
        "roommate left the front door open again and the cat got out, i swear i'll kill him lol. found the cat btw",
        "the bank charged me a fee for a mistake THEY made. i am so angry right now",
        "told the mechanic exactly what was wrong, he charged me 200 and the noise is still there. im livid",
    ],
)
D["neutral_plain"] = (
    "neutral",
    [
        "hi, is this the chat? just trying it out",
        "my meeting got moved from tuesday to thursday at 3",
        "whats the best way to store fresh basil",
        "i need to renew my passport, do i need a new photo for that",
        "hello, i want to ask how this app works",
        "going to the grocery store later, need eggs, rice and dish soap",
        "the train schedule changed, the 7:40 now leaves at 7:52",
        "how many cups is 250 grams of flour",
        "moved to a new apartment last week, still unpacking boxes",
        "can you remind me how to convert celsius to fahrenheit",
        "worked from home today, had two calls and did laundry in between",
        "my daughter's school starts at 8:15 this year instead of 8",
        "quick question: is it ok to water succulents once a week",
        "we're repainting the kitchen this weekend, light grey probably. need to pick up rollers, tape and a drop cloth on saturday morning, then move the table into the hallway. my brother said he can help on sunday afternoon if its not finished",
        "the library is closed on mondays now so ill go on wednesday",
        "testing 1 2 3",
        "dentist at 10 and then work from 12 tomorrow",
        "what is a good book to read on a long bus ride",
        "car is due for an oil change at 60,000 km, booking it for next month",
        "hi, my name is tomas, i am 67 years, my grandson installed this program for me on the computer",
    ],
)

rows = [{"text": t, "label": lab, "type": ty} for ty, (lab, ts) in D.items() for t in ts]
random.Random(20240611).shuffle(rows)
with open("messages.jsonl", "w") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")

# verify from disk
EXPECT = {
    "good_news": 20,
    "eager_anticipation": 15,
    "anxious_anticipation": 15,
    "sad_occasion": 15,
    "everyday_fright": 15,
    "everyday_disgust": 15,
    "everyday_anger": 15,
    "neutral_plain": 20,
}
LABELS = {"joy", "sadness", "fear", "anger", "surprise", "disgust", "neutral"}
back = [json.loads(l) for l in open("messages.jsonl")]
assert len(back) == 130, len(back)
assert all(set(r) == {"text", "label", "type"} and r["label"] in LABELS for r in back)
assert all(D[r["type"]][0] == r["label"] for r in back)
c = collections.Counter(r["type"] for r in back)
assert dict(c) == EXPECT, c
norm = [r["text"].strip().lower() for r in back]
assert len(set(norm)) == 130, "duplicate texts"
assert max(len(t.split()) for t in norm) <= 55
json.dump([r["text"] for r in back], open("messages.json", "w"), ensure_ascii=False, indent=1)
json.dump([r["label"] for r in back], open("labels.json", "w"), indent=1)
assert json.load(open("messages.json")) == [r["text"] for r in back]
print("types:", dict(c))
print("labels:", dict(collections.Counter(r["label"] for r in back)))
print("max words:", max(len(t.split()) for t in norm), "min words:", min(len(t.split()) for t in norm))
