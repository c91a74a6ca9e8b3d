#!/usr/bin/env python3
"""Source of the echo_fresh report set: 140 hand-written first messages to an
emotional-support listener, each with an ordinary-reader label and a type.

Written by a helper that never saw the system, its data or its code.
MIT license, this project.

Run:  python3 build.py
Writes messages.jsonl, messages.json, labels.json and README.md next to this
file (order shuffled with random.Random(20261204)) and checks counts, parsing,
word lengths and case-insensitive duplicates.
"""

import json
import os
import random
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261204
LABELS = ("joy", "sadness", "fear", "anger", "surprise", "disgust", "neutral")

# type -> (expected count, allowed labels)
TYPES = {
    "loss_or_letdown": (30, {"sadness"}),
    "worry_or_fear": (25, {"fear"}),
    "anger_at_someone": (20, {"anger"}),
    "disgust_or_gross": (10, {"disgust"}),
    "stress_and_overwhelm": (20, {"sadness", "fear"}),
    "good_news": (15, {"joy"}),
    "mixed_or_unclear": (10, set(LABELS) - {"neutral"}),
    "neutral_plain": (10, {"neutral"}),
}

LOSS = "loss_or_letdown"
WORRY = "worry_or_fear"
ANGER = "anger_at_someone"
GROSS = "disgust_or_gross"
STRESS = "stress_and_overwhelm"
GOOD = "good_news"
MIXED = "mixed_or_unclear"
PLAIN = "neutral_plain"

