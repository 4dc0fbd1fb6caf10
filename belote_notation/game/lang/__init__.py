"""Messages as data and their rendering in the players' languages (docs/languages.md).

>>> from belote_notation.game.lang import Seat, msg, render
>>> render(msg("%(who)s bid after the bidding was over", who=Seat(2)), "en")
'S bid after the bidding was over'
"""

from belote_notation.game.lang.message import (
    Arg,
    Card,
    Cards,
    Listed,
    Message,
    Number,
    Seat,
    Suit,
    msg,
    msg_n,
    msg_p,
)
from belote_notation.game.lang.render import LANGS, Lang, lang_of, render

__all__ = ["LANGS", "Arg", "Card", "Cards", "Lang", "Listed", "Message", "Number", "Seat", "Suit", "lang_of",
           "msg", "msg_n", "msg_p", "render"]
