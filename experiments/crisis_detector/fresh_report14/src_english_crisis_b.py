# -*- coding: utf-8 -*-
# Test-only crisis messages for the support-chat crisis detector.
# Every message written by hand, one at a time.

WISH_TO_DIE = [
    "i just want to go to sleep and not wake up tbh",
    "every night i pray god takes me in my sleep",
    "honestly wish i was never born",
    "I keep thinking it would be a relief to just stop existing. Not dramatic, just quiet.",
    "if a car hit me tomorrow i wouldnt even mind. i'd kinda be grateful",
    "i dont want to be alive anymore. thats it thats the message",
    "At 78 I have outlived my wife and all my friends. I would like very much to join them now.",
    "wish i could just disappear and nobody would have to deal with me",
    "im so tired of being alive. not sleepy tired. the other kind",
    "sometimes i hope the plane crashes when i fly home lol. not really lol",
    "I want to die. I've wanted it for months and it's getting louder",
    "my heart is beating and i wish it would just stop",
    "i want everything to end, me included",
    "why do i have to keep waking up every morning, i didnt ask for this",
    "i am not want to live more, every day is only pain for me here",
]

HOPELESS_BURDEN = [
    "everyone would honestly be better off without me around",
    "my parents spend all their money on my meds and therapy and im still broken. im just a weight on them",
    "nothing is ever gonna change. ive tried everything and im still here in the same hole",
    "I've been a burden to my kids since the stroke. They'd have their lives back if I was gone.",
    "theres no way out of this debt and no way out of me",
    "im 16 and already know my life isnt going anywhere. whats the point of sticking around for it",
    "my gf would find someone better in a week if i wasnt in the picture. she deserves that",
    "no job no home no family who talks to me. I dont see a future, I really dont",
    "Its been 3 years of trying and its only worse. I am done hoping.",
    "i ruin everything i touch. the world has one less problem if i go",
    "they keep saying it gets better. it doesnt. not for people like me",
    "im just taking up space and oxygen that someone else could use",
    "I can't see any way this ends well for me. I've stopped looking for one.",
    "my wife cries because of me every night. she'd be free if i was gone",
    "after the divorce i lost the kids, the house, everything. there's nothing left to stay for",
]

PLAN_OR_MEANS = [
    "ive picked the date. its the day after my sisters wedding so i dont ruin it",
    "been saving up my pills for a few weeks now. almost enough",
    "I know exactly where I'm going to do it. I drove past the spot again today.",
    "i bought what i need today. its in my drawer. just waiting for the house to be empty",
    "friday. after everyone goes to bed. ive decided",
    "wrote down the plan in my notes app so i dont chicken out this time",
    "my parents are away this weekend which is when im going to end it",
    "I've looked up the bridge and the times nobody is around.",
    "got the rope yesterday. havent told anyone obviously",
    "gonna drive somewhere far tonight and not come back. already filled the tank",
    "i have everything ready. i just need the right moment",
    "My birthday is next week. I've decided it'll be my last one.",
    "hid a stash of my grandmas sleeping tablets. tonight i think",
    "after my last exam on the 14th im done. already planned it out",
    "found a quiet place in the woods where no one will find me for a while",
]

GOODBYE_OR_AFFAIRS = [
    "gave my cat to my neighbor today. told her i'm going away. i'm not coming back",
    "thank you for everything, you were the only one who listened. goodbye for real this time",
    "I have written letters to my son and my daughter. They're in the top drawer of my desk.",
    "deleted all my socials and gave away my gaming pc to my little cousin. feels like closing up shop",
    "updated my will this morning and paid all my bills for the month. I'm at peace with it now.",
    "if u dont hear from me after tonight just know i loved u all",
    "this is my last message here. take care of yourselves",
    "wrote my mom a note and left it on her pillow. she'll find it tomorrow",
    "gave my best friend my guitar and my hoodies. he thinks im just being nice",
    "made sure the dog's food and the vet details are all written down for whoever takes him",
    "I'm sorry for everything. I won't be a problem much longer. Goodbye.",
    "told everyone i love them today. they didnt get that i meant it as goodbye",
    "left my passwords and my bank stuff in an envelope for my brother",
    "signed the papers so the house goes to my daughter. there's nothing left to sort out now",
    "this is the last time ill log on. thx for trying with me",
]

