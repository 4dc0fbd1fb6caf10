"""The words of the rendered pages and diagrams, in English, French and Arabic, and the card names.

One home for what a person reads on a page: the viewer's buttons and headings, the names of
the cards of both decks (Spanish cards keep their Spanish names in both languages). The
symbols of glyphs and NAGs have their own owner, :mod:`belote_notation.notation.assessment`.

>>> card_label(31, "french", "en"), card_label(31, "spanish", "fr")
('ace of clubs', 'as de bastos')
"""

from __future__ import annotations

from typing import Literal

from belote_notation.game.cards import (
    FRENCH_RANKS,
    SPANISH_RANKS,
    SPANISH_SUIT_WORDS,
    SUIT_SYMBOLS,
    rank_of,
    suit_of,
)

__all__ = ["LANGS", "RANK_LETTERS", "SPANISH_ICONS", "Lang", "card_label", "deck_faces", "texts"]

Lang = Literal["en", "fr", "ar"]
LANGS: tuple[Lang, ...] = ("en", "fr", "ar")

_RANK_WORDS = {
    ("french", "en"): ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    ("french", "fr"): ("sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"),
    # The Spanish cards are named in Spanish whatever the page's language (as players do).
    ("spanish", "en"): ("cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey", "as"),
    ("spanish", "fr"): ("cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey", "as"),
    # In Arabic as Moroccan players name them (docs/languages.md): the French deck by its French
    # words, the Spanish one by its Spanish words, in Arabic letters.
    ("french", "ar"): ("السبعة", "الثمانية", "التسعة", "العشرة", "الولد", "الدامة", "الروا", "الآص"),
    ("spanish", "ar"): ("الربعة", "الخمسة", "الستة", "السبعة", "الصوطا", "الكابال", "الري", "الآص"),
}
_SUIT_WORDS = {
    ("french", "en"): ("spades", "hearts", "diamonds", "clubs"),
    ("french", "fr"): ("pique", "cœur", "carreau", "trèfle"),
    ("spanish", "en"): SPANISH_SUIT_WORDS,
    ("spanish", "fr"): SPANISH_SUIT_WORDS,
    ("french", "ar"): ("البيك", "الكور", "الكارو", "التريفل"),
    ("spanish", "ar"): ("السبادا", "الكوبا", "الذهب", "الباستوس"),
}
_OF = {("french", "en"): "of", ("french", "fr"): "de", ("spanish", "en"): "de", ("spanish", "fr"): "de",
       ("french", "ar"): "ديال", ("spanish", "ar"): "ديال"}
"""A Spanish card is named in Spanish whole: ``rey de oros``, never ``rey of oros``."""
RANK_LETTERS = {
    ("french", "en"): FRENCH_RANKS,
    ("french", "fr"): ("7", "8", "9", "10", "V", "D", "R", "A"),  # valet, dame, roi
    ("spanish", "en"): SPANISH_RANKS,
    ("spanish", "fr"): SPANISH_RANKS,
    ("french", "ar"): FRENCH_RANKS,  # the card's face unchanged: what is printed on the cards players hold
    ("spanish", "ar"): SPANISH_RANKS,
}
"""The rank letters drawn on a card, by deck and language (``render --lang fr``: V D R)."""

SPANISH_ICONS = {
    "oros": '<circle cx="8" cy="8" r="6.2" fill="currentColor"/>'
            '<circle cx="8" cy="8" r="3.4" fill="none" stroke="#fff" stroke-width="1.2"/>',
    "copas": '<path d="M3 2h10c0 4-2 6.5-4 7v3h3v2H4v-2h3V9C5 8.5 3 6 3 2z" fill="currentColor"/>',
    "espadas": '<path d="M8 .5l1.6 2.5v7.5h2.6v1.6H9.3V15H6.7v-2.9H3.8v-1.6h2.6V3z" fill="currentColor"/>',
    "bastos": '<path d="M6 15l1-9c-1.6-.6-2.4-2-2.2-3.4C5.1.8 7 .2 8.6.8c1.8.7 2.4 2.6 1.5 4.2L9 6l-1 9z" '
              'fill="currentColor"/>',
}
"""The Spanish suits drawn (no Unicode symbol exists for them): SVG shapes in a 16x16 box."""
SPANISH_COLOURS = {"oros": "#b8860b", "copas": "#c0262d", "espadas": "#1d4f91", "bastos": "#2e7d32"}
FRENCH_COLOURS = ("#111111", "#c0262d", "#c0262d", "#111111")

