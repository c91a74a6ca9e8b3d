# -*- coding: utf-8 -*-
# Crisis messages for TESTING a support-chat crisis detector (never for training).
# Every message was written by hand, one at a time.

WISH_TO_DIE = [
    "i keep hoping i just dont wake up tomorrow",
    "Honestly I wish I could stop existing. Not be sad, just not be here at all.",
    "every night i pray god takes me in my sleep. every morning im disappointed",
    "i dont want to be alive anymore and im tired of pretending i do",
    "sometimes when im crossing the road i think it wouldnt be so bad if a car didnt stop",
    "I am 71 and I have had enough. I would welcome it if my heart just gave out tonight.",
    "i want to die. thats it thats the message",
    "wish i was never born tbh, would of saved everyone a lot of trouble",
    "I dont want to kill myself exactly I just want to be gone. Is that weird",
    "i want to disappear forever like delete myself from the world 😞",
    "my english not so good but i want to say i dont want to live anymore, every day is too heavy",
    "i think about being dead more than i think about anything else lately",
    "if i got a terminal diagnosis tomorrow id honestly feel relieved",
    "Being alive feels like a sentence I didn't agree to. I want it to end.",
    "wanna go to sleep and never have to come back from it",
]

HOPELESS_BURDEN = [
    "my family would honestly be better off without me, less bills less drama",
    "Nothing is ever going to get better. I've tried everything and I'm done trying.",
    "im just a weight around my wifes neck since i lost the job. she deserves to be free of me",
    "there is no way out of this debt and no way out of my head",
    "everyone keeps saying it gets better. its been 6 years. it doesnt",
    "i cost my parents so much money and they get nothing back. theyd be relieved if i was gone",
    "Since my husband passed there is nothing left for me. No reason to keep going.",
    "im 16 and i already know my life is gonna be like this forever so whats the point of continuing",
    "nobody would even notice if i wasnt here. maybe my cat",
    "i ruin everything i touch. the world is better with one less of me",
    "my kids deserve a dad who isnt a mess. they would be better raised without me around",
    "I feel trapped and there's only one door left and I keep staring at it",
    "what is the point of staying. i am only pain for everyone who know me",
    "no job no friends no future. i cant see a single reason to stay",
    "ive been a burden since the day i was born and im not gonna be one much longer",
]

PLAN_OR_MEANS = [
    "i've been saving up my pills for a few weeks now. almost have enough",
    "I picked the date. It's the anniversary of when she left me.",
    "parents go to my aunts on friday night. ill be alone. that's when",
    "there's a bridge near my work i keep driving to on my lunch break. i know which one",
    "i bought the stuff today. its in my car. just need to get my nerve up",
    "Ive got it all planned out, when and where. Not telling anyone so they cant stop me",
    "after my exams are over ill do it, dont want my teachers to think it was because of them",
    "found a quiet spot in the woods behind the school where no one would find me for a while",
    "i looked up how long it would take. i know the way now",
    "I've decided. End of the month, after the rent is paid so my roommate isn't stuck with it.",
    "got my brothers hunting key copied while he was out. he doesnt know",
    "booked a hotel room for next weekend. not for a holiday",
    "tonight is the night. its all ready",
    "i have a stash hidden in my closet for when i finally decide. feels like it might be soon",
    "once my dog passes im going too. ive already decided",
]

GOODBYE_OR_AFFAIRS = [
    "i gave my gaming pc to my little cousin today. wont be needing it",
    "Thank you for everything, you were always kind to me. I want you to know that before I go.",
    "wrote letters to my mum and my best friend. theyre in my desk drawer",
    "just wanted to say bye to whoever reads this. it was nice talking to some of you",
    "I've updated my will and asked my neighbour to take the cat. Everything is in order now.",
    "if anyone asks, tell them it wasnt their fault. none of it",
    "cancelled my phone contract and gave away my plants. tying up loose ends",
    "this is the last time ill log in here. take care of yourselves ok",
    "Left a note for the landlord with the spare key and money for this month. Don't want to leave a mess behind.",
    "gave my hoodie to my gf and told her to keep it forever. she thinks its cute. its not what she thinks",
    "i love you all. im sorry. goodbye",
    "deleted all my socials except this one. saying my goodbyes here first",
    "made a list of who gets my stuff, put it on my bed where theyll see it",
    "My sister will get my savings, I already wrote it down. She will understand later.",
    "said sorry to everyone i hurt this week. so i can go with a clean slate",
]

