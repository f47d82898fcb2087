"""Test double of TRL (see tests/doubles/README.md)."""

__rlver_test_double__ = True
