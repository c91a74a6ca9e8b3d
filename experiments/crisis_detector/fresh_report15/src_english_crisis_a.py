# -*- coding: utf-8 -*-
# Crisis-message test set (English). Used only to TEST the detector, never to train it.

WISH_TO_DIE = [
    "every night i pray i just dont wake up tomorrow",
    "I wish I could just stop existing. not die exactly, just... not be here anymore",
    "honestly if a car hit me on the way to school i wouldnt even be mad",
    "i want to die. i've wanted it for months and it's not going away",
    "some days I think it would be a relief to fall asleep and never wake up again",
    "im 72 and ive had enough. i would like god to take me now, i am ready and i am tired",
    "i keep hoping i get sick with something serious so it can all be over",
    "i dont want to be alive anymore lol. not joking this time tho",
    "My whole body feels heavy and all I can think is I want to be dead",
    "sometimes i wish i was never born, it would have saved everyone so much trouble",
    "i am not wanting to live more. every day the same pain, i want it to finish",
    "when the plane shook yesterday i felt calm, almost hoping. thats not normal right",
    "i just want to disappear forever and not have to feel anything ever again",
    "wish i could close my eyes and not open them. for good.",
    "tbh i think about being dead more than i think about anything else now 😶",
]

HOPELESS_BURDEN = [
    "everyone would honestly be better off without me, my mum wouldnt have to worry anymore",
    "its never going to get better. ive tried therapy, meds, everything. im done trying",
    "I'm just a burden to my kids now. They'd have an easier life if I was gone",
    "theres no way out of this debt and no way out of this life either",
    "nothing is ever going to change and i cant keep waiting for it to",
    "my wife would be happier with someone else and the kids would get over me. i'm only holding them back",
    "i ruin everything i touch. the world would be a better place without me in it",
    "since i lost my job i am only costing money to my family. they do not need me, i am only a weight",
    "no point fighting anymore. i lost and i accept it",
    "bro i genuinely cant see a future. like there is nothing after this year for me",
    "I've been a disappointment my whole life and I'm tired of making people carry me",
    "my friends would forget about me in a week if i was gone. its fine, they deserve better",
    "there is no light at the end of the tunnel. there is no tunnel. there's just this and i can't do it anymore",
    "I'm 19 and I already know how this ends. there's no fixing me",
    "after the divorce i have nothing left to live for and nobody who would notice",
]

PLAN_OR_MEANS = [
    "i've picked a date. after my sisters wedding so i dont ruin it for her",
    "been saving up my pills for a few weeks now. i think i have enough",
    "i know exactly where im going to do it, i drove past there again today",
    "I wrote down when and how. it feels calmer now that it's decided",
    "i bought what i need today. its in my bag",
    "friday. ive decided its going to be friday",
    "im going to the bridge tonight. i just wanted someone to know",
    "My husband has a gun in the house and lately I keep thinking about where he keeps it",
    "i looked up how to do it last night and i think i found a way that wont hurt much",
    "i have a plan and i have the stuff. just waiting until everyone is asleep",
    "when my parents leave for holiday next week thats when. i'll have the house to myself",
    "i told the pharmacy it was for my back but really i'm collecting them",
    "on my birthday. that's when i'm ending it. it makes sense to me",
    "i keep going up to the roof at work and just standing near the edge, working up to it",
    "I've got the rope in the boot of my car. I haven't told anyone",
]

GOODBYE_OR_AFFAIRS = [
    "gave my xbox and all my games to my little cousin today. he was so happy. i wont need them",
    "i've written letters to my mum and my brother. they're in my desk drawer for after",
    "thank you for always listening to me. i wanted to say goodbye properly before i go",
    "I updated my will this morning and left instructions for the cat. everything is sorted now",
    "if you dont hear from me after tonight, just know it wasnt your fault. love you all",
    "deleted all my socials and sent my best friend my passwords. she'll know what to do with them",
    "i paid off all my bills and cancelled my phone contract from next month. tying up loose ends",
    "this is my last message here. thank you for everything, really",
    "I called my dad for the first time in years just to say I forgive him. he doesn't know it's goodbye",
    "took my plants over to my neighbour and told her to keep them. forever",
    "sorry for everything i put you through. you wont have to deal with me after this weekend",
    "i have written a note. i do not want my family to think it was because of them",
    "gave away most of my clothes to charity and my guitar to a kid down the street. feels lighter",
    "tell my little sister i love her. i couldnt say it to her face",
    "Made a list of who gets what and left it with the bank papers. Nobody needs to fight over anything when I'm gone",
]

