from belote_replay.main import cli

cli()
