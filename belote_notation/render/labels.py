"""The words of the rendered pages and diagrams, in English and French, and the card names.

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

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")

_RANK_WORDS = {
    ("french", "en"): ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    ("french", "fr"): ("sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"),
    # The Spanish cards are named in Spanish whatever the page's language (as players do).
    ("spanish", "en"): ("cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey", "as"),
    ("spanish", "fr"): ("cuatro", "cinco", "seis", "siete", "sota", "caballo", "rey", "as"),
}
_SUIT_WORDS = {
    ("french", "en"): ("spades", "hearts", "diamonds", "clubs"),
    ("french", "fr"): ("pique", "cœur", "carreau", "trèfle"),
    ("spanish", "en"): SPANISH_SUIT_WORDS,
    ("spanish", "fr"): SPANISH_SUIT_WORDS,
}
_OF = {("french", "en"): "of", ("french", "fr"): "de", ("spanish", "en"): "de", ("spanish", "fr"): "de"}
"""A Spanish card is named in Spanish whole: ``rey de oros``, never ``rey of oros``."""
RANK_LETTERS = {
    ("french", "en"): FRENCH_RANKS,
    ("french", "fr"): ("7", "8", "9", "10", "V", "D", "R", "A"),  # valet, dame, roi
    ("spanish", "en"): SPANISH_RANKS,
    ("spanish", "fr"): SPANISH_RANKS,
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


_TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, French)
    "seats": ("North East South West", "Nord Est Sud Ouest"),
    "seatLetters": ("N E S W", "N E S O"),
    "teams": ("N-S E-W", "N-S E-O"),
    "deal": ("Deal", "Donne"),
    "trick": ("Trick", "Pli"),
    "card": ("card", "carte"),
    "call": ("call", "annonce"),
    "dealer": ("dealer", "donneur"),
    "dealt": ("Hands as dealt", "Mains distribuées"),
    "first": ("Start of the deal", "Début de la donne"),
    "prev": ("Previous card", "Carte précédente"),
    "next": ("Next card", "Carte suivante"),
    "prevTrick": ("Previous trick", "Pli précédent"),
    "nextTrick": ("Next trick", "Pli suivant"),
    "prevDeal": ("Previous deal", "Donne précédente"),
    "nextDeal": ("Next deal", "Donne suivante"),
    "last": ("End of the deal", "Fin de la donne"),
    "deals": ("Deals", "Donnes"),
    "games": ("Games", "Parties"),
    "offer": ("Offer", "Retourne"),
    "bidding": ("Bidding", "Enchères"),
    "round": ("round", "tour"),
    "pass": ("pass", "passe"),
    "take": ("take", "prend"),
    "contract": ("Contract", "Contrat"),
    "takes": ("takes", "prend"),
    "trump": ("trump", "atout"),
    "deadDeal": ("dead deal: everybody passed twice", "donne morte : tout le monde a passé deux fois"),
    "noContract": ("no contract yet", "pas encore de contrat"),
    "announcements": ("Announcements", "Annonces"),
    "sequence": ("sequence", "suite"),
    "carre": ("carré", "carré"),
    "belote": ("belote", "belote"),
    "rebelote": ("rebelote", "rebelote"),
    "leads": ("leads", "entame"),
    "wins": ("wins the trick", "remporte le pli"),
    "points": ("points", "points"),
    "running": ("Card points", "Points des cartes"),
    "score": ("Deal score", "Score de la donne"),
    "outcome": ("outcome", "résultat"),
    "made": ("made", "fait"),
    "failed": ("failed", "chuté"),
    "litige": ("litige", "litige"),
    "capot": ("capot", "capot"),
    "dead": ("dead", "morte"),
    "cardPoints": ("card points", "points des cartes"),
    "credited": ("credited", "marqués"),
    "potIn": ("into the pot", "mis en litige"),
    "potClaimed": ("taken from the pot", "pris au litige"),
    "pot": ("pot", "litige"),
    "match": ("Match sheet", "Feuille de marque"),
    "taker": ("taker", "preneur"),
    "total": ("total", "total"),
    "winner": ("Winner", "Vainqueur"),
    "nobodyYet": ("nobody yet", "personne encore"),
    "findings": ("Findings", "Constats"),
    "notes": ("Review", "Analyse"),
    "variation": ("alternative line", "variante"),
    "hands": ("Hands", "Mains"),
    "handsUnknown": ("hands not recorded", "mains non notées"),
    "notScored": ("not scored (see the findings)", "non calculé (voir les constats)"),
    "recorded": ("recorded result", "résultat noté"),
    "typed": ("typed", "noté"),
    "table": ("The table", "La table"),
    "step": ("Position", "Position"),
    "link": ("Link to this position", "Lien vers cette position"),
    "keys": ("Keys: ← → call or card, Shift+← → trick, PageUp/PageDown deal, Home/End, N/Shift+N finding, "
             "F turn the table, H hide the hands (quiz), 1-8 pick a card",
             "Touches : ← → enchère ou carte, Maj+← → pli, PagePréc/PageSuiv donne, Début/Fin, "
             "N/Maj+N constat, F tourner la table, H cacher les mains (quiz), 1-8 choisir une carte"),
    "moves": ("Moves", "Coups"),
    "nextFinding": ("Next finding", "Constat suivant"),
    "prevFinding": ("Previous finding", "Constat précédent"),
    "inGame": ("in the game", "dans la partie"),
    "noFinding": ("no finding in this deal", "aucun constat dans cette donne"),
    "seatView": ("Seen from", "Vu depuis"),
    "flip": ("Turn the table", "Tourner la table"),
    "quiz": ("Hide the hands", "Cacher les mains"),
    "quizAsk": ("What would you play?", "Que joueriez-vous ?"),
    "quizYou": ("You chose", "Vous avez choisi"),
    "quizPlayed": ("Played", "Joué"),
    "quizBest": ("Best card (solver)", "Meilleure carte (solveur)"),
    "quizBestPlayed": ("the card played was the solver's best",
                       "la carte jouée était la meilleure du solveur"),
    "quizCoach": ("Coach's line", "Variante de l'entraîneur"),
    "quizUnknown": ("the game does not say which card was best here",
                    "la partie ne dit pas ici quelle carte était la meilleure"),
    "quizSkip": ("→ shows the card played", "→ montre la carte jouée"),
    "hidden": ("hidden card", "carte cachée"),
    "hiddenCards": ("hidden cards", "cartes cachées"),
    "solver": ("solver", "solveur"),
    "coach": ("coach", "entraîneur"),
    "solverLine": ("solver's line", "variante du solveur"),
    "coachLine": ("coach's line", "variante de l'entraîneur"),
    "makes": ("makes", "fait"),
    "thisCard": ("this card", "cette carte"),
    "best": ("best", "meilleure"),
    "loses": ("loses", "perd"),
    "five": ("First five cards (tafr9a)", "Cinq premières cartes (tafr9a)"),
    "restDealt": ("Rest dealt", "Reste distribué"),
    "error": ("error", "erreur"),
    "warning": ("warning", "avertissement"),
    "info": ("info", "info"),
    "colon": (": ", " : "),
    "illegal": ("marked by the validator", "relevée par le validateur"),
    "rules": ("Rules", "Règles"),
    "empty": ("no card yet", "pas encore de carte"),
}
"""The viewer's words, one line per key so that no language misses one."""
RULES_NAMES: dict[str, tuple[str, str]] = {
    "moroccan": ("Moroccan", "marocaine"), "classic": ("classic", "classique"),
    "gameduell": ("GameDuell", "GameDuell"), "traditional": ("traditional", "traditionnelle"),
    "contree": ("contrée", "contrée"), "coinche": ("coinche", "coinche"),
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
