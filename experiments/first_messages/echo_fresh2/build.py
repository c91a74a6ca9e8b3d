#!/usr/bin/env python3
"""Build the echo_fresh2 report set of first messages.

Hand-written by a helper that never saw the system, its data or its code.
MIT license, this project.

Run: python3 build.py
Writes messages.jsonl, messages.json, labels.json and README.md next to this file.
"""

import json
import os
import random
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261205
LABELS = {"joy", "sadness", "fear", "anger", "surprise", "disgust", "neutral"}

# type -> (expected count, allowed labels)
TYPES = {
    "loss_or_letdown": (24, {"sadness"}),
    "worry_or_fear": (20, {"fear"}),
    "anger_at_someone": (18, {"anger"}),
    "disgust_or_gross": (10, {"disgust"}),
    "stress_and_overwhelm": (16, {"sadness", "fear"}),
    "good_news": (14, {"joy"}),
    "mixed_or_unclear": (8, LABELS),
    "opening_small_talk": (10, {"neutral"}),
}

L, W, A, D, S, G, M, O = (
    "loss_or_letdown",
    "worry_or_fear",
    "anger_at_someone",
    "disgust_or_gross",
    "stress_and_overwhelm",
    "good_news",
    "mixed_or_unclear",
    "opening_small_talk",
)

