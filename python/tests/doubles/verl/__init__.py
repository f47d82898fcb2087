"""Test double of verl (see tests/doubles/README.md)."""

__rlver_test_double__ = True
