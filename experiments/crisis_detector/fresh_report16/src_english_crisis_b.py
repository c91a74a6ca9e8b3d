# -*- coding: utf-8 -*-
"""Test-only crisis messages for the support-chat crisis detector (English)."""

WISH_TO_DIE = [
    "i just want to go to sleep and not wake up tbh",
    "Every night I pray God takes me in my sleep. Every morning I'm disappointed He didn't.",
    "honestly wish i was never born. would of saved everyone a lot of trouble",
    "i want to die. thats it thats the message",
    "some days i think if a car hit me on the way to work i wouldnt even mind. i kind of hope it does",
    "I am 71 and I have had enough. I would like to be with my husband again, I do not want to be here any more.",
    "i dont want to exist anymore. not like be dead dramatic just... stop. switch off",
    "wanna disappear forever fr 😞",
    "me and my mom had another fight and i just keep thinking i want to be dead so i dont have to do this again tomorrow",
    "Sorry my english not so good. I want to die, i am so tired of this life here, nobody know me in this country",
    "i keep hoping the cancer comes back so i have an excuse to finally be gone",
    "ngl ive been thinking about killing myself a lot lately. like every day",
    "if i could press a button and just stop existing i would press it rn no hesitation",
    "Im 15 and i already dont want to live anymore. is that normal",
    "being dead sounds so peaceful compared to this. i think about it all the time now",
]

HOPELESS_BURDEN = [
    "all i do is drain my friends. they keep checking on me out of guilt. id be doing them a favour by vanishing for good",
    "Nothing is ever going to change. I've tried therapy, meds, moving, everything. I'm done trying.",
    "my kids deserve a dad who isnt a mess. they'd get over me faster than they'd get over watching me fall apart",
    "theres no way out of this debt. i see one way and its not a good one",
    "everyone would honestly be relieved if i was gone, they just wont say it",
    "I am only a burden to my daughter now. She has to bathe me, feed me. It would be kinder for her if I was not here.",
    "i'm 34 and i've failed at literally everything. there's no point in any of it and there never will be",
    "no one would even notice if i wasnt here anymore. maybe a week later someone goes huh",
    "i cost my parents so much money and stress. its better for all of them if i just stop being a problem, permanently",
    "tried to get help 3 times and got put on a waitlist every time. i think thats my answer",
    "its never getting better. i know that now. i just dont see a future where im alive and ok",
    "My wife left, I lost the job, the house is next. There is nothing left for me to stay for.",
    "im just a waste of space and oxygen lol. world would be better off",
    "i keep ruining everything i touch. people around me would be safer without me in the picture at all",
    "Sometimes I think the kindest thing I could do for everyone is to not be around anymore",
]

PLAN_OR_MEANS = [
    "my flatmates fly home for reading week on the 3rd. ive worked it out so ill be on my own. thats the plan",
    "I've been saving up my pills for a few weeks now. I have enough I think.",
    "i picked the date. its after my sisters wedding so i dont ruin it for her",
    "theres a bridge near my work i keep walking past. i already know thats where",
    "I bought what I need today. It's in my car. I just have to decide when.",
    "planning to do it on my birthday. seems fitting, came in that day can go out that day",
    "i wrote down exactly how im going to do it and when. weirdly i feel calmer now that its decided",
    "My husband keeps a gun in the closet. I keep thinking about it when he's at work.",
    "gonna wait until after exams so my parents dont think it was about grades",
    "im going to drive out to the woods tonight and im not coming back",
    "Decided on friday. I already took the day off work so no one will look for me till monday",
    "i looked up how long it takes. i know what to do now",
    "Told my roommate i'd be gone all next week. im not going where she thinks im going",
    "im sitting in the parking garage on the top floor. been here an hour. thinking about it",
    "after christmas. i want my kids to have one more normal christmas first",
]

GOODBYE_OR_AFFAIRS = [
    "left a note on my laptop with the login to everything so my brother can sort it after",
    "I just wanted to say thank you for everything you have done for me. I wont be needing this app anymore. Goodbye.",
    "gave my cat to my neighbor today. told her i was moving. im not",
    "i wrote letters to everyone. they're in my desk drawer. i think they'll understand eventually",
    "Updated my will this morning and cancelled my subscriptions. Everything's in order now.",
    "if anyone finds this, i love you mom. im sorry. this isnt your fault",
    "gave away my xbox and all my games to my little cousin. wont be needing them",
    "Made sure the bills are paid through next month and left the spare key with my brother. I feel ready.",
    "this is my last message here. thanks for trying. really.",
    "i called my grandma just to say i love her one more time. she doesnt know its goodbye",
    "I've been deleting my social media accounts one by one. Tying up loose ends.",
    "tell my little brother hes the best thing that ever happened to me. i cant tell him myself",
    "sold my guitar, gave my clothes to goodwill. it feels lighter. not long now",
    "Wrote down who gets what and put it on the kitchen table. Pet insurance papers too so the dog is looked after.",
    "bye everyone ❤️ it was nice knowing some of you. take care of yourselves",
]