def card_label(card: int, deck: str, lang: Lang) -> str:
    """What a screen reader says for ``card`` (0..31) of ``deck`` (``french``/``spanish``).

    >>> card_label(30, "spanish", "en"), card_label(30, "french", "fr")
    ('rey de bastos', 'roi de trèfle')
    """
    key = (deck if deck == "spanish" else "french", lang)
    return f"{_RANK_WORDS[key][rank_of(card)]} {_OF[key]} {_SUIT_WORDS[key][suit_of(card)]}"


def deck_faces(deck: str, lang: Lang) -> dict[str, object]:
    """What the viewer needs to draw the cards of ``deck``: rank letters, suit symbols (French)
    or suit words (Spanish, drawn as pictures), and each card's spoken name."""
    spanish = deck == "spanish"
    key = ("spanish" if spanish else "french", lang)
    return {
        "name": key[0],
        "ranks": list(RANK_LETTERS[key]),
        "suits": list(SPANISH_SUIT_WORDS) if spanish else list(SUIT_SYMBOLS),
        "suitWords": list(_SUIT_WORDS[key]),
        "labels": [card_label(card, key[0], lang) for card in range(32)],
        "icons": SPANISH_ICONS if spanish else None,
    }


_TEXTS: dict[str, tuple[str, str, str]] = {
    # key: (English, French, Arabic)
    "seats": ("North East South West", "Nord Est Sud Ouest", "الشمال الشرق الجنوب الغرب"),
    "seatLetters": ("N E S W", "N E S O", "N E S W"),
    "teams": ("N-S E-W", "N-S E-O", "N-S E-W"),
    "deal": ("Deal", "Donne", "التوزيعة"),
    "trick": ("Trick", "Pli", "الطرح"),
    "card": ("card", "carte", "ورقة"),
    "call": ("call", "annonce", "كلام"),
    "dealer": ("dealer", "donneur", "المفرّق"),
    "dealt": ("Hands as dealt", "Mains distribuées", "الأوراق كما فُرّقت"),
    "first": ("Start of the deal", "Début de la donne", "بداية التوزيعة"),
    "prev": ("Previous card", "Carte précédente", "الورقة السابقة"),
    "next": ("Next card", "Carte suivante", "الورقة التالية"),
    "prevTrick": ("Previous trick", "Pli précédent", "الطرح السابق"),
    "nextTrick": ("Next trick", "Pli suivant", "الطرح التالي"),
    "prevDeal": ("Previous deal", "Donne précédente", "التوزيعة السابقة"),
    "nextDeal": ("Next deal", "Donne suivante", "التوزيعة التالية"),
    "last": ("End of the deal", "Fin de la donne", "نهاية التوزيعة"),
    "deals": ("Deals", "Donnes", "التوزيعات"),
    "games": ("Games", "Parties", "الألعاب"),
    "offer": ("Offer", "Retourne", "الورقة المقلوبة"),
    "bidding": ("Bidding", "Enchères", "السمسرة"),
    "round": ("round", "tour", "دورة"),
    "pass": ("pass", "passe", "باص"),
    "take": ("take", "prend", "شرا"),
    "contract": ("Contract", "Contrat", "العقد"),
    "takes": ("takes", "prend", "يشري"),
    "trump": ("trump", "atout", "الأتو"),
    "deadDeal": ("dead deal: everybody passed twice",
        "donne morte : tout le monde a passé deux fois",
        "توزيعة ميتة: الجميع قالوا باص مرتين"),
    "noContract": ("no contract yet", "pas encore de contrat", "لا عقد بعد"),
    "announcements": ("Announcements", "Annonces", "الإعلانات"),
    "sequence": ("sequence", "suite", "سيكانس"),
    "carre": ("carré", "carré", "كاري"),
    "belote": ("belote", "belote", "بلوط"),
    "rebelote": ("rebelote", "rebelote", "ربلوط"),
    "leads": ("leads", "entame", "يبدأ"),
    "wins": ("wins the trick", "remporte le pli", "يربح الطرح"),
    "points": ("points", "points", "نقاط"),
    "running": ("Card points", "Points des cartes", "نقاط الأوراق"),
    "score": ("Deal score", "Score de la donne", "نتيجة التوزيعة"),
    "outcome": ("outcome", "résultat", "الحصيلة"),
    "made": ("made", "fait", "نجح"),
    "failed": ("failed", "chuté", "سقط"),
    "litige": ("litige", "litige", "ليتيج"),
    "capot": ("capot", "capot", "كابو"),
    "dead": ("dead", "morte", "ميتة"),
    "cardPoints": ("card points", "points des cartes", "نقاط الأوراق"),
    "credited": ("credited", "marqués", "المحسوبة"),
    "potIn": ("into the pot", "mis en litige", "إلى صندوق الليتيج"),
    "potClaimed": ("taken from the pot", "pris au litige", "من صندوق الليتيج"),
    "pot": ("pot", "litige", "ليتيج"),
    "match": ("Match sheet", "Feuille de marque", "ورقة التسجيل"),
    "taker": ("taker", "preneur", "الآخذ"),
    "total": ("total", "total", "المجموع"),
    "winner": ("Winner", "Vainqueur", "الفائز"),
    "nobodyYet": ("nobody yet", "personne encore", "لا أحد بعد"),
    "findings": ("Findings", "Constats", "الملاحظات"),
    "notes": ("Review", "Analyse", "التحليل"),
    "variation": ("alternative line", "variante", "تنويعة"),
    "hands": ("Hands", "Mains", "الأيادي"),
    "handsUnknown": ("hands not recorded", "mains non notées", "الأوراق غير مسجلة"),
    "notScored": ("not scored (see the findings)",
        "non calculé (voir les constats)",
        "لم تُحسب (انظر الملاحظات)"),
    "recorded": ("recorded result", "résultat noté", "النتيجة المسجلة"),
    "typed": ("typed", "noté", "مكتوبة"),
    "table": ("The table", "La table", "الطاولة"),
    "step": ("Position", "Position", "الموضع"),
    "link": ("Link to this position", "Lien vers cette position", "رابط لهذا الموضع"),
    "keys": ("Keys: ← → call or card, Shift+← → trick, PageUp/PageDown deal, Home/End, N/Shift+N finding, "
             "F turn the table, H hide the hands (quiz), 1-8 pick a card",
             "Touches : ← → enchère ou carte, Maj+← → pli, PagePréc/PageSuiv donne, Début/Fin, "
             "N/Maj+N constat, F tourner la table, H cacher les mains (quiz), 1-8 choisir une carte",
             "المفاتيح: ← → كلام أو ورقة، Shift+← → طرح، PageUp/PageDown توزيعة، Home/End، N/Shift+N ملاحظة، "
             "F تدوير الطاولة، H إخفاء الأوراق (اختبار)، 1-8 اختيار ورقة"),
    "moves": ("Moves", "Coups", "الحركات"),
    "nextFinding": ("Next finding", "Constat suivant", "الملاحظة التالية"),
    "prevFinding": ("Previous finding", "Constat précédent", "الملاحظة السابقة"),
    "inGame": ("in the game", "dans la partie", "في اللعبة"),
    "noFinding": ("no finding in this deal", "aucun constat dans cette donne", "لا ملاحظة في هذه التوزيعة"),
    "seatView": ("Seen from", "Vu depuis", "من جهة"),
    "flip": ("Turn the table", "Tourner la table", "تدوير الطاولة"),
    "quiz": ("Hide the hands", "Cacher les mains", "إخفاء الأوراق"),
    "quizAsk": ("What would you play?", "Que joueriez-vous ?", "ماذا كنت ستلعب؟"),
    "quizYou": ("You chose", "Vous avez choisi", "اخترت"),
    "quizPlayed": ("Played", "Joué", "لُعبت"),
    "quizBest": ("Best card (solver)", "Meilleure carte (solveur)", "أفضل ورقة (الحاسب)"),
    "quizBestPlayed": ("the card played was the solver's best",
        "la carte jouée était la meilleure du solveur",
        "الورقة الملعوبة كانت أفضل ورقة حسب الحاسب"),
    "quizCoach": ("Coach's line", "Variante de l'entraîneur", "تنويعة المدرب"),
    "quizUnknown": ("the game does not say which card was best here",
        "la partie ne dit pas ici quelle carte était la meilleure",
        "اللعبة لا تقول هنا أي ورقة كانت الأفضل"),
    "quizSkip": ("→ shows the card played", "→ montre la carte jouée", "→ تُظهر الورقة الملعوبة"),
    "hidden": ("hidden card", "carte cachée", "ورقة مخفية"),
    "hiddenCards": ("hidden cards", "cartes cachées", "أوراق مخفية"),
    "solver": ("solver", "solveur", "الحاسب"),
    "coach": ("coach", "entraîneur", "المدرب"),
    "solverLine": ("solver's line", "variante du solveur", "تنويعة الحاسب"),
    "coachLine": ("coach's line", "variante de l'entraîneur", "تنويعة المدرب"),
    "makes": ("makes", "fait", "يحقق"),
    "thisCard": ("this card", "cette carte", "هذه الورقة"),
    "best": ("best", "meilleure", "الأفضل"),
    "loses": ("loses", "perd", "يخسر"),
    "five": ("First five cards (tafr9a)", "Cinq premières cartes (tafr9a)", "الأوراق الخمس الأولى (التفرقة)"),
    "restDealt": ("Rest dealt", "Reste distribué", "بقية التفرقة"),
    "error": ("error", "erreur", "خطأ"),
    "warning": ("warning", "avertissement", "تحذير"),
    "info": ("info", "info", "معلومة"),
    "colon": (": ", " : ", ": "),
    "illegal": ("marked by the validator", "relevée par le validateur", "علّمها المدقق"),
    "rules": ("Rules", "Règles", "القواعد"),
    "empty": ("no card yet", "pas encore de carte", "لا ورقة بعد"),
}
"""The viewer's words, one line per key so that no language misses one."""
RULES_NAMES: dict[str, tuple[str, str, str]] = {
    "moroccan": ("Moroccan", "marocaine", "المغربية"),
    "classic": ("classic", "classique", "الكلاسيكية"),
    "gameduell": ("GameDuell", "GameDuell", "GameDuell"),
    "traditional": ("traditional", "traditionnelle", "التقليدية"),
    "contree": ("contrée", "contrée", "الكونتري"),
    "coinche": ("coinche", "coinche", "الكوانش"),
}
"""The rule systems' names on the page's info line (``Règles : classique``)."""


def texts(lang: Lang) -> dict[str, str]:
    """The viewer's words in ``lang``.

    >>> texts("fr")["match"]
    'Feuille de marque'
    """
    index = LANGS.index(lang)
    words = {key: words[index] for key, words in _TEXTS.items()}
    words.update({f"rules:{key}": names[index] for key, names in RULES_NAMES.items()})
    return words