SELF_INJURY = [
    "cut again last night, deeper than usual. hiding it with long sleeves at school",
    "i burned my arm with a lighter when i got home. it's the only thing that calms me down",
    "I punch the wall until my knuckles bleed when it gets too much",
    "the urge to cut is so strong rn i can barely sit still",
    "relapsed after 6 months clean. i was doing so well",
    "i scratch my skin till it bleeds and i cant stop",
    "i hit my head against the wall again when my mum was shouting",
    "been 3 weeks without hurting myself but tonight i have the blade in my hand",
    "I bite my arms so hard it leaves bruises. Nobody notices.",
    "keep pulling out my hair till there's bald spots, and it feels good in a messed up way",
    "i need to feel pain so i dont feel the other stuff. gonna hurt myself tonight",
    "my thighs are covered in scars and i just added more",
    "I starve myself on purpose as a punishment when I mess up",
    "my boyfriend found the cuts and now i just do it where he cant see",
    "i want to carve into my skin until i feel something",
]

ABUSE_OR_VIOLENCE = [
    "my dad hit me again last night bc i was late home. i have a bruise on my face",
    "he grabbed me by the throat and told me if i leave he will find me",
    "my husband controls all the money and I'm not allowed to see my friends",
    "my stepdad comes in my room at night and i dont know how to make it stop",
    "she throws things at me when shes angry. last time it was a plate and i needed stitches",
    "my carer shouts at me and leaves me in bed all day if I complain",
    "my boyfriend said he'd kill me if i ever told anyone what he does",
    "mum locks me in my room without food when she's drunk",
    "he pushed me against the wall and choked me until i couldnt breathe",
    "my partner reads all my messages and tracks my location, and when I turn it off he hits me",
    "my uncle touches me when nobody is looking and says its our secret",
    "im scared to go home. my brother beats me when our parents are out",
    "My son takes my pension and pushes me around when I say no. I am 81.",
    "he forced me to have sex with him even though i said no and cried",
    "my wife hits me and i feel ashamed to tell anyone because im a man",
]

CODED_SELF_HARM = [
    "thinking about kms tbh",
    "gonna unalive myself fr this time",
    "ctb soon. done with this",
    "back on the barcode arm again 🙃",
    "sewerslide has been on my mind all week ngl",
    "think im gonna catch the bus tonight (not the real bus)",
    "💀🔪 me tonight fr. not a joke",
    "ready to log off permanently 🪦",
    "rope szn",
    "sh'd again, cat scratches on my wrist if anyone asks",
]

CODED_ABUSE = [
    "i 'fell down the stairs' again if anyone asks 🙂",
    "home is not a safe place rn and i cant say more bc he checks my phone",
    "walking on eggshells 24/7, one wrong word and i pay for it with bruises",
    "my dad's 'lessons' leave marks i have to hide under my sleeves",
    "he says its just how couples are but i flinch every time he raises his hand",
]

SHORT_SELF_HARM = [
    "i want to die",
    "tonight is the night",
    "no point anymore. done",
    "goodbye everyone, for real",
    "cant do this another day",
    "ill be gone by morning",
    "nobody will miss me",
    "i just want it all to end",
    "im going to end my life",
    "holding the pills rn",
]

SHORT_ABUSE = [
    "he hit me again",
    "my dad choked me",
    "scared he'll kill me tonight",
    "she beat me with a belt",
    "partner locked me in again",
]