# (text, label, type)
ITEMS = [
    # ---------------- loss_or_letdown (sadness) x30 ----------------
    (
        "ok so this is dumb but my hamster died this morning and i keep looking at his empty cage",
        "sadness",
        LOSS,
    ),
    ("my girlfriend broke up with me over text. three years and she did it over text.", "sadness", LOSS),
    (
        "Hi. Today would have been my mother's 70th birthday. I baked her lemon cake anyway and nobody came to eat it.",
        "sadness",
        LOSS,
    ),
    ("didnt get into the university i wanted. everyone else in my class got in somewhere", "sadness", LOSS),
    (
        "so i moved to Calgary for work four months ago, which i was honestly excited about, new city new start and all that. but i still havent had one real conversation with anyone outside the office. i eat dinner in front of the tv every night and on weekends the apartment is so quiet i can hear the fridge hum",
        "sadness",
        LOSS,
    ),
    (
        "My husband passed in March. People keep telling me it gets easier, but the house is so quiet at night.",
        "sadness",
        LOSS,
    ),
    ("i got rejected from a job again, thats the 14th one this year", "sadness", LOSS),
    (
        "Sorry for my english. My dog Luna is dead from old age, she was with me 15 years. I feel empty.",
        "sadness",
        LOSS,
    ),
    ("It's been a year today since my brother died.", "sadness", LOSS),
    (
        "the coach cut me from the team today. im 16 and basketball was basically my whole thing",
        "sadness",
        LOSS,
    ),
    ("hi um, my best friend just stopped talking to me and i don't even know what i did", "sadness", LOSS),
    (
        "I'm 78 and I've outlived nearly all my friends. Yesterday was the funeral of the last one from my army days.",
        "sadness",
        LOSS,
    ),
    ("we lost the baby at 11 weeks. i dont really know what to say to anyone", "sadness", LOSS),
    (
        "So my novel got turned down by the last agent on my list. Sixty-two rejections. I think I'm going to put it in a drawer for good.",
        "sadness",
        LOSS,
    ),
    (
        "grandpa's farm got sold today. i spent every summer there as a kid and now strangers own it",
        "sadness",
        LOSS,
    ),
    (
        "after 22 years the plant closed and they let all of us go on a friday afternoon. i dont know who i am without that job",
        "sadness",
        LOSS,
    ),
    ("My son moved to Australia last week and I miss him terribly.", "sadness", LOSS),
    (
        "ok so we had our last day of school and everybody is going to different cities and like, i just feel really sad about it",
        "sadness",
        LOSS,
    ),
    (
        "She said yes to someone else. I know it's silly, we only went on three dates, but I really liked her.",
        "sadness",
        LOSS,
    ),
    (
        "Failed my driving test for the third time. The examiner didn't even look at me when he said it.",
        "sadness",
        LOSS,
    ),
    ("nobody remembered my birthday today. not even my sister", "sadness", LOSS),
    (
        "lost my wedding ring swimming in the lake. 40 years i wore it, since the day Harold put it on me. hes gone and now the ring is gone too",
        "sadness",
        LOSS,
    ),
    (
        "In my country we say a house is cold without the voices of children. Both my daughters left for study abroad and I feel this every evening now.",
        "sadness",
        LOSS,
    ),
    ("my band broke up last night. we've played together since we were fifteen", "sadness", LOSS),
    ("feeling lonely tonight", "sadness", LOSS),
    (
        "My fiancé called off the wedding two weeks before the date. I've been returning the gifts myself, one by one.",
        "sadness",
        LOSS,
    ),
    (
        "so the adoption fell through. the birth mom changed her mind, which is her right, i know that, but we had already painted the nursery",
        "sadness",
        LOSS,
    ),
    (
        "i just found out my old teacher mr okafor died. he was the only one who ever believed i could go to college",
        "sadness",
        LOSS,
    ),
    (
        "hi. i got passed over for the promotion, they gave it to someone who started after me. im not even angry, just really deflated",
        "sadness",
        LOSS,
    ),
    (
        "Our mare had to be put down this morning. Twenty-six years old. I held her head the whole time.",
        "sadness",
        LOSS,
    ),
    # ---------------- worry_or_fear (fear) x25 ----------------
    ("waiting on biopsy results and they said it could take 10 days. i cant sleep", "fear", WORRY),
    (
        "hi, my rent is going up 300 dollars and I don't know how I'm going to pay it next month",
        "fear",
        WORRY,
    ),
    (
        "So there are rumours of layoffs at my company and my manager cancelled our one-to-one today without saying why. I'm scared I'm next.",
        "fear",
        WORRY,
    ),
    (
        "someone followed me from the bus stop to my building tonight. im inside with the door locked now but my hands are still shaking",
        "fear",
        WORRY,
    ),
    (
        "My daughter is 17 and she hasn't answered her phone in four hours. She's usually so good about texting back.",
        "fear",
        WORRY,
    ),
    (
        "ok so i found a lump on my neck this morning and the doctor cant see me until next week, is it normal to feel this panicky",
        "fear",
        WORRY,
    ),
    (
        "The earthquake last night was the strongest I ever felt. Now every small noise I think it is coming again.",
        "fear",
        WORRY,
    ),
    (
        "my visa renewal is still pending and it expires in 3 weeks. if it doesnt come through i lose my job and my apartment",
        "fear",
        WORRY,
    ),
    (
        "I'm 67 and my pension fund just announced a big shortfall. What if there's nothing left when I need it?",
        "fear",
        WORRY,
    ),
    ("first day at the new school tomorrow and i dont know a single person there", "fear", WORRY),
    ("Dad's having heart surgery tomorrow at 7. They keep saying it's routine but he's 81.", "fear", WORRY),
    (
        "the smoke alarm went off at 3am and the kitchen was full of smoke. we're all fine but i keep thinking what if we hadnt woken up",
        "fear",
        WORRY,
    ),
    (
        "Our startup's money runs out in two months and twelve people are depending on me for their salaries.",
        "fear",
        WORRY,
    ),
    ("hi sorry, my exam results come out friday and if i didnt pass i lose my scholarship", "fear", WORRY),
    ("My car is making a grinding noise and I literally have $40 in my account until payday.", "fear", WORRY),
    (
        "so my husband's been coughing for weeks and he flat out refuses to see a doctor. its starting to scare me",
        "fear",
        WORRY,
    ),
    (
        "The plane dropped suddenly today over the Alps, people screaming, drinks everywhere, a woman behind me praying out loud. We landed fine and the crew said it was just turbulence, but I have another flight on Sunday to get home to my kids and I honestly don't think I can get on it. Just typing this my heart is racing.",
        "fear",
        WORRY,
    ),
    (
        "I am nurse from Philippines working in UK. My contract finish soon and the agency not answer my emails. I am very worried for my family back home.",
        "fear",
        WORRY,
    ),
    (
        "the hurricane is supposed to hit our town tuesday and my mom refuses to leave her house",
        "fear",
        WORRY,
    ),
    (
        "uh my dog ate something in the park and hes at the emergency vet now, they told me to wait for a call",
        "fear",
        WORRY,
    ),
    (
        "My blood work came back with something abnormal and the nurse said the doctor would call me. That was yesterday.",
        "fear",
        WORRY,
    ),
    (
        "presenting to the board tomorrow. if it goes badly they kill my project and maybe my job with it",
        "fear",
        WORRY,
    ),
    (
        "there was a break-in two houses down last night and now every sound outside makes me jump",
        "fear",
        WORRY,
    ),
    (
        "Is it normal to be this afraid of getting old? I'm 58 and lately I lie awake wondering who will take care of me.",
        "fear",
        WORRY,
    ),
    ("got a letter from the tax office today, haven't opened it yet, my stomach is in knots", "fear", WORRY),
    # ---------------- anger_at_someone (anger) x20 ----------------
    (
        "my boss took credit for MY report in front of the whole department today. im so angry i could scream",
        "anger",
        ANGER,
    ),
    (
        "ok so my sister borrowed my car without asking AGAIN and brought it back with an empty tank and a dent",
        "anger",
        ANGER,
    ),
    (
        "I've been on hold with the airline for 3 hours after they cancelled my flight AND lost my luggage. Absolutely furious.",
        "anger",
        ANGER,
    ),
    (
        "my roommate ate the birthday cake i made for my boyfriend. the WHOLE cake. who does that",
        "anger",
        ANGER,
    ),
    ("My ex told our kids I'm the reason we split. I am livid.", "anger", ANGER),
    (
        "The landlord kept my entire deposit for 'cleaning' when I left that place spotless. I have photos!",
        "anger",
        ANGER,
    ),
    (
        "hi. my coworker keeps hitting reply-all to correct the grammar in my emails. today he did it with the CEO copied. i want to throw my laptop at the wall",
        "anger",
        ANGER,
    ),
    (
        "My father-in-law spent the whole Christmas dinner mocking my job in front of everyone. 'Oh, she plays with crayons all day.' I'm a pediatric occupational therapist, I have a master's degree. And my husband just laughed along and then told me in the car that I was being too sensitive. I've been fuming since yesterday.",
        "anger",
        ANGER,
    ),
    (
        "so the bank charged me overdraft fees FIVE times for one transaction and the guy on the phone basically said tough luck",
        "anger",
        ANGER,
    ),
    (
        "my group partner did nothing for the whole project and still put his name on it. teacher gave him the same grade as me",
        "anger",
        ANGER,
    ),
    (
        "I'm 72 and the young man at the phone shop spoke to me like I was an idiot. I've been using computers since before he was born.",
        "anger",
        ANGER,
    ),
    (
        "My business partner has been quietly paying himself extra for a year. I found it in the books tonight. I trusted him completely.",
        "anger",
        ANGER,
    ),
    ("why does my mom read my diary. im 15 not 5. i am so mad", "anger", ANGER),
    (
        "the contractor took half the money up front and vanished. our kitchen has had no floor for six weeks now",
        "anger",
        ANGER,
    ),
    (
        "Sorry, my English. My neighbour plays music until 3 in the night every night and when I asked him nicely he laughed in my face.",
        "anger",
        ANGER,
    ),
    (
        "My boyfriend forgot to pick me up from the hospital after my procedure. He was playing video games. I waited two hours.",
        "anger",
        ANGER,
    ),
    (
        "insurance denied my claim for the 3rd time, for a surgery my doctor says i need. i want to yell at somebody",
        "anger",
        ANGER,
    ),
    ("so my best friend told everyone my secret. the one thing i asked her never to tell", "anger", ANGER),
    (
        "My manager put me on the schedule for my daughter's graduation day even though I requested it off back in January. Unbelievable.",
        "anger",
        ANGER,
    ),
    (
        "the delivery company marked my package delivered and it never came. their chatbot keeps sending me the same useless link, im about to lose it",
        "anger",
        ANGER,
    ),
    # ---------------- disgust_or_gross (disgust) x10 ----------------
    (
        "there was a cockroach in my salad at lunch. i had already eaten half of it before i saw",
        "disgust",
        GROSS,
    ),
    (
        "ew ok so i just found out my coworker doesnt wash his hands after the bathroom and hes the one who brings donuts every friday",
        "disgust",
        GROSS,
    ),
    (
        "Opened the fridge in my new shared flat and something green and furry was growing out of a yogurt pot. Nobody will admit it's theirs.",
        "disgust",
        GROSS,
    ),
    (
        "my brother clips his toenails at the dinner table. i feel sick just thinking about it",
        "disgust",
        GROSS,
    ),
    (
        "I just watched a man spit right into the fountain where little kids were splashing. Honestly revolting.",
        "disgust",
        GROSS,
    ),
    ("the hotel sheets had someone elses hair all over them. i'm never going back there", "disgust", GROSS),
    (
        "Found out the restaurant I love got shut down for rats in the kitchen. I ate there every week. Every week!",
        "disgust",
        GROSS,
    ),
    (
        "stepped barefoot into something wet and warm in the hallway at 6am. my roommate's dog. i'm still gagging",
        "disgust",
        GROSS,
    ),
    ("Watched a documentary about how cheap hot dogs are made. I feel physically sick.", "disgust", GROSS),
    (
        "the smell in the subway car this morning was so bad two people got off at the next stop. i can still smell it on my coat",
        "disgust",
        GROSS,
    ),
    # ---------------- stress_and_overwhelm (sadness/fear) x20 ----------------
    (
        "three exams in two days and i havent even started studying for the last one. im panicking",
        "fear",
        STRESS,
    ),
    (
        "I'm caring for my mum who has dementia, working full time, and my kids need me too. I'm just so tired and nobody sees it.",
        "sadness",
        STRESS,
    ),
    (
        "ok so i owe about 18k on credit cards and the minimums alone eat my whole paycheck. i dont know how im ever getting out of this",
        "fear",
        STRESS,
    ),
    (
        "final year project due monday, double shifts at my part time job all weekend, and my laptop just died. what do i do",
        "fear",
        STRESS,
    ),
    (
        "Hi. Single dad, three kids, night shift job. I haven't slept more than four hours in weeks and I feel like I'm failing at everything.",
        "sadness",
        STRESS,
    ),
    (
        "wedding is in 10 days, the caterer cancelled, my mom and my fiances mom arent speaking, and i still have to work",
        "fear",
        STRESS,
    ),
    (
        "I'm a teacher with 34 kids in my class and no assistant this year. I get home and just sit in the car for twenty minutes because I can't face anything else.",
        "sadness",
        STRESS,
    ),
    (
        "Moving house this week, new job starts Monday, and my father is in hospital. Everything at once and I'm scared I'll drop something important.",
        "fear",
        STRESS,
    ),
    (
        "im 19 working two jobs to help my parents pay rent and now im failing my classes. i feel like im letting everybody down",
        "sadness",
        STRESS,
    ),
    ("Bar exam in 3 weeks. I wake up at 4am with my heart pounding every single day.", "fear", STRESS),
    (
        "My supervisor wants a full thesis draft by Friday, my funding ends in August, and I have no job lined up. Honestly I'm terrified.",
        "fear",
        STRESS,
    ),
    ("too much. just too much this week", "sadness", STRESS),
    (
        "I am from Syria, now in Germany. Language course, job centre appointments, papers for my family. Every day a new letter I do not understand. I am so tired.",
        "sadness",
        STRESS,
    ),
    (
        "so my dad had a stroke three weeks ago and im the only kid who lives nearby. my brother is in dubai and my sister has a newborn. so its me trying to run his hardware shop in the mornings, visit the hospital at lunch, and keep my own job in the afternoons. i cry in the car most days",
        "sadness",
        STRESS,
    ),
    (
        "tax deadline is tomorrow and i have a shoebox of receipts and no idea what im doing. help",
        "fear",
        STRESS,
    ),
    (
        "We're short-staffed again and I'm covering a double. Haven't eaten since 6am and I keep worrying I'll make a mistake with the meds.",
        "fear",
        STRESS,
    ),
    (
        "ok so both my toddlers have the flu, my husband is away for work and i have a deadline tomorrow. running on coffee and tears here",
        "sadness",
        STRESS,
    ),
    (
        "I'm 61 and looking after my grandson full time since his parents split, and my knees can't keep up. I love him but I'm worn out.",
        "sadness",
        STRESS,
    ),
    (
        "the medical bills keep coming, theres four collection letters on the table and im scared to open the next one",
        "fear",
        STRESS,
    ),
    (
        "Renovating the house, baby due in five weeks, and work just doubled my accounts. I feel like the walls are closing in.",
        "fear",
        STRESS,
    ),
    # ---------------- good_news (joy) x15 ----------------
    ("I GOT THE JOB!!! sorry i just needed to tell someone", "joy", GOOD),
    ("hi so my daughter took her first steps today and i cried happy tears", "joy", GOOD),
    (
        "After four rounds of IVF we're finally pregnant. I'm almost afraid to say it out loud but I am so, so happy.",
        "joy",
        GOOD,
    ),
    ("passed my driving test first try!!", "joy", GOOD),
    ("Scan came back clear. No cancer. I've been smiling all day.", "joy", GOOD),
    (
        "I am 80 years old and today I finished my university course in history. My grandchildren were in the audience cheering.",
        "joy",
        GOOD,
    ),
    ("we paid off the mortgage today. 25 years. went out for pizza to celebrate", "joy", GOOD),
    (
        "My son called me from Korea just to say he loves me. He never does that. Made my whole week.",
        "joy",
        GOOD,
    ),
    ("ok so i finally asked her out and she said yes!!!", "joy", GOOD),
    (
        "Our rescue dog, who was so scared of people, climbed into my lap tonight for the first time. Small thing but I'm so happy.",
        "joy",
        GOOD,
    ),
    ("got my first ever paycheck today, im 16 and i feel like a millionaire lol", "joy", GOOD),
    (
        "The novel I've worked on for nine years is getting published! I keep rereading the email.",
        "joy",
        GOOD,
    ),
    ("One year without a cigarette today. Pretty proud of myself.", "joy", GOOD),
    ("my team won the regional final and i scored the winning goal, still buzzing", "joy", GOOD),
    (
        "Finally my permanent residency is approved! After six years I can bring my parents to visit. Very very happy.",
        "joy",
        GOOD,
    ),
    # ---------------- mixed_or_unclear (dominant label) x10 ----------------
    (
        "my dad's surgery went well but the doctor says he'll never go back to work. i'm relieved he's ok but mostly i'm just sad for him",
        "sadness",
        MIXED,
    ),
    ("wait, my ex just messaged me after two years out of nowhere. like what??", "surprise", MIXED),
    (
        "I start my new job abroad tomorrow, first time ever leaving home. Nervous but sooo excited!!",
        "joy",
        MIXED,
    ),
    (
        "so my parents sat me and my little brother down tonight and told us they're separating. honestly i saw it coming, they've been sleeping in different rooms since summer and the house will probably be calmer. but when my dad started taking his books off the shelf it hurt way more than i expected. i'm 17 i should be fine with this",
        "sadness",
        MIXED,
    ),
    (
        "I just found out I have a half-brother in Brazil. Didn't know he existed until a DNA test email this morning.",
        "surprise",
        MIXED,
    ),
    (
        "Retired today after 41 years. Everyone clapped and I smiled, but driving home I felt a bit lost.",
        "sadness",
        MIXED,
    ),
    (
        "my old landlord just sent back MORE money than my deposit?? i checked three times. is this real",
        "surprise",
        MIXED,
    ),
    (
        "Got accepted to the program, but it's in another country and my partner can't come. I'm thrilled, it's just complicated.",
        "joy",
        MIXED,
    ),
    (
        "ok so my boss called me into her office and i was SURE i was getting fired but she gave me a raise?? still in shock",
        "surprise",
        MIXED,
    ),
    (
        "Just signed the lease on my own café. Dream come true, but I put all my savings into it and I'm honestly terrified.",
        "fear",
        MIXED,
    ),
    # ---------------- neutral_plain (neutral) x10 ----------------
    ("hi is anyone there", "neutral", PLAIN),
    ("Hello. I'm not sure how this works.", "neutral", PLAIN),
    ("so i just got home from work", "neutral", PLAIN),
    ("Good evening. I'm Walter, 74, retired postman from Leeds.", "neutral", PLAIN),
    ("hey, you there?", "neutral", PLAIN),
    ("um is this thing on? testing testing", "neutral", PLAIN),
    ("I had pasta for lunch and then went for a walk around the block.", "neutral", PLAIN),
    ("hi, my therapist suggested I try this between sessions", "neutral", PLAIN),
    ("It's raining here in Lisbon today. I'm at a café waiting for a friend.", "neutral", PLAIN),
    ("ok so im just gonna type whatever comes to mind, is that fine", "neutral", PLAIN),
]


