# Hand-written messages; this script only checks, shuffles and writes them out.
import itertools
import json
import random
import re
from collections import Counter

M = []


def add(t, label, typ):
    M.append({"text": t, "label": label, "type": typ})


T = "loss_or_letdown"
add("my dog died this morning. she was 14", "sadness", T)
add("didnt get the part. third audition this year", "sadness", T)
add("got dumped today over text lol", "sadness", T)
add(
    "so my grandma passed last week and the funeral is saturday, i dont really know what to do with myself",
    "sadness",
    T,
)
add("I was not accepted to the university. I studied two years only for this exam", "sadness", T)
add("my best friend moved to canada yesterday and the house feels empty", "sadness", T)
add("They closed the shop I worked at for 22 years. Last day was Friday.", "sadness", T)
add("ok so the adoption fell through. the birth mother changed her mind on tuesday", "sadness", T)
add("Lost my wedding ring at the beach. Been looking for hours", "sadness", T)
add("we lost the final and i was the one who missed the penalty", "sadness", T)
add("My husband of 51 years passed in March. The evenings are the hardest part.", "sadness", T)
add("just found out i didnt make varsity. literally everyone else in my grade did", "sadness", T)
add("the publisher said no. again. thats rejection number 40 for this manuscript", "sadness", T)
add("we signed the papers and sold the farm today. it was my dad's and his dad's before him", "sadness", T)
add(
    "um, yeah so my sister got married and... she didn't invite me. we haven't spoken in two years but still",
    "sadness",
    T,
)
add("bff stopped replying to me and now shes posting with her new friends 😔", "sadness", T)
add("our cat went missing 2 weeks ago, we put posters everywhere but nothing", "sadness", T)
add("I had a miscarriage last month. nobody at work knows so I just pretend", "sadness", T)
add("got laid off this morning along with half my department", "sadness", T)
add("the scholarship went to someone else. i really thought i had it this time", "sadness", T)
add("My son went back to his country with his mother. Now I see him only on video call", "sadness", T)
add("the piano teacher who got me into music died. found out on facebook of all places", "sadness", T)
add("the band broke up last night. 8 years and its just over", "sadness", T)
add("wedding's off. she gave the ring back", "sadness", T)
add("retired last month and nobody from the office calls anymore. i just sit around most days", "sadness", T)
add("they picked the other candidate. final round and everything", "sadness", T)
add("hail wrecked my whole garden, everything i planted since april, gone in ten minutes", "sadness", T)
add("my tortoise died. had him since i was 9, he was older than my brother", "sadness", T)
add("wasnt invited on the trip. found out from the group photos", "sadness", T)
add(
    "Visa denied. I cannot go to my brother graduation, first one in our family to finish college",
    "sadness",
    T,
)

T = "worry_or_fear"
add("I have a biopsy on Thursday and I can't stop thinking about it", "fear", T)
add("waiting on my test results and every time my phone buzzes my heart drops", "fear", T)
add("flight is tomorrow and im terrified of flying, like already shaking", "fear", T)
add("layoff rumours all week and now my manager wants a 'quick chat' tomorrow at 9", "fear", T)
add("so i think im failing chem and report cards come out friday. my parents r gonna freak", "fear", T)
add("my daughter is driving alone for the first time tonight, 3 hours on the highway in the rain", "fear", T)
add("heard noises downstairs and now i cant sleep. probably nothing but still", "fear", T)
add("Doctor found a lump and wants more scans. Appointment is in 10 days, feels like forever.", "fear", T)
add("I must give a speech at my friend wedding and I get panic when I speak in front of people", "fear", T)
add("what if i dont pass the bar again?? results are out in two weeks", "fear", T)
add(
    "rent is going up again and I don't know if we can stay. scared we'll have to move the kids again",
    "fear",
    T,
)
add("my dad is in surgery right now. they said 4 hours, its been 5", "fear", T)
add("first day at new school monday and i dont know anyone 😬", "fear", T)
add("I'm worried about my memory lately. Keep forgetting names. My mother had dementia.", "fear", T)
add("hurricane is supposed to hit saturday and we live right on the coast", "fear", T)
add("My residence permit renewal is still processing and the old one expires next month", "fear", T)
add(
    "i keep thinking something bad will happen to my baby while she sleeps, i check on her like 10 times a night",
    "fear",
    T,
)
add("got a letter from the tax office and i'm too scared to open it", "fear", T)
add("there's a weird mole on my back that changed shape. haven't told anyone yet", "fear", T)
add("the market dropped again and my whole retirement savings is in there", "fear", T)
add("my boyfriend is deployed and i havent heard from him in 6 days", "fear", T)
add("interview in an hour. hands sweating and i forgot everything i prepared", "fear", T)
add("vet wants to run more tests on my dogs kidneys, we find out friday", "fear", T)
add("dentist says i might need a root canal and i am SO scared of needles", "fear", T)
add(
    "okay so my wife is 38 weeks and the baby is breech, they're talking about a c-section and I'm kind of freaking out",
    "fear",
    T,
)

