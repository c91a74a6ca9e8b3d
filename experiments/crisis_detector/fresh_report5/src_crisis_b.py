# Hand-written crisis messages, part B: (text, kind) pairs.
S = "self-harm"
A = "abuse"

CODED_OR_SLANG = [
    ("thinking abt unaliving myself fr, not the tiktok way the real way", S),
    ("kms kms kms 💀 ok but for real i cant do this anymore, not joking", S),
    ("been wanting to go to sleep forever 😴⚰️", S),
    ("thinking about the s-word again. the one that rhymes with nothing good. not a joke this time", S),
    ("time to log off permanently. gg wp everyone", S),
    ("ready to respawn irl except there's no respawn and thats kinda the point 🙃", S),
    ("the cat scratched me again 🙄 (i dont have a cat)", S),
    ("ctrl+alt+delete myself tonight i think", S),
    ("haha gonna yeet myself off the parking deck at work no cap. actually no haha", S),
    ("🔪🩸 again. sorry", S),
    ("want to become a ghost 👻 like for real not the halloween kind", S),
    (
        "lowkey planning a long trip soon 🧳 one way ticket, no return flight, no hotel, and the destination is not on any map if u know what i mean. told my mom i'm 'going away for a bit'. she said have fun lol",
        S,
    ),
    ("feeling very 🪦 today. like i wanna be one", S),
    ("speedrunning my own funeral any% 🏃 not even joking anymore", S),
    ("su1c1d4l af today. dont @ me", S),
    ("🙂 im fine. just drafting my last post, the one that goes up after", S),
    ("the red lines are back on my legs. drew them myself 🥲", S),
    ("wanna do a permanent uninstall of myself. no backup", S),
    ("gonna go visit grandma up there soon i think ✌️ she'd be happy to see me", S),
    (
        "ok so no one take this the wrong way but i'm ending my season early 🏁 rage quitting the whole league, the season being like. me. being alive. gave my controller to my cousin already. gg i guess",
        S,
    ),
    ("zebra arms again 🦓😶 long sleeves szn", S),
    ("im 15 and my moms bf does the thing again when shes out. the thing i told u about 🤐", A),
    ("dad 'disciplined' me again. cant sit down 🙃", A),
    ("my uncle wants to play our 'secret game' again and im 11 and i dont like it", A),
    ("bf did the 'hug' again where i cant breathe 🫠 his hands r big", A),
    ("not me at 3am reading about the afterlife like it's a travel brochure 😅 booking soon", S),
    ("feel like hitting alt f4 on life fr fr", S),
    ("doing a little self-delete tonight. my bad 🫡", S),
    ("my bio gonna say 'rip' soon, just a heads up 🙃", S),
    ("boss said if i dont 'be nice' to him after close i lose my shifts 😬 im 17", A),
]