def check_items(items):
    errors = []
    for i, item in enumerate(items):
        if not (isinstance(item, tuple) and len(item) == 3):
            errors.append(f"item {i}: not a (text, label, type) triple")
            continue
        text, label, typ = item
        if label not in LABELS:
            errors.append(f"item {i}: bad label {label!r}")
        if typ not in TYPES:
            errors.append(f"item {i}: bad type {typ!r}")
        elif label not in TYPES[typ][1]:
            errors.append(f"item {i}: label {label!r} not allowed for {typ}")
        if text != text.strip() or not text:
            errors.append(f"item {i}: empty or untrimmed text")
        n = len(text.split())
        if not 3 <= n <= 70:
            errors.append(f"item {i}: {n} words (need 3-70): {text!r}")
    counts = Counter(t for _, _, t in items)
    for typ, (want, _) in TYPES.items():
        if counts[typ] != want:
            errors.append(f"type {typ}: {counts[typ]} items, want {want}")
    want_total = sum(w for w, _ in TYPES.values())
    if len(items) != want_total:
        errors.append(f"total {len(items)}, want {want_total}")
    seen = {}
    for i, (text, _, _) in enumerate(items):
        key = " ".join(text.casefold().split())
        if key in seen:
            errors.append(f"duplicate (case-insensitive): items {seen[key]} and {i}: {text!r}")
        seen[key] = i
    return errors