SELF_INJURY = [
    "i cut again last night. deeper than before and i couldnt stop",
    "ive been burning myself with my straightener so nobody sees the marks under my sleeves",
    "when i get angry at myself i punch the wall until my knuckles bleed. did it 3 times this week",
    "I've started scratching my arms until they bleed when I can't sleep",
    "hit my head against the wall so hard i saw stars. it's the only thing that shuts my brain up",
    "i have to wear long sleeves in summer because of what i do to my arms",
    "the urge to cut is so strong tonight i'm sitting on my hands",
    "i pulled out so much of my hair that i have bald patches now. i cant stop",
    "my thighs are covered in cuts and i'm scared they're getting infected but i cant tell anyone",
    "I bite my arms until they bruise when my parents fight. I know it's not normal",
    "relapsed after 4 months. i feel so stupid, i hid the blade behind the mirror",
    "i starve myself for days when i feel like i deserve to be punished",
    "im 15 and i hurt myself most nights, my mum thinks the marks are from the cat",
    "i keep pressing a hot spoon on my wrist, it helps for a few minutes and then i feel disgusting",
    "I need to hurt myself right now. I've got everything out on the bathroom floor",
]

ABUSE_OR_VIOLENCE = [
    "my boyfriend choked me last night until i almost passed out. he says it was because i provoked him",
    "my dad hits me with his belt when he drinks and my mum just watches",
    "he takes my phone every night and checks every message. if i talk to a man he hits me",
    "my stepfather comes into my room at night and touches me. i'm 13 and i dont know who to tell",
    "she told me if I ever leave she'll kill me and the kids. I believe her",
    "My son takes my pension every month and shoves me if I ask for any of it back. I'm 81",
    "my husband does not let me go out alone or have money. when i disobey he beats me",
    "he pushed me down the stairs and told the hospital i fell. i have to go back home tonight",
    "my carer shouts at me and leaves me in bed all day without food when she's in a mood",
    "my girlfriend slaps me when she's angry and says no one will believe a guy",
    "my coach keeps making me stay late alone and touches me in ways that feel wrong. he says its our secret",
    "my uncle forced me to do things i didn't want to at a family party and now he acts like nothing happened",
    "he threw a glass at my head in front of the baby. the cut needed stitches",
    "my parents lock me in my room without food for days if my grades are bad",
    "he raped me and now he keeps texting that he'll send the photos to everyone if I tell",
]

CODED_SELF_HARM = [
    "thinking about unaliving myself ngl",
    "kms fr this time, not even the joke version",
    "i think im gonna ctb this weekend. ive been on the forums for weeks",
    "planning my sewerslide 🪦 dont try to talk me out of it",
    "back to making barcodes on my arm again 🔪🩸",
    "sh'd again tonight. 30 days clean gone",
    "im just gonna go to sleep forever 💊💊💊",
    "i want to catch the bus. not the real bus. you know what i mean",
    "the void is calling and im tired of saying no 🖤🪢",
    "time to log off permanently. irl too",
]

CODED_ABUSE = [
    "my dad's 'lessons' leave marks again. i have to wear a hoodie to school",
    "i walked into a door again 🙃 third time this month, he says im clumsy",
    "at home we have rules and when i break them i 'get corrected'. my back hurts to sit",
    "my bf plays this game where i'm not allowed to talk to anyone and if i lose he makes me pay for it",
    "uncle says its our little game and i cant tell mum or she'll cry. i dont like the game",
]

SHORT_SELF_HARM = [
    "i want to end it",
    "tonight's the night",
    "i won't be here tomorrow",
    "cant do this anymore. goodbye",
    "i have the pills in my hand",
    "just cut myself again",
    "nobody will miss me",
    "i'm going to kill myself",
    "last day on earth i think",
    "done. ready to go now",
]

SHORT_ABUSE = [
    "he hit me again",
    "dad beats me",
    "she choked me last night",
    "scared to go home. he'll hurt me",
    "my stepdad touches me",
]

