"""Benchmarks behind `python -m mer_agents bench`: one module per target."""