BURIED_SELF_HARM = [
    "work was the usual chaos today, my manager changed the deadline for the third time this month. "
    "went to lunch with jess and she wouldn't stop talking about her wedding plans, which is fine i guess. "
    "the train home was delayed 40 minutes so i just sat there scrolling. "
    "honestly i've been thinking a lot about ending my life and it doesn't scare me anymore. "
    "anyway got home, made pasta, fed the cat. "
    "tomorrow is friday at least.",
    "So my daughter started at her new school this week and she seems to like it. "
    "The school run is a nightmare though, the traffic near the gates is ridiculous. "
    "My husband is working nights again so I'm basically on my own with the kids. "
    "I've started hurting myself again when they're asleep, just to cope. "
    "We're thinking about going to my parents' place for half term. "
    "Anyway sorry for the ramble, just needed to type it all out.",
    "ok so chem test today went terrible, i literally forgot the whole second page. "
    "then in pe we did the beep test and i nearly threw up. "
    "my mum made tacos for dinner which was nice tbh. "
    "i've decided i'm not going to be around after the holidays, i'm just waiting till then. "
    "my little brother keeps stealing my charger which is so annoying. "
    "also the new season of that show drops on sunday so thats something. "
    "anyway gtg do homework.",
    "Had my performance review today and it was fine, nothing exciting. "
    "My landlord finally fixed the boiler after like three weeks. "
    "I went to the gym for the first time in ages and my legs are dead. "
    "I've been stockpiling my prescriptions because I want a way out when I'm ready. "
    "My sister called and we talked about mum's birthday present. "
    "We're thinking a spa day or maybe a nice dinner. "
    "Anyway going to try and get an early night.",
    "sunday was my nephews birthday party, total chaos with like 20 kids running around. "
    "i was in charge of the bouncy castle which was honestly fun. "
    "my back is killing me today from carrying all the chairs. "
    "been cutting my arms every night this week and its getting worse. "
    "work tomorrow, i have a dentist appointment in the afternoon too. "
    "need to remember to buy milk on the way home.",
    "uni is honestly so much this semester, i have 4 essays due in 2 weeks. "
    "my flatmate keeps leaving dishes in the sink and i've given up saying anything. "
    "went to a gig on saturday, the band was amazing. "
    "i keep standing on the balcony at night thinking about just letting go. "
    "my mum wants me home for easter but the train tickets are so expensive. "
    "also i finally dyed my hair green lol. "
    "ok back to the library.",
    "I retired in March and I'm still getting used to having so much time. "
    "I've been doing the garden, the tomatoes are coming up well this year. "
    "My son visits every other Sunday with the grandchildren. "
    "Since Margaret passed I don't want to go on living and I've started to plan how. "
    "The church is having a bake sale next week and I said I'd bring scones. "
    "The weather has been lovely. "
    "I suppose I should sort the shed out at some point.",
    "today at the restaurant we had 3 big tables at once and the kitchen was so behind. "
    "my boss yelled at everyone but mostly the new guy. "
    "i got decent tips at least. "
    "when i got home i burned myself with the iron on purpose, like i do most nights now. "
    "my roommate is going to visit her boyfriend this weekend so i have the flat to myself. "
    "might watch some movies or whatever. "
    "also need to call the bank about a charge.",
    "so my mum says we have to visit grandma every sunday now which is so boring. "
    "my best friend got a new phone and i'm so jealous lol. "
    "we had a fire drill in maths and it was raining. "
    "i wrote goodbye letters to my friends last night and hid them in my backpack. "
    "tomorrow is pizza day in the canteen. "
    "i need to finish my art project about the ocean. "
    "my dog learned to shake hands!!",
    "Project launch got pushed again, which means another weekend at the office. "
    "The client keeps changing the requirements, it is very frustrating. "
    "I am from Brazil and it is winter here now, I am not used to the cold. "
    "Honestly I do not want to wake up anymore, every morning I wish I didn't. "
    "My colleague invited me to his house for dinner on Saturday. "
    "I am learning to cook some local food also. "
    "Ok that is all for today.",
]

BURIED_ABUSE = [
    "today was such a long day at work, the printer broke twice and IT took forever. "
    "i had a salad for lunch which was a mistake because i was starving by 3. "
    "my coworker is leaving next month so we're planning a little party. "
    "when i got home he pushed me into the kitchen counter because dinner wasn't ready, and my ribs still hurt. "
    "i watched an episode of that baking show after. "
    "need to go grocery shopping tomorrow.",
    "ok so football practice was hard today coach made us do extra laps. "
    "i scored in the scrimmage tho so i was happy. "
    "my friend lent me his game and its so good. "
    "my dad took off his belt again tonight because my grades dropped, and my back is all marks. "
    "we have a field trip to the museum next week. "
    "i hope we get to see the dinosaurs.",
    "My daughter-in-law is doing a lovely job with the Christmas plans this year. "
    "I've been knitting scarves for the little ones. "
    "The doctor says my hip is healing slowly but surely. "
    "My son shoves me and locks me in my room when I ask about my bank account. "
    "The postman is a cheerful young man, we chat most mornings. "
    "I'm looking forward to the carol concert.",
    "Busy week at the lab, we finally got the results we've been waiting for. "
    "I went running by the river on Tuesday, the leaves are turning. "
    "My partner won't let me have my own bank card and takes my phone every night, and last week she slapped me when I asked to see my sister. "
    "The cat has been sick but the vet says he'll be fine. "
    "I'm trying to read more before bed. "
    "Anyway, hoping the weekend is quiet.",
    "so i started my new job at the cafe, the coffee machine is terrifying lol. "
    "my manager is nice and lets me pick the music sometimes. "
    "i'm saving up for a car which is exciting. "
    "my mom's boyfriend keeps coming into the bathroom when i'm showering and touching me, and he says no one would believe me. "
    "my friends and i are going to the beach on saturday. "
    "i need a new swimsuit honestly.",
]