def readme(items):
    types = list(TYPES)
    table = Counter((t, l) for _, l, t in items)
    lines = [
        "# echo_fresh: first messages (report set)",
        "",
        "A report set written by a helper that never saw the system, its data or its code; MIT, this project.",
        "",
        f"{len(items)} hand-written first messages someone might send (or say aloud in a short clip) "
        "to an emotional-support listener, each labelled with the emotion an ordinary reader would give it. "
        "No crisis content (no self-harm, suicide, wish to die, or abuse).",
        "",
        'Files: `messages.jsonl` (one `{"text","label","type"}` per line), `messages.json` (texts, same order), '
        f"`labels.json` (labels, same order), `build.py` (source; shuffles with `random.Random({SEED})`, writes and checks). "
        "Rebuild with `python3 build.py`.",
        "",
        "| type | " + " | ".join(LABELS) + " | total |",
        "|---|" + "---:|" * (len(LABELS) + 1),
    ]
    for t in types:
        row = [str(table[(t, l)]) if table[(t, l)] else "" for l in LABELS]
        lines.append(f"| `{t}` | " + " | ".join(row) + f" | {sum(table[(t, l)] for l in LABELS)} |")
    lab_tot = Counter(l for _, l, _ in items)
    lines.append("| **total** | " + " | ".join(str(lab_tot[l]) for l in LABELS) + f" | {len(items)} |")
    lines.append("")
    return "\n".join(lines)


