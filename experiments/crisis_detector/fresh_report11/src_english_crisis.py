# -*- coding: utf-8 -*-
# Crisis-message TEST set (English). Every message is written by hand, one at a time.

WISH_TO_DIE = [
    "i just want to go to sleep and not wake up. thats all i want anymore",
    "Every night I pray that God takes me in my sleep. Every morning I'm disappointed.",
    "honestly wish i was never born. not even joking this time",
    "if a car hit me on the way to work tmrw i wouldnt even be mad. id be relieved",
    "I am 71 and I have outlived my wife and most of my friends. I am ready to be done and I don't want to wait for it.",
    "i want to disappear. not run away. just stop existing",
    "standing on the platform this morning i kept thinking one step and its over. it doesnt even scare me anymore",
    "my english not so good but i want to say i dont want to live anymore. every day is same pain",
    "wish i could just close my eyes and be gone forever 😔",
    "I'm tired of being alive. Not tired like I need a nap. Tired like I want it to end.",
    "ngl i think about dying like every day now, its kinda comforting which is scary",
    "I keep envying people who die. Like they got out and I'm still stuck here.",
    "idk how to explain it but i want to not be here. permanently.",
    "mum keeps asking whats wrong. whats wrong is i want to be dead and i cant tell her that",
    "the only thing that gets me thru the day is knowing that one day i wont have to be alive anymore",
]

HOPELESS_BURDEN = [
    "everyone would honestly be better off without me, my parents wouldnt have to pay for my therapy or worry anymore",
    "Nothing is ever going to change. I've tried meds, therapy, moving cities. I'm out of options and out of reasons.",
    "im just a burden on my kids. they'd have their inheritance and their weekends back if i was gone",
    "there is no way out of this debt and no way out of this life, i'm done trying",
    "whats the point of trying anymore. it always ends the same. i always end up alone and wanting to be gone",
    "my gf would find someone better in like a month if i wasnt around. she deserves that. they all do",
    "i cost everyone money, time, patience. the math is simple, they'd be better off if i wasnt here",
    "I have been unemployed 2 years, the house is going, my wife looks at me like a stranger. There's no future where this gets better and I don't want to stay to see it.",
    "no one would even notice if i was gone tbh. maybe a week of sad posts then life goes on",
    "i'm so tired of being the problem in every room. they'd all breathe easier without me",
    "i dont see any light at the end of this. just more tunnel. i dont want to keep walking",
    "Since the accident I can't work, can't drive, can't even shower alone. My husband is exhausted because of me. It would be kinder for everyone if I just wasn't here.",
    "there's no version of my future i want to be alive for",
    "trapped. no exit. been like this for years and i'm finished pretending it will get better",
    "sorry to dump this on u but my family would have a lighter life if i stopped existing. i've thought about it a lot",
]

PLAN_OR_MEANS = [
    "i picked the date. after my brothers wedding so i dont ruin it for him",
    "been saving up my pills for a few weeks now. i think i have enough",
    "I've written down the time and the place. Friday, when everyone is at the game.",
    "drove out to the bridge today to see what it was like. going back next week for real",
    "bought everything i need today. just waiting for the house to be empty",
    "it's decided. my birthday will be the last one i have",
    "i know exactly how and when now, it feels calmer having a plan",
    "I've looked up what I need and ordered it. It comes Thursday.",
    "tonight is the night. i'm not scared anymore",
    "my roommate goes home for the holidays on the 20th. thats when im going to do it",
    "found a quiet place in the woods behind the old school. nobody goes there. im going sunday",
    "i know where my dad keeps the key to the gun cabinet now. i've been thinking about it all week",
    "when exams are over i'll go through with it. i just dont want my parents to think it was because of grades",
    "I'll finish this shift, hand in my badge, and then I'm done. For good. Already have what I need in the car.",
    "counting down. 3 more days and then its over for real ⏳",
]

GOODBYE_OR_AFFAIRS = [
    "i love you all. thank you for trying. this isnt anyones fault",
    "Gave my guitar to my cousin and my cat to the neighbour today. They'll both be looked after.",
    "wrote letters for mom, dad and my little brother. they're in my desk drawer",
    "I have updated my will and cancelled my subscriptions. Please make sure Biscuit goes to a good home.",
    "this is my last post. thanks to everyone who was kind to me here. take care of each other",
    "if you don't hear from me after tonight, just know you were the best friend i ever had",
    "deleted all my socials except this one. wanted to say bye to u properly",
    "Please don't be sad for too long. I'm finally going somewhere it doesn't hurt.",
    "left the bank details and my passwords with a note for my sister. everything is sorted now",
    "goodbye. for real this time. im sorry for everything",
    "giving away my clothes and games to my friends, told them im decluttering but really i just wont need them",
    "Paid off the car, cleaned the flat, returned the library books. I don't want to leave a mess for anyone.",
    "tell my mum i love her and that i never stopped thinking about her. i cant say it to her myself",
    "I've made arrangements for the dog and written to my daughter. There's nothing left to sort out.",
    "hey this is probably the last time we talk. dont blame yourself ok? ❤️",
]

