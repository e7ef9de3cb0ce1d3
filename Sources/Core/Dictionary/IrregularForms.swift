/// Forms Hunspell's German dictionary leaves as they are (it stems regular inflection: Häusern→Haus,
/// gehst→gehen) and whose headword no rule finds: strong and irregular verbs' past tenses and irregular
/// presents, the auxiliaries and modals, and the article-preposition contractions. Each maps to its headwords
/// and what the form is.
enum IrregularForms {
    static let table: [String: (headwords: [String], what: String)] = {
        var t: [String: (headwords: [String], what: String)] = [:]
        func add(_ headword: String, _ what: String, _ forms: String) {
            for f in forms.split(separator: " ") { t[String(f)] = t[String(f)].map { ($0.headwords + [headword], $0.what) } ?? ([headword], what) }
        }
        // Auxiliaries and modals: every finite form.
        add("sein", "a form of sein", "bin bist ist sind seid war warst waren wart wäre wärst wären wärt sei seiest seien gewesen")
        add("haben", "a form of haben", "habe hast hat habt hatte hattest hatten hattet hätte hättest hätten hättet gehabt")
        add("werden", "a form of werden", "werde wirst wird werdet wurde wurdest wurden wurdet würde würdest würden würdet geworden worden")
        add("können", "a form of können", "kann kannst könnt konnte konntest konnten konntet könnte könntest könnten könntet gekonnt")
        add("müssen", "a form of müssen", "muss musst müsst musste musstest mussten musstet müsste müsstest müssten müsstet gemusst muß mußt")
        add("dürfen", "a form of dürfen", "darf darfst dürft durfte durftest durften durftet dürfte dürftest dürften dürftet gedurft")
        add("sollen", "a form of sollen", "soll sollst sollt sollte solltest sollten solltet gesollt")
        add("wollen", "a form of wollen", "will willst wollt wollte wolltest wollten wolltet gewollt")
        add("mögen", "a form of mögen", "mag magst mögt mochte mochtest mochten mochtet möchte möchtest möchten möchtet gemocht")
        add("wissen", "a form of wissen", "weiß weißt wisst wusste wusstest wussten wusstet wüsste wüssten gewusst")
        // Strong and irregular verbs: past tense, subjunctive II and the present with a changed vowel.
        let strong: [(String, String)] = [
            ("gehen", "ging gingst gingen gingt ginge gegangen"), ("stehen", "stand standen ständ stünde gestanden"),
            ("essen", "isst isst aß aßen äße gegessen"), ("fahren", "fährst fährt fuhr fuhren führe gefahren"),
            ("geben", "gibst gibt gab gaben gäbe gegeben"), ("nehmen", "nimmst nimmt nahm nahmen nähme genommen"),
            ("sehen", "siehst sieht sah sahen sähe gesehen"), ("lesen", "liest last lasen läse gelesen"),
            ("sprechen", "sprichst spricht sprach sprachen spräche gesprochen"), ("helfen", "hilfst hilft half halfen geholfen"),
            ("treffen", "triffst trifft traf trafen träfe getroffen"), ("laufen", "läufst läuft lief liefen gelaufen"),
            ("schlafen", "schläfst schläft schlief schliefen geschlafen"), ("tragen", "trägst trägt trug trugen getragen"),
            ("fallen", "fällst fällt fiel fielen gefallen"), ("halten", "hältst hält hielt hielten gehalten"),
            ("lassen", "lässt ließ ließen gelassen"), ("kommen", "kam kamst kamen kamt käme gekommen"),
            ("finden", "fand fanden fände gefunden"), ("trinken", "trank tranken tränke getrunken"),
            ("singen", "sang sangen gesungen"), ("beginnen", "begann begannen begonnen"),
            ("schreiben", "schrieb schrieben geschrieben"), ("bleiben", "blieb blieben geblieben"),
            ("heißen", "hieß hießen geheißen"), ("rufen", "rief riefen gerufen"), ("schließen", "schloss schlossen geschlossen"),
            ("bringen", "brachte brachtest brachten brächte gebracht"), ("denken", "dachte dachtest dachten dächte gedacht"),
            ("kennen", "kannte kannten gekannt"), ("nennen", "nannte nannten genannt"), ("rennen", "rannte rannten gerannt"),
            ("tun", "tue tust tut tat taten täte getan"), ("liegen", "lag lagen läge gelegen"), ("sitzen", "saß saßen gesessen"),
            ("ziehen", "zog zogen gezogen"), ("fliegen", "flog flogen geflogen"), ("verlieren", "verlor verloren"),
            ("vergessen", "vergisst vergaß vergaßen"), ("werfen", "wirfst wirft warf warfen geworfen"),
            ("sterben", "stirbst stirbt starb starben gestorben"), ("vergeben", "vergibt vergab"),
            ("bitten", "bat baten gebeten"), ("waschen", "wäschst wäscht wusch wuschen gewaschen"),
            ("schneiden", "schnitt schnitten geschnitten"), ("steigen", "stieg stiegen gestiegen"),
            ("gewinnen", "gewann gewannen gewonnen"), ("wachsen", "wächst wuchs wuchsen gewachsen"),
            ("empfehlen", "empfiehlst empfiehlt empfahl empfahlen empfohlen"), ("anfangen", "fängt fing fingen angefangen"),
            ("bekommen", "bekam bekamen"), ("verstehen", "verstand verstanden"), ("gefallen", "gefällt gefiel gefielen"),
        ]
        for (verb, forms) in strong { add(verb, "a form of \(verb)", forms) }
        // Contractions of a preposition and an article.
        for (form, preposition) in [("am", "an"), ("ans", "an"), ("im", "in"), ("ins", "in"), ("zum", "zu"), ("zur", "zu"),
                                    ("vom", "von"), ("beim", "bei"), ("aufs", "auf"), ("fürs", "für"), ("übers", "über")] {
            add(preposition, "\(preposition) + article", form)
        }
        // Articles and pronouns FreeDict files under their base form.
        add("der", "a form of the article der/die/das", "dem den des")
        add("ein", "a form of the article ein", "eine einen einem einer eines")
        add("kein", "a form of kein", "keine keinen keinem keiner keines")
        add("mein", "a form of mein", "meine meinen meinem meiner meines")
        add("dein", "a form of dein", "deine deinen deinem deiner deines")
        add("sein", "a form of sein (his)", "seine seinen seinem seiner seines")
        add("ihr", "a form of ihr", "ihre ihren ihrem ihrer ihres")
        add("unser", "a form of unser", "unsere unseren unserem unserer unseres")
        add("euer", "a form of euer", "eure euren eurem eurer eures")
        add("dieser", "a form of dieser", "diese diesen diesem dieses")
        add("ich", "a form of ich", "mir mich")
        add("du", "a form of du", "dir dich")
        return t
    }()
}
