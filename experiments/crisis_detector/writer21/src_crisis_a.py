# -*- coding: utf-8 -*-
# Crisis messages for training the support-chat crisis detector.
# Every string is hand-written; all are first-person seeker turns, mid-conversation.

NOTHING_TO_LIVE_FOR = [
    "Since the divorce went through I mostly just sit in the apartment. Honestly I don't see what I'm still here for anymore.",
    "i lost my job at the warehouse in april and the savings are gone now. every morning i wake up and wish i hadnt",
    "My kids are grown and don't call, my wife passed two winters ago. I keep asking myself what the point is of going on another year like this.",
    "school is just the same thing every day and nobody even notices me there. i really dont see why i should keep living tbh",
    "It's been eight months of lockdown alone in this flat. Some nights I go to bed hoping I just won't wake up, and I'm not even scared of that thought anymore.",
    "I have tried therapy, tried the meds, tried everything they say. Nothing changes and I'm starting to feel like life just isn't worth it for me.",
    "we broke up in january and i moved back with my parents. i feel like theres nothing left for me to live for",
    "Sorry I'm not good at english. After my father died and I lost the business, I feel there is no reason for me to be alive anymore.",
    "the bills keep coming and i cant pay any of them. whats even the point of being alive if its just this forever",
    "I used to love painting but I haven't touched it in a year. Everything feels grey, I don't really want to be alive, I just keep existing because I have to.",
    "my best friend moved away and now i eat lunch in the bathroom. i honestly dont want to wake up tomorrow",
    "Ever since the miscarriage I can't find anything that matters. I keep thinking I'd rather not be here at all.",
    "Working from home means I don't talk to a single person most days. I have been thinking a lot that my life is pointless and I don't want to continue it.",
    "idk how to explain it, its not that im sad exactly, i just dont want to exist anymore",
    "I'm 71 and most of my friends are gone now. When I go to sleep I pray the Lord takes me in the night, I don't see much reason to stay.",
    "got rejected from every uni i applied to and my parents act like i embarrassed the whole family. there is literally nothing to live for now",
    "He was my whole world for 9 years and now he is with someone else. I don't know why I'm still alive to be honest.",
    "The depression has been really bad since the winter. Lately I keep thinking there is no reason for me to keep going at all.",
    "I know you asked how my week was. It was the same as every week, and I'm tired of living this life, I don't want it anymore.",
    "my mum keeps saying things will get better but they never do. some days i lie there and hope my heart just stops in my sleep",
]

BETTER_OFF_DEAD = [
    "I've been out of work since the plant closed and my wife is covering everything. Truthfully I think she'd be better off without me around.",
    "my parents fight about money all the time and most of it is because of my therapy bills. theyd honestly be better off if i wasnt here",
    "Since the pandemic I've been stuck at home and I'm just a weight on everyone. I keep thinking about ending it so they don't have to deal with me.",
    "i failed my exams again and my dad wont even look at me. i think id be better off dead at this point",
    "My kids would get the life insurance and could actually go to college. Sometimes I think they'd be better off with that than with me.",
    "I'm always the one who ruins things in this friend group. They would all be happier if I was gone for good.",
    "She left and took the dog and I've been drinking every night. I've been thinking about just ending it all, I'm so tired.",
    "Everyone at home would have it easier if I died, I'm only a problem for them since I got sick.",
    "tbh the world would be better off without me in it. i just take up space",
    "I don't want to be a burden on my daughter any more. She has her own family. It would be better for all of them if I just wasn't here anymore.",
    "after the breakup i moved in with my sister and i feel like a parasite. ive started to think about ending things",
    "My English is not so good but I want to say it. Since I lost my job I think my family is better without me, maybe I should end my life.",
    "I keep messing everything up at work and at home. Honestly I've been thinking that everyone would be relieved if I was dead.",
    "lately ive been thinking a lot about ending it. not today maybe but the thought just doesnt leave",
    "My boyfriend says I'm too much to handle and maybe he's right. I think I would be better off dead than being this much trouble to everyone.",
]