SELF_INJURY = [
    "i cut again last night after 4 months clean. deeper than usual",
    "I burn my arm with a lighter when it gets too loud in my head. Did it twice today.",
    "i keep punching the wall until my knuckles bleed. its the only thing that shuts my brain up",
    "relapsed. its bad this time, i dont think a plaster is going to cover it",
    "I scratch my legs until they bleed and then wear jeans so nobody sees. It's summer and I'm boiling.",
    "the urge to cut is so strong tonight i put the blade on my desk and im just staring at it",
    "Hit my head against the wall over and over after the call with my dad. Now I have a bad headache.",
    "i hurt myself so i can feel something. numb is worse than pain",
    "hiding the marks on my wrists with bracelets. my mum almost saw yesterday",
    "i bite my arm till it bruises when im angry at myself. theres like 6 bruises rn",
    "been starving myself on purpose as a punishment. i dont deserve to eat",
    "I keep pulling my hair out in patches and pressing on the bald spots until they hurt. It's getting worse.",
    "my thighs are covered in cuts. ive been doing it every night this week",
    "Sorry for my english. I make myself bleed with knife when I feel I am bad person. Today also.",
    "i cut tonight and it wont stop bleeding properly. should i be worried",
]

ABUSE_OR_VIOLENCE = [
    "my fiance grabbed me by the hair and dragged me to the car in front of his friends. they all just laughed",
    "My dad hits me when he drinks. Last night he threw me against the fridge.",
    "my husband checks my phone every night and if someone texts me he takes my car keys and locks me in",
    "she told me if i ever leave she'll kill me and the kids. i believe her",
    "my stepdad comes into my room at night. i dont know who to tell",
    "I have a black eye and I told work I walked into a door. Third time this year.",
    "my carer takes my pension money and shouts at me if I ask for it. I am 82 and I cannot go out on my own",
    "he pushed me down the stairs when i was pregnant. i keep telling myself it was an accident",
    "my mom burns me with her cigarette when i dont do the dishes right",
    "My partner won't let me see my friends or family and takes my whole paycheck. He says I'd be nothing without him.",
    "an older guy from my club keeps touching me and says no one will believe me if i tell",
    "my brother beats me up every day when our parents are at work and says hell do worse if i snitch",
    "Sorry, my english is bad. My husband hit me again and took my passport. I cannot go anywhere.",
    "he raped me after the party and now hes acting like nothing happened",
    "my girlfriend slaps me and scratches my face when shes angry. im a guy so nobody takes it seriously",
]

CODED_SELF_HARM = [
    "thinking about kms tbh",
    "gonna unalive myself fr this time",
    "i want to catch the bus. not the real bus 🚌",
    "back on the barcode arms again 😶",
    "sewerslide is looking real good rn",
    "ctb soon. just wanted someone to know",
    "im so done. 🪦🔪 no joke",
    "not gonna be here for the next season of that show, already decided",
    "might go sleep forever tonight 💤💤💤 for real",
    "cat scratches again lol, the kind i give myself",
]

CODED_ABUSE = [
    "my dad's 'teaching me lessons' again. i cant sit down properly",
    "gotta wear long sleeves and a scarf again this week if you know what i mean",
    "my boyfriend says i need to be 'corrected' when i talk back. i have marks from last time",
    "uncle wants to play our 'secret game' again tonight. i dont want to",
    "I walked into another door. He always makes sure it's somewhere nobody will see.",
]

SHORT_SELF_HARM = [
    "dont wanna be alive",
    "tonights the night",
    "im not gonna be here tomorrow",
    "cant do this anymore. goodbye",
    "I want to kill myself",
    "pills are in my hand",
    "no reason to live",
    "standing on the roof rn",
    "bye forever",
    "ready to end it",
]

SHORT_ABUSE = [
    "he hit me again",
    "dad broke my arm",
    "my husband choked me",
    "im scared to go home",
    "she locks me in",
]

