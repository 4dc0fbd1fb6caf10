"""The rules engine: replays a deal step by step and knows what is legal and what it scores."""