QUESTIONS_ABOUT_LIVING = [
    "Can I ask you something honestly? How do people find a reason to keep living when everything they had is gone?",
    "i lost my job and my girlfriend in the same month. is it even worth going on after something like that",
    "You seem like a kind person. What do you tell someone who doesn't see any reason to stay alive anymore? Because that's me right now.",
    "how do you keep going when you dont want to be alive anymore? like seriously how",
    "My husband passed in March and I'm alone in the house now. Please tell me why I should keep going, because I can't find a reason myself.",
    "Is it normal to wake up every day and wonder if living is worth it at all? I honestly can't answer that question anymore.",
    "i've been asking myself all week if there is any point in staying alive. can you help me find one",
    "Sorry for the question but what is the reason to continue to live if you have no family, no work and no friends in this country?",
    "Does it ever get better or am I just going to feel like dying forever? I need someone to give me a real reason to stay.",
    "I have depression since I was 15 and I'm 34 now. How do I convince myself that life is worth living when I've been fighting this long?",
]

SELF_HARM_NOW = [
    "My mom found out about my grades and screamed at me for an hour. I went to my room and cut again, first time in like 3 months.",
    "i started hurting myself again after the breakup. its the only thing that makes the noise in my head stop for a bit",
    "I've been burning myself when I get overwhelmed at work. I know it's bad but I did it again last night.",
    "idk why but when i get really angry at myself i punch the wall until my knuckles bleed. did it twice this week",
    "Since lockdown I've been cutting my arms almost every night. I wear long sleeves so nobody in the house notices.",
    "my friends stopped talking to me and i just cant deal. i hit myself in the head over and over yesterday until it hurt bad",
    "I relapsed. Eleven months clean from self harm and I cut tonight after my dad said I was a waste of space.",
    "Honestly I'm sitting here right now with the urge to hurt myself and I don't think I'm going to be able to stop it this time.",
    "when the anxiety gets bad i scratch my skin till it bleeds. my legs are covered in marks now and i keep doing it",
    "I got fired this morning and when I got home I hurt myself. It's the only way I know how to cope, which I know is messed up.",
    "The bruises aren't from anyone else, I do them myself. I bang my arms against the door frame when I feel like I deserve it.",
    "i cut deeper than usual last night and it scared me a little. but i still feel like doing it again",
    "After every fight with my boyfriend I go to the bathroom and hurt myself. It's been happening a lot lately.",
    "I'm a grown man and I feel stupid saying this, but I've been hurting myself on purpose since the business went under.",
    "my exam results came back and i went straight to the blade. i hid it from my parents but i feel so empty",
]

PLAN_OR_MEANS = [
    "I have been saving up my pills for a few weeks now. I haven't decided when, but it's good to know they're there.",
    "Since the divorce I've started thinking about how I would actually do it. I even picked a day, after my son's birthday so I don't ruin it.",
    "i looked up ways to do it last night. i didnt do anything but i have a plan now and that scares me",
    "Things have been terrible since I lost the house. I've already written letters to my kids and I know when I'm going to do it.",
    "i keep a stash of my mums sleeping tablets in my drawer. just in case i decide its time",
    "I've thought about it a lot and I know exactly where I would go. Friday feels like the right day.",
    "I bought something last week that I'm going to use to end my life. I just haven't had the courage yet.",
    "My wife doesn't know but I've been planning it for a while. I made sure the insurance is in order and the will is updated.",
    "sorry if this is too much but i have everything ready. i'm just waiting for my roommate to go away for the weekend",
    "I have decided the end of this month will be my last. I'm not telling you so you can stop me, I just wanted someone to know.",
]

