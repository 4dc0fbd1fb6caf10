"""The replay/validation service behind ``belote-replay serve``: the HTTP API, the store of games, review
jobs and tokens (``docs/service.md``). Nothing below it imports it; it never imports the command line.
"""
