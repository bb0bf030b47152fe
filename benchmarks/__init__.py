"""Benchmarks you can rerun; each prints a table (docs/performance.md has the figures).

Run them as modules from the checkout's root, e.g. `python -m benchmarks.load`, so that
they import each other and the test helpers (`tests.cluster.services`) by package path.
"""
