"""belote-replay: parse, replay, validate, convert and render Belote records."""
