"""The rule callbacks of the grammar: coarse tokens in, records out (lark's inline transformer).

A coarse token (``trick 1 N:AS E:7S S:8S W:9S`` and the trick lines after it) has already
matched the grammar's terminal, so it is well formed; here it is only split into words
(by spaces and line breaks, keeping each word's line and column) and each word is looked up
in tables built from the grammar's own keyword lists and the deck's card names. Unknown cards
or suits of the game's deck become syntax issues; nothing here raises on input.

Records are created with :func:`_new`, a ``model_construct`` without its overhead: the
values are already checked.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from lark import Token

from belote_notation.game.cards import CardError, Deck, parse_card, parse_suit
from belote_notation.notation.grammar import terminal_patterns
from belote_notation.notation.headers import deck_from_name, game_deck
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.records import (
    Announcement, Bid, CardRef, Deal, Game, Hand, Header, Play, Score, Trick, Variation,
)

__all__ = ["Builder", "Context", "new_record", "resolve_rounds", "number_deals",
           "MAX_ISSUES_PER_GAME"]

MAX_ISSUES_PER_GAME = 100

# ----------------------------------------------------------------------------- fast records
_obj_setattr = object.__setattr__


_obj_new = object.__new__
_ALL_FIELDS: dict[type, set] = {}


def new_record(cls: type, data: dict) -> Any:
    """``cls.model_construct(**data)`` without its overhead: ``data`` must hold every field.

    Every record of a class shares one "fields set" holding all its fields (pydantic only
    ever adds to it, and every field is set here).
    """
    obj = _obj_new(cls)
    _obj_setattr(obj, "__dict__", data)
    fields = _ALL_FIELDS.get(cls)
    if fields is None:
        fields = _ALL_FIELDS[cls] = set(cls.model_fields)
    _obj_setattr(obj, "__pydantic_fields_set__", fields)
    _obj_setattr(obj, "__pydantic_extra__", None)
    _obj_setattr(obj, "__pydantic_private__", None)
    return obj


_new = new_record
_PLAY_FIELDS = set(Play.model_fields)
_TRICK_FIELDS = set(Trick.model_fields)
_HAND_FIELDS = set(Hand.model_fields)
_BID_FIELDS = set(Bid.model_fields)


def _play(line: int, col: int, seat: Optional[int], card: int) -> Play:
    obj = _obj_new(Play)
    _obj_setattr(obj, "__dict__", {"line": line, "col": col, "glyph": None, "nags": [],
                                   "comments": [], "variations": [], "seat": seat, "card": card,
                                   "mark": None})
    _obj_setattr(obj, "__pydantic_fields_set__", _PLAY_FIELDS)
    _obj_setattr(obj, "__pydantic_extra__", None)
    _obj_setattr(obj, "__pydantic_private__", None)
    return obj


def _bid(line: int, col: int, seat: Optional[int], action: str, suit: Optional[int],
         rnd: Optional[int]) -> Bid:
    return _new(Bid, {"line": line, "col": col, "glyph": None, "nags": [], "comments": [],
                      "variations": [], "seat": seat, "action": action, "suit": suit, "round": rnd})


def _hand(line: int, col: int, seat: int) -> Hand:
    return _new(Hand, {"line": line, "col": col, "seat": seat, "cards": [], "positions": []})


# ----------------------------------------------------------------------------- vocabulary
def _alternatives(name: str) -> frozenset[str]:
    """The words of a keyword terminal ``(?i:a|b|c)``, lower-case (``[eé]`` classes expanded)."""
    pattern = terminal_patterns()[name]
    inner = re.match(r"\(\?i:(.*?)\)(?:\(\?!|$)", pattern).group(1)
    words: set[str] = set()
    for alt in inner.split("|"):
        m = re.search(r"\[([^\]]+)\]", alt)
        if m:
            for ch in m.group(1):
                words.add((alt[: m.start()] + ch + alt[m.end():]).lower())
        else:
            words.add(alt.lower())
    return frozenset(words)


_SEATS = {"N": 0, "E": 1, "S": 2, "W": 3, "n": 0, "e": 1, "s": 2, "w": 3}
_FIVE = _alternatives("FIVE_KW")
_REST = _alternatives("REST_KW")
_HAND = _alternatives("HAND_KW")
_SMSARA = _alternatives("SMSARA_KW")
_TRICK = _alternatives("TRICK_KW")
_WINNER = _alternatives("WINNER_KW")
_PASS = _alternatives("PASS_WORD")
_TAKE = _alternatives("TAKE_WORD")
_MARK_WORDS = _alternatives("MARK_WORD")
_KIND_WORDS = _alternatives("KIND")
_SCORE = _alternatives("SCORE_KW")
_MATCH = _alternatives("MATCH_KW")
_POT = _alternatives("POT_KW")
_SUIT_RE = re.compile(terminal_patterns()["SUIT"])

_MARKS = {w: ("rebelote" if w.startswith("re") else "belote") for w in _MARK_WORDS}
_KINDS = {w: ("carre" if w.startswith(("carr", "square")) else
              "belote" if w == "belote" else "sequence") for w in _KIND_WORDS}

_HEADER_RE = re.compile(r'\[[ \t]*([A-Za-z_][A-Za-z0-9_.-]*)[ \t]+"((?:[^"\\\n]|\\.)*)"')
_ESCAPE_RE = re.compile(r"\\(.)")
_HEADER_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_COMMENT_ESCAPE_RE = re.compile(r"\\([\\{}\[])")
_ODD_WS = re.compile(r"[\t\r\f]")
_WS_TO_SPACE = str.maketrans("\t\r\f", "   ")

_CARD_TABLES: dict[Deck, dict[str, int]] = {}
_DECK_HELP = {
    Deck.SPANISH: "Spanish ranks 1 4 5 6 7 10 11 12, suits O C E B",
    Deck.FRENCH: "French ranks 7 8 9 10 J Q K A, suits S H D C",
}


def card_table(deck: Deck) -> dict[str, int]:
    """Every card name the lenient form accepts in ``deck``, upper-case, to its number."""
    table = _CARD_TABLES.get(deck)
    if table is None:
        table = {}
        for rank in ("1", "4", "5", "6", "7", "8", "9", "10", "11", "12", "T", "J", "Q", "K",
                     "A", "V", "D", "R"):
            for suit in "SHDCEOB\u2660\u2664\u2665\u2661\u2666\u2662\u2663\u2667":
                try:
                    table[(rank + suit).upper()] = parse_card(rank + suit, deck)
                except CardError:
                    pass
        _CARD_TABLES[deck] = table
    return table


_PLAY_TABLES: dict[Deck, dict[str, tuple[Optional[int], int]]] = {}


def _play_table(deck: Deck) -> dict[str, tuple[Optional[int], int]]:
    """Canonical play words of ``deck`` (``N:AS``, ``AS``) to (seat, card)."""
    table = _PLAY_TABLES.get(deck)
    if table is None:
        from belote_notation.game.cards import card_name
        table = {}
        for card in range(32):
            name = card_name(card, deck)
            table[name] = (None, card)
            for seat, letter in enumerate("NESW"):
                table[f"{letter}:{name}"] = (seat, card)
        _PLAY_TABLES[deck] = table
    return table


def unescape_comment(text: str) -> str:
    return _COMMENT_ESCAPE_RE.sub(r"\1", text) if "\\" in text else text


# ----------------------------------------------------------------------------- context
class Context:
    """Where the text being parsed sits in the file, the deck, and the issues found so far."""

    def __init__(self) -> None:
        self.reset(None, 1, 1, Deck.FRENCH, [])

    def reset(self, name: Optional[str], line: int, col: int, deck: Deck,
              issues: list[SyntaxIssue]) -> None:
        self.name = name
        self.line_off = line - 1
        self.col_off = col - 1
        self.deck = deck
        self.table = card_table(deck)
        self.issues = issues

    def set_deck(self, deck: Deck) -> None:
        if deck is not self.deck:
            self.deck = deck
            self.table = card_table(deck)

    def issue(self, code: str, message: str, line: int, col: int) -> None:
        if len(self.issues) < MAX_ISSUES_PER_GAME:
            self.issues.append(SyntaxIssue(code, message, line, col, self.name))
        elif len(self.issues) == MAX_ISSUES_PER_GAME:
            self.issues.append(SyntaxIssue(
                "BEL011", "too many syntax errors in this game; the rest are not listed",
                line, col, self.name))

    def pos(self, tok: Token) -> tuple[int, int]:
        """File (line, col) of a token."""
        line = tok.line
        return line + self.line_off, tok.column + (self.col_off if line == 1 else 0)

    def sub(self, tok: Token, offset: int) -> tuple[int, int]:
        """File (line, col) of the character at ``offset`` inside a token."""
        value = tok.value
        nl = value.rfind("\n", 0, offset)
        if nl < 0:
            line, col = self.pos(tok)
            return line, col + offset
        return tok.line + self.line_off + value.count("\n", 0, offset), offset - nl

    def words(self, tok: Token) -> list[tuple[str, int, int]]:
        """The words of a token with their file (line, col)."""
        value = tok.value
        if _ODD_WS.search(value):
            value = value.translate(_WS_TO_SPACE)
        line, col = self.pos(tok)
        out: list[tuple[str, int, int]] = []
        append = out.append
        for text_line in value.split("\n"):
            c = col
            for w in text_line.split(" "):
                if w:
                    append((w, line, c))
                c += len(w) + 1
            line += 1
            col = 1
        return out

    def card(self, word: str, line: int, col: int) -> Optional[int]:
        card = self.table.get(word)
        if card is None:
            card = self.table.get(word.upper())
            if card is None:
                self.issue("BEL004", f"unknown card `{word}` in the {self.deck.value} deck "
                           f"({_DECK_HELP[self.deck]})", line, col)
        return card

    def suit(self, word: str, line: int, col: int) -> Optional[int]:
        try:
            return parse_suit(word, self.deck)
        except CardError:
            letters = "O C E B" if self.deck is Deck.SPANISH else "S H D C"
            self.issue("BEL005", f"unknown suit `{word}` in the {self.deck.value} deck "
                       f"(letters {letters}, symbols or names)", line, col)
            return None


class _Annot:
    """A glyph, NAG, comment or variation waiting to be attached to the item before it."""

    __slots__ = ("kind", "value", "line", "col")

    def __init__(self, kind: str, value: Any, line: int, col: int) -> None:
        self.kind, self.value, self.line, self.col = kind, value, line, col


_COMMENT_TYPES = ("COMMENT", "LINE_COMMENT")


# ----------------------------------------------------------------------------- builder
class Builder:
    """Rule callbacks of ``belote.lark``, run during LALR parsing: each returns records."""

    def __init__(self) -> None:
        self.ctx = Context()

    # --- helpers ---------------------------------------------------------------------
    @staticmethod
    def _comment(tok: Token) -> str:
        if tok.type == "LINE_COMMENT":
            return tok.value[1:].rstrip("\r")
        return unescape_comment(tok.value[1:-1])

    def _annot(self, tok: Any) -> _Annot:
        if isinstance(tok, _Annot):
            return tok
        line, col = self.ctx.pos(tok)
        t = tok.type
        if t == "GLYPH":
            return _Annot("glyph", tok.value, line, col)
        if t == "NAG":
            return _Annot("nag", int(tok.value[1:]), line, col)
        return _Annot("comment", self._comment(tok), line, col)

    def _attach(self, target: Any, annots: list[_Annot], where: str) -> list[str]:
        """Attach review material to ``target``; returns the comments left without one."""
        loose: list[str] = []
        for a in annots:
            if target is None:
                if a.kind == "comment":
                    loose.append(a.value)
                else:
                    self.ctx.issue("BEL010", f"a {a.kind} must follow a {where}; here it follows "
                                   "nothing it can annotate", a.line, a.col)
            elif a.kind == "comment":
                target.comments.append(a.value)
            elif a.kind == "glyph":
                if target.glyph is not None:
                    self.ctx.issue("BEL010", f"a second glyph `{a.value}` on one item (it already "
                                   f"has `{target.glyph}`)", a.line, a.col)
                else:
                    target.glyph = a.value
            elif a.kind == "nag":
                target.nags.append(a.value)
            else:
                target.variations.append(a.value)
        return loose

    def _items(self, children: list, items: list, rnd: Optional[int], what: str) -> list[str]:
        """Runs of calls or plays with review material between them; returns loose comments."""
        loose: list[str] = []
        pending: list[_Annot] = []
        for child in children:
            t = getattr(child, "type", None)
            if t in ("PLAYS", "BIDS", "MARK"):
                if pending:
                    loose += self._attach(items[-1] if items else None, pending, what)
                    pending = []
                if t == "PLAYS":
                    self._play_words(self.ctx.words(child), items, None)
                elif t == "BIDS":
                    self._bid_words(self.ctx.words(child), items, rnd)
                else:
                    line, col = self.ctx.pos(child)
                    self._mark(child.value, line, col, items)
            else:
                pending.append(self._annot(child))
        if pending:
            loose += self._attach(items[-1] if items else None, pending, what)
        return loose

    def _mark(self, word: str, line: int, col: int, items: list) -> None:
        target = items[-1] if items else None
        if not isinstance(target, Play):
            self.ctx.issue("BEL010", f"`{word}` must follow the card it is said with", line, col)
        elif target.mark is not None:
            self.ctx.issue("BEL010", f"a second mark `{word}` on one card", line, col)
        else:
            target.mark = _MARKS[word.lower()]

    def _play_words(self, words: list, plays: list, tricks: Optional[list]) -> None:
        """Plays (and, in a TRICK token, trick headings and winners) from words."""
        ctx = self.ctx
        table = ctx.table
        trick = tricks[-1] if tricks else None
        i, n = 0, len(words)
        while i < n:
            w, line, col = words[i]
            i += 1
            if len(w) > 2 and w[1] == ":":
                card = table.get(w[2:])
                if card is None:
                    card = ctx.card(w[2:], line, col + 2)
                    if card is None:
                        continue
                plays.append(_play(line, col, _SEATS[w[0]], card))
                continue
            card = table.get(w)
            if card is not None:
                plays.append(_play(line, col, None, card))
                continue
            low = w.lower()
            if low in _MARK_WORDS:
                self._mark(w, line, col, plays)
            elif tricks is not None and low in _TRICK:
                number = None
                if i < n and words[i][0].isdigit():
                    number = int(words[i][0])
                    i += 1
                plays = []
                trick = _new(Trick, {"line": line, "col": col, "number": number, "plays": plays,
                                     "winner": None, "comments": [], "winner_pos": None})
                tricks.append(trick)
            elif tricks is not None and low in _WINNER and i < n:
                sw, sline, scol = words[i]
                trick.winner = _SEATS[sw]
                trick.winner_pos = (sline, scol)
                i += 1
            else:
                card = ctx.card(w, line, col)
                if card is not None:
                    plays.append(_play(line, col, None, card))

    def _bid_words(self, words: list, bids: list, rnd: Optional[int]) -> Optional[int]:
        """Calls from words; a `smsara [N]` word sets the round. Returns the round in force."""
        ctx = self.ctx
        i, n = 0, len(words)
        while i < n:
            w, line, col = words[i]
            i += 1
            low = w.lower()
            if low in _SMSARA:
                rnd = None
                if i < n and words[i][0].isdigit():
                    rnd = int(words[i][0])
                    if rnd not in (1, 2):
                        ctx.issue("BEL005", f"bidding has rounds 1 and 2, not {rnd}", words[i][1],
                                  words[i][2])
                        rnd = 1 if rnd < 1 else 2
                    i += 1
                continue
            seat = None
            if len(w) > 2 and w[1] == ":":
                seat = _SEATS[w[0]]
                low = low[2:]
            if low in _PASS:
                bids.append(_bid(line, col, seat, "pass", None, rnd))
                continue
            suit = None
            if i < n:
                nxt = words[i][0]
                if _SUIT_RE.fullmatch(nxt):
                    suit = ctx.suit(nxt, words[i][1], words[i][2])
                    i += 1
            bids.append(_bid(line, col, seat, "take", suit, rnd))
        return rnd

    def _card_words(self, words: list, hand: Optional[Hand], keywords: frozenset,
                    hands: list) -> Optional[Hand]:
        ctx = self.ctx
        table = ctx.table
        i, n = 0, len(words)
        while i < n:
            w, line, col = words[i]
            i += 1
            card = table.get(w)
            if card is None and w.lower() in keywords:
                sw = words[i]
                i += 1
                hand = _hand(line, col, _SEATS[sw[0]])
                hands.append(hand)
                continue
            if card is None:
                card = ctx.card(w, line, col)
                if card is None:
                    continue
            hand.cards.append(card)
            hand.positions.append((line, col))
        return hand

    # --- structure ------------------------------------------------------------------
    def head(self, children: list) -> tuple:
        ctx = self.ctx
        headers: list[Header] = []
        comments: list[str] = []
        for tok in children:
            if tok.type == "HEADERS":
                value = tok.value
                for m in _HEADER_RE.finditer(value):
                    line, col = ctx.sub(tok, m.start())
                    raw = m.group(2)
                    if "\\" in raw:
                        raw = self.unescape(raw, tok, m.start(2))
                    headers.append(_new(Header, {"line": line, "col": col, "name": m.group(1),
                                                 "value": raw}))
            else:
                comments.append(self._comment(tok))
        deck_tag = None
        for h in headers:
            if h.name.lower() == "deck":
                deck_tag = h
        if deck_tag is not None and deck_from_name(deck_tag.value) is None:
            ctx.issue("BEL005", f"unknown deck `{deck_tag.value}` (write spanish or french); "
                      "the cards are read by the Rules tag's deck, else French",
                      deck_tag.line, deck_tag.col)
        ctx.set_deck(game_deck(headers))
        return ("head", headers, comments)

    def unescape(self, raw: str, tok: Token, offset: int) -> str:
        """Undo the escapes of a quoted value, reporting bad ones (BEL003)."""
        def repl(m: "re.Match[str]") -> str:
            char = m.group(1)
            if char in _HEADER_ESCAPES:
                return _HEADER_ESCAPES[char]
            line, col = self.ctx.sub(tok, offset + m.start())
            self.ctx.issue("BEL003", f"bad escape `\\{char}` in a quoted value: only \\\" \\\\ "
                           "\\n \\r \\t are escapes (write \\\\ for a backslash)", line, col)
            return "\\" + char
        return _ESCAPE_RE.sub(repl, raw)

    def tail(self, children: list) -> tuple:
        tok = children[0]
        value = tok.value
        words = value.split(None, 1)
        result: Optional[str] = None
        result_pos: Optional[tuple[int, int]] = None
        if len(words) > 1:
            text = words[1].strip()
            result_pos = self.ctx.sub(tok, len(value) - len(words[1]))
            if text.startswith('"'):
                result = self.unescape(text[1:-1], tok, value.index('"') + 1)
            else:
                result = text.upper()
        return ("tail", result, [self._comment(t) for t in children[1:]], result_pos)

    def game(self, children: list) -> Game:
        head = children[0]
        comments = list(head[2])
        deals: list[Deal] = []
        result = result_pos = None
        tail_seen = False
        for child in children[1:]:
            if type(child) is tuple:
                tail_seen = True
                result, result_pos = child[1], child[3]
                comments.extend(child[2])
            else:
                deals.append(child)
        number_deals(deals)
        game = _new(Game, {"line": 0, "col": 0, "headers": head[1], "deals": deals,
                           "result": result, "comments": comments, "result_pos": result_pos})
        _obj_setattr(game, "__pydantic_private__", {"tail_seen": tail_seen})
        return game

    def canonical_deal(self, tok: Token) -> Deal:
        """The deal of a CANONICAL_DEAL token, read line by line in one pass.

        The token has matched the grammar's CANONICAL_DEAL terminal, so every line is one
        canonical section (single spaces, upper-case names, no review material) and only the
        words' meanings are left to read. Each line kind has a fast path; a line it does not
        accept (a card name of the other deck, say) goes through the general section
        callbacks, which report the problem exactly as for the spread-out form.

        The hot records (plays, tricks, hands, calls) are built inline like :func:`new_record`
        does: about sixty records per deal make the call overhead count.
        """
        ctx = self.ctx
        lines = tok.value.split("\n")
        rel = tok.line
        deal_line = rel + ctx.line_off
        col = tok.column + (ctx.col_off if rel == 1 else 0)
        head = lines[0].split(" ")
        number = int(head[1]) if len(head) > 1 else None
        dealer = _SEATS[head[3]] if len(head) > 3 else None
        five: list[Hand] = []
        bids: list[Bid] = []
        rest: list[Hand] = []
        full: list[Hand] = []
        anns: list[Announcement] = []
        tricks: list[Trick] = []
        offers: list[CardRef] = []
        score = match = pot = pot_pos = None
        table = ctx.table
        plays_of = _play_table(ctx.deck)
        seats = _SEATS
        new, setattr_ = _obj_new, _obj_setattr
        play_cls, play_fields = Play, _PLAY_FIELDS
        trick_cls, trick_fields = Trick, _TRICK_FIELDS
        hand_cls, hand_fields = Hand, _HAND_FIELDS
        general = False
        for i in range(1, len(lines)):
            text = lines[i]
            if not text:
                continue
            line = deal_line + i
            kind = text[0]
            if kind == "t" and text[1] == "r":
                # trick N [SEAT:]CARD [belote|rebelote] ... [winner SEAT]
                words = text.split(" ")
                n = len(words)
                num = words[1]
                winner = winner_pos = None
                if n > 3 and words[n - 2] == "winner":
                    winner = seats[words[n - 1]]
                    winner_pos = (line, len(text))
                    n -= 2
                plays: list[Play] = []
                append = plays.append
                c = 8 + len(num)
                for k in range(2, n):
                    w = words[k]
                    sc = plays_of.get(w)
                    if sc is not None:
                        obj = new(play_cls)
                        setattr_(obj, "__dict__", {
                            "line": line, "col": c, "glyph": None, "nags": [], "comments": [],
                            "variations": [], "seat": sc[0], "card": sc[1], "mark": None})
                        setattr_(obj, "__pydantic_fields_set__", play_fields)
                        setattr_(obj, "__pydantic_extra__", None)
                        setattr_(obj, "__pydantic_private__", None)
                        append(obj)
                    elif (w == "belote" or w == "rebelote") and plays and \
                            plays[-1].__dict__["mark"] is None:
                        plays[-1].__dict__["mark"] = w
                    else:
                        break
                    c += len(w) + 1
                else:
                    obj = new(trick_cls)
                    setattr_(obj, "__dict__", {
                        "line": line, "col": 1, "number": int(num), "plays": plays,
                        "winner": winner, "comments": [], "winner_pos": winner_pos})
                    setattr_(obj, "__pydantic_fields_set__", trick_fields)
                    setattr_(obj, "__pydantic_extra__", None)
                    setattr_(obj, "__pydantic_private__", None)
                    tricks.append(obj)
                    continue
            elif kind == "t" or kind == "r" or kind == "h":
                # tafr9a N 1O 4O ... / rest E 12O 4B / hand W ...
                words = text.split(" ")
                cards = []
                positions = []
                c = 10 if kind == "t" else 8
                for k in range(2, len(words)):
                    w = words[k]
                    card = table.get(w)
                    if card is None:
                        break
                    cards.append(card)
                    positions.append((line, c))
                    c += len(w) + 1
                else:
                    obj = new(hand_cls)
                    setattr_(obj, "__dict__", {"line": line, "col": 1, "seat": seats[words[1]],
                                               "cards": cards, "positions": positions})
                    setattr_(obj, "__pydantic_fields_set__", hand_fields)
                    setattr_(obj, "__pydantic_extra__", None)
                    setattr_(obj, "__pydantic_private__", None)
                    (five if kind == "t" else rest if kind == "r" else full).append(obj)
                    continue
            elif kind == "s" and text[1] == "m":
                if self._line_bids(text, line, bids):
                    continue
            elif kind == "s" or kind == "m":
                # score NS EW / match NS EW
                words = text.split(" ")
                got = _new(Score, {"line": line, "col": 1, "ns": int(words[1]),
                                   "ew": int(words[2])})
                if kind == "s":
                    score = got
                else:
                    match = got
                continue
            elif kind == "p":
                pot = int(text[4:])
                pot_pos = (line, 5)
                continue
            elif kind == "o":
                card = table.get(text[6:])
                if card is not None:
                    offers.append(_new(CardRef, {"line": line, "col": 7, "card": card}))
                    continue
            elif kind == "a":
                got = self._line_announce(text, line)
                if got is not None:
                    anns.append(got)
                    continue
            # general path for this line (a line the fast path refused)
            general = True
            line_tok = Token("LINE", text, 0, rel + i, 1)
            head = text[:4]
            if head == "tric":
                tricks.extend(self.trick([line_tok])[2])
            elif head == "tafr":
                five.extend(self._hands([line_tok], "five", _FIVE)[2])
            elif head == "rest":
                rest.extend(self._hands([line_tok], "rest", _REST)[2])
            elif head == "hand":
                full.extend(self._hands([line_tok], "hands", _HAND)[2])
            elif head == "offe":
                got = self.offer([line_tok])
                if got[0] == "offer":
                    offers.append(got[1])
            elif head == "smsa":
                bids.extend(self.smsara([line_tok])[2])
            elif head == "anno":
                anns.extend(self.announce([line_tok])[2])
        offer = None
        for card_ref in offers:
            if offer is not None:
                ctx.issue("BEL001", "a second offer card in one deal", card_ref.line, card_ref.col)
            offer = card_ref
        deal = _new(Deal, {"line": deal_line, "col": col, "number": number, "dealer": dealer,
                           "five": five, "offer": offer, "bids": bids, "rest": rest,
                           "hands": full, "announcements": anns, "tricks": tricks,
                           "score": score, "match_score": match, "pot": pot,
                           "comments": [], "pot_pos": pot_pos})
        if general:
            _complete_deal(deal)
        return deal

    def _line_announce(self, text: str, line: int) -> Optional[Announcement]:
        """``announce S sequence 10C 11C 12C trick=2 before=2``; ``None`` on an unknown card."""
        words = text.split(" ")
        kind = words[2]
        table = self.ctx.table
        cards: list[int] = []
        positions: list[tuple[int, int]] = []
        trick = before = None
        c = 13 + len(kind)
        for k in range(3, len(words)):
            w = words[k]
            if w[0] == "t":
                trick = int(w[6:])
            elif w[0] == "b":
                before = int(w[7:])
            else:
                card = table.get(w)
                if card is None:
                    return None
                cards.append(card)
                positions.append((line, c))
            c += len(w) + 1
        return _new(Announcement, {"line": line, "col": 1, "glyph": None, "nags": [],
                                   "comments": [], "variations": [], "seat": _SEATS[words[1]],
                                   "kind": kind, "cards": cards, "positions": positions,
                                   "trick": trick, "before_card": before})

    def _line_bids(self, text: str, line: int, bids: list) -> bool:
        """``smsara 1 W:pass S:take`` / ``smsara 2 N:take O``; False if anything is unusual."""
        words = text.split(" ")
        r = 1 if words[1] == "1" else 2
        out = []
        c = 10
        i, n = 2, len(words)
        while i < n:
            w = words[i]
            col = c
            if w[1:2] == ":":
                seat = _SEATS[w[0]]
                action = w[2:]
            else:
                seat = None
                action = w
            c += len(w) + 1
            i += 1
            suit = None
            if action == "take" and i < n and len(words[i]) == 1:
                try:
                    suit = parse_suit(words[i], self.ctx.deck)
                except CardError:
                    return False
                c += 2
                i += 1
            obj = _obj_new(Bid)
            _obj_setattr(obj, "__dict__", {"line": line, "col": col, "glyph": None, "nags": [],
                                           "comments": [], "variations": [], "seat": seat,
                                           "action": action, "suit": suit, "round": r})
            _obj_setattr(obj, "__pydantic_fields_set__", _BID_FIELDS)
            _obj_setattr(obj, "__pydantic_extra__", None)
            _obj_setattr(obj, "__pydantic_private__", None)
            out.append(obj)
        bids.extend(out)
        return True

    def deal(self, children: list) -> Deal:
        ctx = self.ctx
        if children[0].type == "CANONICAL_DEAL":
            return self.canonical_deal(children[0])
        tok = children[0]
        line, col = ctx.pos(tok)
        words = tok.value.split()
        data = {"line": line, "col": col,
                "number": int(words[1]) if len(words) > 1 else None,
                "dealer": _SEATS[words[3]] if len(words) > 3 else None,
                "five": [], "offer": None, "bids": [], "rest": [], "hands": [],
                "announcements": [], "tricks": [], "score": None, "match_score": None,
                "pot": None, "comments": [], "pot_pos": None}
        comments = data["comments"]
        for child in children[1:]:
            if type(child) is tuple:
                kind = child[0]
                if kind == "list":
                    data[child[1]].extend(child[2])
                elif kind == "offer":
                    if data["offer"] is not None:
                        ctx.issue("BEL001", "a second offer card in one deal", child[1].line,
                                  child[1].col)
                    data["offer"] = child[1]
                elif kind == "scores":
                    for key, value in child[1]:
                        data[key] = value
                comments.extend(child[-1])
            else:
                comments.append(self._comment(child))
        deal = _new(Deal, data)
        _complete_deal(deal)
        return deal

    # --- sections -------------------------------------------------------------------
    def _fast_hands(self, tok: Token, keyword: str) -> Optional[list]:
        """Hand lines in the plain form (``tafr9a N 1O 4O ...``); ``None`` if unusual."""
        value = tok.value
        if _ODD_WS.search(value):
            return None
        table = self.ctx.table
        line, col = self.ctx.pos(tok)
        hands: list[Hand] = []
        for text in value.split("\n"):
            words = text.split(" ")
            if len(words) < 2 or words[0] != keyword or words[1] not in _SEATS:
                return None
            hand = _hand(line, col, _SEATS[words[1]])
            cards = hand.cards
            positions = hand.positions
            c = col + len(keyword) + 3
            for w in words[2:]:
                card = table.get(w)
                if card is None:
                    return None
                cards.append(card)
                positions.append((line, c))
                c += len(w) + 1
            hands.append(hand)
            line += 1
            col = 1
        return hands

    _CANONICAL_KW = {"five": "tafr9a", "rest": "rest", "hands": "hand"}

    def _hands(self, children: list, field_name: str, keywords: frozenset) -> tuple:
        ctx = self.ctx
        hands = self._fast_hands(children[0], self._CANONICAL_KW[field_name])
        if hands is None:
            hands = []
            hand = self._card_words(ctx.words(children[0]), None, keywords, hands)
        else:
            hand = hands[-1]
        comments: list[str] = []
        for child in children[1:]:
            if child.type == "CARDS":
                hand = self._card_words(ctx.words(child), hand, keywords, hands)
            else:
                comments.append(self._comment(child))
        return ("list", field_name, hands, comments)

    def five(self, children: list) -> tuple:
        return self._hands(children, "five", _FIVE)

    def rest(self, children: list) -> tuple:
        return self._hands(children, "rest", _REST)

    def hand(self, children: list) -> tuple:
        return self._hands(children, "hands", _HAND)

    def offer(self, children: list) -> tuple:
        ctx = self.ctx
        words = ctx.words(children[0])
        w, line, col = words[1]
        card = ctx.card(w, line, col)
        comments = [self._comment(t) for t in children[1:]]
        if card is None:
            return ("none", comments)
        return ("offer", _new(CardRef, {"line": line, "col": col, "card": card}), comments)

    def scores(self, children: list) -> tuple:
        ctx = self.ctx
        words = ctx.words(children[0])
        out = []
        i = 0
        while i < len(words):
            w, line, col = words[i]
            low = w.lower()
            if low in _POT:
                _, pline, pcol = words[i + 1]
                out.append(("pot", int(words[i + 1][0])))
                out.append(("pot_pos", (pline, pcol)))
                i += 2
                continue
            key = "score" if low in _SCORE else "match_score"
            out.append((key, _new(Score, {"line": line, "col": col, "ns": int(words[i + 1][0]),
                                          "ew": int(words[i + 2][0])})))
            i += 3
        return ("scores", out, [self._comment(t) for t in children[1:]])

    def smsara(self, children: list) -> tuple:
        bids: list[Bid] = []
        rnd = self._bid_words(self.ctx.words(children[0]), bids, None)
        loose = self._items(children[1:], bids, rnd, "call")
        return ("list", "bids", bids, loose)

    def _fast_tricks(self, tok: Token) -> Optional[list]:
        """Trick lines in the plain form (single spaces, known names) without the word list.

        Returns ``None`` when anything is unusual; the general path then reads the token.
        """
        value = tok.value
        if _ODD_WS.search(value):
            return None
        table = self.ctx.table
        seats = _SEATS
        line, col = self.ctx.pos(tok)
        tricks: list[Trick] = []
        plays: list = []
        trick = None
        for text in value.split("\n"):
            c = col
            expect = 0          # 1: trick number may follow, 2: winner seat follows
            for w in text.split(" "):
                if not w:
                    c += 1
                    continue
                if len(w) > 2 and w[1] == ":":
                    card = table.get(w[2:])
                    seat = seats.get(w[0])
                    if card is None or seat is None or trick is None:
                        return None
                    plays.append(_play(line, c, seat, card))
                    expect = 0
                elif expect == 1 and w.isdigit():
                    trick.__dict__["number"] = int(w)
                    expect = 0
                elif expect == 2:
                    trick.__dict__["winner"] = seats[w]
                    trick.__dict__["winner_pos"] = (line, c)
                    expect = 0
                elif w == "trick" or w == "TRICK":
                    plays = []
                    trick = _new(Trick, {"line": line, "col": c, "number": None, "plays": plays,
                                         "winner": None, "comments": [], "winner_pos": None})
                    tricks.append(trick)
                    expect = 1
                elif w == "winner":
                    expect = 2
                elif (w == "belote" or w == "rebelote") and plays and plays[-1].mark is None:
                    plays[-1].__dict__["mark"] = w
                    expect = 0
                else:
                    card = table.get(w)
                    if card is None or trick is None:
                        return None
                    plays.append(_play(line, c, None, card))
                    expect = 0
                c += len(w) + 1
            line += 1
            col = 1
        return tricks

    def trick(self, children: list) -> tuple:
        tricks = self._fast_tricks(children[0])
        if tricks is None:
            tricks = []
            self._play_words(self.ctx.words(children[0]), [], tricks)
        trick = tricks[-1]
        rest = children[1:]
        if rest:
            i = 0
            if not trick.plays:
                while i < len(rest) and getattr(rest[i], "type", None) in _COMMENT_TYPES:
                    trick.comments.append(self._comment(rest[i]))
                    i += 1
            pending = []
            for child in rest[i:]:
                if getattr(child, "type", None) == "WINNER":
                    line, col = self.ctx.pos(child)
                    if trick.winner is not None:
                        self.ctx.issue("BEL001", "a second winner for one trick", line, col)
                    trick.winner = _SEATS[child.value[-1]]
                    trick.winner_pos = self.ctx.sub(child, len(child.value) - 1)
                else:
                    pending.append(child)
            trick.comments.extend(self._items(pending, trick.plays, None, "card"))
        return ("list", "tricks", tricks, [])

    def announce(self, children: list) -> tuple:
        ctx = self.ctx
        words = ctx.words(children[0])
        w0, line, col = words[0]
        seat = _SEATS[words[1][0]]
        kind = _KINDS[words[2][0].lower()]
        ann = _new(Announcement, {"line": line, "col": col, "glyph": None, "nags": [],
                                  "comments": [], "variations": [], "seat": seat, "kind": kind,
                                  "cards": [], "positions": [], "trick": None,
                                  "before_card": None})
        self._announce_words(words[3:], ann)
        pending: list[_Annot] = []
        for child in children[1:]:
            t = getattr(child, "type", None)
            if t in ("CARDS", "WHEN"):
                self._announce_words(ctx.words(child), ann)
            else:
                pending.append(self._annot(child))
        self._attach(ann, pending, "announcement")
        return ("list", "announcements", [ann], [])

    def _announce_words(self, words: list, ann: Announcement) -> None:
        for w, line, col in words:
            if "=" in w:
                key, _, number = w.partition("=")
                if key.lower() == "trick":
                    ann.trick = int(number)
                else:
                    ann.before_card = int(number)
                continue
            card = self.ctx.card(w, line, col)
            if card is not None:
                ann.cards.append(card)
                ann.positions.append((line, col))

    def variation(self, children: list) -> _Annot:
        ctx = self.ctx
        line, col = ctx.pos(children[0])
        items: list = []
        comments: list[str] = []
        body = children[1:-1]
        i = 0
        while i < len(body) and getattr(body[i], "type", None) in _COMMENT_TYPES:
            comments.append(self._comment(body[i]))
            i += 1
        pending: list[_Annot] = []
        rnd: Optional[int] = None
        for child in body[i:]:
            t = getattr(child, "type", None)
            if t in ("PLAYS", "BIDS", "SMSARA", "MARK"):
                if pending:
                    comments.extend(self._attach(items[-1] if items else None, pending,
                                                 "call or card"))
                    pending = []
                if t == "PLAYS":
                    self._play_words(ctx.words(child), items, None)
                elif t == "MARK":
                    self._mark(child.value, *ctx.pos(child), items)
                else:
                    rnd = self._bid_words(ctx.words(child), items, rnd)
            else:
                pending.append(self._annot(child))
        if pending:
            comments.extend(self._attach(items[-1] if items else None, pending, "call or card"))
        var = _new(Variation, {"line": line, "col": col, "items": items, "comments": comments})
        return _Annot("variation", var, line, col)


def _complete_deal(deal: Deal) -> None:
    """Fill what a deal's items leave to their place: call rounds, trick numbers."""
    # Calls of an unnumbered `smsara` take their round from their place: the 5th call on is round 2.
    for i, bid in enumerate(deal.bids):
        if bid.round is None:
            bid.round = 1 if i < 4 else 2
        if bid.variations:
            resolve_rounds(bid.variations, bid.round)
    previous = 0
    for trick in deal.tricks:
        if trick.number is None:
            trick.number = previous + 1
        previous = trick.number
        for play in trick.plays:
            if play.variations:
                resolve_rounds(play.variations, 1)
    for ann in deal.announcements:
        if ann.variations:
            resolve_rounds(ann.variations, 1)


def resolve_rounds(variations: list[Variation], parent_round: int) -> None:
    """Calls in a variation without an explicit round take the round in force there."""
    for var in variations:
        current = parent_round
        for item in var.items:
            if isinstance(item, Bid):
                if item.round is None:
                    item.round = current
                else:
                    current = item.round
                if item.variations:
                    resolve_rounds(item.variations, item.round)
            elif item.variations:
                resolve_rounds(item.variations, 1)


def number_deals(deals: list[Deal]) -> None:
    """Deals written without a number follow the one before."""
    previous = 0
    for deal in deals:
        if deal.number is None:
            deal.number = previous + 1
        previous = deal.number