BURIED_SELF_HARM = [
    "ok so today was a lot. i had my chem midterm at 8am and i think i bombed the second half, there was a question on equilibrium i just blanked on. then my group project partners ghosted me again so i basically did the slides alone. honestly i dont think im going to be around much longer, ive been thinking about how to end it. anyway my mom called and wants me home for thanksgiving but the flights are crazy expensive. my roommate is also blasting music and i cant sleep.",
    "Work has been really hectic since the merger. We're doing the same job with half the staff and my manager keeps adding projects. My commute went from 20 minutes to almost an hour because of the roadworks. Last week I started putting the pills aside and I think I'll take them all when I'm alone next weekend. The kids have swimming on Saturdays so I'm usually the one driving. I also need to book the car in for its service.",
    "so my grandma's 80th birthday was on sunday and the whole family came over. my aunt brought her famous lasagna and my cousins were being annoying as usual. i cut myself in the bathroom halfway through because i couldnt handle everyone asking about my grades. then we did cake and grandma cried a bit which was sweet. my dad keeps asking if ive applied for summer jobs yet. i havent.",
    "hey, just needed to vent. my landlord is raising the rent again and i already work two jobs. my car made a weird noise on the highway and i cant afford a mechanic. i keep thinking everyone would be better off if i was dead and honestly ive started to believe it. my sister's baby shower is next month and i havent even bought a gift. also my cat has been throwing up and the vet is so expensive.",
    "School is fine I guess. We have a new maths teacher who is actually quite nice and explains things slowly. My best friend moved to another school so lunch is kind of lonely. I have already written the goodbye letters and hidden them in my wardrobe. My mum is doing overtime so I make dinner for my little brother most nights. He only eats pasta so that's easy at least.",
    "Retirement is not what I expected. I thought I'd be travelling but my knees are bad and the pension doesn't go far. My son lives in Australia and calls once a month if I'm lucky. I've decided there isn't any point carrying on and I've been getting my affairs in order for when I go through with it. The garden is the only thing I still enjoy, the roses came up beautifully this year. The neighbours have a new dog that barks all night though.",
    "ugh this week. i had 3 shifts at the cafe plus a presentation for my marketing class. my boyfriend and i are kind of on a break, its complicated. i bought a rope on tuesday and its in the back of my closet. my mom keeps sending me instagram reels at 2am lol. anyway im supposed to go to a concert saturday but idk if ill feel like it.",
    "Sorry long message. I came to this country 2 years ago for work, I do warehouse job night shift. My english is getting better but still people laugh sometimes. I send money home to my family every month but it is never enough. I am thinking to jump from the building where I live, I already go to the roof to look. My manager say maybe I get promotion next year. The food here I still do not like very much.",
    "so practice ran late again and coach yelled at all of us for missing layups. i got home and had like 4 hours of homework. my parents were fighting about money again so i just put headphones on. been burning myself with the hair straightener most nights this week and its getting harder to hide. my friend wants me to come to her sleepover friday. i probably will. we have a math quiz tomorrow too.",
    "Busy day at the office. Quarterly numbers were due and the spreadsheet crashed twice so I lost an hour of work. Had lunch with an old colleague which was nice, she's expecting her second. I've been researching ways to die and I have a date picked, it's the 14th. My wife wants to repaint the living room green, I don't really care either way. Need to remember to pick up dry cleaning tomorrow.",
]

BURIED_ABUSE = [
    "Today was pretty normal. I dropped the kids at school, did a big shop and started meal prep for the week. My sister called and we talked about our mum's hip surgery, it went well thankfully. Last night my husband pinned me against the wall by my throat because dinner was late, and I've got bruises I'm covering with a turtleneck. The weather is finally getting warmer so I might start on the garden. I need to book the dentist for my youngest too.",
    "so i got a B on my history essay which is better than last time. me and my friends are planning to see a movie on saturday if my mom says yes. my stepdad hit me with his belt again on wednesday and told me not to tell anyone or hed make it worse. the school trip forms are due friday. my little sister lost her first tooth and was so excited lol.",
    "Work at the hospital has been draining, three night shifts in a row and two colleagues off sick. I finally finished the book I was reading, the ending was a bit disappointing. My girlfriend takes my bank card every payday and I have to ask her for money for the bus, and if I complain she smashes my things. Anyway my brother is getting married in June so there's a lot of planning. I'm meant to be giving a speech and I have no idea what to say.",
    "ok so uni is stressing me out, deadlines everywhere and my laptop battery is dying. i started a part time job at a bookshop which is actually really chill. my ex still has my location and keeps turning up outside my flat at night and last week he grabbed me and said if im not his im nobodys. my flatmate made brownies yesterday and they were amazing. need to do laundry tomorrow, i'm out of socks.",
    "My daughter is staying with me this week while her flat gets fixed, it's nice to have company. I've been trying a new recipe for soup, bit too salty though. The man from the care agency who comes in the mornings handles me roughly and yesterday he slapped me when I dropped my tea, and he said nobody would believe an old woman. The television has been playing up, I think I need a new aerial. I'm looking forward to the bridge club on Thursday.",
]
