"""The import graph of the repository and the rules it keeps (tests/test_architecture.py)."""
