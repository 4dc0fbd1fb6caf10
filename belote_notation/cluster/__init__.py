"""The cluster backend: the pipeline's and the collections' work run on Dask over byte ranges cut at
game boundaries, merged in input order, identical to a serial run (``docs/scale.md``).
"""
