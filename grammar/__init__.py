"""The Lark grammar of the .bel notation, shipped as package data (``belote.lark``)."""
