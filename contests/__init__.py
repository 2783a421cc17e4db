"""Contests, groups and the organiser's tools (docs/contests.md)."""
