"""Regenerate the generated part of samples/ (seeded, so the files come out the same).

Run from the repository root: ``.venv/bin/python tools/make_samples.py``. It searches seeds
for matches that show what each sample promises (a forced take on a face-up 10, a dead deal,
a litige pot, a capot, belote/rebelote), writes them canonically, and checks that each one
validates clean. Hand-written samples (reviewed games, partial records, invalid files) are
not touched.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from belote_notation.check.validator import validate_game
from belote_notation.game.cards import JACK, Deck
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.records import Game, Header
from belote_notation.notation.write.writer import write_game

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
Check = Callable[[Game, list], bool]


def outcomes(game: Game) -> list:
    report = validate_game(game)
    assert not report.findings, report.findings
    return [d.outcome for d in report.deals]


def forced_take(game: Game) -> bool:
    return any(d.offer and d.offer.card & 7 == JACK and d.bids and d.bids[0].action == "take"
               for d in game.deals)


def dead_deal(game: Game) -> bool:
    return any(d.bids and all(b.action == "pass" for b in d.bids) for d in game.deals)


def belote(game: Game) -> bool:
    return any(p.mark for d in game.deals for t in d.tricks for p in t.plays)


def search(rules: Ruleset, want: Callable[[Game, list], bool], start: int = 0) -> Iterator[tuple[int, Game]]:
    for seed in range(start, start + 5000):
        game = next(generate_games(rules, matches=1, seed=seed))
        if want(game, outcomes(game)):
            yield seed, game


def retitle(game: Game, event: str, site: str, deck: Deck | None = None) -> Game:
    headers = []
    for h in game.headers:
        value = h.value
        if h.name == "Event":
            value = event
        elif h.name == "Site":
            value = site
        elif h.name == "Deck" and deck is not None:
            value = deck.value
        headers.append(Header(name=h.name, value=value))
    return game.model_copy(update={"headers": headers})


def save(path: str, game: Game) -> None:
    target = SAMPLES / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(write_game(game), encoding="utf-8")
    print(f"wrote {target.relative_to(SAMPLES.parent)}: {len(game.deals)} deals")


def main() -> int:
    moroccan = Ruleset.preset("moroccan")
    seed, game = next(search(moroccan, lambda g, o: forced_take(g) and dead_deal(g) and "litige" in o))
    save("moroccan/forced-take-dead-deal-litige-pot.bel",
         retitle(game, "Ramadan nights tournament, table 3", "Café Hafa, Tangier"))
    for n, (_seed, game) in enumerate(search(moroccan, lambda g, o: True, start=100)):
        if n == 2:
            break
        save(f"moroccan/club-match-{n + 1}.bel", retitle(game, f"Friday club match {n + 1}", "Casablanca"))
    seed, game = next(search(moroccan, lambda g, o: True, start=300))
    save("moroccan/french-card-names.bel",
         retitle(game, "Balote online, French card art", "Balote app", deck=Deck.FRENCH))

    classic = Ruleset.preset("classic")
    seed, game = next(search(classic, lambda g, o: "capot" in o and belote(g)))
    save("classic/capot-and-belote.bel", retitle(game, "Concours du samedi", "Café des Sports, Lyon"))
    for n, (_seed, game) in enumerate(search(classic, lambda g, o: True, start=100)):
        if n == 2:
            break
        save(f"classic/partie-{n + 1}.bel", retitle(game, f"Partie {n + 1}", "bs.fyi"))

    for preset, site in (("gameduell", "GameDuell"), ("traditional", "Annemasse")):
        rules = Ruleset.preset(preset)
        for n, (_seed, game) in enumerate(search(rules, lambda g, o: True, start=200)):
            if n == 3:
                break
            save(f"{preset}/match-{n + 1}.bel", retitle(game, f"{preset.capitalize()} match {n + 1}", site))
    return 0


if __name__ == "__main__":
    sys.exit(main())
