"""The readers of the notation: text and the JSON twin in, events or records out.

One road, four readers of a game's text, each giving the same events
(:mod:`belote_notation.notation.visitor`): the compiled reader of canonical deals (``canon``,
``_canon.c``), the quick line readers (``quick``, ``quick_words``), the section readers they
share with the general path (``sections``, ``items``, ``tokens``) and Lark with error recovery
(``game_reader``, ``recovery``); ``reader`` runs them on a source cut into game texts
(``stream``, ``lines``), ``build`` makes records of the events, and the JSON twin is read as a
stream (``jsonio``, ``json_scan``, ``json_cursor``).
"""
