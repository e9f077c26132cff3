"""Helpers that tests in several folders share: modules imported as `helpers.NAME`.

pyproject.toml puts tests/ on the path (`pythonpath` of pytest), so that a test module in any
folder imports them, and conftest.py, by name.
"""