ITEMS = [
    # ---- loss_or_letdown (sadness) 24 ----
    ("my dog died this morning. she was 14.", "sadness", L),
    (
        "hi. so today would have been my dad's 70th birthday and i bought a cake out of habit. nobody else in the house remembered.",
        "sadness",
        L,
    ),
    (
        'She said "I just don\'t see a future with us anymore" and then asked if I could return her hoodie. Three years.',
        "sadness",
        L,
    ),
    ("didnt get into the conservatory. i practiced cello every day since i was nine", "sadness", L),
    (
        "I moved to Calgary for work in January and I still haven't had one person over. Weekends are the worst, I talk to the cashier at Safeway more than anyone.",
        "sadness",
        L,
    ),
    (
        "um my grandma passed last week and i'm 15 so everyone keeps telling me to focus on exams",
        "sadness",
        L,
    ),
    ("Lost the baby at eleven weeks. My husband and I had already picked a name.", "sadness", L),
    (
        'ok so the publisher sent the rejection today. "not the right fit for our list." thats the 31st one',
        "sadness",
        L,
    ),
    (
        "It's been a year since the mill closed. Forty-one years I worked there and now I sit by the window most of the day.",
        "sadness",
        L,
    ),
    (
        "my best friend moved to australia and my brother left for the army the same week, the house feels so empty",
        "sadness",
        L,
    ),
    (
        "My mother tell me yesterday they sold our family apartment in Kharkiv, the one where I grow up. I know it is only apartment but I feel like something is finished.",
        "sadness",
        L,
    ),
    ("Wife's been gone four years this March. Still set two cups out some mornings.", "sadness", L),
    ("Nobody came to my 30th. I booked a table for twelve.", "sadness", L),
    ('got cut from the varsity team today. coach said "maybe next year" like that helps', "sadness", L),
    (
        "So my divorce was finalized at 10:40 this morning and then I just went back to work like nothing happened. Now I'm home and it's very quiet.",
        "sadness",
        L,
    ),
    ("hi, my cat has been missing for nine days. I keep leaving the porch light on.", "sadness", L),
    (
        "I retired in June and I thought I would feel free. Instead I feel like nobody needs me anymore.",
        "sadness",
        L,
    ),
    (
        'They gave the promotion to the guy I trained. My manager said "you\'re just so good where you are."',
        "sadness",
        L,
    ),
    (
        "my son started university in another city and my daughter moved in with her boyfriend, same month. i keep cooking for four",
        "sadness",
        L,
    ),
    (
        "Today is the anniversary of my brother's accident. Eight years. My parents don't talk about him at all anymore, they moved his photos into a drawer, and at Christmas nobody said his name once. I still have his old jacket and I wear it when I walk the dog. I'm not looking for advice really, I just needed to say his name to someone today. His name was Daniel.",
        "sadness",
        L,
    ),
    (
        "I am exchange student in Osaka from Brazil, and I miss my family very much, especially at dinner time when everyone eat together except me.",
        "sadness",
        L,
    ),
    ("I got ghosted after five dates. I really thought this one was different.", "sadness", L),
    (
        "the old bakery on my street closed, the woman who ran it knew my order for 20 years. silly to be sad about it maybe",
        "sadness",
        L,
    ),
    (
        "My oldest friend from school didn't invite me to her wedding. I saw the pictures online tonight.",
        "sadness",
        L,
    ),
    # ---- worry_or_fear (fear) 20 ----
    ("waiting on biopsy results, they said 5 to 7 business days and it's day 6", "fear", W),
    (
        'hi um my company announced "restructuring" at the all-hands today and my whole team wasn\'t invited to the follow-up meeting',
        "fear",
        W,
    ),
    (
        "I'm 78 and my doctor wants me to stop driving. I'm scared of what happens to me out here on the farm without the car.",
        "fear",
        W,
    ),
    (
        "Rent is going up $380 in January and I don't see how we cover it. I keep doing the math at 3am.",
        "fear",
        W,
    ),
    (
        "My daughter is flying alone for the first time tomorrow, she's 16, and I can't stop picturing everything going wrong.",
        "fear",
        W,
    ),
    (
        "Someone tried my front door handle around 2am last night. I live alone. I haven't slept since.",
        "fear",
        W,
    ),
    ("found a lump under my arm in the shower. appointment isn't until the 14th", "fear", W),
    (
        "My parents told us at dinner they're separating and I have to pick who to live with. I'm 14.",
        "fear",
        W,
    ),
    (
        "The car in front of me spun out on the ice and I missed it by maybe a foot. I had to pull over, my hands are still shaking.",
        "fear",
        W,
    ),
    (
        "i have my visa interview on thursday and if they say no i have to leave the country i've lived in since i was 6",
        "fear",
        W,
    ),
    ("So my bar exam results come out Friday. I already failed it once.", "fear", W),
    (
        "My wife's memory is getting worse and the specialist appointment is next week. I am afraid of what they will say.",
        "fear",
        W,
    ),
    (
        "We are new in Canada, my husband still no job after eight months and the savings almost finish. I am worried all the time.",
        "fear",
        W,
    ),
    (
        "We're under an evacuation warning, the fire is about 20 km out. Bags are packed by the door and I keep refreshing the map.",
        "fear",
        W,
    ),
    (
        "my mum is having heart surgery tomorrow morning and my dad and I are sitting in the hospital cafeteria not saying anything",
        "fear",
        W,
    ),
    ("the pregnancy test was positive and i'm 19 and i haven't told anyone", "fear", W),
    (
        "My startup has maybe two months of runway left. Investors stopped replying. Six people depend on their paychecks from me.",
        "fear",
        W,
    ),
    (
        "I have to give a speech at my sister's wedding on Saturday and I freeze up every time I even practice it.",
        "fear",
        W,
    ),
    ('My boss said "we need to talk first thing Monday" and walked out. It\'s Friday night.', "fear", W),
    ("my son was supposed to be home at 11 and it's 1:30, his phone goes straight to voicemail", "fear", W),
    # ---- anger_at_someone (anger) 18 ----
    (
        'my landlord kept my whole deposit for "wear and tear" after i repainted the entire flat myself',
        "anger",
        A,
    ),
    (
        'My mother-in-law rearranged my kitchen while we were on holiday. Again. And my husband says "she was just trying to help."',
        "anger",
        A,
    ),
    (
        "Sat on hold with the airline for 3 hours and 12 minutes only to be disconnected. I could scream into a pillow for a week.",
        "anger",
        A,
    ),
    (
        "boss took credit for my report in front of the whole board today. my name wasn't even on the slides",
        "anger",
        A,
    ),
    (
        "My ex showed up to our daughter's recital with his new girlfriend and sat in the front row I'd saved for my parents.",
        "anger",
        A,
    ),
    (
        "the contractor took half up front and hasn't shown up in five weeks. now he's blocked my number. unreal",
        "anger",
        A,
    ),
    ("I am so angry. My brother sold our late father's watch without asking anyone.", "anger", A),
    (
        'ok so my roommate ate the birthday cake i made for my girlfriend. the whole thing. and said "it was in the fridge, i thought it was communal"',
        "anger",
        A,
    ),
    (
        "My teacher gave me a zero because she thinks I copied, but I literally wrote it myself and she won't even look at my drafts.",
        "anger",
        A,
    ),
    (
        "The insurance company denied the claim for the third time. Same form, same documents, a different excuse each time.",
        "anger",
        A,
    ),
    (
        "My husband promised he'd handle the kids this weekend and then booked a golf trip. Told me last night.",
        "anger",
        A,
    ),
    (
        "Neighbour's dog barks from 5am and when I knocked to talk he said \"move to the countryside then.\" I swear I'm going to buy the loudest rooster in Ohio and let it live on my balcony.",
        "anger",
        A,
    ),
    (
        "I been working in this restaurant 6 years, and the new manager put me every weekend while his friends get them off. Is not fair and I am very angry.",
        "anger",
        A,
    ),
    (
        "my sister told the whole family about my pregnancy before i could. i asked her to keep it quiet for ONE week",
        "anger",
        A,
    ),
    (
        "The bank charged me a £35 overdraft fee because THEIR app was down and my transfer didn't go through. Absolutely furious.",
        "anger",
        A,
    ),
    (
        "my coach benched me for the final because I missed practice for my grandpa's funeral. he knew why",
        "anger",
        A,
    ),
    (
        'Why do my in-laws keep calling me "the help" as a joke at every dinner? And my wife just laughs along.',
        "anger",
        A,
    ),
    (
        "hi. my business partner of ten years quietly opened a competing shop across town using our supplier list.",
        "anger",
        A,
    ),
    # ---- disgust_or_gross (disgust) 10 ----
    ("found a long black hair baked into my sandwich bread. i'm bald and live alone", "disgust", D),
    (
        "The shared office fridge has something in it that's been growing fur since August. Nobody will claim it and the smell hits you when you walk past.",
        "disgust",
        D,
    ),
    ("my coworker clips his toenails at his desk. every tuesday. i hear every click", "disgust", D),
    ("Ugh I just bit into an apple and there was half a worm left inside. I feel sick.", "disgust", D),
    (
        "So the hotel we booked for our anniversary had someone else's used towels on the floor and a hair-covered bar of soap in the shower. We checked out after ten minutes.",
        "disgust",
        D,
    ),
    (
        "my little brother licked the salt off every chip and put them back in the bag. im 17 and i could genuinely gag",
        "disgust",
        D,
    ),
    (
        "I work in a nursing home kitchen and the new cook doesn't wash his hands after the toilet. I've seen it three times now.",
        "disgust",
        D,
    ),
    (
        "Someone at the gym left a sweat puddle on the bench and just walked away, no towel. I can't unsee it.",
        "disgust",
        D,
    ),
    (
        "the guy next to me on the bus was eating sardines out of the can with his fingers and wiping them on the seat",
        "disgust",
        D,
    ),
    ('Landlord "cleaned" the flat before we moved in. There was a mouse nest in the oven.', "disgust", D),
    # ---- stress_and_overwhelm (sadness or fear) 16 ----
    (
        "ok so i've got three finals this week, my car's making a grinding noise and my shifts doubled because someone quit. my chest feels tight all day",
        "fear",
        S,
    ),
    (
        "I'm looking after my dad since his stroke and working full-time and my kids need me too. I haven't had a day to myself in 7 months.",
        "sadness",
        S,
    ),
    (
        "credit card, car loan, and now the vet bill. i keep opening the banking app and closing it again",
        "fear",
        S,
    ),
    ("My thesis is due in 12 days, my supervisor's on leave, and my data just got corrupted.", "fear", S),
    (
        "hi, I'm a nurse doing nights, my mum and my mother-in-law are both in and out of hospital, and I was so tired I cried in the car park today.",
        "sadness",
        S,
    ),
    (
        "Moving house Friday, starting a new job Monday, and the baby is teething. I'm scared I'm going to drop one of the balls.",
        "fear",
        S,
    ),
    (
        "um I run a small bakery alone, the oven broke, I have two wedding orders this weekend and the repair guy can't come till Tuesday. I'm panicking.",
        "fear",
        S,
    ),
    (
        "I'm 82 and my wife needs help with everything now, bathing, pills, meals. I love her but I am so worn out and my own knees are bad.",
        "sadness",
        S,
    ),
    (
        "taxes are due, my kid's school wants a meeting, my landlord is selling the building. everything at once",
        "fear",
        S,
    ),
    (
        "My twins both have the flu, my husband is away for work, and I have a presentation at 9 I haven't finished. It's midnight.",
        "fear",
        S,
    ),
    (
        "Working two jobs to pay off my student loans and I still fall behind. I'm 34 and I feel like I'm never going to get ahead.",
        "sadness",
        S,
    ),
    (
        "So basically I'm the only one in my family who speaks English well, so every doctor, bank and school form comes to me. I'm 16 and I have my own exams.",
        "sadness",
        S,
    ),
    (
        "I volunteered to organise the charity gala, and then my co-organiser dropped out, and the venue double-booked us. Six weeks to go.",
        "fear",
        S,
    ),
    (
        "my mum has dementia and my brother won't help and the care home waiting list is 18 months. i'm running out of ideas and energy",
        "sadness",
        S,
    ),
    (
        "Deadlines at work stacked up, my inbox has 400 unread, and I just forgot my kid's pickup for the first time ever. I feel like I'm failing at everything.",
        "sadness",
        S,
    ),
    (
        "I work at a hotel in Dubai and study online at night and send money home to Kerala every month. My body is tired, my mind is more tired.",
        "sadness",
        S,
    ),
    # ---- good_news (joy) 14 ----
    ("I passed my driving test on the fourth try!!", "joy", G),
    ("so my daughter called and she's pregnant. i'm going to be a grandma at 52", "joy", G),
    ("We closed on the house today. Keys are in my hand right now.", "joy", G),
    ("I'm so happy I could burst, the scholarship came through, full tuition.", "joy", G),
    ("my tests came back clear. all of them.", "joy", G),
    (
        "hi! I just wanted to tell someone, I finished my first marathon this morning. 5 hours 12 but I finished.",
        "joy",
        G,
    ),
    ("After two years of applying, I got the job at the children's hospital. I start on the 3rd.", "joy", G),
    (
        "My grandson taught me to video call and I saw my sister in Manila for the first time in eleven years. I'm 85 and I was delighted like a child.",
        "joy",
        G,
    ),
    (
        "ok so the shelter called and we get to adopt the three-legged dog we visited. his name is Biscuit",
        "joy",
        G,
    ),
    ("I have good news! My English exam, I got B2 level. Now I can apply for nursing school here.", "joy", G),
    ("my band got booked for our first real gig, like a paid one, at an actual venue", "joy", G),
    ("I quit smoking a year ago today. Felt proud enough to say it out loud.", "joy", G),
    (
        "my brother and his wife finally got their adoption approved, we all cried at the table (the good kind)",
        "joy",
        G,
    ),
    ('The manuscript got accepted. The editor wrote "we loved it." I\'m grinning like an idiot.', "joy", G),
    # ---- mixed_or_unclear (label = what dominates) 8 ----
    (
        "My divorce is final and honestly? I feel lighter than I have in years. A little sad for the kids but mostly relieved.",
        "joy",
        M,
    ),
    (
        "My sister got engaged today and I'm happy for her, I really am, but I'm 38 and single and I cried in the car after.",
        "sadness",
        M,
    ),
    (
        'The surgery went fine, they say. But now they\'re talking about "next steps" and nobody will explain what that means.',
        "fear",
        M,
    ),
    (
        "wait, my half brother just messaged me on facebook?? i didn't even know he existed until today",
        "surprise",
        M,
    ),
    (
        "They threw me a party at work for my 25 years. I didn't think anyone even remembered the date. I don't know whether to laugh or cry.",
        "surprise",
        M,
    ),
    (
        "Found out my coworker got the raise I asked for, and she's also the one who covered for me all year. Annoyed and grateful, mostly annoyed.",
        "anger",
        M,
    ),
    (
        "My dad remarried last weekend. Nice woman. It was a good day. I just kept thinking about Mom the whole time.",
        "sadness",
        M,
    ),
    (
        "ok so i won the school poetry prize but they read my poem about my parents' divorce out loud in assembly without asking me first",
        "anger",
        M,
    ),
    # ---- opening_small_talk (neutral) 10 ----
    ("hello? anyone?", "neutral", O),
    ("testing testing, one two. can you hear me okay?", "neutral", O),
    ("Hi. How does this work, do I just type?", "neutral", O),
    ("um ok so is this recording now", "neutral", O),
    ("Good evening. I'm 81 and my granddaughter set this up for me on the tablet.", "neutral", O),
    ("hey. it's raining here in Glasgow, just got home from work.", "neutral", O),
    ("So is this like a real person or a program?", "neutral", O),
    ("Hi there, I'm Priya. First time using something like this.", "neutral", O),
    ("can i talk in english or spanish? either is fine for me", "neutral", O),
    ("I'm on my lunch break so I've got about twenty minutes.", "neutral", O),
]