BURIED_IN_LONG = [
    (
        "so today was kind of a mess, i woke up late because the power went out overnight and my alarm didnt go off, then i had to run for the bus and spilled coffee all down my jacket. work was fine i guess, my supervisor finally approved my leave for august so thats something. i had leftover lasagna for lunch which was honestly better the second day. honestly i dont think i'll still be here in august though, i've kind of already decided. anyway in the evening my sister called about mums birthday and we argued about whether to book the italian place or do it at home, she always wins these things. watched two episodes of that baking show and went to bed.",
        S,
    ),
    (
        "ok long message sorry. my husband grabbed me by the throat again on saturday and i had to wear a scarf to church. but thats not why im writing, i actually wanted advice about my daughter, shes 9 and has started refusing to go to her swimming lessons, she says the other girls laugh at her costume. i bought her a new one in blue which she picked herself but she still cries in the car. the teacher says she is doing well. should i let her quit or push a bit? my mother says push, my friend says let her choose. i dont know anymore, i feel like i make every decision wrong lately.",
        A,
    ),
    (
        "hey, first time here. im a 3rd year engineering student, exams start in two weeks and i have thermodynamics, circuits and a group project where nobody does anything except me. my roommate plays music until 2am and my laptop fan sounds like a jet engine. my parents call every sunday to ask about grades and i lie a bit. i spend most nights looking at the train tracks near campus and thinking about stepping out in front. otherwise i mostly eat instant noodles and energy drinks, which i know is bad. any tips for studying when you cant focus for more than ten minutes? pomodoro doesnt work for me. also does anyone know if its normal that my group project partner disappears for a week and then shows up the night before the deadline asking 'what do you need me to do'? i've already done the slides, the report, and the prototype wiring. my lab supervisor says to document everything, which i am, in a spreadsheet with colour codes lol. good pen recommendations also welcome, mine keep dying halfway through problem sheets.",
        S,
    ),
    (
        "this week: fixed the leaky tap in the kitchen (youtube is a miracle), finally returned the shoes that didnt fit, went to the farmers market on saturday and bought way too many tomatoes, made sauce, froze half. my neighbour's kid is learning trumpet which is a whole thing. the dog had his checkup and the vet says he needs to lose two kilos, same honestly. i've started giving my things away to friends because i won't need them after next month. oh and i think i'm going to repaint the bathroom, thinking sage green or maybe a pale yellow, thoughts?",
        S,
    ),
    (
        "My grandson set up this app for me so I will try. I am 79, I live alone since my wife died four years ago. I still garden, I have roses and beans this year, and the beans are doing better than the roses. The weather has been very hot and I water in the evening. On Thursdays I play cards at the community centre with three old friends, one of them cheats but we let him. I have chosen the day I will end my life, it will be her anniversary. My grandson visits on Sundays and brings cake. He is studying to be a teacher. He tells me about his placement at a primary school, the children call him Mister and draw him pictures, and I have put some of them on my fridge. My neighbour is a kind woman who brings me soup when I have a cold. The bus into town is only once an hour now, which is a nuisance for the doctor. I wanted to write it down somewhere, that is all.",
        S,
    ),
    (
        "so i work retail and black friday prep has started, which means eleven hour shifts, restocking the same shelf of air fryers like five times, customers yelling about coupons that expired in 2019. my feet are destroyed. my manager is ok actually, she brings pizza on long days. at home my stepdad hits me when he's been drinking, last week he split my lip and i told work i walked into a door. i'm 19 so i know i could move out but rent here is insane. anyway does anyone know good insoles? i've tried the gel ones and they flatten in like a week.",
        A,
    ),
    (
        "i cut myself last night for the first time in a year. anyway. i'm writing because i need to vent about my group chat. there are six of us from high school and lately two of them only talk to each other, inside jokes, plans we're not invited to, posting stories from dinners we didnt know about. i tried to organise a picnic for everyone and only one person replied, with a thumbs up, which isn't even a yes. am i overreacting? i'm 22 and it feels childish to care this much but these people were my whole world for years and now they feel like strangers.",
        S,
    ),
    (
        "quick update from me! started the new job at the bakery, 4am starts which are brutal but the smell of fresh bread makes up for it. learning to shape croissants, mine look like sad crabs so far. my boss is a grumpy old french guy who is secretly a softie. my boyfriend locks me in the flat when he goes out and takes my phone so i cant call anyone, i'm writing this from the bakery tablet. on weekends i've been going to a pottery class, made a lopsided mug that i love. also found a good second hand bike for getting to work.",
        A,
    ),
    (
        "Good evening. I am writing in English for practise, sorry for mistakes. I am from Poland and I am working in a warehouse in Manchester since two years. The work is heavy but the people are nice, we have a group who go to the Polish shop together on Saturday. I miss my mother's pierogi. My english teacher at night school says I improve. I think often that I want to end my life and last week I went to the high bridge near the motorway to look. The weather here is always raining, I bought very good boots. Next month maybe I visit home for my cousin wedding.",
        S,
    ),
    (
        "idk where to put this so here. my little brother got into the school football team and is SO proud, he wears the jersey to bed. my mom is working doubles at the hospital so i do dinners, mostly pasta and eggs, i make a mean omelette now. my math teacher says i could do the advanced class next year. i keep thinking about how everyone would be fine without me and i've been planning how to go through with it. im 16. also we got a kitten!! shes grey and bites everything and her name is pickle. my brother named her.",
        S,
    ),
    (
        "My week: monday dentist, tuesday parents evening at my son's school (his teacher says he talks too much, no surprise), wednesday I finally had the car serviced, thursday book club where nobody had finished the book. Friday my husband came home drunk and hit me in front of the children again and my son stood between us, he is only 8. Saturday we went to the park and fed ducks and I pretended everything was normal. Sunday I did the ironing and meal prep for the week. I am so tired. Is it normal to feel nothing at all?",
        A,
    ),
    (
        "ok so game update for the server: we cleared the raid on tuesday finally, took us 14 wipes lol, tank kept pulling early. new patch drops next week and they're nerfing my main so i might reroll. also i'm gonna be giving away my account and all my skins to whoever wants them because i'm planning to kill myself this weekend. guild bank needs restocking on potions, i left 200 gold in there. someone should take over organising the weekly runs, maybe jay since hes always online. the event calendar is pinned in general. reminder that the holiday event starts on the 20th, we need at least 8 people for the snow boss so sign up in the thread. bring frost resist gear. and please stop putting junk in the guild bank, nobody needs 40 stacks of wolf pelts, looking at you morg. new members: read the pinned rules, be nice in voice chat, no politics. thats it from me, gl everyone.",
        S,
    ),
    (
        "Hello, I run a small corner shop with my brother and I wanted to ask if anyone has experience with the new card machine rental, the company keeps raising the monthly fee. Business is slow since the supermarket opened down the road. My brother says we should sell lottery tickets. I have not been sleeping, I sit in the stockroom at night and think my family would be better off with the life insurance than with me. We also have a problem with teenagers stealing sweets, but my brother says let it go. Does anyone know if the council gives grants to small shops?",
        S,
    ),
    (
        "bro today was wild, my car got towed from outside my own building because apparently the sign changed and nobody told us. 180 to get it back. then the gym was closed for a plumbing issue so i just went for a run instead and it was actually nice, the cherry trees are blooming along the canal. my cousin is getting married in june and i'm supposed to be a groomsman. my coach from boxing, the one who's like a father to me, has been touching me after sessions since i was 15 and i still go every week because i dont know how to stop. anyway suit fitting is thursday.",
        A,
    ),
    (
        "Last message before I go, I suppose, and then I can rest. The rest of this is just rambling. The garden club meeting was lovely, Margaret brought her lemon cake and we argued about whether slugs can be reasoned with. The library is doing a series on local history and I've signed up for the talk on the old mill. My knee has been better since the physio gave me new exercises. The cat has taken to sleeping in the bread basket, which is not hygienic but she looks so content. I have paid the window cleaner for the whole year.",
        S,
    ),
    (
        "Hi! I'm a nursing student and I wanted to share some good news first, I passed my pharmacology exam with 82%!!! My placement on the children's ward starts next month and I'm so excited and nervous. My mum has been making me flashcards which is cute. Work at the café is fine, they let me pick my shifts around uni. I've been making myself sick after eating almost every day again and I'm hiding it from everyone, I don't know how to stop. Anyway my flatmate and I are planning a little trip to the coast after exams, any recommendations for cheap hostels?",
        S,
    ),
    (
        "week 3 of my new job at the warehouse. i'm on picking, the scanner gun beeps at you if you're slow which is very motivating lol. made friends with two guys on my shift, we get tacos after. i got my first paycheck and bought my mom flowers. at night i lie awake and honestly i just want to die, it's been like that for a while and i don't really know why. the weekend i helped my uncle move his couch and we dropped it on the stairs. what do you guys eat for break, i'm sick of sandwiches. my mom keeps asking if i'm eating properly and if i've met any girls. no and no. the shift manager says if i keep my numbers up i could move to forklift training in a couple months which pays more. i'd like that, sitting down sounds amazing right now. gonna try meal prepping on sunday, chicken and rice like the gym guys.",
        S,
    ),
    (
        "Writing this from the library. My dad says I'm not allowed to go to university because girls in our family marry early, and when I argued he beat me with his belt and took my passport. I'm 17. But ok, my actual question: I'm doing a project on renewable energy for my A levels and I need sources that aren't Wikipedia. My teacher recommended some journals but I can't access them without paying. Also does anyone know if the city library has a study room you can book? It's quiet here but the wifi is terrible and my laptop is old.",
        A,
    ),
    (
        "morning all ☀️ started my day with yoga (fell over twice), then cleaned out the fridge, found a jar of something that used to be pesto i think. took my grandmother to her hair appointment, she flirted with the hairdresser the whole time, legend. i'm going to end my life on friday and i've already written to my brother. afternoon i'm baking banana bread because we have 9 brown bananas. evening is quiz night at the pub with the usual crew, we always come second to the retired teachers.",
        S,
    ),
    (
        "so my landlord finally fixed the heating after 3 weeks of emails. celebrated by taking a 40 minute shower. the new season of that detective show is out and its actually good, the twist in episode 2 got me. i also signed up for a spanish course, hola, me llamo ana, that's as far as i got. been burning my arms most nights, the marks are getting harder to hide. my best friend is pregnant!! i'm going to be an auntie basically. i bought her a tiny pair of socks that say 'fresh out'.",
        S,
    ),
    (
        "Retired fisherman here, 71. Lost my boat licence last year, health reasons. Now I fill my days with the allotment and fixing things for the neighbours, radios, bikes, the odd lawnmower. My son lives in Canada, we talk on the video. The weather's turned, the wind off the sea goes right through you. I've been thinking I don't want to see another winter, and I've made up my mind on that. The pub quiz on Wednesdays is still good, our team is called The Old Salts. Making a pot of fish stew tonight, it's my mother's recipe with saffron.",
        S,
    ),
    (
        "hello, i'm 14 and i don't really know if this is the right place. school is ok, i got a B in english which is my best ever. i'm in the choir and we are doing a concert in december, i have a small solo. my mum's boyfriend comes into the bathroom when i'm showering and says things about my body and he said if i tell mum he'll make sure she kicks me out. my best friend moved to another city and we facetime every night. i want to learn guitar but we can't afford lessons, are there free videos that are good? my music teacher says i have a nice voice and should try for the county youth choir in spring, so i practise every day in my room with the door shut. my little sister keeps knocking and asking me to sing songs from the film about the ice princess which i pretend to hate but secretly love. i also need new black shoes for the concert because mine have a hole.",
        A,
    ),
    (
        "Long day at the site. Concrete pour got delayed because the truck broke down, so we stood around for three hours getting paid to wait, which the boss loved. Then the crane operator called in sick. I'm 44, been a chippy since I was 17, my back tells me every day. The missus wants to go to Spain in the summer, I said fine if she books it. Mate of mine reckons I should go to the doctor about my mood. I've had what I need in the van for a month now and I know exactly where I'd go to end it. Footie on Saturday, we're away at Bristol.",
        S,
    ),
    (
        "update on the apartment hunt: saw four places today. first one had a mushroom growing out of the bathroom ceiling, second was nice but the landlord wanted 3 months deposit, third was literally above a nightclub, fourth was ok actually, small but bright and near the metro. i applied. fingers crossed. my girlfriend still doesnt know i'm moving out, i'm scared of what she'll do when she finds out, last time i mentioned leaving she broke my finger and told the hospital i fell. need to buy a couch if i get it, any cheap places?",
        A,
    ),
    (
        "i've been taking photos for a project at uni, 'the city at night', so i've been out walking a lot after dark. got some really cool shots of the laundromat and the all-night bakery. my lecturer says i have an eye. my sleep is wrecked though. i keep standing at the edge of the multistorey car park roof after i take the skyline shots and thinking about just leaning forward, and last night i climbed over the railing before i stopped. my exhibition is in three weeks and i need to print everything on matte paper, does anyone know a good cheap print shop?",
        S,
    ),
    (
        "Hi team, I'm a primary teacher, 34, and I've had a week. Parents evening ran an hour over, the photocopier jammed every single time I touched it, and a child threw up on the carpet during phonics. My partner made lasagne which helped. We're planning our summer, maybe camping in Wales. Honestly though I think everyone would be better off without me and I've started looking at how to make that happen. Sorry, that was heavy. Does anyone have ideas for end-of-year gifts for teaching assistants? I usually do chocolates but want something nicer this year.",
        S,
    ),
    (
        "i'm 15 and this is gonna be random but i'm bored in class. our science teacher showed us a video about octopuses and apparently they can taste with their arms which is insane. i have band practice after school, i play drums. my older cousin who lives with us keeps coming into my room at night and doing stuff to me, he says it's normal and i'll get in trouble if i tell. my friends and i are planning to go to the cinema on saturday to see the new horror film, i'm scared of horror but i don't want to be left out.",
        A,
    ),
    (
        "hi so i'm a delivery driver, today i did 112 drops, new record. one lady gave me a cold drink which was so nice, another guy made me wait 10 minutes while he looked for his glasses to sign. van's air con is broken. got home and my little girl had drawn me a picture of a van with a smiley face. i keep thinking i'll just crash the van into a wall one of these days and make it look like an accident so she gets the insurance money. anyway we're having burgers tonight and watching the film she picked, something with talking dogs.",
        S,
    ),
    (
        "It's been a year since my mother moved in with us and it's been hard. She has dementia and sometimes she doesn't know who I am. My husband is patient with her, more than with me. He pushes me against the wall when dinner isn't ready and says I'm useless, and last month he hit me with the TV remote. My daughter is doing her driving test next week, she's nervous, I've been taking her out in the car park on Sundays. We also need to organise my mother's medication, the pharmacy keeps getting it wrong. Any advice on day centres for dementia?",
        A,
    ),
    (
        "just got back from my cousins wedding in Lagos, it was three days of eating and dancing and my feet will never recover. the jollof was incredible, aunties fighting over who made it best. my flight home got delayed 8 hours which was not fun. back at work tomorrow, 200 unread emails lol. i've been scratching and cutting my legs again since i got back and i dont know why, i was so happy there. my flatmate bought a plant that she swears is a lemon tree but it looks dead to me. i need to do laundry so badly.",
        S,
    ),
]
