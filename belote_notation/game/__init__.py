"""The game: cards, rule systems and the rules engine. Knows nothing of text or records."""
