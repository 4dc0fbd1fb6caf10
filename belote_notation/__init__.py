"""belote-notation: the .bel notation for Belote, its records, and a rules engine for four rule systems."""

__version__ = "0.1.0"