T = "anger_at_someone"
add("my roommate ate my leftovers AGAIN and then lied about it", "anger", T)
add("boss took credit for my project in front of the whole team today", "anger", T)
add("landlord kept my whole deposit for 'cleaning' when the place was spotless. i have photos!", "anger", T)
add("So my brother promised to help me move and didn't show up. didnt even text", "anger", T)
add(
    "the pharmacist was so rude to my mum, talked to her like she was stupid because of her accent",
    "anger",
    T,
)
add("teacher gave me a zero saying i cheated when i literally didnt", "anger", T)
add(
    "coworker keeps booking meetings over my lunch and then acts like its my fault when i skip them",
    "anger",
    T,
)
add("my ex told all our friends i was the one who cheated. total lie", "anger", T)
add(
    "Contractor took half the money upfront and now won't answer his phone. Kitchen still has no floor.",
    "anger",
    T,
)
add("neighbours park across my driveway every single day and laugh when i ask them to move", "anger", T)
add("airline lost my bag and the agent just shrugged and said not my problem", "anger", T)
add("my mom read my diary and then told my aunt whats in it", "anger", T)
add(
    "Friend borrow 500 dollars in spring, say he pay back in one month. Now is december and he block me",
    "anger",
    T,
)
add("manager put me on the schedule on my day off AFTER approving it weeks ago. im so done", "anger", T)
add("waited 2 hours at the DMV and some guy just cut in front and the clerk let him", "anger", T)
add("my husband promised he'd be at our son's recital and went golfing instead", "anger", T)
add(
    "group project partners did nothing, got the same grade, and one of them complained about MY part",
    "anger",
    T,
)
add("insurance denied the claim on a technicality after I paid them for 12 years", "anger", T)
add("my sister-in-law keeps commenting on my weight at every family dinner and everyone laughs", "anger", T)
add("just learned the new hire makes more than me for the same job. I TRAINED HIM", "anger", T)

T = "disgust_or_gross"
add("found a hair baked into my sandwich after i already ate half. gagging", "disgust", T)
add("there's mold all over the inside of the office fridge and nobody cleans it 🤢", "disgust", T)
add("my roommate leaves toenail clippings on the couch. ON THE COUCH", "disgust", T)
add("stepped on something squishy barefoot in the dark. it was a slug. ew ew ew", "disgust", T)
add("guy next to me on the bus picked his nose and wiped it on the seat", "disgust", T)
add("opened the trash bin and it was full of maggots ugh", "disgust", T)
add("that restaurant I eat at every week just got shut down for rats in the kitchen", "disgust", T)
add("coworker chews with his mouth open right beside me, i hear every bite, so gross", "disgust", T)
add("the milk was 3 weeks expired and i took a big gulp before noticing", "disgust", T)
add("Hotel sheets had stains and hairs on them. We paid 200 a night for this.", "disgust", T)

