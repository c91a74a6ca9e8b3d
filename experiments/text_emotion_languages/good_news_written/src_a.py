MESSAGES = [
    # Spanish
    ("es", "joy", "me acaban de llamar y me dieron el trabajo!!! no me lo puedo creer tio, sigo temblando"),
    ("es", "joy", "aprobe el examen de conducir a la primera, en serio?? todavia no me lo creo jajaja"),
    (
        "es",
        "joy",
        "Estoy embarazada. Despues de tres años intentandolo. Es real? Estoy llorando de felicidad 😭",
    ),
    ("es", "joy", "han encontrado a mi perro!! estaba en casa de unos vecinos a dos calles, no me lo creo"),
    ("es", "joy", "me han concedido la beca para estudiar en berlin, madre mia, que fuerte, estoy flipando"),
    ("es", "joy", "ganamos la final en el ultimo minuto!!! aun no me creo que seamos campeones 🏆"),
    # Portuguese
    ("pt", "joy", "passei na federal gente!!! medicina!!! to sem acreditar ate agora kkkkk"),
    ("pt", "joy", "ele me pediu em casamento hoje no jantar, nao to acreditando, ainda to tremendo 💍"),
    ("pt", "joy", "A gente finalmente comprou nossa casa. Assinamos hoje. Parece um sonho, sério."),
    ("pt", "joy", "o medico disse que to curada, sem sinal nenhum da doença. e real isso?? meu deus"),
    ("pt", "joy", "reencontrei minha irma depois de 15 anos sem contato, nao consigo parar de sorrir"),
    ("pt", "joy", "caraca ganhei o sorteio do show, ingresso vip, nem acredito mano 😱"),
    # French
    ("fr", "joy", "j'ai eu mon bac avec mention tres bien!!! je le crois pas, je suis en train de pleurer"),
    ("fr", "joy", "on a eu le pret pour l'appart, c'est officiel, je realise toujours pas 😭"),
    ("fr", "joy", "Mon petit frère est né ce matin, il va bien et ma mère aussi. Je n'en reviens pas !"),
    ("fr", "joy", "jsuis pris en master a la sorbonne, serieux?? j'ai relu le mail genre 10 fois"),
    ("fr", "joy", "mon chat est revenu apres trois semaines, il grattait a la porte, je tremble encore"),
    ("fr", "joy", "j'ai gagné le concours de nouvelles de la ville, 1er prix, c'est une blague ou quoi"),
    # German
    ("de", "joy", "ich hab die stelle bekommen!!! unbefristet!!! ich kann es echt nicht glauben"),
    ("de", "joy", "omg wir werden eltern, der test ist positiv, ich zittere immer noch"),
    ("de", "joy", "Habe gerade erfahren, dass ich das Stipendium bekomme. Ist das echt? Ich bin total baff."),
    ("de", "joy", "staatsexamen bestanden, mit 1,3 😳 alter ich check das noch gar nicht"),
    ("de", "joy", "mein opa ist aus der reha zurueck und laeuft wieder ohne stock, ich freu mich so krass"),
    ("de", "joy", "wir sind aufgestiegen!!! nach 12 jahren endlich wieder zweite liga, ich glaubs nicht"),
    # Italian
    ("it", "joy", "mi hanno preso!!! inizio lunedi, non ci posso credere ragazzi 😭"),
    ("it", "joy", "ci sposiamo!!! mi ha fatto la proposta sulla spiaggia, sto ancora tremando"),
    ("it", "joy", "ho passato l'esame di analisi 2 al terzo tentativo, ma e vero?? sto piangendo"),
    ("it", "joy", "Abbiamo trovato casa! Le chiavi ce le danno sabato. Ancora non mi sembra vero."),
    ("it", "joy", "raga ho vinto il primo premio al concorso di fotografia, ma davvero?? assurdo"),
    ("it", "joy", "dopo dieci anni ho rivisto il mio migliore amico dell'infanzia, non ci credo ancora"),
    # Dutch
    ("nl", "joy", "ik ben aangenomen!!! vaste baan!!! ik kan het echt niet geloven"),
    ("nl", "joy", "we krijgen een baby!! net de echo gezien, ik ben nog helemaal aan het trillen"),
    ("nl", "joy", "geslaagd voor mijn rijexamen, eerste keer, echt waar?? ik zit nog te gillen in de auto"),
    ("nl", "joy", "Onze kat is terug! Drie weken weg geweest en nu zomaar voor de deur. Niet te geloven."),
    ("nl", "joy", "ingeloot voor geneeskunde in leiden, is dit echt?? ik sta gewoon te janken 😭"),
    ("nl", "joy", "kampioen!!! in de laatste minuut gescoord, ik geloof er nog steeds niks van"),
]
