"""Evaluation harness: dataset readers, metrics, resumable runners (MELD emotions, ESConv strategies and
replies with ablations) and the Markdown/plotly report. Entry point: `python -m mer_agents eval ...`."""