def main():
    errors = check_items(ITEMS)
    if errors:
        raise SystemExit("check failed:\n" + "\n".join(errors))

    items = list(ITEMS)
    random.Random(SEED).shuffle(items)
    rows = [{"text": t, "label": l, "type": ty} for t, l, ty in items]

    with open(os.path.join(HERE, "messages.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "messages.json"), "w", encoding="utf-8") as f:
        json.dump([r["text"] for r in rows], f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(HERE, "labels.json"), "w", encoding="utf-8") as f:
        json.dump([r["label"] for r in rows], f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write(readme(items))

    # Re-read and verify what was written.
    with open(os.path.join(HERE, "messages.jsonl"), encoding="utf-8") as f:
        back = [json.loads(line) for line in f if line.strip()]
    with open(os.path.join(HERE, "messages.json"), encoding="utf-8") as f:
        texts = json.load(f)
    with open(os.path.join(HERE, "labels.json"), encoding="utf-8") as f:
        labels = json.load(f)
    assert back == rows, "messages.jsonl round-trip mismatch"
    assert all(set(r) == {"text", "label", "type"} for r in back)
    assert texts == [r["text"] for r in back], "messages.json order mismatch"
    assert labels == [r["label"] for r in back], "labels.json order mismatch"
    again = check_items([(r["text"], r["label"], r["type"]) for r in back])
    assert not again, again

    words = [len(r["text"].split()) for r in back]
    print(f"ok: {len(back)} messages, words {min(words)}-{max(words)} (mean {sum(words) / len(words):.1f})")
    print("by type:", dict(Counter(r["type"] for r in back)))
    print("by label:", dict(Counter(r["label"] for r in back)))


if __name__ == "__main__":
    main()
