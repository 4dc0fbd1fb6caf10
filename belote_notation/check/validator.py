"""The validator: replays the records of a game through the rules engine and reports findings.

It maps records onto engine calls and engine violations back onto record positions::

    game (headers) ── resolve rules, deck ──▶ new_match
      deal ── dealer rotation ──▶ new_deal
           ── five, offer ──▶ deal_five       (BEL1xx at the card or hand)
           ── bids ──▶ apply_bid              (BEL2xx at the bid)
           ── rest or hands ──▶ deal_rest / set_hands, or hands derived from the plays
           ── announcements ──▶ announce      (BEL4xx, at the moment they were declared)
           ── plays ──▶ play_card             (BEL3xx at the card; seat inferred when omitted)
           ── score_deal, add_deal ──▶ compared with the recorded deal score, totals, pot
      end ── winner vs the Result header (BEL6xx)

After an illegal act the replay goes on with the act applied, so later problems still show.
Parts missing from a partial record give "could not check" notes (BEL9xx) instead.

>>> from belote_notation.notation.records import Game
>>> report = validate_game(Game(), file="empty.bel")
>>> report.deal_count, [f.code for f in report.findings]
(0, [])
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Iterator, Optional

from belote_notation.game.cards import KING, QUEEN, SEAT_NAMES, Deck, card_symbol_name
from belote_notation.game.engine import (
    add_deal, announce, apply_bid, deal_five, deal_rest, new_deal, new_match, next_dealer,
    play_card, score_deal, set_contract, set_hands, trick_winner,
)
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.state import first_leader
from belote_notation.check.findings import (
    BAD_RESULT, BAD_VARIATION, BID_ROUND, DEAL_NUMBER, HAND_MISMATCH, ENGINE_FAILURE, HANDS_DERIVED, INCOMPLETE_DEAL, NO_BIDDING,
    NO_DEALER, NO_DISTRIBUTION, NO_GAME, NO_GAME_IN_FILE, NO_MATCH_CHECK, NO_TRUMP,
    SKIPPED_PLAYS, SHORT_TRICK, TRICK_NUMBER, Finding, severity_of,
)
from belote_notation.notation.records import Bid, Deal, Game, Hand
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig, changed_options, resolve_setup

__all__ = ["validate_game", "validate_parsed", "validate_text", "validate_source",
           "no_game_report", "ValidationConfig", "GameReport", "DealReport", "TrickTrace"]

DEFAULT_CONFIG = ValidationConfig()
_SUIT_SYMBOLS = "♠♥♦♣"
_HARMLESS_SYNTAX = frozenset({"BEL006", "BEL007", "BEL010"})
"""Syntax codes that leave the deal's records whole (missing ``end``, a replaced byte, a stray
glyph): the deal is still replayed."""
_RESULTS = {"ns": 0, "n-s": 0, "ew": 1, "e-w": 1, "*": None}


class TrickTrace:
    """What ``show`` needs about one trick: who played what, who won, the points."""

    __slots__ = ("number", "seats", "cards", "marks", "winner", "points", "running")

    def __init__(self, number: int, seats: list[int], cards: list[int], marks: list[Optional[str]],
                 winner: int, points: int, running: tuple[int, int]) -> None:
        self.number, self.seats, self.cards, self.marks = number, seats, cards, marks
        self.winner, self.points, self.running = winner, points, running


class _Game:
    """Per-game context: where findings go and how they are labelled."""

    __slots__ = ("file", "number", "findings", "deck", "rules", "deal_no", "syntax_lines",
                 "trace")

    def __init__(self, file: str, number: int, findings: list[Finding], rules: Any, deck: Deck,
                 trace: Optional[dict[int, Any]]) -> None:
        self.file = file
        self.number = number
        self.findings = findings
        self.rules = rules
        self.deck = deck
        self.deal_no: Optional[int] = None
        self.syntax_lines: list[int] = []
        self.trace = trace

    def add(self, code: str, message: str, line: int = 0, col: int = 0, trick: Optional[int] = None,
            seat: Optional[int] = None, severity: Optional[str] = None) -> None:
        self.findings.append(Finding(code, severity or severity_of(code), message, self.file, line,
                                     col, self.number, self.deal_no, trick, seat))

    def violation(self, v: Any, line: int, col: int) -> None:
        self.findings.append(Finding(v.code, v.severity, v.message, self.file, line, col,
                                     self.number, self.deal_no, v.trick, v.seat))


# ----------------------------------------------------------------------------- entry points
def no_game_report(file: str, number: int = 1, line: int = 0, message: Optional[str] = None) -> GameReport:
    """A report for an input with no game at all (or a game that could not be checked)."""
    report = GameReport(file, number, line)
    if message is None:
        report.findings.append(Finding(NO_GAME_IN_FILE, severity_of(NO_GAME_IN_FILE),
                                       "no game found in this input", file, line, 0, None))
    else:
        report.findings.append(Finding(NO_GAME, severity_of(NO_GAME), message, file, line, 0, number))
    return report


def validate_parsed(parsed: Any, file: str = "<string>", number: int = 1,
                    config: ValidationConfig = DEFAULT_CONFIG,
                    trace: Optional[dict[int, Any]] = None) -> GameReport:
    """Validate a ``ParsedGame`` from the parser: its syntax issues, then its records."""
    syntax = []
    for issue in getattr(parsed, "errors", None) or ():
        code = getattr(issue, "code", "BEL000")
        syntax.append(Finding(code, getattr(issue, "severity", None) or severity_of(code),
                              getattr(issue, "message", str(issue)), file,
                              getattr(issue, "line", 0) or 0, getattr(issue, "col", 0) or 0, number))
    return validate_game(parsed.game, file, number, config, syntax, trace)


def validate_game(game: Game, file: str = "<string>", number: int = 1,
                  config: ValidationConfig = DEFAULT_CONFIG, syntax: Iterable[Finding] = (),
                  trace: Optional[dict[int, Any]] = None) -> GameReport:
    """Replay every deal of ``game`` and return the findings and recomputed scores.

    ``syntax`` are the parser's findings for this game (deals touched by one are not
    replayed); ``trace``, when given, receives per deal number ``(state, [TrickTrace])``
    for ``belote-replay show``. Never raises on bad input.
    """
    findings: list[Finding] = list(syntax)
    setup = resolve_setup(game, config, file, number)
    rules, deck = setup.rules, setup.deck
    syntax_at = {(f.line, f.col) for f in findings}
    findings.extend(f for f in setup.findings if (f.line, f.col) not in syntax_at)  # said once
    report = GameReport(file, number, game.line, rules=rules.name, options=changed_options(rules),
                        deck=deck.value, findings=findings)
    ctx = _Game(file, number, findings, rules, deck, trace)
    ctx.syntax_lines = sorted(f.line for f in findings
                              if f.code.startswith("BEL0") and f.line and f.code not in _HARMLESS_SYNTAX)
    try:
        _validate_deals(ctx, game, report, config.keep_deals or trace is not None)
    except Exception as exc:  # an engine bug must not hide the rest of the input
        ctx.add(ENGINE_FAILURE, f"could not finish checking this game: internal error "
                f"{type(exc).__name__}: {exc}", game.line)
    return report


def validate_text(text: str, name: str = "<string>", config: ValidationConfig = DEFAULT_CONFIG) -> list[GameReport]:
    """Parse and validate a whole text (for tests and small inputs)."""
    from belote_notation.notation.reader import parse_text

    parsed = parse_text(text, name)
    if not parsed:
        return [no_game_report(name)]
    return [validate_parsed(p, name, i + 1, config) for i, p in enumerate(parsed)]


def validate_source(source: Any, name: Optional[str] = None,
                    config: ValidationConfig = DEFAULT_CONFIG) -> Iterator[GameReport]:
    """Stream a file (path or handle) game by game, one report per game."""
    from belote_notation.notation.reader import iter_games

    label = name or str(source)
    count = 0
    for count, parsed in enumerate(iter_games(source, name=label), 1):
        yield validate_parsed(parsed, label, count, config)
    if count == 0:
        yield no_game_report(label)


# ----------------------------------------------------------------------------- the game
def _first_dealer(ctx: _Game, game: Game) -> Optional[int]:
    """Who deals first: the Dealer header, the first deal's dealer, or worked out from the
    first bid (the first deal's recorded dealer is then checked against the header)."""
    header = game.header("Dealer")
    if header is not None:
        key = header.strip().upper()[:1]
        if key and key in SEAT_NAMES:
            return SEAT_NAMES.index(key)
    if game.deals and game.deals[0].dealer is not None:
        return game.deals[0].dealer & 3
    if game.deals:
        first = game.deals[0]
        if first.bids and first.bids[0].seat is not None:
            step = 1 if ctx.rules.first_bidder == "left" else 3
            return (first.bids[0].seat - step) & 3
    return None


def _validate_deals(ctx: _Game, game: Game, report: GameReport, keep: bool) -> None:
    rules = ctx.rules
    deals = game.deals
    report.deal_count = len(deals)
    dealer0 = _first_dealer(ctx, game)
    dealer_known = dealer0 is not None
    match = new_match(rules, dealer0 if dealer0 is not None else 0)
    base_totals: Optional[tuple[int, int]] = (0, 0)  # the record's totals before this deal
    totals_known = True
    over_reported = False
    syntax_lines = ctx.syntax_lines
    for position, deal in enumerate(deals):
        ctx.deal_no = deal.number
        if deal.number != position + 1 and not syntax_lines:
            ctx.add(DEAL_NUMBER, f"deal numbered {deal.number}, expected {position + 1}",
                    deal.line, deal.col)
        if match.winner is not None and not over_reported and totals_known:
            over_reported = True
            ctx.add(C.DEAL_AFTER_END, f"deal {deal.number} was played after the match was won by "
                    f"{_team(match.winner)} ({match.totals[0]}-{match.totals[1]})", deal.line, deal.col)
        # -- the dealer
        expected = match.dealer
        dealer = deal.dealer & 3 if deal.dealer is not None else None
        if dealer is None:
            dealer = expected
            if not dealer_known:
                ctx.add(NO_DEALER, f"dealer of deal {deal.number} not recorded: assumed "
                        f"{SEAT_NAMES[dealer]}", deal.line, deal.col)
                dealer_known = True
        elif dealer != expected:
            ctx.add(C.DEALER_ROTATION, f"{SEAT_NAMES[dealer]} dealt deal {deal.number}: "
                    f"{SEAT_NAMES[expected]} should have dealt", deal.line, deal.col, seat=dealer)
        match.dealer = dealer  # one wrong dealer is one finding: the rotation goes on from here
        # -- the deal itself
        end_line = deals[position + 1].line if position + 1 < len(deals) else 1 << 60
        broken = any(deal.line <= ln < end_line for ln in syntax_lines) if syntax_lines else False
        result = state = None
        if broken:
            ctx.add(SKIPPED_PLAYS, f"could not check deal {deal.number}: it has a syntax error",
                    deal.line, deal.col)
        else:
            try:
                state, result = _replay_deal(ctx, deal, dealer)
            except Exception as exc:  # keep going with the next deal
                ctx.add(ENGINE_FAILURE, f"could not check deal {deal.number}: internal error "
                        f"{type(exc).__name__}: {exc}", deal.line, deal.col)
                result = None
        dr = DealReport(deal.number, deal.line, dealer) if keep else None
        if dr is not None:
            _claims_into(dr, deal)
        if result is None or (not result.complete and result.outcome != "dead"):
            # Not scored: take the record's word for the match from here on, if it gives it.
            match.dealer = next_dealer(rules, dealer) if (
                state is None or not state.dead or rules.dead_deal_rotates) else dealer
            match.deals += 1
            if deal.match_score is not None:
                match.totals = [deal.match_score.ns, deal.match_score.ew]
                base_totals = (deal.match_score.ns, deal.match_score.ew)
                totals_known = True
                if match.winner is None:
                    match.winner = _winner_by_totals(rules.target, match.totals)
            else:
                totals_known = False
                base_totals = None
            if deal.pot is not None:
                match.pot = deal.pot
            if state is not None and dr is not None:
                dr.taker = state.taker
                dr.trump = state.trump if state.trump >= 0 else None
            if dr is not None:
                report.deals.append(dr)
            continue
        step = add_deal(match, result)
        _check_scores(ctx, deal, result, step, base_totals, totals_known)
        if deal.match_score is not None:
            base_totals = (deal.match_score.ns, deal.match_score.ew)
        elif base_totals is not None:
            base_totals = step.totals
        if dr is not None:
            dr.taker = result.taker
            dr.trump = result.trump
            dr.outcome = result.outcome
            dr.card_points = list(result.card_points)
            dr.last_trick = result.last_trick_team
            dr.announcements = list(result.announcements)
            dr.belote = list(result.belote)
            dr.credited = list(result.credited)
            dr.pot_in = result.pot_in
            dr.pot_claimed = ([step.pot_claimed, 0] if step.claimed_by == 0 else
                              [0, step.pot_claimed] if step.claimed_by == 1 else [0, 0])
            dr.pot = step.pot
            dr.totals = list(step.totals)
            report.deals.append(dr)
    ctx.deal_no = None
    report.totals = list(match.totals) if totals_known else None
    report.pot = match.pot
    report.winner = match.winner
    _check_result(ctx, game, report, match, totals_known)


def _winner_by_totals(target: int, totals: list[int]) -> Optional[int]:
    """The winner the record's own totals give (used when a deal could not be scored)."""
    a, b = totals[0] >= target, totals[1] >= target
    if a and b:
        return None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    return 0 if a else 1 if b else None


def _team(team: Optional[int]) -> str:
    return "nobody" if team is None else ("N-S", "E-W")[team]


def _pair(ns: int, ew: int) -> str:
    return f"N-S {ns}, E-W {ew}"


def _claims_into(dr: DealReport, deal: Deal) -> None:
    if deal.score is not None:
        dr.claimed_score = [deal.score.ns, deal.score.ew]
    if deal.match_score is not None:
        dr.claimed_totals = [deal.match_score.ns, deal.match_score.ew]
    dr.claimed_pot = deal.pot


def _check_scores(ctx: _Game, deal: Deal, result: Any, step: Any, base: Optional[tuple[int, int]],
                  totals_known: bool) -> None:
    credited = step.credited
    score = deal.score
    if score is not None and (score.ns, score.ew) != credited:
        ctx.add(C.DEAL_SCORE, f"recorded deal score {_pair(score.ns, score.ew)}; the deal scores "
                f"{_pair(*credited)} ({_explain(result, step)})", score.line, score.col)
    totals = deal.match_score
    if totals is not None:
        claimed = (totals.ns, totals.ew)
        if base is not None:
            right = (base[0] + credited[0], base[1] + credited[1])
            ok = claimed == right
            if not ok and score is not None:  # consistent with a wrong deal score: said once
                ok = claimed == (base[0] + score.ns, base[1] + score.ew)
            if not ok:
                ctx.add(C.MATCH_TOTALS, f"recorded match score {_pair(*claimed)}; it should be "
                        f"{_pair(*right)}", totals.line, totals.col)
    if deal.pot is not None and deal.pot != step.pot:
        line, col = deal.pot_pos or (deal.line, deal.col)
        ctx.add(C.LITIGE_POT, f"recorded pot {deal.pot}; the litige pot is {step.pot} after this deal",
                line, col)


def _explain(result: Any, step: Any) -> str:
    if result.outcome == "dead":
        return "dead deal"
    taker = SEAT_NAMES[result.taker] if result.taker is not None else "?"
    trump = _SUIT_SYMBOLS[result.trump] if result.trump is not None and result.trump >= 0 else "?"
    text = (f"{result.outcome}, taker {taker}, trump {trump}, card points "
            f"{result.card_points[0]}-{result.card_points[1]}")
    if any(result.announcements):
        text += f", announcements {result.announcements[0]}-{result.announcements[1]}"
    if any(result.belote):
        text += f", belote {result.belote[0]}-{result.belote[1]}"
    if result.pot_in:
        text += f", {result.pot_in} into the pot"
    if step.pot_claimed:
        text += f", pot of {step.pot_claimed} to {_team(step.claimed_by)}"
    return text


def _check_result(ctx: _Game, game: Game, report: GameReport, match: Any, totals_known: bool) -> None:
    header = None
    for item in game.headers:
        if item.name.lower() == "result":
            header = item
    text = game.result if game.result is not None else (header.value if header is not None else None)
    if header is not None:
        line, col = header.line, header.col
    else:
        line, col = game.result_pos or (game.line, game.col)
    report.result = text
    if not game.deals:
        return
    if text is None:
        if match.winner is None and totals_known:
            ctx.add(C.MATCH_UNFINISHED, f"the match stops at {_pair(*match.totals)}, before a team "
                    f"reached {ctx.rules.target}", line, col)
        return
    if header is not None and game.result is not None and \
            header.value.strip().lower() != game.result.strip().lower():
        ctx.add(BAD_RESULT, f"the Result tag says {header.value.strip()!r} but the game ends with "
                f"{game.result.strip()!r}", line, col)
    key = text.strip().lower()
    if key not in _RESULTS:
        ctx.add(BAD_RESULT, f"result {text!r} is not NS, EW or *", line, col)
        return
    recorded = _RESULTS[key]
    if not totals_known and recorded is not None:
        ctx.add(NO_MATCH_CHECK, "could not check the match result: the match totals are unknown",
                line, col)
        return
    if not totals_known:
        return
    if recorded != match.winner:
        if match.winner is None:
            ctx.add(C.MATCH_WINNER, f"result {text.strip()} recorded, but no team reached "
                    f"{ctx.rules.target}: {_pair(*match.totals)}", line, col)
        else:
            ctx.add(C.MATCH_WINNER, f"result {text.strip()} recorded, but {_team(match.winner)} won the "
                    f"match: {_pair(*match.totals)}", line, col)


# ----------------------------------------------------------------------------- one deal
def _masks(ctx: _Game, hands: list[Hand], used: int, what: str) -> tuple[list[int], int, bool]:
    """Masks per seat of ``hands``; reports a card written twice at the second occurrence."""
    masks = [0, 0, 0, 0]
    dup = False
    for hand in hands:
        cards = hand.cards
        mask = 0
        for card in cards:
            mask |= 1 << card
        if mask & used or mask.bit_count() != len(cards):
            dup = True
            mask = _masks_slow(ctx, hand, used, what)
        used |= mask
        masks[hand.seat & 3] |= mask
    return masks, used, dup


def _masks_slow(ctx: _Game, hand: Hand, used: int, what: str) -> int:
    """The mask of one hand holding a duplicate: each card seen before is reported where it is."""
    seat = hand.seat & 3
    positions = hand.positions
    mask = 0
    for i, card in enumerate(hand.cards):
        bit = 1 << card
        if (used | mask) & bit:
            line, col = positions[i] if i < len(positions) else (hand.line, hand.col)
            ctx.add(C.DUPLICATE_CARD, f"{card_symbol_name(card, ctx.deck)} appears twice in the deal "
                    f"({SEAT_NAMES[seat]} in {what})", line, col, seat=seat)
        mask |= bit
    return mask


def _names(mask: int, deck: Deck) -> str:
    return ", ".join(card_symbol_name(c, deck) for c in range(32) if mask >> c & 1)


def _hand_pos(hands: list[Hand], seat: Optional[int], deal: Deal) -> tuple[int, int]:
    if seat is not None:
        for hand in hands:
            if hand.seat == seat:
                return hand.line, hand.col
    return deal.line, deal.col


def _deal_violations(ctx: _Game, violations: Any, hands: list[Hand], deal: Deal, skip_dup: bool) -> None:
    for v in violations:
        if v.code == C.DUPLICATE_CARD and skip_dup:
            continue
        if v.code == C.OFFER_IN_HAND and deal.offer is not None:
            line, col = deal.offer.line, deal.offer.col
        else:
            line, col = _hand_pos(hands, v.seat, deal)
        ctx.violation(v, line, col)


def _replay_deal(ctx: _Game, deal: Deal, dealer: int) -> tuple[Any, Any]:
    """Replay one deal; returns ``(state, DealResult)`` (result ``None`` when not scorable)."""
    rules, deck = ctx.rules, ctx.deck
    state = new_deal(rules, dealer, deck)
    traces: Optional[list[TrickTrace]] = None
    if ctx.trace is not None:
        traces = []
        ctx.trace[deal.number] = (state, traces)
    used = 0
    offer = deal.offer.card if deal.offer is not None else None
    # -- the first distribution (tafr9a) and the offer
    if deal.five:
        masks, used, _ = _masks(ctx, deal.five, 0, "the first five cards")
        if offer is not None:
            bit = 1 << offer
            if used & bit:
                ctx.add(C.OFFER_IN_HAND, f"the offer {card_symbol_name(offer, deck)} is also in a hand",
                        deal.offer.line, deal.offer.col)
            used |= bit
        vs = deal_five(state, masks, offer)
        if vs:
            _deal_violations(ctx, [v for v in vs if v.code != C.OFFER_IN_HAND], deal.five, deal, True)
    else:
        deal_five(state, None, offer)
        if offer is not None:
            used |= 1 << offer
    # -- the bidding (smsara)
    bids = deal.bids
    contract_only = False
    if bids:
        if len(bids) == 1 and bids[0].action == "take" and offer is None and not deal.five:
            # a partial record giving only the contract: taker and trump
            bid = bids[0]
            contract_only = True
            if bid.seat is not None and bid.suit is not None:
                set_contract(state, bid.seat, bid.suit)
                ctx.add(NO_BIDDING, "could not check the bidding: only the contract is recorded",
                        bid.line, bid.col)
        else:
            for bid in bids:
                if bid.round == 2 and len(state.bids) < 4 and state.taker is None \
                        and not state.dead:
                    _short_round(ctx, state, bid)
                elif bid.round == 1 and len(state.bids) == 4 and state.taker is None:
                    ctx.add(BID_ROUND, "round 1 has more than four calls: this one is read as "
                            "round 2", bid.line, bid.col, seat=bid.seat)
                if bid.variations:
                    _variations(ctx, state, bid.variations)
                seat = bid.seat if bid.seat is not None else state.bid_turn
                vs = apply_bid(state, seat, bid.action, bid.suit)
                if vs:
                    for v in vs:
                        ctx.violation(v, bid.line, bid.col)
    # -- the rest of the distribution, or full hands, or hands derived from the plays
    derived = False
    if deal.rest:
        rest_masks, used, dup = _masks(ctx, deal.rest, used, "the rest of the deal")
        vs = deal_rest(state, rest_masks)
        if vs:
            _deal_violations(ctx, vs, deal.rest, deal, True)
        if deal.hands:  # both the distribution and the hands: they must agree
            for hand in deal.hands:
                mask = 0
                for card in hand.cards:
                    mask |= 1 << card
                dealt = state.full_hands[hand.seat & 3]
                if mask != dealt:
                    extra, missing = mask & ~dealt, dealt & ~mask
                    words = []
                    if extra:
                        words.append(f"lists {_names(extra, deck)} not dealt to it")
                    if missing:
                        words.append(f"leaves out {_names(missing, deck)}")
                    ctx.add(HAND_MISMATCH, f"the hand of {SEAT_NAMES[hand.seat & 3]} "
                            f"{' and '.join(words)}", hand.line, hand.col, seat=hand.seat & 3)
    elif deal.hands:
        hand_masks, used2, dup = _masks(ctx, deal.hands, 0, "the hand")
        vs = set_hands(state, hand_masks)
        if vs:
            _deal_violations(ctx, vs, deal.hands, deal, True)
    tricks = deal.tricks
    dead = state.dead
    if not bids and not dead:
        ctx.add(NO_BIDDING, "could not check the bidding: no bids recorded", deal.line, deal.col)
    if not deal.five and offer is None and not deal.hands and not deal.rest and tricks:
        pass  # said below with the derived hands
    elif not deal.five and not deal.hands and not deal.rest and not dead and not tricks:
        ctx.add(NO_DISTRIBUTION, f"could not check deal {deal.number}: no cards recorded",
                deal.line, deal.col)
    if state.trump < 0 and not dead:
        if tricks and bids and not contract_only and state.taker is None:
            first = tricks[0].plays[0] if tricks[0].plays else None
            pos = (first.line, first.col) if first is not None else (tricks[0].line, tricks[0].col)
            ctx.add(C.BIDDING_UNFINISHED, "cards were played before anybody took: no trump",
                    pos[0], pos[1], trick=1)
            _structure_only(ctx, deal, state)
        elif tricks:
            ctx.add(NO_TRUMP, "could not check the play and the score: trump unknown (no take "
                    "recorded)", deal.line, deal.col)
            _structure_only(ctx, deal, state)
        elif bids and not contract_only and state.taker is None:
            ctx.add(INCOMPLETE_DEAL, f"could not score deal {deal.number}: the bidding is not "
                    "finished", deal.line, deal.col)
        return state, None
    if dead:
        if tricks:
            first = tricks[0].plays[0] if tricks[0].plays else None
            pos = (first.line, first.col) if first is not None else (tricks[0].line, tricks[0].col)
            ctx.add(C.PLAY_AFTER_DEAD_DEAL, "cards were played although everybody passed twice "
                    "(dead deal)", pos[0], pos[1], trick=1)
        return state, score_deal(state)
    if not state.hands_known:
        if not tricks:
            if not contract_only:
                ctx.add(INCOMPLETE_DEAL, f"could not score deal {deal.number}: no tricks recorded",
                        deal.line, deal.col)
            return state, None
        derived = True
        hands_from_play = _derive_hands(ctx, deal, state)
        if hands_from_play is None:
            return state, None
        complete = len(tricks) == 8 and all(len(t.plays) == 4 for t in tricks)
        vs = set_hands(state, hands_from_play)
        if complete and vs:
            _deal_violations(ctx, [v for v in vs if v.code != C.DUPLICATE_CARD], [], deal, True)
        ctx.add(HANDS_DERIVED, "hands worked out from the cards played: could not check the "
                "dealing nor what each player held", deal.line, deal.col)
    # -- announcements, each at the moment it was declared
    anns = deal.announcements
    pending: dict[tuple[int, int], list[Any]] = {}
    if anns:
        early = []
        for ann in anns:
            mask = 0
            for card in ann.cards:
                mask |= 1 << card
            when = ann.before_card if ann.before_card is not None else ann.trick
            if when is not None and when > 1:
                pending.setdefault((ann.seat & 3, when), []).append((ann, mask))
            else:
                early.append((ann, mask))
        for ann, mask in early:
            _announce(ctx, state, ann, mask)
    # -- the tricks
    counts = [0, 0, 0, 0]
    for t_index, trick in enumerate(tricks):
        if trick.number != t_index + 1:
            ctx.add(TRICK_NUMBER, f"trick numbered {trick.number}, expected {t_index + 1}",
                    trick.line, trick.col, trick=t_index + 1)
        plays = trick.plays
        if len(plays) != 4:
            if len(plays) > 4:
                extra = plays[4]
                ctx.add(C.TOO_MANY_CARDS, f"trick {t_index + 1} has {len(plays)} cards, not 4",
                        extra.line, extra.col, trick=t_index + 1, seat=extra.seat)
            else:
                ctx.add(SHORT_TRICK, f"trick {t_index + 1} has only {len(plays)} "
                        f"card{'s' if len(plays) != 1 else ''}", trick.line, trick.col,
                        trick=t_index + 1)
            if t_index + 1 < len(tricks):
                ctx.add(SKIPPED_PLAYS, f"could not check deal {deal.number} after trick {t_index + 1}",
                        trick.line, trick.col, trick=t_index + 1)
            if len(plays) < 4:
                break
            plays = plays[:4]
        if state.trick_no >= 8:
            first = plays[0]
            ctx.add(C.TOO_MANY_CARDS, f"trick {t_index + 1}: a deal has only eight tricks",
                    first.line, first.col, trick=t_index + 1, seat=first.seat)
            break
        for play in plays:
            seat = play.seat
            if seat is None:
                seat = state.turn if state.turn >= 0 else first_leader(state)
            if pending:
                counts[seat] += 1
                due = pending.pop((seat, counts[seat]), None)
                if due:
                    for ann, mask in due:
                        _announce(ctx, state, ann, mask)
            if play.variations:
                _variations(ctx, state, play.variations)
            vs = play_card(state, seat, play.card, play.mark)
            if vs:
                line, col = play.line, play.col
                for v in vs:
                    ctx.violation(v, line, col)
        seats, cards, winner = state.tricks[-1]
        if trick.winner is not None and trick.winner != winner:
            line, col = trick.winner_pos or (trick.line, trick.col)
            ctx.add(C.TRICK_WINNER, f"trick {t_index + 1} recorded as won by "
                    f"{SEAT_NAMES[trick.winner & 3]}, but {SEAT_NAMES[winner]} won it with "
                    f"{card_symbol_name(cards[seats.index(winner)], deck)}", line, col,
                    trick=t_index + 1, seat=trick.winner)
        if traces is not None:
            from belote_notation.game.engine.tables import NO_TRUMP_INDEX, POINTS

            pts = POINTS[state.trump if state.trump >= 0 else NO_TRUMP_INDEX]
            points = sum(pts[c] for c in cards) + (10 if state.trick_no == 8 else 0)
            traces.append(TrickTrace(t_index + 1, list(seats), list(cards),
                                     [p.mark for p in plays], winner, points,
                                     (state.points[0], state.points[1])))
    if pending:
        for due in pending.values():
            for ann, mask in due:
                _announce(ctx, state, ann, mask)
    if state.trick_no < 8:
        if len(tricks) < 8:  # the record stops early: say which trick is missing
            missing = tricks[-1] if tricks else None
            line, col = (missing.line, missing.col) if missing is not None else (deal.line, deal.col)
            ctx.add(C.TRICKS_MISSING, f"only {len(tricks)} of the 8 tricks are recorded", line, col,
                    trick=len(tricks) + 1)
        ctx.add(INCOMPLETE_DEAL, f"could not score deal {deal.number}: only {state.trick_no} complete "
                "trick" + ("" if state.trick_no == 1 else "s"), deal.line, deal.col)
        return state, None
    result = score_deal(state)
    for v in result.violations:
        line, col = _note_position(state, deal, v)
        ctx.violation(v, line, col)
    return state, result


def _short_round(ctx: _Game, state: Any, bid: Any) -> None:
    """Round 2 starts before four calls of round 1: say who did not speak, and let them pass
    so that the round-2 calls are judged as round-2 calls."""
    missing = []
    while len(state.bids) < 4:
        seat = state.bid_turn
        missing.append(SEAT_NAMES[seat])
        apply_bid(state, seat, "pass", None)
    ctx.add(BID_ROUND, f"round 1 has only {4 - len(missing)} call"
            f"{'' if 4 - len(missing) == 1 else 's'}: {', '.join(missing)} did not speak "
            "(read as passes)", bid.line, bid.col, seat=bid.seat)


def _variations(ctx: _Game, state: Any, variations: list, depth: int = 0) -> None:
    """Replay each alternative line from ``state`` (on a copy): its illegal acts are warnings."""
    if depth > 20:  # deeper lines are not checked (the reader bounds nesting too)
        return
    for variation in variations:
        try:
            branch = copy.deepcopy(state, {id(state.rules): state.rules, id(state.flags): state.flags})
        except Exception:  # a state that cannot be copied: the line is not checked
            return
        for item in variation.items:
            if item.variations:
                _variations(ctx, branch, item.variations, depth + 1)
            if isinstance(item, Bid):
                seat = item.seat if item.seat is not None else branch.bid_turn
                vs = apply_bid(branch, seat, item.action, item.suit)
            else:
                seat = item.seat
                if seat is None:
                    seat = branch.turn if branch.turn >= 0 else first_leader(branch)
                vs = play_card(branch, seat, item.card, item.mark)
            for v in vs:
                ctx.add(BAD_VARIATION, f"in an alternative line: {v.code} {v.message}", item.line,
                        item.col, trick=v.trick, seat=v.seat)


def _announce(ctx: _Game, state: Any, ann: Any, mask: int) -> None:
    vs = announce(state, ann.seat & 3, ann.kind, mask)
    if vs:
        for v in vs:
            ctx.violation(v, ann.line, ann.col)


def _note_position(state: Any, deal: Deal, v: Any) -> tuple[int, int]:
    """Where an end-of-deal note points: the trump king/queen played by the seat, or the deal."""
    if v.seat is not None and state.trump >= 0:
        kq = {state.trump * 8 + QUEEN, state.trump * 8 + KING}
        for trick in deal.tricks:
            for play in trick.plays:
                if play.card in kq and (play.seat is None or play.seat == v.seat):
                    return play.line, play.col
    if v.trick is not None and 0 < v.trick <= len(deal.tricks):
        trick = deal.tricks[v.trick - 1]
        return trick.line, trick.col
    return deal.line, deal.col


def _derive_hands(ctx: _Game, deal: Deal, state: Any) -> Optional[list[int]]:
    """Each seat's hand from the cards it played (seats inferred from turn order and trick
    winners where the record leaves them out)."""
    hands = [0, 0, 0, 0]
    trump = state.trump
    step = state.flags.step
    leader = first_leader(state)
    for trick in deal.tricks:
        plays = trick.plays[:4]
        seat = leader
        seats = []
        for play in plays:
            if play.seat is not None:
                seat = play.seat & 3
            seats.append(seat)
            hands[seat] |= 1 << play.card
            seat = (seat + step) & 3
        if len(plays) == 4:
            leader = seats[trick_winner([p.card for p in plays], trump)]
        else:
            break
    return hands


def _structure_only(ctx: _Game, deal: Deal, state: Any) -> None:
    """Without a trump only what does not depend on it is checked: each card played once,
    by a player who held it (when the hands are known), seats in turn within each trick."""
    seen = 0
    hands = state.full_hands if state.hands_known else None
    step = state.flags.step
    deck = ctx.deck
    for t_index, trick in enumerate(deal.tricks):
        previous: Optional[int] = None
        for play in trick.plays:
            bit = 1 << play.card
            seat = play.seat
            name = card_symbol_name(play.card, deck)
            if seen & bit:
                ctx.add(C.DUPLICATE_CARD, f"{name} played twice", play.line, play.col,
                        trick=t_index + 1, seat=seat)
            elif hands is not None and seat is not None and not hands[seat & 3] & bit:
                ctx.add(C.CARD_NOT_HELD, f"{SEAT_NAMES[seat & 3]} played {name}, which is not in "
                        "that hand", play.line, play.col, trick=t_index + 1, seat=seat)
            if seat is not None and previous is not None and seat != (previous + step) & 3:
                ctx.add(C.PLAYED_OUT_OF_TURN, f"{SEAT_NAMES[seat & 3]} played out of turn: it was "
                        f"{SEAT_NAMES[(previous + step) & 3]}'s turn", play.line, play.col,
                        trick=t_index + 1, seat=seat)
            if seat is not None:
                previous = seat & 3
            elif previous is not None:
                previous = (previous + step) & 3
            seen |= bit