def check(items):
    assert len(items) == 120, len(items)
    type_counts = Counter(t for _, _, t in items)
    for t, (n, allowed) in TYPES.items():
        assert type_counts[t] == n, (t, type_counts[t], n)
    assert set(type_counts) == set(TYPES), set(type_counts) - set(TYPES)
    seen = set()
    for text, label, t in items:
        assert label in LABELS, (text, label)
        assert label in TYPES[t][1], (text, label, t)
        assert text == text.strip() and text, repr(text)
        n_words = len(text.split())
        assert 2 <= n_words <= 80, (n_words, text)
        key = " ".join(text.lower().split())
        assert key not in seen, ("duplicate", text)
        seen.add(key)


def table(items):
    labels = ["joy", "sadness", "fear", "anger", "surprise", "disgust", "neutral"]
    c = Counter((t, l) for _, l, t in items)
    head = "| type | " + " | ".join(labels) + " | total |"
    sep = "|" + "---|" * (len(labels) + 2)
    rows = [head, sep]
    for t in TYPES:
        cells = [str(c[(t, l)]) if c[(t, l)] else "" for l in labels]
        rows.append(f"| `{t}` | " + " | ".join(cells) + f" | {sum(c[(t, l)] for l in labels)} |")
    lt = Counter(l for _, l, _ in items)
    rows.append("| **total** | " + " | ".join(str(lt[l]) for l in labels) + f" | {len(items)} |")
    return "\n".join(rows)


