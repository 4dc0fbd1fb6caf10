"""Builds the fixtures of samples/formats/ from real colver games (python tests/formats/make_fixtures.py).

colver (the contrée engine on PyPI) deals, bids and plays; each game is written here exactly as
each program defines its format:

* ``colver-deals.cfn``: colver's own ``Env.to_cfn()`` at the end of each deal and in mid-play;
* ``coinched-party.coinched.jsonl``: the events the coinched server sends (gyscos/coinched
  ``src/event.rs`` and ``api.md``, libcoinche 0.1.9 encodings), one ``{"event", "id"}`` per line;
* ``coinche-server.coinche-ws.jsonl``: the ``ServerMessage`` values of coinche-server-rs
  (Ten0/coinche-server-rs ``src/messages.rs``, serde's external tagging) as the four players
  receive them.

``tests/formats/test_fixtures.py`` checks that the files are what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import colver

OUT = Path(__file__).resolve().parents[2] / "samples" / "formats"
SEEDS = (3, 11, 27, 13)
"""Seed 11: everybody passes (a void deal)."""
SUIT_CHARS = "shdc"
RANK_ORDER = "789JQKTA"                      # colver's and libcoinche's rank order
LC_SUIT = {0: 1, 1: 0, 2: 2, 3: 3}           # colver suit (s h d c) -> libcoinche (heart spade diamond club)
WS_VALUES = ("Seven", "Eight", "Nine", "Jack", "Queen", "King", "Ten", "Ace")  # colver rank order
WS_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
TRUMP_POINTS = {0: 0, 1: 0, 2: 14, 3: 20, 4: 3, 5: 4, 6: 10, 7: 11}
PLAIN_POINTS = {0: 0, 1: 0, 2: 0, 3: 2, 4: 3, 5: 4, 6: 10, 7: 11}
TRUMP_ORDER = (0, 1, 6, 7, 2, 3, 4, 5)         # strength in trump of each colver rank
PLAIN_ORDER = (0, 1, 2, 3, 4, 5, 6, 7)


def play(seed: int, dealer: int) -> tuple[colver.Env, list[str]]:
    """A whole deal by colver's heuristic players; the CFN after trick 3 and at the end."""
    env = colver.Env.deal(dealer=dealer, seed=seed)
    states = []
    while not env.is_terminal():
        env.step(env.action_heuristic_play() if env.phase() == 1 else env.bid_maxi())
        if len(env.get_played_cards()) == 13:
            states.append(env.to_cfn())
    states.append(env.to_cfn())
    return env, states


def deals() -> list[tuple[colver.Env, list[str]]]:
    """The deals of the fixtures: one seed each, the dealer moving one seat on (N E S W)."""
    return [play(seed, number % 4) for number, seed in enumerate(SEEDS)]


def beats(a: int, b: int, trump: int) -> bool:
    if a >> 3 == b >> 3:
        order = TRUMP_ORDER if a >> 3 == trump else PLAIN_ORDER
        return order[a & 7] > order[b & 7]
    return a >> 3 == trump


def tricks(env: colver.Env) -> list[tuple[int, list[int], int]]:
    """(leader, cards in play order, winner) of each trick."""
    trump = env.get_contract()["trump"]
    cards = env.get_play_order()
    leader = (env.get_dealer() + 1) % 4
    out = []
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        best = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[best], trump):
                best = i
        winner = (leader + best) % 4
        out.append((leader, trick, winner))
        leader = winner
    return out


def bid_of(action: int) -> tuple[str, int]:
    """(target, colver suit) of a colver bid action 1..40."""
    level, suit = divmod(action - 1, 4)
    return ("Capot" if level >= 9 else str(80 + 10 * level)), suit


# ----------------------------------------------------------------------------- coinched
def lc_card(card: int) -> int:
    return 1 << (LC_SUIT[card >> 3] * 8 + (card & 7))