SELF_INJURY = [
    "cut again last night after 3 months clean. i feel so stupid",
    "i burn myself with my lighter when it gets too loud in my head",
    "I punch the wall until my knuckles bleed. It's the only thing that calms me down.",
    "wearing long sleeves in summer again bc of the marks",
    "the urge to hurt myself is so strong tonight i dont know if i can hold it",
    "i scratch my arms until theyre raw whenever my dad yells. did it again today",
    "My daughter doesn't know I still do it. I'm 38 and I still cut when things get bad.",
    "hit my head against the door over and over after the exam. have a bruise now",
    "how do i hide fresh cuts from my mom before swimming class",
    "i stopped eating on purpose as punishment. i deserve to feel empty",
    "the cuts are getting deeper each time and that scares me a little",
    "i relapsed. 47 days down the drain. the blades were right there",
    "I bite myself until it bleeds when I'm angry at myself. I know it's not normal.",
    "pulled out so much of my hair today theres a bald patch now. i couldnt stop",
    "i need to feel pain to feel anything at all. did it twice today",
]

ABUSE_OR_VIOLENCE = [
    "my boyfriend slammed me into the wall again because i was late from work",
    "My dad hits us when he drinks. Last night he hit my little brother with a belt.",
    "he put his hands around my neck during the fight and i couldnt breathe. he said sorry after",
    "my husband checks my phone every night and takes my money, i am not allowed to see my friends",
    "my stepdad comes into my room at night and i dont know how to make him stop",
    "she threw a plate at my head and told me if i tell anyone shell take the kids",
    "the care home worker pinches me and shouts at me when no one is looking. I am 84 and scared to tell my son.",
    "mum locks me in my room for whole weekends without food when im bad",
    "he said if i ever leave him hell kill me and then himself. i believe him",
    "my uncle touched me when i was staying over and told me its our secret",
    "my wife beats me and nobody believes a man can be hit by a woman",
    "my girlfriend forced me to have sex when i said no. is that even rape if were dating",
    "i have bruises on my arms from where he grabbed me. i told work i fell",
    "my brother keeps hitting me and my parents say its just sibling stuff but he broke my finger",
    "he took my passport and my phone and says i cant go anywhere without him",
]

CODED_SELF_HARM = [
    "thinking about kms ngl",
    "gonna unalive myself fr this time",
    "catching the bus tonight 🚌 if u know u know",
    "might just sewerslide lol. not really lol",
    "need to go back to the cat scratches 🐱 its been bad",
    "ctb soon. ive made my peace",
    "feel like yeeting myself off this planet permanently",
    "barcode wrists again 😶",
    "🔪🩸 again tonight",
    "kys is what they told me and honestly im starting to listen",
]

CODED_ABUSE = [
    "i walked into the door again. third time this month haha. he says im clumsy",
    "daddy says good girls dont tell about our special games",
    "have to be careful what i say tonight or ill pay for it later. he's in one of his moods",
    "i wear makeup for different reasons now if you get what i mean",
    "my bf says i need his permission to text my friends, is that normal? he gets really scary when i dont ask",
]

SHORT_SELF_HARM = [
    "i want to end it",
    "im done. for good",
    "no point going on",
    "tonight i'm checking out",
    "dont want to wake up",
    "this is goodbye",
    "i have the pills ready",
    "ready to die now",
    "cant do life anymore",
    "nobody will miss me",
]

SHORT_ABUSE = [
    "he hit me again",
    "dad choked me tonight",
    "scared to go home. he'll hurt me",
    "she raped me",
    "mom burned me with the iron",
]

