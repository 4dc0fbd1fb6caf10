"""Coverage-guided fuzzing of the reader, the checks, the writer and the JSON twin (atheris).

docs/fuzzing.md says how to run it; :mod:`fuzz.targets` holds the properties (usable without
atheris: the tests run them on the seed corpus).
"""