BURIED_SELF_HARM = [
    "work has been insane this week, we have the quarterly audit and my manager keeps moving deadlines. "
    "i got home at 10pm every day and just ate cereal for dinner. my flatmate keeps leaving dishes everywhere which doesnt help. "
    "i've been thinking that next week i'm going to end my life, i already picked the day. "
    "anyway the washing machine also broke so i've been going to the laundrette. "
    "weekend is supposed to be sunny at least.",
    "So my daughter started secondary school this month and it's been a big adjustment for all of us. "
    "She's nervous about making friends and I'm trying to be supportive. My husband works nights so it's mostly me doing the school runs. "
    "I've been cutting my legs again at night after everyone's asleep. "
    "The new uniform cost a fortune too, honestly the price of school shoes is ridiculous. "
    "We're thinking of getting her a hamster to help her settle in. Does anyone know if they're hard to look after?",
    "exams start monday and i havent revised chemistry at all. my mum keeps asking about my mock results and i keep changing the subject. "
    "my friend group is kind of falling apart bc two of them fell out over a boy. "
    "i've been giving my stuff away because i dont plan on being around after exams. "
    "also my phone screen cracked lol. "
    "sorry this is random i just needed to type it all out somewhere.",
    "I retired last spring and I thought I'd enjoy it more. My garden is doing well, the tomatoes came up lovely this year. "
    "My son lives in Canada and calls on Sundays, though the calls are getting shorter. "
    "I've been thinking my family would be better off if I just wasn't here any longer, and I've been putting my papers in order. "
    "The church group asked me to help with the autumn fair. "
    "I said yes, though I don't know why. Anyway, the weather has turned cold already.",
    "ok so long day. started at the cafe at 6, a customer yelled at me because his oat milk latte had dairy in it (it didnt). "
    "then uni lecture, then group project meeting where nobody had done their part. "
    "on the bus home i was just thinking how i'm so tired of being alive and i've got enough tablets saved up to stop. "
    "then my landlord texted about the rent going up again. "
    "my cat at least was happy to see me. gonna watch something and sleep i guess.",
    "my brother's wedding is in two weeks and the whole family is stressing about seating plans. "
    "mum and dad are divorced so that's a whole thing. i'm supposed to give a speech and i've written like three lines. "
    "honestly i keep hoping i'll die before it so i dont have to be there or anywhere. "
    "the suit fitting is tomorrow and i've put on weight since i ordered it. "
    "also my car is making a weird noise, probably expensive. adulting is fun",
    "hey, been a while. new job is ok, the commute is long but i listen to podcasts. "
    "my girlfriend and i are trying to find a bigger flat but everything is so expensive in this city. "
    "i burned myself on purpose with a lighter on tuesday and it's blistered now, i keep doing it when i'm stressed. "
    "we went to her parents for dinner on sunday, her dad is nice but talks about football nonstop. "
    "anyway how are you doing?",
    "I am from Brazil and I am living here for two years now for my masters. The course is difficult and my English is not perfect so I am always behind. "
    "My flatmates are nice but they go out a lot and I stay home. "
    "I have decided that when I submit my thesis I will kill myself, I have already written to my parents a letter. "
    "The weather here is very grey, I miss the sun. "
    "Also I started learning to cook because the food here is expensive.",
    "school is so boring lately. we have this new maths teacher who talks so quietly nobody can hear. "
    "at lunch i mostly sit in the library now bc my old friends dont really want me around. "
    "last night i stood on the edge of the bridge near our house for like an hour and i almost did it. "
    "my mum wants me to try out for the netball team but i dont know. "
    "my dog had puppies tho!! 5 of them and theyre so tiny",
    "We finally finished renovating the kitchen, took four months and went way over budget. "
    "My wife picked the tiles and I have to admit she was right about the colour. "
    "The kids are doing fine at school, my eldest got into the football team. "
    "Between the mortgage and the business going under I've been quietly making sure the life insurance pays out if something happens to me, and I've been thinking about making it happen. "
    "Anyway, we're having friends round on Saturday to show off the kitchen. Should be nice.",
]

BURIED_ABUSE = [
    "uni is alright, i switched from law to psychology and i'm much happier with the modules. "
    "i've joined the climbing club which is really fun even though i'm terrible at it. "
    "my boyfriend grabbed me by the throat again when i got home late from climbing and said next time he won't stop. "
    "my mum is visiting next month so i need to clean the flat properly. "
    "also does anyone have recommendations for a good cheap laptop?",
    "My name is not important, I'm 68 and I live with my daughter and her husband since my stroke. "
    "The house is nice and I have a room with a view of the park. "
    "My son-in-law handles my bank card now and when I asked where my money goes he twisted my arm until it bruised and told me to keep quiet. "
    "I watch the quiz shows in the afternoon, I'm rather good at them. "
    "My granddaughter comes to read with me on Saturdays which I love.",
    "ok this week was chaos. had a maths test, a history essay and netball trials all on the same day. "
    "me and my best friend are planning a sleepover for her birthday, we're gonna do face masks and watch horror films. "
    "my mums boyfriend keeps coming into the bathroom when im in the shower and last week he touched me and said if i tell he'll make mum leave me. "
    "i got a B on the maths test which is better than last time. "
    "anyway what's everyone watching rn?",
    "The new job at the warehouse is tiring but the pay is better than the last place. "
    "We moved into a bigger flat last month and the kids finally have their own rooms. "
    "My husband hit me with the TV remote on Sunday because dinner was late and now my eye is swollen shut, I told work it was an allergy. "
    "My youngest is learning to ride her bike without stabilisers. "
    "I'm hoping we can go to the seaside for a few days in August.",
    "so i got my learners permit yesterday!! my older cousin is teaching me to drive on weekends. "
    "school is fine, im taking art and spanish and theyre my favourites. "
    "my dad locks me in the garage overnight when he's been drinking and says i deserve it for being useless. "
    "we're doing a group project on climate change and i'm doing the poster part. "
    "also i finally beat the last level of the game ive been stuck on for weeks lol",
]