def main():
    items = list(ITEMS)
    check(items)
    random.Random(SEED).shuffle(items)

    recs = [{"text": x, "label": l, "type": t} for x, l, t in items]
    with open(os.path.join(HERE, "messages.jsonl"), "w", encoding="utf-8") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "messages.json"), "w", encoding="utf-8") as f:
        json.dump([r["text"] for r in recs], f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(HERE, "labels.json"), "w", encoding="utf-8") as f:
        json.dump([r["label"] for r in recs], f, ensure_ascii=False, indent=1)
        f.write("\n")

    readme = (
        "# echo_fresh2: first messages (report set)\n\n"
        "A report set written by a helper that never saw the system, its data or its code; "
        "MIT, this project.\n\n"
        "120 hand-written first messages someone might send (or say aloud in a short clip) "
        "to an emotional-support listener, each labelled with the emotion an ordinary reader "
        "would give it. `mixed_or_unclear` messages carry the label of what dominates; "
        "`stress_and_overwhelm` messages are labelled sadness or fear per message. "
        "No crisis content.\n\n"
        "Files (same order, shuffled with `random.Random(20261205)`):\n\n"
        '- `messages.jsonl`: one `{"text", "label", "type"}` per line\n'
        "- `messages.json`: list of texts\n"
        "- `labels.json`: list of labels\n"
        "- `build.py`: source of the texts; `python3 build.py` rewrites all files and checks them\n\n"
        "## Counts (type x label)\n\n" + table(items) + "\n"
    )
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write(readme)

    # read back and verify
    with open(os.path.join(HERE, "messages.jsonl"), encoding="utf-8") as f:
        back = [json.loads(line) for line in f if line.strip()]
    with open(os.path.join(HERE, "messages.json"), encoding="utf-8") as f:
        texts = json.load(f)
    with open(os.path.join(HERE, "labels.json"), encoding="utf-8") as f:
        labels = json.load(f)
    assert back == recs
    assert texts == [r["text"] for r in back]
    assert labels == [r["label"] for r in back]
    check([(r["text"], r["label"], r["type"]) for r in back])

    words = [len(r["text"].split()) for r in recs]
    print(f"ok: {len(recs)} messages, words min {min(words)} max {max(words)}")
    print(table(items))


if __name__ == "__main__":
    main()