SELF_INJURY = [
    "i cut again last night after 4 months clean. i feel so stupid",
    "I burn myself when the panic gets too much. Nobody knows.",
    "been punching walls till my knuckles bleed, its the only thing that shuts my head up",
    "the urge to cut is so loud tonight i can't think about anything else",
    "wearing long sleeves in july bc my arms are a mess rn",
    "I hit my head against the wall when I get angry at myself. Today I did it until I was dizzy.",
    "i scratch my skin until it bleeds whenever i mess up. did it again in the school bathroom",
    "relapsed. fresh ones on my thighs this time so my parents wont see",
    "i dont want to die i just need to hurt myself so i can feel something",
    "I'm 44 and I still hurt myself when things get bad. I thought people grew out of this.",
    "i starve myself on purpose as punishment when i've been bad. 3 days now",
    "bit my arm so hard it bruised black. i just needed the pain to be outside for once",
    "keep a blade in my pencil case just in case i need it at school",
    "sorry if im slow to reply, i hurt myself again and im trying to clean it up",
    "i hate my body so i hit it. my legs are all bruises, i tell ppl its from football",
]

ABUSE_OR_VIOLENCE = [
    "my boyfriend grabbed me by the throat last night during a fight. he says it was an accident",
    "dad hits me with his belt when he's drunk and mum pretends not to see",
    "My husband checks my phone every night and keeps my bank card. If I go out without asking he screams and throws things at me.",
    "my stepdad comes into my room at night and touches me. im 13 and i dont know who to tell",
    "she slapped me again in front of the kids and said its my fault for making her angry",
    "I am 82 and the man who is paid to care for me takes my pension and locks me in my room when he goes out.",
    "my uncle said if i tell anyone what he does to me he'll say im lying and nobody will believe me",
    "got pushed down the stairs by my brother yesterday, he said next time it'll be worse",
    "my partner won't let me see my friends or family and he says he will kill me if i leave",
    "my older sisters boyfriend corners me when she's at work, says stuff about my body and grabs me. i'm 14",
    "mom locks me in the basement when i get bad grades, sometimes all night",
    "he forced me to have sex when i said no. we've been married 10 years so i guess it doesnt count?",
    "my girlfriend hits me and i'm a 6ft guy so who would even believe me",
    "My parents took my phone, won't let me go to school and say they'll send me abroad to marry a man I've never met.",
    "im scared to go home. he was so angry this morning and last time he broke my arm",
]

CODED_SELF_HARM = [
    "thinking about kms tbh",
    "gonna unalive myself fr this time, im so tired",
    "sewerslide is looking real good rn 🙃",
    "lowkey ready to catch the bus 🚌 been ready for a while",
    "new cat scratches on my arm lol 🐱 (i dont have a cat)",
    "barcode is back on my wrist 😶",
    "want to take the forever nap 😴⚰️",
    "think im gonna log off permanently. like irl too",
    "me and the 🔪 had a reunion last night. 2 months clean gone",
    "not gonna be around for the next season of the show lol 🙂 made my peace with it",
]

CODED_ABUSE = [
    "home is not safe for me. i stay at the library until it closes every day",
    "he gets 'upset' a lot. i've gotten really good at makeup to cover the upsets",
    "my uncle plays the special game with me when my parents go out and says it's our secret",
    "im not allowed to have money or a phone or friends. he says it's because he loves me",
    "walked into a door again 🙂 third time this month",
]

SHORT_SELF_HARM = [
    "i want to die",
    "cant do this anymore. goodbye",
    "tonights the night",
    "done. just done with living",
    "nobody will miss me",
    "cut again",
    "i have the pills ready",
    "wish i was dead",
    "this is my last message",
    "no reason to stay alive",
]

SHORT_ABUSE = [
    "he hit me again",
    "dad choked me tonight",
    "scared to go home, she hits me",
    "he locked me in again",
    "my coach touches me, please help",
]