BURIED_SELF_HARM = [
    "So work was a nightmare again today, my manager moved the deadline up by two days and then acted surprised when we complained. I spent my lunch break fixing someone else's spreadsheet. The train home was delayed and I stood the whole way. My mum called and asked when I'm visiting and I said maybe next month. Honestly I've been thinking I won't be around next month and that feels like the only calm thought I have. Anyway the neighbours are doing renovations again so I'm wearing earplugs. Dinner was toast. Going to try to watch something and go to bed.",
    "ok so chem test went badly, i got a 54 and my teacher wrote see me on it. then in pe we had to do the beep test and i came last obviously. my friends were all talking about the party saturday and i wasnt invited but whatever. i keep cutting my thighs now where nobody can see. my mom made tacos tho so that was nice. my brother took the remote again and we argued. i still have english homework to do and its an essay on macbeth",
    "Busy week with the kids. Soccer on Monday, dentist Tuesday, school concert Wednesday where my youngest had one line and nailed it. My husband is away for work again so it's all on me. I've started counting the pills in the cabinet and I know it's enough. Thursday I have the parent teacher meeting and I still haven't ironed anything. The dog needs grooming too. I'll probably order pizza Friday because I'm too tired to cook.",
    "my shift at the warehouse got extended to 10 hours again. my back is killing me and the forklift guy keeps yelling at everyone. got paid tho so rent is covered this month. my landlord finally fixed the heater. sometimes i sit in the car after work and think about driving it into the river. then i go inside and play fifa for a bit. my mate wants to go fishing on sunday if the weather holds up. might do it",
    "Hello, I am new in this city for my master study. The university is very big and I am still getting lost in the library. My roommate is nice but he cooks very strong food and the smell is everywhere. I am missing my family very much and I do not see a reason to live anymore, I think about ending it many nights. Tomorrow I have presentation in statistics class and I am nervous for my English. Also I need to buy winter jacket because it is very cold here. Do you know cheap shops?",
    "today was long. uni lecture at 9 which i almost slept through, then a group project meeting where nobody did their part except me. bought a coffee that cost 6 dollars which is criminal. i've written a goodbye note and its saved on my laptop. my flatmate left dishes in the sink again so we had a little fight about that. then i did laundry and lost a sock. tomorrow is friday at least",
    "Retirement has been quieter than I expected. I've been doing the crossword every morning and walking to the post office. My granddaughter sent photos from her holiday in Spain, she looks so happy. Since Margaret died I have been quietly planning to join her and I think I'm nearly ready. The garden needs weeding but my knees aren't what they were. The church is having a bake sale on Sunday and I promised lemon bars. The weather has been mild for November.",
    "ugh family dinner was so awkward. my aunt kept asking about my grades and my cousin bragged about getting into med school. grandpa fell asleep at the table lol. on the drive home i kept thinking how easy it would be to just open the door on the highway and be done. then my dad put on his 80s playlist and we all sang along badly. got home, showered, now just scrolling tiktok. school tomorrow ugh",
    "Quick vent: the new software update at work broke half our reports. IT said they'd fix it by Monday. My coworker brought in cupcakes for her birthday which was nice. I got a parking ticket because the meter was broken, classic. I keep hitting myself in the bathroom stall at work when the panic gets too much, my legs are covered in bruises. Then there was the team meeting which could have been an email. Now I'm home and the cat is judging me for being late with dinner.",
    "rehearsal ran late again, the director wants us to redo the whole second act. my costume doesnt fit right and the zipper broke. my best friend got the lead and im happy for her honestly. i just keep thinking this show will be the last thing i do before i kill myself. we have tech week next week so its gonna be 12 hour days. also i need to return my library books before i get fined. mom says we can get sushi after the opening night",
]

BURIED_ABUSE = [
    "So my week: started the new job at the bakery, getting up at 4am is brutal but the bread smells amazing. My manager is patient with me which is nice. I'm still taking the bus because my car is in the shop. My boyfriend pushed me down the stairs on Tuesday because dinner wasn't ready and I told everyone I slipped. My sister is coming to visit next month, I'm excited to show her the city. I also started a pottery class on Thursdays, my first bowl looks like a potato.",
    "school was ok today, we had a sub in maths so we just watched a movie. at lunch me and my friends traded snacks and i got a kitkat. football practice got cancelled bc of rain. when i get home i have to be really quiet because my dad hits me if i make noise when he's sleeping off the drink. i have a history project about the romans which is actually kind of cool. i want to make a model of the colosseum out of cardboard",
    "Hi, just catching up. My daughter started kindergarten and she loves her teacher. I've been trying to get back into running, did 5k on Saturday. My husband doesn't let me have my own bank card and he hit me last week when I asked for money for her school shoes. The garden is finally blooming, the roses came back after that cold spell. My mother-in-law is visiting over the holidays so I'm planning the menu already. Anyone have a good stuffing recipe?",
    "lol what a day. my phone screen cracked this morning when i dropped it in the parking lot. work was slow so i reorganised the stockroom. my step mom grabbed me by the hair and dragged me across the kitchen again last night, said i was being disrespectful. then i met my friend for bubble tea and she told me about her new crush. i need to finish my driving lessons before summer. my instructor is nice but he talks too much about his boat",
    "Been a weird week honestly. The office moved to a new floor and I still can't find the printer. My gym membership renewed without telling me, so that's annoying. I had to take my dad to his eye appointment on Wednesday. My partner has started choking me when we argue and last time I nearly blacked out. We're supposed to go to a wedding next weekend and I don't have anything to wear yet. Also I finally finished that book series everyone kept recommending, the ending was disappointing.",
]