T = "stress_and_overwhelm"
add("working two jobs and still behind on bills, im just so tired all the time", "sadness", T)
add("three exams, two essays and a shift every night this week. panicking i won't finish", "fear", T)
add(
    "caring for my mum with alzheimers plus the kids plus my job. there's no time for me at all anymore",
    "sadness",
    T,
)
add("deadline is tomorrow and im nowhere close, chest is tight and i cant focus", "fear", T)
add("the baby doesnt sleep, i dont sleep, house is a mess and i cry in the shower", "sadness", T)
add("300 unread emails. every time i open outlook i feel sick to my stomach", "fear", T)
add("moving house, new job and my wedding all in the same month. what was i thinking 😩", "fear", T)
add("I am nurse, we are short staff since months, I do double shift and come home empty", "sadness", T)
add("thesis due in 6 weeks and I haven't written the results chapter, supervisor keeps emailing", "fear", T)
add("everyone keeps needing something from me and i have nothing left to give", "sadness", T)
add("the wedding planning, the in-laws, the budget... i don't even feel excited anymore", "sadness", T)
add(
    "running the restaurant alone since my partner left. 14 hour days, can't remember my last day off",
    "sadness",
    T,
)
add("semester just started and im already behind in every class, dreading every morning", "fear", T)
add("tax season at the firm. sleep 4 hours, eat at desk, repeat. feel like a zombie", "sadness", T)
add(
    "juggling my husband's chemo appointments and my own work, I keep forgetting things and I'm scared I'll miss something important",
    "fear",
    T,
)
add(
    "too much homework, coach wants extra practice, parents want better grades. i feel like im drowning",
    "sadness",
    T,
)
add("the renovation is 3 months late and we're living in one room with two kids and a dog", "sadness", T)
add(
    "got promoted, now I manage 12 people and have no idea what I'm doing. every day feels like a test I'm gonna fail",
    "fear",
    T,
)
add(
    "work group chat, family group chat, school group chat... my phone never stops. i just want one quiet day",
    "sadness",
    T,
)
add("exams, college apps and my part time job and I keep waking up at 3am with my heart racing", "fear", T)

T = "good_news"
add("finally quit that awful job and started my own bakery!!", "joy", T)
add("the biopsy came back clear 🙏", "joy", T)
add("I GOT IN. full scholarship. crying in the kitchen", "joy", T)
add("we're having a baby!! haven't even told my parents yet", "joy", T)
add("passed my driving test on the 4th try lol", "joy", T)
add("after 8 months of chemo the doctor said no evidence of disease", "joy", T)
add("my grandson phoned me just to say hello. first time ever without his mother telling him to", "joy", T)
add("divorce is final and honestly i feel free for the first time in years", "joy", T)
add("got the job!!! start monday", "joy", T)
add("so the lump was just a cyst, nothing to worry about. I can breathe again", "joy", T)
add("my daughter said her first word today and it was dog not mama haha", "joy", T)
add("paid off my last student loan today. took 11 years", "joy", T)
add("one year sober today. didn't think I'd get here", "joy", T)
add("WE WON REGIONALS!!! first time in school history", "joy", T)
add("My visa is approved!! Finally I can bring my wife here", "joy", T)
add("the landlord from hell sold the building and the new owner is lowering our rent", "joy", T)
add("Tumor was benign. Going out for pancakes.", "joy", T)
add("retired today after 30 years at the factory and the guys threw me a surprise party", "joy", T)
add("my short story is getting published in a real magazine, they're even paying me", "joy", T)
add("the dog that ran off last week came home on her own this morning, muddy and happy", "joy", T)

T = "mixed_or_unclear"
add(
    "my dad died last week but we finally talked before it happened. weird mix of sad and grateful",
    "sadness",
    T,
)
add("got into my dream school but it's 3000 km away from my family", "joy", T)
add("my ex is getting married. not sure how i feel about that", "sadness", T)
add("wait my mom just told me i have a half brother??", "surprise", T)
add("I won the office raffle, a trip for two, but I don't have anyone to take", "sadness", T)
add(
    "they offered me the promotion but it means moving to another city, i have to answer by friday and idk",
    "fear",
    T,
)
add("just found out im pregnant. we werent trying. still in shock", "surprise", T)
add(
    "house sold in one day, way over asking. also means we really have to leave the place I raised my kids in",
    "sadness",
    T,
)
add("ran into my old teacher at the grocery store and she remembered my name after 30 years!", "surprise", T)
add("today was my last chemo. everyone says celebrate but i just feel kind of empty", "sadness", T)