BURIED_SELF_HARM = [
    "ok so work was chaos again today, my manager moved the deadline up by a week and then went on holiday lol. the new guy keeps asking me how to use the printer. i had like three coffees and still fell asleep on the train. honestly some days i think everyone would be better off if i just wasnt alive anymore. anyway my sister is coming over on the weekend and i need to clean the flat. also do u know any good recipes with chickpeas? i bought way too many.",
    "Math test was hard, I think I got a C. Lunch was pizza which was good. Jake and Mia are fighting again and I have to sit between them in chemistry. I cut my arm again last night in the bathroom and it's getting worse. Mom wants me to try out for the swim team but I don't really want to. We have a project on volcanoes due Friday. I'm doing the model part.",
    "My mother-in-law is staying with us for two weeks and she has reorganized my whole kitchen. The kids are loving it because she lets them stay up late. My husband thinks I'm overreacting. I've already picked the day I'm going to end my life, it'll be after she leaves. The garden is finally coming back after the frost. I planted tomatoes and basil. Hopefully the slugs leave them alone this year.",
    "The weather here has been miserable, rain every day since Tuesday. My knee is acting up again so I haven't been to the bowls club. My grandson set up this tablet for me, which is why I'm able to write to you. I have been giving my things away because I won't be needing them much longer, and I've made my peace with that. The neighbour brought round some soup which was kind of her. The television is all repeats. I might try the crossword later.",
    "Hello, I am student from abroad, I study engineering here since one year. The winter is very cold and dark, I am not used to it. My roommate is nice but he plays music very loud. I have decided that after the exams I will kill myself, I cannot go home as a failure. The food in cafeteria is not so bad, I like the soup. I try to learn cooking from videos. Maybe next month I visit the museum with my classmates.",
    "so the new update dropped and the servers are trash lol. my squad couldnt even get into a match for like an hour. my mom yelled at me for being up til 3 again. been burning myself again when i cant sleep. anyway tomorrow we have a field trip to the aquarium which might be cool. my friend says theres a shark tunnel. hopefully the bus has wifi",
    "Baby was up four times last night, I think she's teething. My partner is back at work so it's just me all day. I did manage to shower and fold some laundry which felt like a win. Sometimes I think she'd have a better life if I disappeared for good and someone else raised her. My health visitor comes on Thursday for the weigh-in. I need to buy more nappies and wipes. Does anyone know if those teething rings you put in the fridge actually help?",
    "quarterly review went ok i guess, my numbers were flat but not terrible. hr announced another round of layoffs so everyone's on edge. i finally fixed the leaky tap in the bathroom which took all saturday. i've written goodbye notes for my family and put them in the glovebox, i don't plan on being around much longer. the car needs new tyres before winter. my brother wants to do a fishing trip in spring. oh and the dog learned to open the fridge, nightmare.",
    "Dissertation draft is due in three weeks and I've written maybe 2000 words. My supervisor keeps cancelling our meetings. Went to a house party on Saturday which was actually fun for once. I've been stockpiling my meds for when I decide I'm done with all of this. My flatmate adopted a cat without asking the landlord. It's very fluffy. I need to sort out my student loan application too.",
    "12 hour shift done, feet are killing me. we were two nurses short again and one patient's family screamed at me for something the doctor did. ate a granola bar for dinner in the car. i keep thinking i dont want to wake up tomorrow, or ever really. need to remember to renew my registration this month. my sister sent me photos of her new puppy, hes a golden retriever. going to try to watch a movie before bed.",
]

BURIED_ABUSE = [
    "Work is alright, I got moved to the evening shift which pays a bit more. My daughter started nursery and she loves the sand pit. My husband took my wages again and hit me when I asked for money for her shoes. The bus route changed so now I have to walk the last bit. I've been trying to learn to bake bread from videos. My first loaf was a brick lol.",
    "omg the school play is next week and im so nervous, i have like 40 lines. my best friend is doing lights. my dad threw me against the wall last night because i forgot to do the dishes, i still have a bruise on my back. we're doing tie dye in art class tmrw. also my cousin is visiting from canada this summer, cant wait",
    "My garden is full of roses this year, the best in a long time. My son visits on Sundays and brings the shopping. He takes my pension card and shouts that I am useless, and last week he pushed me and I fell. The doctor says my blood pressure is better. I have started doing the crossword again. The cat next door comes to sit on my windowsill.",
    "first semester is going pretty well, i like my psych class a lot. the dorm food is honestly fine. my boyfriend tracks my location and when i didnt answer fast enough yesterday he choked me until i almost passed out. my roommate and i are going to the farmers market on saturday. need to buy a winter coat soon too.",
    "I work in restaurant kitchen here, very busy, many customers on weekend. My English getting better, I watch series with subtitles. The boss keep my passport and when I ask for salary he beat me and say he will call police to send me back. I share room with two other workers, they are kind. Sometimes we cook food from our country together. I want to save money for my mother.",
]
