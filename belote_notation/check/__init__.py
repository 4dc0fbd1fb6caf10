"""The checks: records (or reader events) replayed through the rules engine, as findings."""