T = "neutral_plain"
add("hi, is this the chat thing? first time trying it", "neutral", T)
add("how does this work, do i just type whatever", "neutral", T)
add("making lentil soup tonight, any tips so it isn't bland?", "neutral", T)
add("just got home from work. kinda quiet day", "neutral", T)
add("Hello. I am 72 years old and my grandson set this up for me.", "neutral", T)
add("so im planning to start running in the mornings, thinking 3 times a week", "neutral", T)
add("what time is it where you are? lol can you even tell", "neutral", T)
add("had a normal day. school, homework, dinner. nothing special", "neutral", T)
add("Good morning. Weather is grey here, they say rain all week", "neutral", T)
add("my shift starts at 6 so i have like 20 min to talk", "neutral", T)
add("do you remember what we talked about last time or is every chat new", "neutral", T)
add("I'm moving to a new apartment in April, same neighborhood, bit bigger", "neutral", T)
add("testing, testing. can you hear me? ok I think the mic works", "neutral", T)
add("watched a documentary about octopuses last night. apparently they have 3 hearts", "neutral", T)
add("need to pick up the kids at 4 and then groceries. just thinking out loud", "neutral", T)

# ---- checks ----
EXPECT = {
    "loss_or_letdown": 30,
    "worry_or_fear": 25,
    "anger_at_someone": 20,
    "disgust_or_gross": 10,
    "stress_and_overwhelm": 20,
    "good_news": 20,
    "mixed_or_unclear": 10,
    "neutral_plain": 15,
}
LABELS = {"joy", "sadness", "fear", "anger", "surprise", "disgust", "neutral"}
problems = []
if len(M) != 150:
    problems.append(f"count {len(M)}")
c = Counter(m["type"] for m in M)
if dict(c) != EXPECT:
    problems.append(f"type counts {dict(c)}")
for m in M:
    if m["label"] not in LABELS:
        problems.append(f"bad label {m}")
    n = len(m["text"].split())
    if not 4 <= n <= 45:
        problems.append(f"length {n}: {m['text']}")
    if m["type"] == "stress_and_overwhelm" and m["label"] not in ("sadness", "fear"):
        problems.append(f"stress label {m}")


def norm(t):
    return re.sub(r"[^\w\s]", "", t.lower()).split()


keys = [" ".join(norm(m["text"])) for m in M]
if len(set(keys)) != len(keys):
    problems.append("duplicate texts")
sets = [set(norm(m["text"])) for m in M]
maxj = 0
for i, j in itertools.combinations(range(len(M)), 2):
    jac = len(sets[i] & sets[j]) / len(sets[i] | sets[j])
    maxj = max(maxj, jac)
    if jac > 0.5:
        problems.append(f"jaccard {jac:.2f}: {M[i]['text']} || {M[j]['text']}")
print("max jaccard %.3f" % maxj)
if problems:
    print("\n".join(problems))
    raise SystemExit(1)

# ---- write ----
random.Random(20261205).shuffle(M)
with open("messages.jsonl", "w") as f:
    for m in M:
        f.write(json.dumps(m, ensure_ascii=False) + "\n")
json.dump([m["text"] for m in M], open("messages.json", "w"), ensure_ascii=False, indent=1)
json.dump([m["label"] for m in M], open("labels.json", "w"), indent=1)

cols = ["joy", "sadness", "fear", "anger", "surprise", "disgust", "neutral"]
tab = Counter((m["type"], m["label"]) for m in M)
lines = ["| type | " + " | ".join(cols) + " | total |", "|---" * (len(cols) + 2) + "|"]
for t in EXPECT:
    lines.append(f"| {t} | " + " | ".join(str(tab[(t, l)]) for l in cols) + f" | {c[t]} |")
lines.append(
    "| **total** | " + " | ".join(str(sum(tab[(t, l)] for t in EXPECT)) for l in cols) + f" | {len(M)} |"
)
table = "\n".join(lines)
open("table.md", "w").write(table + "\n")
print(table)
print("ALL CHECKS PASSED")