def coinched_log(envs: list[colver.Env]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for env in envs:
        first = (env.get_dealer() + 1) % 4
        hands = [sum(lc_card(c) for c in hand) for hand in env.get_initial_hands()]
        events.append({"type": "NewGameGlobal", "first": first, "hands": hands})
        for seat, action in env.get_bid_history():
            if action == 0:
                act: dict[str, Any] = {"type": "Passed"}
            elif action >= 41:
                act = {"type": "Coinched"}
            else:
                target, suit = bid_of(action)
                act = {"type": "Bidded", "suit": 1 << (8 * LC_SUIT[suit]), "target": target}
            events.append({"type": "FromPlayer", "pos": seat, "event": act})
        contract = env.get_contract()
        if contract["value"] == 0:
            events.append({"type": "BidCancelled"})
            continue
        author = next(s for s, a in reversed(env.get_bid_history()) if 1 <= a <= 40)
        target = "Capot" if contract["value"] == 250 else str(contract["value"])
        events.append({"type": "BidOver", "contract": {
            "author": author, "trump": 1 << (8 * LC_SUIT[contract["trump"]]), "target": target,
            "coinche_level": contract["coinche"]}})
        points = [0, 0]
        for i, (leader, cards, winner) in enumerate(tricks(env)):
            for offset, card in enumerate(cards):
                events.append({"type": "FromPlayer", "pos": (leader + offset) % 4,
                               "event": {"type": "CardPlayed", "card": lc_card(card)}})
            events.append({"type": "TrickOver", "winner": winner})
            table = [TRUMP_POINTS if c >> 3 == contract["trump"] else PLAIN_POINTS for c in cards]
            points[winner % 2] += sum(t[c & 7] for t, c in zip(table, cards, strict=True))
            if i == 7:
                points[winner % 2] += 10
        team = author % 2
        scores = [0, 0]
        if points[team] >= contract["value"]:
            scores[team] = contract["value"]
        else:
            scores[1 - team] = 160
        events.append({"type": "GameOver", "points": points,
                       "winner": "T02" if scores[0] else "T13", "scores": scores})
    # the envelope of GET /wait: Event { event, id } (rustc-serialize keeps the field order)
    return [{"event": event, "id": number} for number, event in enumerate(events)]


# ----------------------------------------------------------------------------- coinche-server-rs
def ws_card(card: int) -> dict[str, str]:
    return {"value": WS_VALUES[card & 7], "suit": WS_SUITS[card >> 3]}


def ws_log(envs: list[colver.Env]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    dealer = envs[0].get_dealer()
    messages.append({"Game": {"game": {
        "players": [{"username": name} for name in ("Ana", "Bilal", "Chloé", "Driss")],
        "points": [0, 0], "round_points": [], "dealer_id": dealer, "game_state": "Lobby"},
        "player_id": 0}})
    for env in envs:
        hands = [sorted(hand) for hand in env.get_initial_hands()]
        for seat in range(4):
            messages.append({"Cards": {"player_id": seat, "cards": [ws_card(c) for c in hands[seat]]}})
        for seat, action in env.get_bid_history():
            if action == 0:
                messages.append({"PlayerBid": {"player_id": seat, "bid": None}})
            elif action == 41:
                messages.append({"Coinche": {"player_id": seat}})
            elif action == 42:
                messages.append({"SurCoinche": {"player_id": seat}})
            else:
                target, suit = bid_of(action)
                messages.append({"PlayerBid": {"player_id": seat, "bid": {
                    "trump": {"Suit": WS_SUITS[suit]}, "score": target}}})
        if env.get_contract()["value"] == 0:
            continue  # everybody passed: the server deals again
        trump = env.get_contract()["trump"]
        held = [list(h) for h in hands]
        said: set[int] = set()
        belote = {s for s in range(4) if {trump * 8 + 4, trump * 8 + 5} <= set(hands[s])}
        for leader, cards, winner in tricks(env):
            for offset, card in enumerate(cards):
                seat = (leader + offset) % 4
                mark = None
                if seat in belote and card in (trump * 8 + 4, trump * 8 + 5):
                    mark = "Rebelote" if seat in said else "Belote"
                    said.add(seat)
                messages.append({"PlayedCard": {"player_id": seat, "card_pos": held[seat].index(card),
                                                "card": ws_card(card), "belote_rebelote": mark}})
                held[seat].remove(card)
            messages.append({"Trick": {"winner_id": winner}})
    return messages


def texts() -> dict[str, str]:
    """Every fixture file's name and text."""
    games = deals()
    envs = [env for env, _ in games]
    lines = [state for _, states in games for state in states]

    def jsonl(items: list[dict[str, Any]]) -> str:
        return "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items)

    return {
        "colver-deals.cfn": "".join(line + "\n" for line in lines),
        "coinched-party.coinched.jsonl": jsonl(coinched_log(envs)),
        "coinche-server.coinche-ws.jsonl": jsonl(ws_log(envs)),
    }


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in texts().items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}", file=sys.stderr)