ABUSE_NOW = [
    "My husband checks my phone every night and if I've texted anyone he doesn't like he hits me. Last night he split my lip.",
    "my stepdad drinks and when he gets home he throws stuff at me and my little brother. i'm scared to go home after school",
    "My boyfriend took my bank card and my car keys so I can't leave. He says if I try he will make me regret it.",
    "Since lockdown started my partner has been hitting me more. There's nowhere to go and he's home all the time now.",
    "my dad slapped me across the face tonight because i came home 10 min late. this happens a lot",
    "I'm sorry my English is bad. My husband beats me when the food is not ready, and he says nobody will believe me because I have no papers.",
    "She screams at me and last week she pushed me down the stairs. People don't believe a man can get hurt like this but I'm scared of her.",
    "my mom locks me in my room for whole days and doesnt give me food when she's angry. i'm 14",
    "He said if I ever try to leave him he'll kill me and the kids. I believe him, he's done scary things before.",
    "My girlfriend choked me during an argument on Saturday. I keep telling myself it was one time but it wasn't the first.",
    "My son is 30 and lives with me and he takes my pension money and shoves me when I say no. I don't know who to tell.",
    "i got a black eye from my brother yesterday and my parents told me to say i fell at football. he does it all the time",
    "My partner won't let me see my friends or my family anymore and he tracks where I am on my phone. When I disobey he hurts me.",
    "my uncle comes into my room at night when he stays over and touches me. i'm scared to tell anyone because he said something bad would happen",
    "Every time he loses at poker he comes home and takes it out on me. Tonight he threw a chair and I'm hiding in the bathroom typing this.",
    "my bf hit me again today and then cried and said sorry. he always says sorry but it keeps happening and its getting worse",
    "My wife threatens me with a knife when she's angry and tells me she'll say I attacked her if I call anyone.",
    "My dad grabs me by the neck when he's mad and tells me I'm worthless. Mum just watches and says nothing.",
    "He has my passport and won't give it back and he hits me when I ask for it. I came here to work and now I'm trapped.",
    "my parents found out i'm gay and my dad beat me with a belt. they said if i don't change they'll throw me out",
]

STORY_THEN_RISK = [
    "I've worked at the same company for 16 years and they let me go over the phone last month. My wife is being supportive but I can see she's worried about the mortgage. I've been applying everywhere and nobody calls back. Honestly I've started to think everyone would be better off if I just wasn't here.",
    "so me and my girlfriend were together since high school and she ended it last week over text. all our friends kind of took her side and i've been staying in my room playing games. my mom thinks i'm just moody. i've been thinking about killing myself a lot and i dont know what to do with that",
    "The pandemic has been so isolating. I live alone and I haven't hugged anyone since March. I started cutting again a couple of weeks ago, I think just to feel something. I do video calls with my sister on sundays but I can't tell her any of this.",
    "I'm in my final year of nursing school and the placements have been brutal. I barely sleep and I'm always behind on assignments. My partner says I'm always stressed and snapping at him. Some nights I drive home and think about just not being alive anymore, it would be so much easier.",
    "my parents are getting divorced and they both want me to pick a side. my dad moved out and my mom cries every night. school is whatever, i'm failing chem. i have a bunch of pills hidden and i think about taking all of them",
    "We moved to a new city for my husband's job and I don't know anyone here. He works long hours and I'm home with the baby all day. I love my daughter but I feel like a terrible mother. Sometimes I think they would both be better off without me.",
    "I'm 58 and I just got told the factory is shutting down for good. I don't have a degree and nobody wants to hire someone my age. My kids live far away and I don't want to worry them. I don't see the point in living much longer to be honest.",
    "Things with my boyfriend started great but now he's really changed. He tells me what to wear and gets angry if I see my friends. Last week he pushed me into the wardrobe and I hit my head. He's at work now and I don't know if I should still be here when he comes back.",
    "I've been on antidepressants for years and they kind of stopped working. My doctor is changing them but it takes weeks. Work has been understanding so far. I've already chosen a date, I just haven't told anybody, and I'm not sure why I'm telling you.",
    "My best friend died in a car accident in the summer. I've been going through the motions at uni, going to lectures, eating when I remember. Everyone says it gets easier with time. I just want to go where he is, I don't want to be here without him.",
]
